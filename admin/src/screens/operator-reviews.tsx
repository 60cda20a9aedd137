// The operator's reviews (issue 41): the reviews owners reported as inappropriate (personal data,
// threats, not a customer), each with its words and the owner's reason, and "Fjern" with the reason
// for the removal, which is kept here with the removed ones. Only the operator removes a review; the
// owner can report it, never hide it. Above them, the reviews held for a check (issue 48: many from
// one client address, e-mail or hour), with the reason, "Vis anmeldelsen" or "Fjern anmeldelsen".
import { useState } from 'react';
import { REVIEW_MESSAGES } from '../../../rules/review-messages';
import { reviewDate, starRow } from '../../../rules/site-reviews';
import { api } from '../api/client';
import { useResource } from '../api/use-resource';
import { LoadState } from '../components/load-state';

const REASONS = {
  'personal-data': 'personoplysninger',
  threats: 'trusler eller chikane',
  'not-customer': 'ikke skrevet af en kunde',
} as const;

const loadReviews = () => api.get('/operator/reviews', REVIEW_MESSAGES.loadFailed);
type Row = NonNullable<Awaited<ReturnType<typeof loadReviews>>>['reported'][number];

function Reported({ row, onRemoved }: { row: Row; onRemoved(text: string): void }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const release = async () => {
    setError(null);
    try {
      const answer = await api.post(
        `/operator/reviews/${encodeURIComponent(row.companyCvr)}/${encodeURIComponent(row.id)}/release`,
        REVIEW_MESSAGES.saveFailed,
      );
      onRemoved(answer.message);
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : REVIEW_MESSAGES.saveFailed);
    }
  };
  const remove = async () => {
    setError(null);
    try {
      const answer = await api.post(
        `/operator/reviews/${encodeURIComponent(row.companyCvr)}/${encodeURIComponent(row.id)}/removal`,
        REVIEW_MESSAGES.saveFailed,
        { reason },
      );
      onRemoved(answer.message);
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : REVIEW_MESSAGES.saveFailed);
    }
  };
  return (
    <li className="operator-review">
      <p>
        <strong>{row.companyName}</strong> <span className="field-hint">CVR {row.companyCvr}</span>
        <br />
        <span aria-hidden="true">{starRow(row.stars)}</span> {row.stars} af 5 · {row.authorName} ·{' '}
        {reviewDate(row.createdAt)}
        <br />
        {row.heldReason
          ? `Holdt tilbage: ${REVIEW_MESSAGES.heldReasons[row.heldReason]}`
          : `Anmeldt af firmaet: ${row.reportReason ? REASONS[row.reportReason] : ''}`}
      </p>
      {row.text ? <p className="review-words">{row.text}</p> : null}
      <label className="field">
        <span className="field-label">Begrundelse for at fjerne den</span>
        <input value={reason} onChange={(event) => setReason(event.target.value)} maxLength={300} />
      </label>
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      {row.heldReason ? (
        <button type="button" className="button" onClick={() => void release()}>
          Vis anmeldelsen
        </button>
      ) : null}{' '}
      <button type="button" className="button button-secondary" onClick={() => void remove()}>
        Fjern anmeldelsen
      </button>
    </li>
  );
}

export function OperatorReviews() {
  const list = useResource(loadReviews);
  const [notice, setNotice] = useState<string | null>(null);
  return (
    <section className="card operator-wide" aria-labelledby="operator-reviews-title">
      <h2 id="operator-reviews-title">Anmeldte anmeldelser</h2>
      {notice ? (
        <p className="form-success" role="status">
          {notice}
        </p>
      ) : null}
      {list.data === null ? (
        <LoadState resource={list} />
      ) : (
        <>
          <h3>Holdt tilbage til kontrol</h3>
          {list.data.held.length === 0 ? (
            <p className="field-hint">Ingen anmeldelser venter på kontrol.</p>
          ) : (
            <ul className="operator-list">
              {list.data.held.map((row) => (
                <Reported
                  key={row.id}
                  row={row}
                  onRemoved={(text) => {
                    setNotice(text);
                    void list.reload();
                  }}
                />
              ))}
            </ul>
          )}
          <h3>Anmeldt af firmaet</h3>
          {list.data.reported.length === 0 ? (
            <p className="field-hint">Ingen anmeldelser venter på en afgørelse.</p>
          ) : (
            <ul className="operator-list">
              {list.data.reported.map((row) => (
                <Reported
                  key={row.id}
                  row={row}
                  onRemoved={(text) => {
                    setNotice(text);
                    void list.reload();
                  }}
                />
              ))}
            </ul>
          )}
          {list.data.removed.length > 0 ? (
            <>
              <h3>Fjernede anmeldelser</h3>
              <ul className="operator-list">
                {list.data.removed.map((row) => (
                  <li key={row.id}>
                    <strong>{row.companyName}</strong> · {starRow(row.stars)} · fjernet{' '}
                    {row.removedAt ? reviewDate(row.removedAt) : ''}: {row.removedReason}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </>
      )}
    </section>
  );
}
