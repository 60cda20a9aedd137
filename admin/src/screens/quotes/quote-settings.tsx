// The tilbud and faktura settings (issue 51): standard terms (prefilled with a short, fair text),
// how long a tilbud holds, the Timepris a new tilbud's Arbejdsløn starts at, payment days, bank
// account and MobilePay for the invoice.
import { type FormEvent, useEffect, useState } from 'react';
import { QUOTE_MESSAGES } from '../../../../rules/quote-messages';
import { formatOre, parseHundredths } from '../../../../rules/quote-money';
import { api } from '../../api/client';
import { useResource } from '../../api/use-resource';
import { LoadState } from '../../components/load-state';

type Settings = {
  terms: string;
  paymentDays: number;
  validDays: number;
  bankReg: string;
  bankAccount: string;
  mobilepay: string;
  hourlyRateOre: number;
};

/** The Timepris as the owner types it: '' while not set. */
function rateText(ore: number): string {
  return ore > 0 ? formatOre(ore, '') : '';
}

export function QuoteSettingsForm() {
  const resource = useResource(() => api.get('/quotes/settings', QUOTE_MESSAGES.settingsLoadFailed));
  const [form, setForm] = useState<Settings | null>(null);
  const [rate, setRate] = useState('');
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!resource.data) return;
    setForm(resource.data);
    setRate(rateText(resource.data.hourlyRateOre));
  }, [resource.data]);
  if (!form) return <LoadState resource={resource} />;
  const set = (change: Partial<Settings>) => setForm({ ...form, ...change });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const hourlyRateOre = rate.trim() === '' ? 0 : parseHundredths(rate);
    if (hourlyRateOre === null || hourlyRateOre < 0) {
      setNotice({ ok: false, text: QUOTE_MESSAGES.hourlyRateInvalid });
      return;
    }
    setBusy(true);
    setNotice(null);
    try {
      const saved = await api.put('/quotes/settings', QUOTE_MESSAGES.settingsSaveFailed, {
        ...form,
        hourlyRateOre,
      });
      setForm(saved);
      setRate(rateText(saved.hourlyRateOre));
      setNotice({ ok: true, text: QUOTE_MESSAGES.settingsSaved });
    } catch (caught) {
      setNotice({
        ok: false,
        text: caught instanceof Error ? caught.message : QUOTE_MESSAGES.settingsSaveFailed,
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      className="card quote-settings"
      onSubmit={(event) => void submit(event)}
      aria-labelledby="quote-settings-title"
    >
      <h2 id="quote-settings-title">Indstillinger for tilbud og faktura</h2>
      <label className="field">
        <span className="field-label">Standardbetingelser</span>
        <textarea
          name="terms"
          rows={8}
          value={form.terms}
          onChange={(event) => set({ terms: event.target.value })}
        />
        <span className="field-hint">Kopieres ind i hvert nyt tilbud, hvor du kan rette dem.</span>
      </label>
      <label className="field">
        <span className="field-label">Timepris, kr. ekskl. moms</span>
        <input
          name="hourlyRate"
          inputMode="decimal"
          value={rate}
          aria-describedby="quote-rate-hint"
          onChange={(event) => setRate(event.target.value)}
        />
        <span className="field-hint" id="quote-rate-hint">
          Et nyt tilbud starter med en linje arbejdsløn til denne pris.
        </span>
      </label>
      <div className="quote-field-row">
        <label className="field">
          <span className="field-label">Tilbud gælder (dage)</span>
          <input
            name="validDays"
            inputMode="numeric"
            value={String(form.validDays)}
            onChange={(event) => set({ validDays: Number(event.target.value.replace(/\D/g, '')) })}
          />
        </label>
        <label className="field">
          <span className="field-label">Betalingsfrist (dage)</span>
          <input
            name="paymentDays"
            inputMode="numeric"
            value={String(form.paymentDays)}
            onChange={(event) => set({ paymentDays: Number(event.target.value.replace(/\D/g, '')) })}
          />
        </label>
      </div>
      <div className="quote-field-row">
        <label className="field">
          <span className="field-label">Reg.nr.</span>
          <input
            name="bankReg"
            inputMode="numeric"
            value={form.bankReg}
            onChange={(event) => set({ bankReg: event.target.value.trim() })}
          />
        </label>
        <label className="field">
          <span className="field-label">Kontonummer</span>
          <input
            name="bankAccount"
            inputMode="numeric"
            value={form.bankAccount}
            onChange={(event) => set({ bankAccount: event.target.value.trim() })}
          />
        </label>
      </div>
      <label className="field">
        <span className="field-label">MobilePay-nummer (valgfrit)</span>
        <input
          name="mobilepay"
          inputMode="numeric"
          value={form.mobilepay}
          onChange={(event) => set({ mobilepay: event.target.value.trim() })}
        />
      </label>
      {notice ? (
        <p className={notice.ok ? 'form-success' : 'form-error'} role={notice.ok ? 'status' : 'alert'}>
          {notice.text}
        </p>
      ) : null}
      <div className="save-bar">
        <button type="submit" className="button" disabled={busy}>
          {busy ? 'Gemmer...' : 'Gem indstillinger'}
        </button>
      </div>
    </form>
  );
}
