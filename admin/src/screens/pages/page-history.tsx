// "Historik" under the page editor (issue 14): the page's last versions with time and a short summary
// ("Tekst ændret"); "Gendan" saves that version again in one click, and the site is published with it
// (after asking, when the editor holds unsaved changes).
import { useEffect, useState } from 'react';
import { MESSAGES } from '../../../../rules/messages';
import { formatRevisionTime } from '../../../../rules/page-history';
import type { Page } from '../../api/types';
import { useResource } from '../../api/use-resource';
import { useConfirmLeave } from '../../components/unsaved-changes';
import { listRevisions, restoreRevision } from './pages-api';

interface PageHistoryProps {
  pageId: string;
  /** Changes after every save, so the list is read again. */
  savedAt: string;
  onRestored(page: Page): Promise<void>;
}

export function PageHistory({ pageId, savedAt, onRestored }: PageHistoryProps) {
  const revisions = useResource(() => listRevisions(pageId));
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [restored, setRestored] = useState<string | null>(null);
  const { reload } = revisions;
  const confirmLeave = useConfirmLeave();

  // biome-ignore lint/correctness/useExhaustiveDependencies: savedAt is the signal to read again.
  useEffect(() => {
    void reload();
  }, [savedAt, reload]);

  const restore = async (id: string, createdAt: string) => {
    // The version replaces what the editor shows: unsaved changes there are asked about first.
    if (!(await confirmLeave())) return;
    setBusy(id);
    setError(null);
    setRestored(null);
    try {
      const page = await restoreRevision(pageId, id);
      await onRestored(page);
      await reload();
      setRestored(`Versionen fra ${formatRevisionTime(createdAt)} er gendannet og offentliggjort.`);
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : MESSAGES.revisionRestoreFailed);
    } finally {
      setBusy(null);
    }
  };

  const list = revisions.data ?? [];
  return (
    <details className="page-history">
      <summary>Historik</summary>
      {revisions.error ? (
        <p className="form-error" role="alert">
          {revisions.error}
        </p>
      ) : null}
      {restored ? (
        <p className="form-success" role="status">
          {restored}
        </p>
      ) : null}
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      {revisions.data && list.length === 0 ? (
        <p className="field-hint">Siden er ikke gemt endnu. Hver gang du gemmer, kommer en version her.</p>
      ) : null}
      <ol className="page-history-list">
        {list.map((revision, index) => (
          <li key={revision.id} className="page-history-item">
            <div className="page-history-text">
              <strong>{revision.summary}</strong>
              <time dateTime={revision.createdAt}>{formatRevisionTime(revision.createdAt)}</time>
              {revision.preview ? <span className="page-history-preview">{revision.preview}</span> : null}
            </div>
            {index === 0 ? (
              <span className="page-history-current">Nuværende</span>
            ) : (
              <button
                type="button"
                className="button button-secondary"
                disabled={busy !== null}
                aria-label={`Gendan versionen fra ${formatRevisionTime(revision.createdAt)}`}
                onClick={() => void restore(revision.id, revision.createdAt)}
              >
                {busy === revision.id ? 'Gendanner...' : 'Gendan'}
              </button>
            )}
          </li>
        ))}
      </ol>
    </details>
  );
}
