// What 100,000 companies need (tests/scale/query-plans.test.ts checks every statement's plan): the
// recovery sweep's unpublished companies by a partial index, a company's page revisions and a session's hand-offs by index,
// and the number of companies as a counter kept with each insert and delete instead of a COUNT(*)
// over the table on every publish. (The landing page's newest companies use companies_created_idx
// from 0006.)
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('publish_state_unpublished_idx')
    .on('publish_state')
    .columns(['updated_at', 'company_cvr'])
    .where(sql.ref('wanted_version'), '>', sql.ref('published_version'))
    .execute();
  // A company's revisions by its foreign key: deleting a company must not scan every revision.
  await db.schema
    .createIndex('page_revisions_company_idx')
    .on('page_revisions')
    .column('company_cvr')
    .execute();
  // Logout ends the sessions handed off from this one (0005's parent_id): by index, not a scan.
  await db.schema.createIndex('sessions_parent_idx').on('sessions').column('parent_id').execute();
  await db.schema
    .createTable('counters')
    .addColumn('name', 'text', (col) => col.primaryKey())
    .addColumn('value', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await sql`insert into counters (name, value) select 'companies', count(*) from companies`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('counters').execute();
  await db.schema.dropIndex('sessions_parent_idx').execute();
  await db.schema.dropIndex('page_revisions_company_idx').execute();
  await db.schema.dropIndex('publish_state_unpublished_idx').execute();
}
