// "Slettede sider" under the pages menu (issue 14): pages deleted in the last 30 days, each with
// "Gendan", which brings the page back with its content (and a new address if its old one is taken).
import { useEffect, useState } from 'react';
import { MESSAGES } from '../../../../rules/messages';
import { formatRevisionTime } from '../../../../rules/page-history';
import type { Page } from '../../api/types';
import { useResource } from '../../api/use-resource';
import { listDeletedPages, restoreDeletedPage } from './pages-api';

interface DeletedPagesProps {
  /** Changes after a page is deleted, so the list is read again. */
  refreshKey: number;
  onRestored(page: Page): Promise<void>;
}

export function DeletedPages({ refreshKey, onRestored }: DeletedPagesProps) {
  const deleted = useResource(listDeletedPages);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { reload } = deleted;

  // biome-ignore lint/correctness/useExhaustiveDependencies: refreshKey is the signal to read again.
  useEffect(() => {
    void reload();
  }, [refreshKey, reload]);

  const restore = async (id: string) => {
    setBusy(id);
    setError(null);
    try {
      const page = await restoreDeletedPage(id);
      await reload();
      await onRestored(page);
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : MESSAGES.deletedPageRestoreFailed);
    } finally {
      setBusy(null);
    }
  };

  const list = deleted.data ?? [];
  if (list.length === 0 && !error) return null;
  return (
    <details className="deleted-pages">
      <summary>Slettede sider ({list.length})</summary>
      <p className="field-hint">Slettede sider kan gendannes i 30 dage.</p>
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      <ul className="page-history-list">
        {list.map((page) => (
          <li key={page.id} className="page-history-item">
            <div className="page-history-text">
              <strong>{page.pageName}</strong>
              <span className="field-hint">Kan gendannes til {formatRevisionTime(page.restorableUntil)}</span>
            </div>
            <button
              type="button"
              className="button button-secondary"
              disabled={busy !== null}
              aria-label={`Gendan ${page.pageName}`}
              onClick={() => void restore(page.id)}
            >
              {busy === page.id ? 'Gendanner...' : 'Gendan'}
            </button>
          </li>
        ))}
      </ul>
    </details>
  );
}
