// A save bumped two rows in two statements: the company's save count of the minute (save_rate) and
// its wanted version (publish_state), both keyed by the company. The count moves into publish_state,
// so one upsert does both (issue 26). The counts are rate-limit state of the current minute, not
// data: they are not carried over.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('publish_state')
    // Minutes since the epoch (UTC) of the window save_count counts; 0 before the first save.
    .addColumn('save_minute', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('publish_state')
    .addColumn('save_count', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.dropTable('save_rate').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('save_rate')
    .addColumn('company_cvr', 'text', (col) =>
      col.primaryKey().references('companies.cvr').onDelete('cascade'),
    )
    .addColumn('window_minute', 'integer', (col) => col.notNull())
    .addColumn('save_count', 'integer', (col) => col.notNull())
    .execute();
  await sql`insert into save_rate (company_cvr, window_minute, save_count)
    select company_cvr, save_minute, save_count from publish_state where save_count > 0`.execute(db);
  await db.schema.alterTable('publish_state').dropColumn('save_count').execute();
  await db.schema.alterTable('publish_state').dropColumn('save_minute').execute();
}
