// Remembers CVR registry answers for a day: the free cvrapi.dk service allows about 50 look-ups a
// day, and an onboarding often looks the same CVR up more than once. `data` is the company as JSON.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('cvr_cache')
    .addColumn('cvr', 'text', (col) => col.primaryKey())
    .addColumn('data', 'text', (col) => col.notNull())
    .addColumn('fetched_at', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('cvr_cache').execute();
}
