// The operator's list of authorisation numbers to check (issue 42): each company's number with a link
// to Sikkerhedsstyrelsen's register, searched for the company; "Markér som kontrolleret" once the
// number was found there. Until then the company's site says the number is "oplyst af firmaet".
import { useState } from 'react';
import type { AuthorisationsToCheckJson } from '../../../contracts/operator';
import { TRUST_MESSAGES } from '../../../rules/trust-messages';
import { api } from '../api/client';
import { useResource } from '../api/use-resource';
import { LoadState } from '../components/load-state';

const TIME = new Intl.DateTimeFormat('da-DK', { dateStyle: 'short', timeStyle: 'short' });

type Row = AuthorisationsToCheckJson['authorisations'][number];

export function AuthorisationsToCheck() {
  const list = useResource(() => api.get('/operator/authorisations', TRUST_MESSAGES.loadFailed));
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const mark = async (row: Row) => {
    setBusy(row.cvr);
    setNotice(null);
    try {
      await api.post(
        `/operator/authorisations/${encodeURIComponent(row.cvr)}/checked`,
        TRUST_MESSAGES.checkFailed,
        {
          type: row.type,
          number: row.number,
        },
      );
      setNotice({ ok: true, text: TRUST_MESSAGES.checked });
    } catch (caught) {
      setNotice({ ok: false, text: caught instanceof Error ? caught.message : TRUST_MESSAGES.checkFailed });
    } finally {
      setBusy(null);
      await list.reload();
    }
  };

  return (
    <section className="card operator-wide" aria-labelledby="authorisations-title">
      <h2 id="authorisations-title">Autorisationer til kontrol</h2>
      {notice ? (
        <p className={notice.ok ? 'form-success' : 'form-error'} role={notice.ok ? 'status' : 'alert'}>
          {notice.text}
        </p>
      ) : null}
      {list.data === null ? (
        <LoadState resource={list} />
      ) : list.data.authorisations.length === 0 ? (
        <p className="field-hint">Ingen autorisationer venter på kontrol.</p>
      ) : (
        <ul className="operator-list">
          {list.data.authorisations.map((row) => (
            <li key={row.cvr} className="operator-authorisation">
              <span>
                <strong>{row.companyName}</strong> <span className="field-hint">CVR {row.cvr}</span>
                <br />
                {row.title}, aut. nr. <strong>{row.number}</strong>
                <span className="field-hint"> · oplyst {TIME.format(new Date(row.enteredAt))}</span>
                <br />
                <a href={row.registerUrl} target="_blank" rel="noopener noreferrer">
                  Slå op i Sikkerhedsstyrelsens register
                </a>
              </span>
              <button
                type="button"
                className="button button-secondary"
                disabled={busy !== null}
                onClick={() => void mark(row)}
              >
                {busy === row.cvr ? 'Markerer...' : 'Markér som kontrolleret'}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
