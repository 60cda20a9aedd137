// Issue 42: what a customer checks before calling — the company's authorisation (and whether the
// operator has checked its number in Sikkerhedsstyrelsen's register), the guarantee schemes and
// associations the owner confirmed, the håndværkerfradrag block's switch, the area the company drives
// to, and the emergency line. One row per company, absent until the owner saves the Troværdighed tab
// (or names an authorisation at sign-up); lists are JSON text like the other nested shapes.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('trust_settings')
    .addColumn('company_cvr', 'text', (col) =>
      col.primaryKey().references('companies.cvr').onDelete('cascade'),
    )
    .addColumn('authorisation_type', 'text')
    .addColumn('authorisation_number', 'text')
    // When the current type and number were entered, and when the operator found them in the
    // register; a changed type or number clears the check (db/tables/trust-settings.ts).
    .addColumn('authorisation_entered_at', 'text')
    .addColumn('authorisation_checked_at', 'text')
    .addColumn('schemes', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('schemes_confirmed_at', 'text')
    .addColumn('deduction_shown', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('area_mode', 'text', (col) => col.notNull().defaultTo('none'))
    .addColumn('area_municipalities', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('area_radius_km', 'integer')
    .addColumn('emergency_enabled', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('emergency_phone', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('emergency_hours', 'text', (col) => col.notNull().defaultTo('always'))
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  // The operator's list of numbers to check: unchecked first, oldest entry first.
  await db.schema
    .createIndex('trust_settings_unchecked_idx')
    .on('trust_settings')
    .columns(['authorisation_checked_at', 'authorisation_entered_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('trust_settings').execute();
}
