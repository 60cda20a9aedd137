// The settings under Henvendelser (issue 25, 39): whether the site shows the form, and where its
// requests are mailed. The owner's login e-mail unless they chose another; a new address waits for
// its own inbox to confirm it ("Afventer bekræftelse"), meanwhile the requests keep going where they
// went, and the owner can send the link again or cancel. Unsaved changes are asked about before they
// are left, as in every editor (issue 40).
import { type FormEvent, useEffect, useState } from 'react';
import type { LeadSettingsJson as Settings } from '../../../../contracts/leads';
import { LEAD_RECIPIENT_MESSAGES } from '../../../../rules/lead-messages';
import { MESSAGES } from '../../../../rules/messages';
import { api } from '../../api/client';
import { useResource } from '../../api/use-resource';
import { LoadState } from '../../components/load-state';
import { UnsavedMark, useUnsavedChanges } from '../../components/unsaved-changes';

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
  const settings = useResource(() => api.get('/leads/settings', MESSAGES.leadsLoadFailed));
  if (settings.data === null) return <LoadState resource={settings} />;
  return <LeadSettingsForm data={settings.data} setData={settings.setData} reload={settings.reload} />;
}

/** The address the field shows for `data`: the one waiting for confirmation, else the chosen one. */
const shownRecipient = (data: Settings) => data.pendingRecipient?.email ?? data.recipientEmail;

type Busy = 'save' | 'resend' | 'cancel' | 'confirm' | null;

