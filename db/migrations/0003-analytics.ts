// First-party, cookieless analytics: per-day counters (page views per path, CVR look-ups per status)
// and the raw cvr_lookup events with the spec's fields. No cookie, no IP address, no visitor id.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('analytics_daily')
    .addColumn('day', 'text', (col) => col.notNull())
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('key', 'text', (col) => col.notNull())
    .addColumn('count', 'integer', (col) => col.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('analytics_daily_pkey', ['day', 'type', 'key'])
    .execute();
  await db.schema
    .createTable('analytics_events')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('data', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('analytics_events_created_idx')
    .on('analytics_events')
    .column('created_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('analytics_events').execute();
  await db.schema.dropTable('analytics_daily').execute();
}
