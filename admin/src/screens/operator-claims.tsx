// The operator's checks of what companies claim, beside the authorisations to check (issue 48): the
// guarantee schemes and associations to look up on each scheme's own page ("Markér som kontrolleret"),
// and the checks already made, each of which can be taken back ("Fjern kontrol"). Only a checked
// claim is named in the site's structured data; the visible site says "Oplyst af firmaet" either way
// for schemes, and "kontrolleret i Sikkerhedsstyrelsens register" for a checked authorisation.
import { useState } from 'react';
import type { OperatorClaimsJson } from '../../../contracts/operator';
import { TRUST_MESSAGES } from '../../../rules/trust-messages';
import { api } from '../api/client';
import { useResource } from '../api/use-resource';
import { LoadState } from '../components/load-state';

const TIME = new Intl.DateTimeFormat('da-DK', { dateStyle: 'short', timeStyle: 'short' });

type Notice = { ok: boolean; text: string } | null;

export function OperatorClaims() {
  const list = useResource(() => api.get('/operator/claims', TRUST_MESSAGES.schemesLoadFailed));
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const act = async (key: string, failed: string, send: () => Promise<{ message: string }>) => {
    setBusy(key);
    setNotice(null);
    try {
      const answer = await send();
      setNotice({ ok: true, text: answer.message });
    } catch (caught) {
      setNotice({ ok: false, text: caught instanceof Error ? caught.message : failed });
    } finally {
      setBusy(null);
      await list.reload();
    }
  };
  const scheme = (row: { cvr: string; scheme: string }, what: 'checked' | 'unchecked') => {
    const cvr = encodeURIComponent(row.cvr);
    const id = encodeURIComponent(row.scheme);
    return what === 'checked'
      ? act(`${row.cvr}:${row.scheme}`, TRUST_MESSAGES.schemeCheckFailed, () =>
          api.post(`/operator/claims/schemes/${cvr}/${id}/checked`, TRUST_MESSAGES.schemeCheckFailed),
        )
      : act(`${row.cvr}:${row.scheme}`, TRUST_MESSAGES.uncheckFailed, () =>
          api.post(`/operator/claims/schemes/${cvr}/${id}/unchecked`, TRUST_MESSAGES.uncheckFailed),
        );
  };
  const data: OperatorClaimsJson | null = list.data;

  return (
    <section className="card operator-wide" aria-labelledby="claims-title">
      <h2 id="claims-title">Garantier og medlemskaber til kontrol</h2>
      {notice ? (
        <p className={notice.ok ? 'form-success' : 'form-error'} role={notice.ok ? 'status' : 'alert'}>
          {notice.text}
        </p>
      ) : null}
      {data === null ? (
        <LoadState resource={list} />
      ) : (
        <>
          {data.schemesToCheck.length === 0 ? (
            <p className="field-hint">Ingen ordninger venter på kontrol.</p>
          ) : (
            <ul className="operator-list">
              {data.schemesToCheck.map((row) => (
                <li key={`${row.cvr}:${row.scheme}`} className="operator-authorisation">
                  <span>
                    <strong>{row.companyName}</strong> <span className="field-hint">CVR {row.cvr}</span>
                    <br />
                    {row.name}
                    <span className="field-hint"> · oplyst {TIME.format(new Date(row.since))}</span>
                    <br />
                    <a href={row.url} target="_blank" rel="noopener noreferrer">
                      Ordningens egen side
                    </a>
                  </span>
                  <button
                    type="button"
                    className="button button-secondary"
                    disabled={busy !== null}
                    onClick={() => void scheme(row, 'checked')}
                  >
                    Markér som kontrolleret
                  </button>
                </li>
              ))}
            </ul>
          )}
          <h3>Kontrolleret</h3>
          {data.checkedAuthorisations.length === 0 && data.checkedSchemes.length === 0 ? (
            <p className="field-hint">Intet er kontrolleret endnu.</p>
          ) : (
            <ul className="operator-list">
              {data.checkedAuthorisations.map((row) => (
                <li key={`${row.cvr}:aut`} className="operator-authorisation">
                  <span>
                    <strong>{row.companyName}</strong> <span className="field-hint">CVR {row.cvr}</span>
                    <br />
                    {row.title}, aut. nr. {row.number}
                    <span className="field-hint"> · kontrolleret {TIME.format(new Date(row.checkedAt))}</span>
                  </span>
                  <button
                    type="button"
                    className="button button-secondary"
                    disabled={busy !== null}
                    onClick={() =>
                      void act(`${row.cvr}:aut`, TRUST_MESSAGES.uncheckFailed, () =>
                        api.post(
                          `/operator/claims/authorisations/${encodeURIComponent(row.cvr)}/unchecked`,
                          TRUST_MESSAGES.uncheckFailed,
                          { type: row.type, number: row.number },
                        ),
                      )
                    }
                  >
                    Fjern kontrol
                  </button>
                </li>
              ))}
              {data.checkedSchemes.map((row) => (
                <li key={`${row.cvr}:${row.scheme}`} className="operator-authorisation">
                  <span>
                    <strong>{row.companyName}</strong> <span className="field-hint">CVR {row.cvr}</span>
                    <br />
                    {row.name}
                    <span className="field-hint"> · kontrolleret {TIME.format(new Date(row.checkedAt))}</span>
                  </span>
                  <button
                    type="button"
                    className="button button-secondary"
                    disabled={busy !== null}
                    onClick={() => void scheme(row, 'unchecked')}
                  >
                    Fjern kontrol
                  </button>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
