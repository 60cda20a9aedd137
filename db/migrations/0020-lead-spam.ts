// Issue 39: a flood of quote requests no longer closes a company's form. Past the company's hourly
// allowance a request is still stored, marked as possible spam (`leads.spam`), and not mailed one by
// one; the owner gets at most one summary mail an hour, from its own small outbox
// (`lead_spam_summaries`, one row per company: how many spam requests the next summary reports, and
// when it may go).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('leads')
    .addColumn('spam', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  // The inbox's two lists (requests, "Mulig spam"), newest first, and the spam caps per company.
  await db.schema
    .createIndex('leads_company_spam_idx')
    .on('leads')
    .columns(['company_cvr', 'spam', 'created_at'])
    .execute();
  await db.schema
    .createTable('lead_spam_summaries')
    .addColumn('company_cvr', 'text', (col) => col.primaryKey())
    // Spam requests stored since the last summary went out.
    .addColumn('pending', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    // When the next summary may go: a while after a flood's first request, an hour after the last one.
    .addColumn('next_attempt_at', 'text', (col) => col.notNull())
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('lead_spam_summaries_due_idx')
    .on('lead_spam_summaries')
    .column('next_attempt_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('lead_spam_summaries').execute();
  await db.schema.dropIndex('leads_company_spam_idx').execute();
  await db.schema.alterTable('leads').dropColumn('spam').execute();
}
