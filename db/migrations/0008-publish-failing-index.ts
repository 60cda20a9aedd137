// An index of the companies whose last publish attempt failed: `/api/health` asks for them (is any
// publish failing?), and with 100,000 companies that question must not scan publish_state. Partial,
// so it holds only the few failing rows; both SQLite and PostgreSQL support `where` on an index.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('publish_state_failing_idx')
    .on('publish_state')
    .column('last_attempt_at')
    .where(sql.ref('last_error'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('publish_state_failing_idx').execute();
}
