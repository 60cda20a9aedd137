// Issue 52 item 8: a garage's message form asks for the car's number plate ("Nummerplade",
// rules/trades/site-fit.ts `asksPlate`); kept with its request, '' for every other trade.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('leads')
    .addColumn('plate', 'text', (col) => col.notNull().defaultTo(''))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('leads').dropColumn('plate').execute();
}
