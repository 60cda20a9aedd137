// Issue 48, a review needs a real customer:
// - review_requests.customer_confirms: 1 when the link reached the customer through the owner (the
//   SMS text he copied), so the review counts only once the customer confirmed an e-mail address of
//   their own. Every SMS request made before this migration was such a text: they get 1.
// - reviews: where it came from (a keyed hash of the client address, of the customer's confirmed
//   e-mail), confirmed_at (null while the customer's confirmation is awaited; pending_email holds
//   the address until then), and held_at/held_reason/released_at: held for the operator (many from
//   one client address, one e-mail or one hour) until released or removed. Reviews already there were
//   written through a link sent to the customer: confirmed at their time, not held.
// - review_settings.show_on_site goes: a company cannot hide its reviews, as the site says.
// - An index for "one request per quote request, ever".
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('review_requests')
    .addColumn('customer_confirms', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await sql`update review_requests set customer_confirms = 1 where channel = 'sms'`.execute(db);
  await db.schema
    .createIndex('review_requests_lead_idx')
    .on('review_requests')
    .columns(['company_cvr', 'lead_id'])
    .execute();
  for (const [column, notNull] of [
    ['client_hash', true],
    ['author_email_hash', true],
    ['confirmed_at', false],
    ['pending_email', false],
    ['held_at', false],
    ['held_reason', false],
    ['released_at', false],
  ] as const) {
    await db.schema
      .alterTable('reviews')
      .addColumn(column, 'text', (col) => (notNull ? col.notNull().defaultTo('') : col))
      .execute();
  }
  await sql`update reviews set confirmed_at = created_at`.execute(db);
  await db.schema.alterTable('review_settings').dropColumn('show_on_site').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('review_settings')
    .addColumn('show_on_site', 'integer', (col) => col.notNull().defaultTo(1))
    .execute();
  for (const column of [
    'released_at',
    'held_reason',
    'held_at',
    'pending_email',
    'confirmed_at',
    'author_email_hash',
    'client_hash',
  ]) {
    await db.schema.alterTable('reviews').dropColumn(column).execute();
  }
  await db.schema.dropIndex('review_requests_lead_idx').execute();
  await db.schema.alterTable('review_requests').dropColumn('customer_confirms').execute();
}
