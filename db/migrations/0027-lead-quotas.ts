// Issue 48 (findings 3 and 4): limits every process shares, spam kept by client, photo quotas.
// - `limit_counts`: one row per (limit, key) holding the points counted in the current window and when
//   that window ends. Without Redis it is where every web process counts its rate limits (db/tables/
//   limit-counts.ts); the lead photos' daily byte budgets are counted here in any deployment, since
//   they are stored sizes and must hold across processes and restarts.
// - `leads.client_hash`: a keyed hash of the client (address or IPv6 /64) a request came from, so that
//   possible spam is capped per client and a flood cannot push out another client's request.
// - `lead_spam_summaries.dropped`: how many possible-spam requests were not kept, for the summary.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('limit_counts')
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('key', 'text', (col) => col.notNull())
    .addColumn('points', 'integer', (col) => col.notNull())
    // ISO-8601 UTC: the window ends here; a hit after it starts a new window.
    .addColumn('window_ends_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('limit_counts_pkey', ['name', 'key'])
    .execute();
  await db.schema.createIndex('limit_counts_ends_idx').on('limit_counts').column('window_ends_at').execute();
  await db.schema.alterTable('leads').addColumn('client_hash', 'text').execute();
  await db.schema
    .createIndex('leads_company_spam_client_idx')
    .on('leads')
    .columns(['company_cvr', 'client_hash', 'created_at'])
    .execute();
  await db.schema
    .alterTable('lead_spam_summaries')
    .addColumn('dropped', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('lead_spam_summaries').dropColumn('dropped').execute();
  await db.schema.dropIndex('leads_company_spam_client_idx').execute();
  await db.schema.alterTable('leads').dropColumn('client_hash').execute();
  await db.schema.dropTable('limit_counts').execute();
}
