// "Bestil abonnement" (issue 14 item 5): the one plan, the e-mail the invoice goes to, and CVR or
// EAN (public customers) to invoice. No payment here: the order is the hand-off to invoicing.
import { type FormEvent, useState } from 'react';
import { MESSAGES } from '../../../rules/messages';
import { PRICE_TEXT } from '../../../rules/plan';
import { Field } from '../components/field';
import { orderSubscription, type SubscriptionJson } from '../shell/subscription-api';

interface OrderFormProps {
  cvr: string;
  email: string;
  onOrdered(next: SubscriptionJson): void;
}

type InvoiceBy = 'cvr' | 'ean';

function problems(email: string, by: InvoiceBy, cvr: string, ean: string) {
  const digits = (value: string) => value.replace(/\s/g, '');
  return {
    email:
      email.trim() === ''
        ? MESSAGES.emailRequired
        : /^\S+@\S+\.\S+$/.test(email.trim())
          ? undefined
          : MESSAGES.invalidEmail,
    cvr: by === 'cvr' && !/^\d{8}$/.test(digits(cvr)) ? MESSAGES.invalidCvr : undefined,
    ean: by === 'ean' && !/^\d{13}$/.test(digits(ean)) ? MESSAGES.invalidEan : undefined,
  };
}

export function OrderForm({ cvr: companyCvr, email: ownerEmail, onOrdered }: OrderFormProps) {
  const [email, setEmail] = useState(ownerEmail);
  const [by, setBy] = useState<InvoiceBy>('cvr');
  const [cvr, setCvr] = useState(companyCvr);
  const [ean, setEan] = useState('');
  const [shown, setShown] = useState(false);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const found = problems(email, by, cvr, ean);
  const errors: Partial<typeof found> = shown ? found : {};

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setShown(true);
    if (found.email || found.cvr || found.ean) return;
    setSending(true);
    setError(null);
    try {
      onOrdered(
        await orderSubscription({
          plan: 'monthly',
          billingEmail: email.trim(),
          ...(by === 'ean' ? { ean } : { invoiceCvr: cvr }),
        }),
      );
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : MESSAGES.orderFailed);
      setSending(false);
    }
  };

  return (
    <form className="order-form" onSubmit={submit} noValidate aria-labelledby="order-title">
      <h3 id="order-title">Bestil abonnement</h3>
      <fieldset className="order-fieldset">
        <legend className="field-label">Abonnement</legend>
        <label className="order-plan">
          <input type="radio" name="plan" value="monthly" checked readOnly />
          <span>
            <strong>Mesterside</strong> – {PRICE_TEXT}. Ingen binding, og du kan opsige når som helst.
          </span>
        </label>
      </fieldset>
      <Field
        label="E-mail til fakturaen"
        type="email"
        autoComplete="email"
        value={email}
        onChange={setEmail}
        error={errors.email}
      />
      <fieldset className="order-fieldset">
        <legend className="field-label">Faktureres på</legend>
        <div className="order-invoice-by">
          <label>
            <input type="radio" name="invoiceBy" checked={by === 'cvr'} onChange={() => setBy('cvr')} />{' '}
            CVR-nummer
          </label>
          <label>
            <input type="radio" name="invoiceBy" checked={by === 'ean'} onChange={() => setBy('ean')} />{' '}
            EAN-nummer (offentlige kunder)
          </label>
        </div>
      </fieldset>
      {by === 'cvr' ? (
        <Field
          label="CVR-nummer"
          inputMode="numeric"
          value={cvr}
          onChange={setCvr}
          maxLength={12}
          error={errors.cvr}
        />
      ) : (
        <Field
          label="EAN-nummer"
          inputMode="numeric"
          value={ean}
          onChange={setEan}
          maxLength={20}
          hint="13 cifre, som jeres økonomiafdeling har oplyst"
          error={errors.ean}
        />
      )}
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      <button type="submit" className="button" disabled={sending}>
        {sending ? 'Bestiller...' : 'Bestil abonnement'}
      </button>
      <p className="field-hint">Du betaler ikke her: vi sender en faktura pr. e-mail.</p>
    </form>
  );
}
