// Issue 51: the owner's Timepris (kr. ekskl. moms per hour, in øre) in the tilbud settings, so a new
// tilbud starts with an Arbejdsløn line at that price and "+ Arbejdsløn" adds one. 0 is "not set".
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('quote_settings')
    .addColumn('hourly_rate_ore', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('quote_settings').dropColumn('hourly_rate_ore').execute();
}