/** The form's changes and their answers: each one replaces the settings, a failure reloads them. */
function useLeadSettingsActions(
  data: Settings,
  setData: (next: Settings) => void,
  reload: () => Promise<void>,
  fields: { formEnabled: boolean; recipient: string },
) {
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState<Busy>(null);
  const pending = data.pendingRecipient;

  /** Runs one change; its answer replaces the settings, a failure reloads them (a part may have stuck). */
  const run = async (
    kind: NonNullable<Busy>,
    change: () => Promise<Settings>,
    done: (s: Settings) => string,
  ): Promise<boolean> => {
    setBusy(kind);
    setNotice(null);
    try {
      const next = await change();
      setData(next);
      setNotice({ ok: true, text: done(next) });
      return true;
    } catch (caught) {
      setNotice({ ok: false, text: messageOf(caught, MESSAGES.saveFailed) });
      void reload();
      return false;
    } finally {
      setBusy(null);
    }
  };

  const save = () => {
    const body = { formEnabled: fields.formEnabled, recipientEmail: fields.recipient.trim() };
    return run(
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
  const sendConfirmation = async () => {
    setBusy('confirm');
    setNotice(null);
    try {
      await api.post('/account/email/verification', LEAD_RECIPIENT_MESSAGES.loginConfirmationFailed);
      setNotice({ ok: true, text: LEAD_RECIPIENT_MESSAGES.loginConfirmationSent(data.defaultRecipient) });
    } catch (caught) {
      setNotice({ ok: false, text: messageOf(caught, LEAD_RECIPIENT_MESSAGES.loginConfirmationFailed) });
    } finally {
      setBusy(null);
    }
  };
  return { notice, busy, save, resend, cancel, sendConfirmation };
}

/** Issue 48: nothing is mailed to a login e-mail the owner has not confirmed; he can send the link again. */
function LoginUnconfirmed({ email, busy, send }: { email: string; busy: Busy; send(): void }) {
  return (
    <div className="lead-pending lead-login-unconfirmed" role="status">
      <p>
        <span className="lead-badge lead-badge-wait">Ikke bekræftet</span>{' '}
        {LEAD_RECIPIENT_MESSAGES.loginUnconfirmed(email)}
      </p>
      <p className="lead-actions">
        <button type="button" className="button button-secondary" onClick={send} disabled={busy !== null}>
          {busy === 'confirm' ? 'Sender...' : 'Send bekræftelsen igen'}
        </button>
      </p>
    </div>
  );
}

/** A new address waiting for its own inbox to confirm it; meanwhile requests go to `current`. */
function PendingRecipient({
  pending,
  current,
  busy,
  resend,
  cancel,
}: {
  pending: NonNullable<Settings['pendingRecipient']>;
  current: string;
  busy: Busy;
  resend(): void;
  cancel(): void;
}) {
  return (
    <div className="lead-pending">
      <p>
        <span className="lead-badge lead-badge-wait">Afventer bekræftelse</span>{' '}
        <strong className="lead-pending-email">{pending.email}</strong>
      </p>
      <p className="field-hint">
        Vi sendte en e-mail med et link til adressen {SENT.format(new Date(pending.sentAt))}. Indtil nogen har
        klikket på linket og bekræftet, sendes forespørgslerne fortsat til {current}.
      </p>
      <p className="lead-actions">
        <button type="button" className="button button-secondary" onClick={resend} disabled={busy !== null}>
          {busy === 'resend' ? 'Sender...' : 'Send e-mailen igen'}
        </button>
        <button type="button" className="button button-ghost" onClick={cancel} disabled={busy !== null}>
          {busy === 'cancel' ? 'Annullerer...' : 'Annullér skiftet'}
        </button>
      </p>
    </div>
  );
}

function LeadSettingsForm({
  data,
  setData,
  reload,
}: {
  data: Settings;
  setData(next: Settings): void;
  reload(): Promise<void>;
}) {
  const [formEnabled, setFormEnabled] = useState(data.formEnabled);
  const [recipient, setRecipient] = useState(shownRecipient(data));
  // A new answer (saved, resent, cancelled) shows what is stored.
  useEffect(() => {
    setFormEnabled(data.formEnabled);
    setRecipient(shownRecipient(data));
  }, [data]);
  const dirty = formEnabled !== data.formEnabled || recipient.trim() !== shownRecipient(data);
  const current = currentRecipient(data);
  const { notice, busy, save, resend, cancel, sendConfirmation } = useLeadSettingsActions(
    data,
    setData,
    reload,
    {
      formEnabled,
      recipient,
    },
  );
  useUnsavedChanges({
    dirty,
    save,
    discard: () => {
      setFormEnabled(data.formEnabled);
      setRecipient(shownRecipient(data));
    },
  });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void save();
  };

  return (
    <form className="card lead-settings" onSubmit={onSubmit} aria-labelledby="lead-settings-title">
      <h2 id="lead-settings-title">Formularen "Få et tilbud"</h2>
      <label className="checkbox">
        <input
          type="checkbox"
          name="formEnabled"
          checked={formEnabled}
          onChange={(event) => setFormEnabled(event.target.checked)}
        />{' '}
        Vis formularen på forsiden og kontaktsiden
      </label>
      <p className="lead-recipient-now">
        Forespørgsler sendes til <strong>{current}</strong>
        {data.recipientEmail ? null : ' (din login-e-mail)'}
      </p>
      {!data.loginConfirmed && !data.recipientEmail ? (
        <LoginUnconfirmed email={data.defaultRecipient} busy={busy} send={() => void sendConfirmation()} />
      ) : null}
      {data.pendingRecipient ? (
        <PendingRecipient
          pending={data.pendingRecipient}
          current={current}
          busy={busy}
          resend={resend}
          cancel={cancel}
        />
      ) : null}
      <label className="field">
        <span className="field-label">Send forespørgsler til</span>
        <input
          type="email"
          name="recipientEmail"
          autoComplete="email"
          value={recipient}
          onChange={(event) => setRecipient(event.target.value)}
          placeholder={data.defaultRecipient}
          aria-describedby="lead-recipient-hint"
        />
        <span className="field-hint" id="lead-recipient-hint">
          Står feltet tomt, sendes de til din login-e-mail ({data.defaultRecipient}). En ny adresse får først
          forespørgsler, når den er bekræftet med et link, vi sender dertil.
        </span>
      </label>
      {notice && !(notice.ok && dirty) ? (
        <p className={notice.ok ? 'form-success' : 'form-error'} role={notice.ok ? 'status' : 'alert'}>
          {notice.text}
        </p>
      ) : null}
      <div className="save-bar">
        <button type="submit" className="button" disabled={busy !== null}>
          {busy === 'save' ? 'Gemmer...' : 'Gem'}
        </button>
        <UnsavedMark dirty={dirty && busy === null} />
      </div>
    </form>
  );
}
