// A page's unsaved draft kept in this browser (issue 40): written while the owner edits, so a tab
// that crashes, a laptop that dies or a reload answered "Forlad" loses nothing; offered back when the
// page is opened again ("Du har en kladde fra …"), and removed when the page is saved or the draft
// discarded. Per company and page, in localStorage (it outlives the tab, unlike sessionStorage); a
// value this code did not write, or one older than two weeks, is dropped.
import type { PageDraft } from './page-draft';

/** The browser storage the drafts live in; tests pass their own. */
export type DraftStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface KeptDraft {
  /** When it was written (ms since the epoch). */
  savedAt: number;
  draft: PageDraft;
}

const KEEP_MS = 14 * 86_400_000;

function key(cvr: string, pageId: string): string {
  return `mesterside:page-draft:${cvr}:${pageId}`;
}

const TEXT_FIELDS = ['pageName', 'title', 'subtitle', 'content', 'layout', 'metaTitle', 'metaDescription'];

/** Written by writeDraft: its text fields are text, its images text or null, its gallery a list of
 *  items with text fields. */
function isDraft(value: unknown): value is PageDraft {
  const draft = value as Record<string, unknown> | null;
  const texts = (record: Record<string, unknown>, fields: string[]) =>
    fields.every((field) => typeof record[field] === 'string');
  return (
    typeof draft === 'object' &&
    draft !== null &&
    texts(draft, TEXT_FIELDS) &&
    [draft.image, draft.heroBackgroundImage].every((image) => image === null || typeof image === 'string') &&
    Array.isArray(draft.gallery) &&
    draft.gallery.every(
      (item) => typeof item === 'object' && item !== null && texts(item, ['title', 'description', 'image']),
    )
  );
}

export function readDraft(
  store: DraftStore | null,
  cvr: string,
  pageId: string,
  now: number,
): KeptDraft | null {
  try {
    const raw = store?.getItem(key(cvr, pageId));
    if (!raw) return null;
    const parsed = JSON.parse(raw) as { savedAt?: unknown; draft?: unknown };
    if (typeof parsed.savedAt === 'number' && now - parsed.savedAt < KEEP_MS && isDraft(parsed.draft)) {
      return { savedAt: parsed.savedAt, draft: parsed.draft };
    }
    store?.removeItem(key(cvr, pageId));
    return null;
  } catch {
    return null;
  }
}

export function writeDraft(
  store: DraftStore | null,
  cvr: string,
  pageId: string,
  draft: PageDraft,
  now: number,
): void {
  try {
    store?.setItem(key(cvr, pageId), JSON.stringify({ savedAt: now, draft }));
  } catch {
    // Storage full or blocked (private mode): the browser's own prompt still guards a reload.
  }
}

export function removeDraft(store: DraftStore | null, cvr: string, pageId: string): void {
  try {
    store?.removeItem(key(cvr, pageId));
  } catch {
    // Nothing kept, nothing to remove.
  }
}

export function browserDraftStore(): DraftStore | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

const TIME = new Intl.DateTimeFormat('da-DK', { hour: 'numeric', minute: '2-digit' });
const DAY = new Intl.DateTimeFormat('da-DK', { day: 'numeric', month: 'long' });

/** When a draft was written, as the owner reads it: "i dag kl. 14.05", "i går kl. 9.30", "3. december kl. 9.30". */
export function draftTime(savedAt: number, now: number): string {
  const saved = new Date(savedAt);
  const midnight = new Date(now);
  midnight.setHours(0, 0, 0, 0);
  const time = `kl. ${TIME.format(saved)}`;
  const yesterday = new Date(midnight);
  yesterday.setDate(yesterday.getDate() - 1);
  if (savedAt >= midnight.getTime()) return `i dag ${time}`;
  if (savedAt >= yesterday.getTime()) return `i går ${time}`;
  return `${DAY.format(saved)} ${time}`;
}
