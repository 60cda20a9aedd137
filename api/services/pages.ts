// The page writes an owner makes, each run inside commitChange's transaction (the change function):
// create, save, delete, and their undo. Every save keeps a revision of the page as saved (the first
// save also keeps the version before it), and a delete keeps the page for DELETED_PAGE_DAYS, so
// history is written in the same transaction as the change it records.
import {
  countPages,
  type Db,
  deletePage,
  findPage,
  findPageRevision,
  forgetOldAddress,
  insertDeletedPage,
  insertPage,
  insertPageRevision,
  keepOldAddress,
  listPages,
  movePageAddresses,
  type NewPage,
  type Page,
  type PagePatch,
  pageSnapshot,
  purgeDeletedPages,
  renumberPageRevision,
  takeDeletedPage,
  updatePage,
} from '../../db';
import { lockCompany } from '../../db/tables/locks';
import { AppError } from '../../lib/errors';
import { MAX_PAGES_PER_SITE } from '../../rules/limits';
import { MESSAGES } from '../../rules/messages';
import {
  changedFields,
  DELETED_PAGE_DAYS,
  REVISION_SUMMARIES,
  restoredSummary,
  revisionSummary,
} from '../../rules/page-history';
import { retargetPageLinks } from '../../rules/page-links';
import { PAGE_MESSAGES } from '../../rules/page-messages';
import { valueOrRefuse } from '../refusals';
import { Unchanged } from './commit-change';

const DAY_MS = 86_400_000;

/** A save's refusals: the page gone meanwhile, or an address another page has or Mesterside uses. */
const SAVE_REFUSALS = {
  'page-not-found': ['not_found', MESSAGES.saveFailed],
  'slug-taken': ['conflict', PAGE_MESSAGES.slugTaken],
  'slug-reserved': ['invalid_input', PAGE_MESSAGES.slugReserved],
} as const;

/** The oldest deletion that can still be undone at `now`. */
export function undoHorizon(now: Date): Date {
  return new Date(now.getTime() - DELETED_PAGE_DAYS * DAY_MS);
}

/** Creates a page unless the site has MAX_PAGES_PER_SITE (counted under the company's row lock). */
export async function createPage(trx: Db, cvr: string, input: NewPage, now: Date): Promise<Page> {
  await refuseAtPageLimit(trx, cvr);
  const page = await insertPage(trx, cvr, input, now);
  await insertPageRevision(trx, page, REVISION_SUMMARIES.created, now);
  return page;
}

/**
 * Saves a page and keeps the saved version as a revision summarised by what changed. A patch that
 * changes nothing (`{}`, only keys the schema drops, or the values already stored) is Unchanged: no
 * revision ("Gemt uden ændringer" pushed real versions out of the history), no save counted.
 */
export async function savePage(
  trx: Db,
  cvr: string,
  id: string,
  asked: PagePatch,
  now: Date,
  summary?: string,
): Promise<Page | Unchanged<Page>> {
  const before = await findPage(trx, cvr, id);
  if (!before) throw new AppError('not_found', MESSAGES.saveFailed);
  // The homepage is the site's `/`: it has no address of its own to change.
  const { slug, ...rest } = asked;
  const patch: PagePatch = before.type === 'homepage' || slug === undefined ? rest : asked;
  const changes = Object.entries(patch).some(
    ([field, value]) =>
      value !== undefined && JSON.stringify(before[field as keyof PagePatch]) !== JSON.stringify(value),
  );
  if (!changes) return new Unchanged(before);
  // After the update, which holds the page's row lock on PostgreSQL: a concurrent save of the same
  // page reads the newest version only once this one has committed.
  const saved = valueOrRefuse(await updatePage(trx, cvr, id, patch, now), SAVE_REFUSALS);
  // A new address: links to the old one in the site's texts (this page's too) follow it, and the old
  // address answers with a redirect to the new one from now on (issue 49).
  let stored = saved;
  if (saved.slug !== before.slug) {
    await keepOldAddress(trx, cvr, before.slug, saved.id, now);
    await forgetOldAddress(trx, cvr, saved.slug);
    stored = (await retargetLinks(trx, cvr, saved.id, before.slug, saved.slug, now)).get(saved.id) ?? saved;
  }
  const text = summary ?? revisionSummary(changedFields(pageSnapshot(before), pageSnapshot(stored)));
  await keepRevision(trx, before, stored, text, now);
  return stored;
}

