// The settings under Henvendelser (issue 25, 39): whether the site shows the form, and where its
// requests are mailed. The owner's login e-mail unless they chose another; a new address waits for
// its own inbox to confirm it ("Afventer bekræftelse"), meanwhile the requests keep going where they
// went, and the owner can send the link again or cancel.
import { type FormEvent, useState } from 'react';
import type { LeadSettingsJson as Settings } from '../../../../contracts/leads';
import { LEAD_MESSAGES, LEAD_RECIPIENT_MESSAGES, MESSAGES } from '../../../../rules/messages';
import { api } from '../../api/client';
import { useResource } from '../../api/use-resource';
import { LoadState } from '../../components/load-state';

type Notice = { ok: boolean; text: string } | null;

const SENT = new Intl.DateTimeFormat('da-DK', {
  day: 'numeric',
  month: 'long',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/Copenhagen',
});

/** Where requests go now: the confirmed choice, else the login e-mail. */
const currentRecipient = (data: Settings) => data.recipientEmail || data.defaultRecipient;

function messageOf(caught: unknown, fallback: string): string {
  return caught instanceof Error ? caught.message : fallback;
}

export function LeadSettings() {
  const settings = useResource(() => api.get('/leads/settings', LEAD_MESSAGES.loadFailed));
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState<'save' | 'resend' | 'cancel' | null>(null);
  if (settings.data === null) return <LoadState resource={settings} />;
  const data = settings.data;
  const current = currentRecipient(data);
  const pending = data.pendingRecipient;

  /** Runs one change; its answer replaces the settings, a failure reloads them (a part may have stuck). */
  const run = async (
    kind: NonNullable<typeof busy>,
    change: () => Promise<Settings>,
    done: (s: Settings) => string,
  ) => {
    setBusy(kind);
    setNotice(null);
    try {
      const next = await change();
      settings.setData(next);
      setNotice({ ok: true, text: done(next) });
    } catch (caught) {
      setNotice({ ok: false, text: messageOf(caught, MESSAGES.saveFailed) });
      void settings.reload();
    } finally {
      setBusy(null);
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const body = {
      formEnabled: form.get('formEnabled') === 'on',
      recipientEmail: String(form.get('recipientEmail') ?? '').trim(),
    };
    void run(
      'save',
      () => api.put('/leads/settings', MESSAGES.saveFailed, body),
      (next) =>
        next.pendingRecipient && next.pendingRecipient.email !== pending?.email
          ? LEAD_RECIPIENT_MESSAGES.pending(next.pendingRecipient.email, currentRecipient(next))
          : MESSAGES.saveSuccess,
    );
  };
  const resend = () =>
    void run(
      'resend',
      () => api.post('/leads/settings/pending-recipient/resend', LEAD_RECIPIENT_MESSAGES.resendFailed),
      (next) => LEAD_RECIPIENT_MESSAGES.resent(next.pendingRecipient?.email ?? ''),
    );
  const cancel = () =>
    void run(
      'cancel',
      () => api.delete('/leads/settings/pending-recipient', LEAD_RECIPIENT_MESSAGES.cancelFailed),
      (next) => LEAD_RECIPIENT_MESSAGES.cancelled(currentRecipient(next)),
    );

  return (
    <form className="card lead-settings" onSubmit={onSubmit} aria-labelledby="lead-settings-title">
      <h2 id="lead-settings-title">Formularen "Få et tilbud"</h2>
      <label className="checkbox">
        <input type="checkbox" name="formEnabled" defaultChecked={data.formEnabled} /> Vis formularen på
        forsiden og kontaktsiden
      </label>
      <p className="lead-recipient-now">
        Forespørgsler sendes til <strong>{current}</strong>
        {data.recipientEmail ? null : ' (din login-e-mail)'}
      </p>
      {pending ? (
        <div className="lead-pending">
          <p>
            <span className="lead-badge lead-badge-wait">Afventer bekræftelse</span>{' '}
            <strong className="lead-pending-email">{pending.email}</strong>
          </p>
          <p className="field-hint">
            Vi sendte en e-mail med et link til adressen {SENT.format(new Date(pending.sentAt))}. Indtil nogen
            har klikket på linket og bekræftet, sendes forespørgslerne fortsat til {current}.
          </p>
          <p className="lead-actions">
            <button
              type="button"
              className="button button-secondary"
              onClick={resend}
              disabled={busy !== null}
            >
              {busy === 'resend' ? 'Sender...' : 'Send e-mailen igen'}
            </button>
            <button type="button" className="button button-ghost" onClick={cancel} disabled={busy !== null}>
              {busy === 'cancel' ? 'Annullerer...' : 'Annullér skiftet'}
            </button>
          </p>
        </div>
      ) : null}
      <label className="field">
        <span className="field-label">Send forespørgsler til</span>
        <input
          // A new answer puts its address in the field (an uncontrolled input keeps its first value).
          key={pending?.email ?? data.recipientEmail}
          type="email"
          name="recipientEmail"
          autoComplete="email"
          defaultValue={pending?.email ?? data.recipientEmail}
          placeholder={data.defaultRecipient}
          aria-describedby="lead-recipient-hint"
        />
        <span className="field-hint" id="lead-recipient-hint">
          Står feltet tomt, sendes de til din login-e-mail ({data.defaultRecipient}). En ny adresse får først
          forespørgsler, når den er bekræftet med et link, vi sender dertil.
        </span>
      </label>
      {notice ? (
        <p className={notice.ok ? 'form-success' : 'form-error'} role={notice.ok ? 'status' : 'alert'}>
          {notice.text}
        </p>
      ) : null}
      <button type="submit" className="button" disabled={busy !== null}>
        {busy === 'save' ? 'Gemmer...' : 'Gem'}
      </button>
    </form>
  );
}
