// Issue 49: a page's address (slug) no longer follows its menu name, and an address the owner changes
// keeps working. `page_addresses` holds every earlier address of a company's pages: (company, slug)
// → the page that had it. A request for one answers 301 to the page's current address
// (server/moved-pages.ts), for as long as the company exists. It names the page, not its next
// address, so a chain a → b → c leads to the final address in one hop; a page that later takes the
// address itself (or another page made with it) removes the row. No foreign key to pages: a deleted
// page can be restored for 30 days and gets its old addresses back (api/services/pages.ts).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('page_addresses')
    .addColumn('company_cvr', 'text', (col) => col.notNull().references('companies.cvr').onDelete('cascade'))
    .addColumn('slug', 'text', (col) => col.notNull())
    .addColumn('page_id', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('page_addresses_pk', ['company_cvr', 'slug'])
    .execute();
  await db.schema.createIndex('page_addresses_page_idx').on('page_addresses').column('page_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('page_addresses').execute();
}
