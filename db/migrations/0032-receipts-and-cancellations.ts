// Issue 49, two additions.
// 1. The customer who sent a quote request with an e-mail gets a receipt ("Vi har modtaget din
// henvendelse", a copy of what they sent). Its pending mail is a row of its own, written with the
// request in insertLead's transaction and sent by the outbox like the owner's mail (api/mail-outbox.ts),
// so a crash or a dead mail server delays it and never loses it.
// 2. "Opsig abonnement": the order says when it was cancelled, and the company until when its site is
// still shown (rules/trial.ts subscriptionEndsAt); siteState reads plan_ends_at with the plan status.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('lead_receipt_mails')
    .addColumn('lead_id', 'text', (col) => col.primaryKey())
    .addColumn('company_cvr', 'text', (col) => col.notNull())
    // The customer's address, so the cap per address (db/tables/leads.ts) needs no join.
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (col) => col.notNull())
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('lead_receipt_mails_due_idx')
    .on('lead_receipt_mails')
    .column('next_attempt_at')
    .execute();
  await db.schema.alterTable('orders').addColumn('cancelled_at', 'text').execute();
  await db.schema.alterTable('companies').addColumn('plan_ends_at', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('companies').dropColumn('plan_ends_at').execute();
  await db.schema.alterTable('orders').dropColumn('cancelled_at').execute();
  await db.schema.dropTable('lead_receipt_mails').execute();
}
