// Issue 48 item 4: the operator checks a company's guarantee schemes and associations one by one, as
// it checks the authorisation number, and only a checked claim reaches the site's JSON-LD.
// - schemes_checked: the ids (JSON, as schemes) an operator found the company a member of; an id the
//   owner drops from schemes leaves this list with it.
// - schemes_checked_at: the operator's latest check among them (null while none is checked): the
//   operator's list of checked claims, newest first, to take a check back.
// - schemes_check_due_at: set while a claimed scheme is unchecked (null when none is): the
//   operator's list of schemes to check, oldest first.
// Existing rows: nothing checked, and every row with a scheme is due from its confirmation.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('trust_settings')
    .addColumn('schemes_checked', 'text', (col) => col.notNull().defaultTo('[]'))
    .execute();
  await db.schema.alterTable('trust_settings').addColumn('schemes_checked_at', 'text').execute();
  await db.schema.alterTable('trust_settings').addColumn('schemes_check_due_at', 'text').execute();
  await sql`update trust_settings set schemes_check_due_at = coalesce(schemes_confirmed_at, updated_at) where schemes <> '[]'`.execute(
    db,
  );
  await db.schema
    .createIndex('trust_settings_schemes_due_idx')
    .on('trust_settings')
    .columns(['schemes_check_due_at', 'company_cvr'])
    .execute();
  await db.schema
    .createIndex('trust_settings_schemes_checked_idx')
    .on('trust_settings')
    .column('schemes_checked_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('trust_settings_schemes_checked_idx').execute();
  await db.schema.dropIndex('trust_settings_schemes_due_idx').execute();
  await db.schema.alterTable('trust_settings').dropColumn('schemes_check_due_at').execute();
  await db.schema.alterTable('trust_settings').dropColumn('schemes_checked_at').execute();
  await db.schema.alterTable('trust_settings').dropColumn('schemes_checked').execute();
}
