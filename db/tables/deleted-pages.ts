// The deleted_pages table: a deleted page's whole row, so the owner can bring it back from "Slettede
// sider" for DELETED_PAGE_DAYS days (issue 14). Older ones are purged when the company deletes again
// or lists them.
import type { Selectable } from 'kysely';
import type { Db } from '../database';
import { parseJson } from './json';
import type { Page } from './pages';

export interface DeletedPagesTable {
  id: string;
  companyCvr: string;
  pageName: string;
  title: string;
  snapshot: string;
  deletedAt: string;
}

type DeletedPageRow = Selectable<DeletedPagesTable>;

export interface DeletedPage {
  id: string;
  pageName: string;
  title: string;
  deletedAt: string;
  page: Page;
}

function toDeletedPage(row: DeletedPageRow): DeletedPage {
  return {
    id: row.id,
    pageName: row.pageName,
    title: row.title,
    deletedAt: row.deletedAt,
    page: parseJson<Page>(row.snapshot, {} as Page),
  };
}

export async function insertDeletedPage(db: Db, page: Page, now = new Date()): Promise<void> {
  await db
    .insertInto('deletedPages')
    .values({
      id: page.id,
      companyCvr: page.companyCvr,
      pageName: page.pageName,
      title: page.title,
      snapshot: JSON.stringify(page),
      deletedAt: now.toISOString(),
    })
    .execute();
}

/** The company's pages deleted at or after `since`, newest first. */
export async function listDeletedPages(db: Db, cvr: string, since: Date): Promise<DeletedPage[]> {
  const rows = await db
    .selectFrom('deletedPages')
    .selectAll()
    .where('companyCvr', '=', cvr)
    .where('deletedAt', '>=', since.toISOString())
    .orderBy('deletedAt', 'desc')
    .orderBy('id')
    .execute();
  return rows.map(toDeletedPage);
}

/** Removes and returns one deleted page of the company if it was deleted at or after `since`. */
export async function takeDeletedPage(
  db: Db,
  cvr: string,
  id: string,
  since: Date,
): Promise<DeletedPage | undefined> {
  const row = await db
    .deleteFrom('deletedPages')
    .where('companyCvr', '=', cvr)
    .where('id', '=', id)
    .where('deletedAt', '>=', since.toISOString())
    .returningAll()
    .executeTakeFirst();
  return row && toDeletedPage(row);
}

/** Forgets the company's pages deleted before `before`. */
export async function purgeDeletedPages(db: Db, cvr: string, before: Date): Promise<void> {
  await db
    .deleteFrom('deletedPages')
    .where('companyCvr', '=', cvr)
    .where('deletedAt', '<', before.toISOString())
    .execute();
}
