// /admin/henvendelser (issue 25): the quote requests from the site, newest first, unread ones marked;
// the visitor's words shown as text, their photos (served to this owner only), mark read or handled,
// delete (at once, photos too). Below: whether the site shows the form, and where requests are mailed.
import { type FormEvent, useEffect, useRef, useState } from 'react';
import type { LeadJson } from '../../../../contracts/leads';
import { LEAD_MESSAGES, MESSAGES } from '../../../../rules/messages';
import { api } from '../../api/client';
import { useResource } from '../../api/use-resource';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { LoadState } from '../../components/load-state';
import { announceLeadsChanged } from '../../shell/unread-leads';
import './leads.css';
import { initialLeadView, type LeadView, SpamFilter } from './spam-filter';

const WHEN = new Intl.DateTimeFormat('da-DK', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/Copenhagen',
});

function LeadCard(props: { lead: LeadJson; onChange(next: LeadJson): void; onDelete(lead: LeadJson): void }) {
  const { lead } = props;
  const [error, setError] = useState<string | null>(null);
  const unread = lead.readAt === null;
  const update = async (change: { read?: boolean; handled?: boolean }) => {
    setError(null);
    try {
      props.onChange(await api.patch(`/leads/${lead.id}`, LEAD_MESSAGES.updateFailed, change));
      announceLeadsChanged();
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : LEAD_MESSAGES.updateFailed);
    }
  };
  return (
    <li className={unread ? 'card lead-card lead-unread' : 'card lead-card'} data-lead={lead.id}>
      <header className="lead-head">
        <h2>
          {unread ? <span className="lead-badge">Ny</span> : null}
          {lead.handledAt ? <span className="lead-badge lead-badge-done">Håndteret</span> : null}
          {lead.name}
        </h2>
        <time dateTime={lead.createdAt}>{WHEN.format(new Date(lead.createdAt))}</time>
      </header>
      <dl className="lead-contact">
        {lead.phone ? (
          <div>
            <dt>Telefon</dt>
            <dd>
              <a href={`tel:${lead.phone.replace(/[^0-9+]/g, '')}`}>{lead.phone}</a>
            </dd>
          </div>
        ) : null}
        {lead.email ? (
          <div>
            <dt>E-mail</dt>
            <dd>
              <a href={`mailto:${encodeURIComponent(lead.email).replace('%40', '@')}`}>{lead.email}</a>
            </dd>
          </div>
        ) : null}
        <div>
          <dt>Postnummer</dt>
          <dd>{lead.postcode}</dd>
        </div>
      </dl>
      <p className="lead-message">{lead.message}</p>
      {lead.photos.length > 0 ? (
        <ul className="lead-photos">
          {lead.photos.map((photo, index) => (
            <li key={photo.url}>
              <a href={photo.url} target="_blank" rel="noopener">
                <img
                  src={photo.url}
                  alt={`Billede ${index + 1} fra ${lead.name}`}
                  width={photo.width}
                  height={photo.height}
                  loading="lazy"
                />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      <p className="lead-actions">
        {unread ? (
          <button
            type="button"
            className="button button-secondary"
            onClick={() => void update({ read: true })}
          >
            Markér som læst
          </button>
        ) : null}
        <button
          type="button"
          className="button button-secondary"
          onClick={() => void update({ handled: !lead.handledAt })}
        >
          {lead.handledAt ? 'Ikke håndteret' : 'Markér som håndteret'}
        </button>
        <button type="button" className="button button-ghost" onClick={() => props.onDelete(lead)}>
          Slet
        </button>
      </p>
    </li>
  );
}

function LeadSettings() {
  const settings = useResource(() => api.get('/leads/settings', LEAD_MESSAGES.loadFailed));
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [saving, setSaving] = useState(false);
  if (settings.data === null) return <LoadState resource={settings} />;
  const data = settings.data;
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setSaving(true);
    setMessage(null);
    try {
      const saved = await api.put('/leads/settings', MESSAGES.saveFailed, {
        formEnabled: form.get('formEnabled') === 'on',
        recipientEmail: String(form.get('recipientEmail') ?? '').trim(),
      });
      settings.setData(saved);
      setMessage({ ok: true, text: MESSAGES.saveSuccess });
    } catch (caught) {
      setMessage({ ok: false, text: caught instanceof Error ? caught.message : MESSAGES.saveFailed });
    } finally {
      setSaving(false);
    }
  };
  return (
    <form className="card lead-settings" onSubmit={onSubmit} aria-labelledby="lead-settings-title">
      <h2 id="lead-settings-title">Formularen "Få et tilbud"</h2>
      <label className="checkbox">
        <input type="checkbox" name="formEnabled" defaultChecked={data.formEnabled} /> Vis formularen på
        forsiden og kontaktsiden
      </label>
      <label className="field">
        <span className="field-label">Send forespørgsler til</span>
        <input
          type="email"
          name="recipientEmail"
          defaultValue={data.recipientEmail}
          placeholder={data.defaultRecipient}
        />
        <span className="field-hint">
          Står feltet tomt, sendes de til {data.defaultRecipient || 'firmaets e-mail'}.
        </span>
      </label>
      {message ? (
        <p className={message.ok ? 'form-success' : 'form-error'} role={message.ok ? 'status' : 'alert'}>
          {message.text}
        </p>
      ) : null}
      <button type="submit" className="button" disabled={saving}>
        {saving ? 'Gemmer...' : 'Gem'}
      </button>
    </form>
  );
}

export function LeadsScreen() {
  // Which of the two lists (issue 39): the requests, or "Mulig spam".
  const [view, setView] = useState<LeadView>(initialLeadView);
  const list = useResource(() =>
    api.get(view === 'spam' ? '/leads/spam' : '/leads', LEAD_MESSAGES.loadFailed),
  );
  const shownView = useRef(view);
  useEffect(() => {
    if (shownView.current === view) return;
    shownView.current = view;
    void list.reload();
  }, [view, list.reload]);
  const [deleting, setDeleting] = useState<LeadJson | null>(null);
  const [busy, setBusy] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  const replace = (next: LeadJson) =>
    list.setData((current) => ({
      leads: (current?.leads ?? []).map((lead) => (lead.id === next.id ? next : lead)),
      unread: (current?.leads ?? []).filter((lead) => (lead.id === next.id ? next : lead).readAt === null)
        .length,
      spam: current?.spam ?? 0,
    }));
  const confirmDelete = async () => {
    if (!deleting) return;
    setBusy(true);
    setDeleteError(null);
    try {
      await api.delete(`/leads/${deleting.id}`, LEAD_MESSAGES.deleteFailed);
      list.setData((current) => {
        const leads = (current?.leads ?? []).filter((lead) => lead.id !== deleting.id);
        const spam = (current?.spam ?? 0) - (deleting.spam ? 1 : 0);
        return { leads, unread: leads.filter((lead) => lead.readAt === null).length, spam };
      });
      announceLeadsChanged();
      setDeleting(null);
    } catch (caught) {
      setDeleteError(caught instanceof Error ? caught.message : LEAD_MESSAGES.deleteFailed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="leads-title">
      <h1 id="leads-title">Henvendelser</h1>
      <p className="lead">
        Forespørgsler fra formularen "Få et tilbud" på din hjemmeside. De slettes automatisk efter 12 måneder.
      </p>
      <SpamFilter view={view} spam={list.data?.spam ?? 0} onChange={setView} />
      {list.data === null ? (
        <LoadState resource={list} />
      ) : list.data.leads.length === 0 ? (
        <p className="card">
          {view === 'spam' ? 'Der er ingen mulig spam.' : 'Du har ingen henvendelser endnu.'}
        </p>
      ) : (
        <ul className="lead-list">
          {list.data.leads.map((lead) => (
            <LeadCard key={lead.id} lead={lead} onChange={replace} onDelete={setDeleting} />
          ))}
        </ul>
      )}
      <LeadSettings />
      <ConfirmDialog
        open={deleting !== null}
        title="Slet henvendelse"
        message={LEAD_MESSAGES.deleteConfirm}
        confirmLabel="Slet"
        busyLabel="Sletter..."
        busy={busy}
        error={deleteError}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </section>
  );
}
