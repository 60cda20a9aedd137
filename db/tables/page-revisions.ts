// The page_revisions table: a page as it was after each save, with a short summary, so an owner can
// bring back an earlier version (issue 14). Written in the save's own transaction; only the newest
// REVISIONS_KEPT per page are kept.
import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
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
 * Records `page` as its newest revision and drops all but the newest REVISIONS_KEPT. `lastVersion`,
 * when the caller read it already in this transaction (lastRevisionVersion), saves reading it again.
 */
export async function insertPageRevision(
  db: Db,
  page: Page,
  summary: string,
  now = new Date(),
  lastVersion?: number,
): Promise<PageRevision> {
  const version = (lastVersion ?? (await lastRevisionVersion(db, page.id))) + 1;
  const revision: PageRevision = {
    id: randomUUID(),
    pageId: page.id,
    version,
    summary,
    createdAt: now.toISOString(),
    snapshot: pageSnapshot(page),
  };
  await insertRevision(
    db,
    revision.id,
    page.companyCvr,
    page.id,
    version,
    summary,
    JSON.stringify(revision.snapshot),
    revision.createdAt,
  );
  // Versions count up from 1 without gaps, so up to REVISIONS_KEPT there is nothing to drop.
  if (version > REVISIONS_KEPT) await deleteRevisionsUpTo(db, page.id, version - REVISIONS_KEPT);
  return revision;
}

// Every save runs these three: built once (prepared.ts).
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

const selectLastVersion = prepared((db: Db, pageId: string) =>
  db
    .selectFrom('pageRevisions')
    .select((eb) => eb.fn.max('version').as('version'))
    .where('pageId', '=', pageId),
);

/** The version of the page's newest revision; 0 when it has none. */
export async function lastRevisionVersion(db: Db, pageId: string): Promise<number> {
  const last = (await selectLastVersion(db, pageId)).rows[0];
  return Number(last?.version ?? 0);
}

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
