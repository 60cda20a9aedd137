// The page_addresses table (migration 0030, issue 49): the earlier addresses of a company's pages. A
// request for one is answered with a permanent redirect to the page's current address
// (server/moved-pages.ts). A row names the page, not the address it moved to, so a page moved
// a → b → c answers a and b with c directly.
import type { Db } from '../database';

export interface PageAddressesTable {
  companyCvr: string;
  slug: string;
  pageId: string;
  createdAt: string;
}

/** Keeps `slug` as an earlier address of the page `pageId` (a row of another page for it moves over). */
export async function keepOldAddress(
  db: Db,
  cvr: string,
  slug: string,
  pageId: string,
  now: Date,
): Promise<void> {
  await db
    .insertInto('pageAddresses')
    .values({ companyCvr: cvr, slug, pageId, createdAt: now.toISOString() })
    .onConflict((conflict) =>
      conflict.columns(['companyCvr', 'slug']).doUpdateSet({ pageId, createdAt: now.toISOString() }),
    )
    .execute();
}

/** `slug` is a page's own address again (the page went back to it, or another page took it): it no
 *  longer redirects. */
export async function forgetOldAddress(db: Db, cvr: string, slug: string): Promise<void> {
  await db.deleteFrom('pageAddresses').where('companyCvr', '=', cvr).where('slug', '=', slug).execute();
}

/** Every earlier address of the company's pages (a new page's slug is made to avoid them). */
export async function listOldAddresses(db: Db, cvr: string): Promise<string[]> {
  const rows = await db.selectFrom('pageAddresses').select('slug').where('companyCvr', '=', cvr).execute();
  return rows.map((row) => row.slug);
}

/** The earlier addresses of one page, oldest first (the editor lists them). */
export async function listPageOldAddresses(db: Db, cvr: string, pageId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('pageAddresses')
    .select('slug')
    .where('companyCvr', '=', cvr)
    .where('pageId', '=', pageId)
    .orderBy('createdAt')
    .orderBy('slug')
    .execute();
  return rows.map((row) => row.slug);
}

/**
 * Where an earlier address of the company leads now: the current slug of the page that had it ('' for
 * the homepage), or null when `slug` was never a page's address or that page is gone.
 */
export async function findMovedPage(db: Db, cvr: string, slug: string): Promise<string | null> {
  const row = await db
    .selectFrom('pageAddresses')
    .innerJoin('pages', (join) =>
      join
        .onRef('pages.id', '=', 'pageAddresses.pageId')
        .onRef('pages.companyCvr', '=', 'pageAddresses.companyCvr'),
    )
    .select(['pages.slug', 'pages.type'])
    .where('pageAddresses.companyCvr', '=', cvr)
    .where('pageAddresses.slug', '=', slug)
    .executeTakeFirst();
  if (!row) return null;
  return row.type === 'homepage' ? '' : row.slug;
}

/** A deleted page came back under a new id: its earlier addresses lead to it again. */
export async function movePageAddresses(
  db: Db,
  cvr: string,
  fromPageId: string,
  toPageId: string,
): Promise<void> {
  await db
    .updateTable('pageAddresses')
    .set({ pageId: toPageId })
    .where('companyCvr', '=', cvr)
    .where('pageId', '=', fromPageId)
    .execute();
}
