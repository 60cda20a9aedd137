// Page history and undo, and the per-company save counter (issues 14 and 15):
// - page_revisions: a page as it was after each save (at most the newest 20 kept per page), with a
//   short Danish summary, written in the save's own transaction;
// - deleted_pages: a deleted page's full row, restorable for 30 days;
// - save_rate: saves per company in the current minute, shared by every process on the database.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('page_revisions')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('company_cvr', 'text', (col) => col.notNull().references('companies.cvr').onDelete('cascade'))
    .addColumn('page_id', 'text', (col) => col.notNull().references('pages.id').onDelete('cascade'))
    // 1, 2, 3 … per page: the order of saves, even within one millisecond.
    .addColumn('version', 'integer', (col) => col.notNull())
    .addColumn('summary', 'text', (col) => col.notNull())
    // The page's fields as JSON (pageName, title, subtitle, content, layout, images, gallery, meta).
    .addColumn('snapshot', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('page_revisions_page_version_idx')
    .on('page_revisions')
    .columns(['page_id', 'version'])
    .execute();

  await db.schema
    .createTable('deleted_pages')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('company_cvr', 'text', (col) => col.notNull().references('companies.cvr').onDelete('cascade'))
    .addColumn('page_name', 'text', (col) => col.notNull())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('snapshot', 'text', (col) => col.notNull())
    .addColumn('deleted_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('deleted_pages_company_deleted_idx')
    .on('deleted_pages')
    .columns(['company_cvr', 'deleted_at'])
    .execute();

  await db.schema
    .createTable('save_rate')
    .addColumn('company_cvr', 'text', (col) =>
      col.primaryKey().references('companies.cvr').onDelete('cascade'),
    )
    // Minutes since the epoch (UTC) of the window being counted.
    .addColumn('window_minute', 'integer', (col) => col.notNull())
    .addColumn('save_count', 'integer', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('save_rate').execute();
  await db.schema.dropTable('deleted_pages').execute();
  await db.schema.dropTable('page_revisions').execute();
}
