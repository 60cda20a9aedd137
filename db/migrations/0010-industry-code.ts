// The CVR registry's DB07 industry code beside its description: the surest way to a company's trade
// profile (rules/trades) when the site writer runs later than onboarding (the admin's AI text).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('companies')
    .addColumn('industry_code', 'text', (col) => col.notNull().defaultTo(''))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('companies').dropColumn('industry_code').execute();
}
