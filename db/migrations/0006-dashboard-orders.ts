// Issue 14 (dashboard, end of the trial, operator view): page views per company and page, the
// subscription orders, and the indexes the operator view reads through at 100,000 companies
// (sign-ups by creation time, trials by their end, failed publishes only).
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('site_page_views')
    .addColumn('company_cvr', 'text', (col) => col.notNull())
    .addColumn('day', 'text', (col) => col.notNull())
    .addColumn('path', 'text', (col) => col.notNull())
    .addColumn('count', 'integer', (col) => col.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('site_page_views_pkey', ['company_cvr', 'day', 'path'])
    .execute();
  await db.schema
    .createTable('orders')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('company_cvr', 'text', (col) => col.notNull())
    .addColumn('plan', 'text', (col) => col.notNull())
    .addColumn('billing_email', 'text', (col) => col.notNull())
    .addColumn('ean', 'text')
    .addColumn('invoice_cvr', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('orders_company_idx').on('orders').column('company_cvr').execute();
  await db.schema.createIndex('orders_created_idx').on('orders').column('created_at').execute();
  await db.schema.createIndex('companies_created_idx').on('companies').column('created_at').execute();
  await db.schema.createIndex('companies_trial_end_idx').on('companies').column('trial_end_date').execute();
  // Failed publishes (the operator view, /api/health's "publishes failing"). Partial: the healthy
  // majority of rows is not in it.
  await db.schema
    .createIndex('publish_state_failed_idx')
    .on('publish_state')
    .column('last_attempt_at')
    .where(sql.ref('last_error'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('publish_state_failed_idx').execute();
  await db.schema.dropIndex('companies_trial_end_idx').execute();
  await db.schema.dropIndex('companies_created_idx').execute();
  await db.schema.dropTable('orders').execute();
  await db.schema.dropTable('site_page_views').execute();
}