/** Keeps `saved` as a revision; a page's first revision keeps the version before it too. */
async function keepRevision(trx: Db, before: Page, saved: Page, text: string, now: Date): Promise<void> {
  const revision = await insertPageRevision(trx, saved, text, now);
  // A page from before history existed (or from onboarding) gets its first version kept too: the
  // version before this save becomes 1 and this one 2.
  if (revision.version === 1) {
    await renumberPageRevision(trx, revision.id, 2);
    await insertPageRevision(trx, before, REVISION_SUMMARIES.original, new Date(now.getTime() - 1), 0);
  }
}

/**
 * Points the links to `/<from>` in every page's text at `/<to>` (rules/page-links.ts). Each page it
 * changes but `renamed` (whose save keeps its own revision) is kept as a revision ("Link til omdøbt
 * side opdateret"). Answers the pages it changed by id.
 */
async function retargetLinks(
  trx: Db,
  cvr: string,
  renamed: string,
  from: string,
  to: string,
  now: Date,
): Promise<Map<string, Page>> {
  const changed = new Map<string, Page>();
  for (const page of await listPages(trx, cvr)) {
    const content = retargetPageLinks(page.content, from, to);
    if (content === page.content) continue;
    const updated = valueOrRefuse(await updatePage(trx, cvr, page.id, { content }, now), SAVE_REFUSALS);
    changed.set(page.id, updated);
    if (page.id !== renamed) await keepRevision(trx, page, updated, REVISION_SUMMARIES.linksRetargeted, now);
  }
  return changed;
}

/** Brings back an earlier version of a page as a new save (Unchanged when it is the page as it is). */
export async function restoreRevision(
  trx: Db,
  cvr: string,
  pageId: string,
  revisionId: string,
  now: Date,
): Promise<Page | Unchanged<Page>> {
  const revision = await findPageRevision(trx, cvr, pageId, revisionId);
  if (!revision) throw new AppError('not_found', MESSAGES.revisionNotFound);
  return savePage(trx, cvr, pageId, revision.snapshot, now, restoredSummary(revision.createdAt));
}

/** Deletes a page (never the homepage), keeping it restorable for DELETED_PAGE_DAYS. */
export async function removePage(trx: Db, cvr: string, id: string, now: Date): Promise<void> {
  const page = await findPage(trx, cvr, id);
  if (!page) throw new AppError('not_found', MESSAGES.pageDeleteFailed);
  if (page.type === 'homepage') throw new AppError('forbidden', MESSAGES.homepageNotDeletable);
  await purgeDeletedPages(trx, cvr, undoHorizon(now));
  await insertDeletedPage(trx, page, now);
  valueOrRefuse(await deletePage(trx, cvr, id), {
    'page-not-found': ['not_found', MESSAGES.pageDeleteFailed],
    homepage: ['forbidden', MESSAGES.homepageNotDeletable],
  });
}

/**
 * Brings a deleted page back with its content and address; its slug is made unique again (another
 * page may have taken it meanwhile). It returns at the end of the menu, as a new page would.
 */
export async function restoreDeletedPage(trx: Db, cvr: string, id: string, now: Date): Promise<Page> {
  const deleted = await takeDeletedPage(trx, cvr, id, undoHorizon(now));
  if (!deleted) throw new AppError('not_found', MESSAGES.deletedPageNotFound);
  await refuseAtPageLimit(trx, cvr);
  const { page } = deleted;
  const restored = await insertPage(
    trx,
    cvr,
    {
      pageName: page.pageName,
      // Its own address again, unless another page took it meanwhile.
      slug: page.slug,
      title: page.title,
      type: 'page',
      layout: page.layout,
      subtitle: page.subtitle,
      content: page.content,
      image: page.image,
      heroBackgroundImage: page.heroBackgroundImage,
      gallery: page.gallery,
      metaTitle: page.metaTitle,
      metaDescription: page.metaDescription,
    },
    now,
  );
  await insertPageRevision(trx, restored, REVISION_SUMMARIES.restoredPage, now);
  // Its earlier addresses lead to it again. (Its own, when another page took it meanwhile, is that
  // page's now.)
  await movePageAddresses(trx, cvr, page.id, restored.id);
  return restored;
}

async function refuseAtPageLimit(trx: Db, cvr: string): Promise<void> {
  if (!(await lockCompany(trx, cvr))) throw new AppError('not_found', MESSAGES.companyNotFound);
  if ((await countPages(trx, cvr)) >= MAX_PAGES_PER_SITE)
    throw new AppError('limit_reached', MESSAGES.pageLimit);
}
