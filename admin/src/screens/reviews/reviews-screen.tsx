// /admin/anmeldelser (issue 41): the customers' reviews with their stars, words and the owner's one
// answer; "Anmeld som upassende" to the operator; the requests sent and their state; "Bed en tidligere
// kunde om en anmeldelse"; and the reminder switch. There is no edit, hide or delete here, and no
// switch that hides the reviews from the site (issue 48), and the screen says so: a review is the
// customer's. A review waiting for the customer's confirmation or for Mesterside's check says so.
import { type FormEvent, useState } from 'react';
import { REVIEW_MESSAGES } from '../../../../rules/review-messages';
import { formatAverage, reviewDate, starRow } from '../../../../rules/site-reviews';
import { api } from '../../api/client';
import { useResource } from '../../api/use-resource';
import { LoadState } from '../../components/load-state';
import { useCompany } from '../../shell/company-context';
import { AskForReview } from './ask-for-review';
import './reviews.css';

type ReviewsAnswer = Awaited<ReturnType<typeof loadReviews>>;
type ReviewItem = ReviewsAnswer['reviews'][number];

const loadReviews = () => api.get('/reviews', REVIEW_MESSAGES.loadFailed);

const STATE_LABELS = {
  sent: 'Sendt',
  reminded: 'Påmindet',
  reviewed: 'Anmeldelse skrevet',
  declined: 'Sagde nej tak',
  expired: 'Udløbet',
} as const;

/** A review not (yet) on the site, and why (issue 48). */
const REVIEW_STATE_LABELS = {
  held: 'Bliver kontrolleret af Mesterside, før den vises',
  unconfirmed: 'Venter på, at kunden bekræfter sin e-mail',
} as const;

const REPORT_REASONS = [
  ['personal-data', 'Indeholder personoplysninger'],
  ['threats', 'Indeholder trusler eller chikane'],
  ['not-customer', 'Er ikke skrevet af en kunde'],
] as const;

function ReviewCard(props: { review: ReviewItem; companyName: string; onChange(next: ReviewItem): void }) {
  const { review } = props;
  const [answer, setAnswer] = useState('');
  const [reason, setReason] = useState('');
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const act = async (call: () => Promise<{ review: ReviewItem; message: string }>) => {
    setBusy(true);
    setNotice(null);
    try {
      const next = await call();
      props.onChange(next.review);
      setNotice({ ok: true, text: next.message });
    } catch (caught) {
      setNotice({ ok: false, text: caught instanceof Error ? caught.message : REVIEW_MESSAGES.saveFailed });
    } finally {
      setBusy(false);
    }
  };
  const onAnswer = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void act(() => api.post(`/reviews/${review.id}/answer`, REVIEW_MESSAGES.saveFailed, { answer }));
  };
  const onReport = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void act(() =>
      api.post(`/reviews/${review.id}/report`, REVIEW_MESSAGES.saveFailed, {
        reason: reason as (typeof REPORT_REASONS)[number][0],
      }),
    );
  };
  return (
    <li className="card review-card" data-review={review.id}>
      <p className="review-stars" role="img" aria-label={`${review.stars} af 5 stjerner`}>
        {starRow(review.stars)}
      </p>
      {review.state !== 'published' ? (
        <p className="lead-badge" data-review-state={review.state}>
          {REVIEW_STATE_LABELS[review.state]}
        </p>
      ) : null}
      {review.text ? <p className="review-words">{review.text}</p> : null}
      <p className="field-hint">
        {review.authorName}
        {review.service ? ` · ${review.service}` : ''} · {reviewDate(review.createdAt)}
      </p>
      {review.answer !== null ? (
        <div className="review-answer">
          <p className="review-answer-by">Svar fra {props.companyName}</p>
          <p className="review-words">{review.answer}</p>
        </div>
      ) : (
        <form onSubmit={onAnswer} className="review-answer-form">
          <label className="field">
            <span className="field-label">Svar offentligt</span>
            <textarea
              name="answer"
              rows={3}
              maxLength={1000}
              value={answer}
              onChange={(event) => setAnswer(event.target.value)}
              aria-describedby={`svar-hint-${review.id}`}
            />
            <span className="field-hint" id={`svar-hint-${review.id}`}>
              Dit svar vises under anmeldelsen på hjemmesiden. Du kan svare én gang, og svaret kan ikke
              ændres.
            </span>
          </label>
          <button type="submit" className="button button-secondary" disabled={busy}>
            Gem svar
          </button>
        </form>
      )}
      {review.reportedAt === null ? (
        <details className="review-report">
          <summary>Anmeld som upassende</summary>
          <form onSubmit={onReport}>
            <fieldset>
              <legend>Hvad er galt med anmeldelsen?</legend>
              {REPORT_REASONS.map(([value, label]) => (
                <label className="checkbox" key={value}>
                  <input
                    type="radio"
                    name={`reason-${review.id}`}
                    value={value}
                    checked={reason === value}
                    onChange={() => setReason(value)}
                  />{' '}
                  {label}
                </label>
              ))}
            </fieldset>
            <p className="field-hint">
              Vi kigger på anmeldelsen og fjerner den kun, hvis den bryder reglerne. Indtil da bliver den
              vist.
            </p>
            <button type="submit" className="button button-ghost" disabled={busy}>
              Send til Mesterside
            </button>
          </form>
        </details>
      ) : (
        <p className="field-hint">Anmeldt som upassende. Vi kigger på den.</p>
      )}
      {notice ? (
        <p className={notice.ok ? 'form-success' : 'form-error'} role={notice.ok ? 'status' : 'alert'}>
          {notice.text}
        </p>
      ) : null}
    </li>
  );
}

