// /admin/henvendelser (issue 25): the quote requests from the site, newest first, unread ones marked;
// the visitor's words shown as text, their photos (served to this owner only), mark read or handled,
// delete (at once, photos too). Below: whether the site shows the form, and where requests are mailed
// (lead-settings.tsx).
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { LeadJson } from '../../../../contracts/leads';
import { countOf } from '../../../../rules/count';
import { LEAD_MESSAGES } from '../../../../rules/lead-messages';
import { MESSAGES } from '../../../../rules/messages';
import { formatPhone } from '../../../../rules/phone';
import { api } from '../../api/client';
import { useResource } from '../../api/use-resource';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { LoadState } from '../../components/load-state';
import { Skeleton } from '../../components/skeleton';
import { ADMIN_PATHS } from '../../paths';
import { announceLeadsChanged } from '../../shell/unread-leads';
import { AskFromLead } from '../reviews/ask-for-review';
import { useFocusAfterDelete } from './focus-after-delete';
import { LeadExtras } from './lead-extras';
import { LeadSettings } from './lead-settings';
import { PhotoLightbox } from './photo-lightbox';
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
  const [photo, setPhoto] = useState<number | null>(null);
  const closePhoto = useCallback(() => setPhoto(null), []);
  const unread = lead.readAt === null;
  const navigate = useNavigate();
  // "Giv et tilbud" (issue 51): a draft prefilled with the customer and the request's text.
  const giveQuote = async () => {
    setError(null);
    try {
      const { startQuoteFromLead } = await import('../quotes/start-from-lead');
      await startQuoteFromLead(lead.id, navigate);
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : MESSAGES.internalError);
    }
  };
  // Possible spam is nobody's new request (the tab's count leaves it out too): no "Ny" on it.
  const fresh = unread && !lead.spam;
  // "Opgaven er udført" and its undo take each other's place: the focus moves to the one shown.
  const doneButton = useRef<HTMLButtonElement>(null);
  const focusDoneButton = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the done state flips
  useEffect(() => {
    if (!focusDoneButton.current) return;
    focusDoneButton.current = false;
    doneButton.current?.focus();
  }, [lead.handledAt]);
  const update = async (change: { read?: boolean; handled?: boolean }) => {
    setError(null);
    try {
      focusDoneButton.current = change.handled !== undefined;
      props.onChange(await api.patch(`/leads/${lead.id}`, LEAD_MESSAGES.updateFailed, change));
      announceLeadsChanged();
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : LEAD_MESSAGES.updateFailed);
    }
  };
  return (
    <li className={fresh ? 'card lead-card lead-unread' : 'card lead-card'} data-lead={lead.id}>
      <header className="lead-head">
        <h2 tabIndex={-1}>
          {fresh ? <span className="lead-badge">Ny</span> : null}
          {lead.handledAt ? <span className="lead-badge lead-badge-done">Udført</span> : null}
          {lead.name}
        </h2>
        <time dateTime={lead.createdAt}>{WHEN.format(new Date(lead.createdAt))}</time>
      </header>
      <dl className="lead-contact">
        {lead.phone ? (
          <div>
            <dt>Telefon</dt>
            <dd>
              <a href={`tel:${lead.phone.replace(/[^0-9+]/g, '')}`}>{formatPhone(lead.phone)}</a>
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
        {lead.postcode ? (
          <div>
            <dt>Postnummer</dt>
            <dd>{lead.postcode}</dd>
          </div>
        ) : null}
        {lead.plate ? (
          <div>
            <dt>Nummerplade</dt>
            <dd>{lead.plate}</dd>
          </div>
        ) : null}
      </dl>
      <p className="lead-message">{lead.message}</p>
      {lead.photos.length > 0 ? (
        <ul className="lead-photos" aria-label={countOf(lead.photos.length, 'billede', 'billeder')}>
          {lead.photos.map((photo, index) => (
            <li key={photo.url}>
              <button
                type="button"
                className="lead-photo"
                aria-label={`Forstør billede ${index + 1} fra ${lead.name}`}
                onClick={() => setPhoto(index)}
              >
                <img src={photo.url} alt="" width={photo.width} height={photo.height} loading="lazy" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {lead.photos.length > 0 ? (
        <PhotoLightbox lead={lead} index={photo} onIndex={setPhoto} onClose={closePhoto} />
      ) : null}
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      <p className="lead-actions">
        {lead.spam ? null : (
          <button type="button" className="button" onClick={() => void giveQuote()}>
            Giv et tilbud
          </button>
        )}
        <button
          type="button"
          className="button button-secondary"
          onClick={() => void update({ read: unread })}
        >
          {unread ? 'Markér som læst' : 'Markér som ulæst'}
        </button>
        {/* Done, the way back is an undo (issue 49): a link-styled "Fortryd", not a second status. */}
        {lead.handledAt ? (
          <span className="lead-done">
            Markeret som udført.{' '}
            <button
              ref={doneButton}
              type="button"
              className="lead-undo"
              onClick={() => void update({ handled: false })}
            >
              Fortryd: ikke udført
            </button>
          </span>
        ) : (
          <button
            ref={doneButton}
            type="button"
            className="button button-secondary"
            onClick={() => void update({ handled: true })}
          >
            Opgaven er udført
          </button>
        )}
        <button type="button" className="button button-ghost" onClick={() => props.onDelete(lead)}>
          Slet
        </button>
      </p>
      <LeadExtras lead={lead} onChange={props.onChange} />
      {lead.handledAt && !lead.spam ? <AskFromLead leadId={lead.id} /> : null}
    </li>
  );
}

const Quotes = lazy(async () => ({ default: (await import('../quotes')).Quotes }));

/** /admin/henvendelser, or the tilbud under it (/admin/henvendelser/tilbud…, issue 51). */
export function LeadsScreen() {
  const rest = useParams()['*'] ?? '';
  if (rest.startsWith('tilbud'))
    return (
      <Suspense fallback={<Skeleton />}>
        <Quotes />
      </Suspense>
    );
  return <LeadsInbox />;
}

function LeadsInbox() {
  // Which of the two lists (issue 39): the requests, or "Mulig spam".
  const [view, setView] = useState<LeadView>(initialLeadView);
  const list = useResource(() =>
    api.get(view === 'spam' ? '/leads/spam' : '/leads', MESSAGES.leadsLoadFailed),
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
  const focusAfterDelete = useFocusAfterDelete();

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
      focusAfterDelete(list.data?.leads.map((lead) => lead.id) ?? [], deleting.id);
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
      <h1 id="leads-title" tabIndex={-1}>
        Henvendelser
      </h1>
      <p className="lead">
        Forespørgsler fra formularen "Få et tilbud" på din hjemmeside. De slettes automatisk efter 12 måneder.
      </p>
      {/* Issue 51: the tilbud list is reached from here; the shell's tabs have no room in the entry's
          budget (tests/admin-budget.test.ts). */}
      <p>
        <Link to={ADMIN_PATHS.quotes}>Se dine tilbud og fakturaer →</Link>
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
