// The welcome e-mail goes out from an outbox, like the quote-request mails: onboarding writes the row
// in the transaction that creates the company, and the serving processes send it until the mail
// server takes it. Before, onboarding sent it before answering, and a mail server that was down lost
// it (it was only logged).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('welcome_mails')
    .addColumn('company_cvr', 'text', (col) =>
      col.primaryKey().references('companies.cvr').onDelete('cascade'),
    )
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (col) => col.notNull())
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('welcome_mails_due_idx')
    .on('welcome_mails')
    .column('next_attempt_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('welcome_mails').execute();
}
