// Issue 51 item 5: the owner's own note on a request in Henvendelser (rules/lead-notes.ts), text only
// the owner sees. A column on leads, so it goes with its request (deleted after twelve months, or by
// the owner) and with its company.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('leads')
    .addColumn('owner_note', 'text', (col) => col.notNull().defaultTo(''))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('leads').dropColumn('owner_note').execute();
}
