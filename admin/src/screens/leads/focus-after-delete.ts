// Where focus goes once a request is deleted (issue 39): the dialog's "Slet" button and the card it
// came from are gone, and the browser would drop focus on the page's body, so a keyboard or screen
// reader user would start again from the top. Focus moves to the next request's heading instead (the
// previous one's after the last, the screen's heading once the list is empty).
import { useEffect, useState } from 'react';

/** The heading of the request at `id` (LeadCard's <h2 tabIndex={-1}>), or the screen's <h1>. */
function headingOf(id: string | null): HTMLElement | null {
  const card = id === null ? null : document.querySelector(`[data-lead="${CSS.escape(id)}"]`);
  return (card?.querySelector('h2') ?? document.getElementById('leads-title')) as HTMLElement | null;
}

/**
 * Answers `moveFocus(ids, deleted)`: call it with the list as it was and the deleted id when the
 * deletion succeeded. Focus moves after the render that removed the card, and after the confirm
 * dialog closed (effects run child first: the dialog's close, which gives focus back to the removed
 * button, comes before this one).
 */
export function useFocusAfterDelete(): (ids: readonly string[], deleted: string) => void {
  const [target, setTarget] = useState<{ id: string | null } | null>(null);
  useEffect(() => {
    if (!target) return;
    headingOf(target.id)?.focus();
    setTarget(null);
  }, [target]);
  return (ids, deleted) => {
    const at = ids.indexOf(deleted);
    setTarget({ id: ids[at + 1] ?? ids[at - 1] ?? null });
  };
}