function Switches(props: {
  settings: ReviewsAnswer['settings'];
  onSaved(next: ReviewsAnswer['settings']): void;
}) {
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const save = async (next: ReviewsAnswer['settings']) => {
    setNotice(null);
    try {
      props.onSaved(await api.put('/reviews/settings', REVIEW_MESSAGES.saveFailed, next));
      setNotice({ ok: true, text: REVIEW_MESSAGES.saved });
    } catch (caught) {
      setNotice({ ok: false, text: caught instanceof Error ? caught.message : REVIEW_MESSAGES.saveFailed });
    }
  };
  return (
    <section className="card" aria-labelledby="review-settings-title">
      <h2 id="review-settings-title">Indstillinger</h2>
      <label className="checkbox">
        <input
          type="checkbox"
          name="remindersEnabled"
          checked={props.settings.remindersEnabled}
          onChange={(event) => void save({ ...props.settings, remindersEnabled: event.target.checked })}
        />{' '}
        Send én påmindelse efter 7 dage til kunder, der ikke har svaret
      </label>
      {notice ? (
        <p className={notice.ok ? 'form-success' : 'form-error'} role={notice.ok ? 'status' : 'alert'}>
          {notice.text}
        </p>
      ) : null}
    </section>
  );
}

export function ReviewsScreen() {
  const { company } = useCompany();
  const list = useResource(loadReviews);
  const data = list.data;
  if (!data) return <LoadState resource={list} />;
  const replace = (next: ReviewItem) =>
    list.setData((current) =>
      current ? { ...current, reviews: current.reviews.map((r) => (r.id === next.id ? next : r)) } : data,
    );
  return (
    <div className="reviews-screen">
      <h1>Anmeldelser</h1>
      <p className="field-hint">
        Kun kunder, vi sender et link, kan skrive en anmeldelse. Den vises på hjemmesiden, uanset hvor mange
        stjerner den har. Du kan svare på den, men ikke ændre, skjule eller slette den. Sender du selv linket
        på sms, skal kunden bekræfte sin e-mail, før anmeldelsen vises. Mange anmeldelser fra samme sted eller
        på kort tid kontrollerer Mesterside, før de vises.
      </p>
      <section className="card" aria-labelledby="review-summary-title">
        <h2 id="review-summary-title">Samlet</h2>
        {data.summary.count > 0 ? (
          <p className="dashboard-figure">
            <strong>{formatAverage(data.summary.average)} ★</strong> fra {data.summary.count}{' '}
            {data.summary.count === 1 ? 'kunde' : 'kunder'}
          </p>
        ) : (
          <p>Ingen anmeldelser endnu. Bed en kunde om en anmeldelse, når en opgave er udført.</p>
        )}
      </section>
      <AskForReview onAsked={() => void list.reload()} />
      {data.reviews.length > 0 ? (
        <ul className="review-list">
          {data.reviews.map((review) => (
            <ReviewCard key={review.id} review={review} companyName={company.name} onChange={replace} />
          ))}
        </ul>
      ) : null}
      <section className="card" aria-labelledby="review-requests-title">
        <h2 id="review-requests-title">Sendte forespørgsler</h2>
        {data.requests.length === 0 ? (
          <p className="field-hint">Du har ikke bedt om nogen anmeldelser endnu.</p>
        ) : (
          <ul className="review-requests">
            {data.requests.map((request) => (
              <li key={request.id}>
                <span>{request.customerName}</span>{' '}
                <span className="field-hint">
                  {request.channel === 'email' ? 'e-mail' : 'sms'} · {reviewDate(request.createdAt)}
                </span>{' '}
                <span className="lead-badge">{STATE_LABELS[request.state]}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <Switches
        settings={data.settings}
        onSaved={(settings) => list.setData((current) => (current ? { ...current, settings } : data))}
      />
    </div>
  );
}
