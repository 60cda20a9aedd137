// Asking a customer for a review (issue 41): "Bed om en anmeldelse" on a quote request marked
// "Opgaven er udført" (the customer's details are the request's), and "Bed en tidligere kunde om en
// anmeldelse" by name and e-mail or phone. With an e-mail we mail the link; with only a phone the SMS
// goes through the operator's gateway, or (without one) the answer is a text to send, with "Kopiér"
// and a link that opens the phone's SMS app with the text filled in (issue 49); its link asks the
// customer to confirm their own e-mail before the review counts (issue 48).
import { type FormEvent, useState } from 'react';
import { REVIEW_MESSAGES } from '../../../../rules/review-messages';
import { api } from '../../api/client';

type Asked = { message: string; smsText: string | null; smsTo: string | null };

/** `sms:` with the number and the text: opens the phone's SMS app ready to send (RFC 5724). */
function smsHref(to: string, text: string): string {
  return `sms:+45${to}?body=${encodeURIComponent(text)}`;
}

function AskResult({ asked }: { asked: Asked }) {
  const [copied, setCopied] = useState<{ ok: boolean; text: string } | null>(null);
  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied({ ok: true, text: REVIEW_MESSAGES.copied });
    } catch {
      setCopied({ ok: false, text: REVIEW_MESSAGES.copyFailed });
    }
  };
  return (
    <div className="review-asked" role="status">
      <p className="form-success">{asked.message}</p>
      {asked.smsText !== null ? (
        <>
          <label className="field">
            <span className="field-label">Tekst til sms</span>
            <textarea readOnly rows={5} value={asked.smsText} onFocus={(event) => event.target.select()} />
          </label>
          <p className="review-sms-actions">
            <button
              type="button"
              className="button button-secondary"
              onClick={() => void copy(asked.smsText ?? '')}
            >
              Kopiér
            </button>{' '}
            {asked.smsTo ? (
              <a className="button" href={smsHref(asked.smsTo, asked.smsText)}>
                Åbn i sms
              </a>
            ) : null}
          </p>
          {copied ? (
            <p className={copied.ok ? 'form-success' : 'form-error'} role={copied.ok ? 'status' : 'alert'}>
              {copied.text}
            </p>
          ) : null}
        </>
      ) : null}
    </div>
  );
}

/** The button under a quote request marked done. */
export function AskFromLead({ leadId }: { leadId: string }) {
  const [asked, setAsked] = useState<Asked | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const ask = async () => {
    setBusy(true);
    setError(null);
    try {
      setAsked(await api.post('/reviews/requests', REVIEW_MESSAGES.askFailed, { leadId }));
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : REVIEW_MESSAGES.askFailed);
    } finally {
      setBusy(false);
    }
  };
  if (asked) return <AskResult asked={asked} />;
  return (
    <div className="review-ask-lead">
      <button type="button" className="button" onClick={() => void ask()} disabled={busy}>
        Bed om en anmeldelse
      </button>
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** "Bed en tidligere kunde om en anmeldelse". */
export function AskForReview({ onAsked }: { onAsked(): void }) {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState('');
  const [asked, setAsked] = useState<Asked | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setAsked(null);
    try {
      setAsked(await api.post('/reviews/requests', REVIEW_MESSAGES.askFailed, { name, email, phone }));
      setName('');
      setEmail('');
      setPhone('');
      onAsked();
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : REVIEW_MESSAGES.askFailed);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="card" onSubmit={(event) => void onSubmit(event)} aria-labelledby="ask-title">
      <h2 id="ask-title">Bed en tidligere kunde om en anmeldelse</h2>
      <label className="field">
        <span className="field-label">Kundens navn</span>
        <input
          name="name"
          value={name}
          onChange={(event) => setName(event.target.value)}
          autoComplete="off"
        />
      </label>
      <label className="field">
        <span className="field-label">E-mail</span>
        <input
          type="email"
          name="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          autoComplete="off"
        />
      </label>
      <label className="field">
        <span className="field-label">Telefon (hvis kunden ikke har e-mail)</span>
        <input
          type="tel"
          name="phone"
          value={phone}
          onChange={(event) => setPhone(event.target.value)}
          autoComplete="off"
        />
      </label>
      <p className="field-hint">
        Kunden får et link, der kan bruges én gang i 60 dage. Du kan bede om 30 anmeldelser om dagen, spørge
        den samme kunde én gang på 60 dage og hver opgave én gang. En kunde, der siger nej tak, bliver ikke
        spurgt igen. Firmaets egne adresser og telefonnummer kan ikke bruges.
      </p>
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      {asked ? <AskResult asked={asked} /> : null}
      <button type="submit" className="button" disabled={busy}>
        {busy ? 'Sender...' : 'Bed om en anmeldelse'}
      </button>
    </form>
  );
}
