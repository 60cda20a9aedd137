// Menu order and visibility of a company's pages (issue 14): `sort_order` is a page's place in the
// menu (0 first; the homepage stays first) and `show_in_menu` (0/1) whether the generated menu links
// it. A hidden page is still published, reachable by its address and listed in the sitemap.
// Existing pages keep today's order: by created_at, then id.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('pages')
    .addColumn('sort_order', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('pages')
    .addColumn('show_in_menu', 'integer', (col) => col.notNull().defaultTo(1))
    .execute();
  // Portable rank (no window functions): how many of the company's pages come before this one.
  await sql`
    update pages set sort_order = (
      select count(*) from pages as earlier
      where earlier.company_cvr = pages.company_cvr
        and (earlier.created_at < pages.created_at
          or (earlier.created_at = pages.created_at and earlier.id < pages.id))
    )`.execute(db);
  await db.schema
    .createIndex('pages_company_sort_idx')
    .on('pages')
    .columns(['company_cvr', 'sort_order'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('pages_company_sort_idx').execute();
  await db.schema.alterTable('pages').dropColumn('show_in_menu').execute();
  await db.schema.alterTable('pages').dropColumn('sort_order').execute();
}
