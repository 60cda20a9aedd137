// The page editor's draft kept in this browser while it holds unsaved changes (local-page-draft.ts),
// and the draft found there when the page opens, offered back until the owner answers. While the
// offer waits nothing is written, so the kept draft is not overwritten by a stray keystroke.
import { useEffect, useRef, useState } from 'react';
import type { Page } from '../../api/types';
import { browserDraftStore, type KeptDraft, readDraft, removeDraft, writeDraft } from './local-page-draft';
import { hasChanges, type PageDraft } from './page-draft';

/** How long the draft must stay still before it is written (a reload in between writes at once). */
const WRITE_DELAY_MS = 400;

export function useKeptDraft(cvr: string, page: Page, draft: PageDraft, dirty: boolean) {
  const [offer, setOffer] = useState<KeptDraft | null>(() => {
    const store = browserDraftStore();
    const kept = readDraft(store, cvr, page.id, Date.now());
    if (kept && hasChanges(kept.draft, page)) return kept;
    // Nothing kept, or what is kept is what the page holds now (saved elsewhere since).
    if (kept) removeDraft(store, cvr, page.id);
    return null;
  });
  const pending = useRef<PageDraft | null>(null);

  useEffect(() => {
    if (offer) return;
    const store = browserDraftStore();
    if (!dirty) {
      pending.current = null;
      removeDraft(store, cvr, page.id);
      return;
    }
    pending.current = draft;
    const write = () => {
      if (pending.current) writeDraft(store, cvr, page.id, pending.current, Date.now());
      pending.current = null;
    };
    const timer = window.setTimeout(write, WRITE_DELAY_MS);
    // A reload or a closed tab inside the delay still keeps the newest keystrokes.
    window.addEventListener('pagehide', write);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('pagehide', write);
    };
  }, [offer, dirty, draft, cvr, page.id]);

  return {
    /** The draft found in this browser, until the owner takes it or throws it away. */
    offer,
    /** Takes the kept draft: the editor shows it (unsaved). */
    accept(): PageDraft | null {
      setOffer(null);
      return offer?.draft ?? null;
    },
    /** Throws the kept draft away. */
    decline(): void {
      removeDraft(browserDraftStore(), cvr, page.id);
      setOffer(null);
    },
    /** Saved or discarded: nothing to keep, at once (the editor may be gone before it renders again). */
    clear(): void {
      pending.current = null;
      removeDraft(browserDraftStore(), cvr, page.id);
    },
  };
}
