// The page_revisions table: a page as it was after each save, with a short summary, so an owner can
// bring back an earlier version (issue 14). Written in the save's own transaction; only the newest
// REVISIONS_KEPT per page are kept.
import { randomUUID } from 'node:crypto';
import { type Selectable, sql } from 'kysely';
import { REVISION_FIELDS, REVISIONS_KEPT } from '../../rules/page-history';
import type { Db } from '../database';
import { prepared } from '../prepared';
import { parseJson } from './json';
import type { Page } from './pages';

export interface PageRevisionsTable {
  id: string;
  companyCvr: string;
  pageId: string;
  version: number;
  summary: string;
  snapshot: string;
  createdAt: string;
}

type PageRevisionRow = Selectable<PageRevisionsTable>;

/** The page fields a revision holds (everything the owner edits; not the id, slug or type). */
export type PageSnapshot = Pick<Page, (typeof REVISION_FIELDS)[number]>;

export interface PageRevision {
  id: string;
  pageId: string;
  version: number;
  summary: string;
  createdAt: string;
  snapshot: PageSnapshot;
}

export function pageSnapshot(page: Page): PageSnapshot {
  return Object.fromEntries(REVISION_FIELDS.map((field) => [field, page[field]])) as PageSnapshot;
}

function toRevision(row: PageRevisionRow): PageRevision {
  return {
    id: row.id,
    pageId: row.pageId,
    version: row.version,
    summary: row.summary,
    createdAt: row.createdAt,
    snapshot: parseJson<PageSnapshot>(row.snapshot, {} as PageSnapshot),
  };
}

/**
 * Records `page` as its newest revision and drops all but the newest REVISIONS_KEPT. Its version is
 * the page's newest plus one, read by the insert itself; `lastVersion`, when the caller knows it,
 * is taken instead.
 */
export async function insertPageRevision(
  db: Db,
  page: Page,
  summary: string,
  now = new Date(),
  lastVersion?: number,
): Promise<PageRevision> {
  const id = randomUUID();
  const createdAt = now.toISOString();
  const snapshot = pageSnapshot(page);
  const text = JSON.stringify(snapshot);
  let version: number;
  if (lastVersion === undefined) {
    const row = (
      await insertNextRevision(db, id, page.companyCvr, page.id, summary, text, createdAt, page.id)
    ).rows[0];
    if (!row) throw new Error('the revision insert returned no row');
    version = Number(row.version);
  } else {
    version = lastVersion + 1;
    await insertRevision(db, id, page.companyCvr, page.id, version, summary, text, createdAt);
  }
  // Versions count up from 1 without gaps, so up to REVISIONS_KEPT there is nothing to drop.
  if (version > REVISIONS_KEPT) await deleteRevisionsUpTo(db, page.id, version - REVISIONS_KEPT);
  return { id, pageId: page.id, version, summary, createdAt, snapshot };
}

/** Gives a revision another version number (a first save files the version before it under it). */
export async function renumberPageRevision(db: Db, id: string, version: number): Promise<void> {
  await db.updateTable('pageRevisions').set({ version }).where('id', '=', id).execute();
}

// Every save runs these: built once (prepared.ts). The next version is read by the insert itself:
// one statement where a read of the newest and an insert were two. On PostgreSQL it runs after the
// save's UPDATE took the page's row lock, so a concurrent save of the page has committed its
// revision by then, and this statement's snapshot (taken when it starts) sees it.
const insertNextRevision = prepared(
  (
    db: Db,
    id: string,
    companyCvr: string,
    pageId: string,
    summary: string,
    snapshot: string,
    createdAt: string,
    ofPage: string,
  ) =>
    db
      .insertInto('pageRevisions')
      .columns(['id', 'companyCvr', 'pageId', 'version', 'summary', 'snapshot', 'createdAt'])
      .expression((eb) =>
        eb
          .selectFrom('pageRevisions')
          .select((inner) => [
            inner.val(id).as('id'),
            inner.val(companyCvr).as('companyCvr'),
            inner.val(pageId).as('pageId'),
            sql<number>`coalesce(max(version), 0) + 1`.as('version'),
            inner.val(summary).as('summary'),
            inner.val(snapshot).as('snapshot'),
            inner.val(createdAt).as('createdAt'),
          ])
          .where('pageId', '=', ofPage),
      )
      .returning('version'),
);

const insertRevision = prepared(
  (
    db: Db,
    id: string,
    companyCvr: string,
    pageId: string,
    version: number,
    summary: string,
    snapshot: string,
    createdAt: string,
  ) =>
    db.insertInto('pageRevisions').values({ id, companyCvr, pageId, version, summary, snapshot, createdAt }),
);

const deleteRevisionsUpTo = prepared((db: Db, pageId: string, version: number) =>
  db.deleteFrom('pageRevisions').where('pageId', '=', pageId).where('version', '<=', version),
);

/** Whether the page has any revision yet (without reading their snapshots). */
export async function hasPageRevisions(db: Db, pageId: string): Promise<boolean> {
  const row = await db
    .selectFrom('pageRevisions')
    .select('id')
    .where('pageId', '=', pageId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** A page's revisions, newest first; another company's page finds none. */
export async function listPageRevisions(db: Db, cvr: string, pageId: string): Promise<PageRevision[]> {
  const rows = await db
    .selectFrom('pageRevisions')
    .selectAll()
    .where('companyCvr', '=', cvr)
    .where('pageId', '=', pageId)
    .orderBy('version', 'desc')
    .limit(REVISIONS_KEPT)
    .execute();
  return rows.map(toRevision);
}

export async function findPageRevision(
  db: Db,
  cvr: string,
  pageId: string,
  id: string,
): Promise<PageRevision | undefined> {
  const row = await db
    .selectFrom('pageRevisions')
    .selectAll()
    .where('companyCvr', '=', cvr)
    .where('pageId', '=', pageId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row && toRevision(row);
}
