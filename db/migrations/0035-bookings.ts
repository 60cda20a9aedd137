// Issue 52: online booking. Four tables:
// - booking_settings: one row per company (on/off, horizon, notice, chairs, closed ranges, breaks,
//   the owner's new-booking mail, the private calendar feed's token). No row: the trade's defaults.
// - booking_services: what a customer can book (name, minutes, buffer, price in øre or none, "fra").
// - bookings: one row per booking, in any state; start/end in UTC ISO text.
// - booking_claims: what makes a double booking impossible on both dialects. A booking that holds a
//   chair from its start to its end plus buffer inserts one row per quarter hour it touches, in the
//   same transaction as the booking; the primary key (company, chair, quarter) refuses a second
//   claim on any of them, so of two bookings that overlap by one minute only one can commit, however
//   many arrive at once. Cancelling deletes the claims; the booking row stays as history.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('booking_settings')
    .addColumn('company_cvr', 'text', (col) =>
      col.primaryKey().references('companies.cvr').onDelete('cascade'),
    )
    .addColumn('enabled', 'integer', (col) => col.notNull())
    .addColumn('horizon_days', 'integer', (col) => col.notNull())
    .addColumn('notice_minutes', 'integer', (col) => col.notNull())
    .addColumn('chairs', 'integer', (col) => col.notNull())
    .addColumn('closed', 'text', (col) => col.notNull())
    .addColumn('breaks', 'text', (col) => col.notNull())
    .addColumn('notify_owner', 'integer', (col) => col.notNull())
    .addColumn('feed_token', 'text', (col) => col.unique())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('booking_services')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('company_cvr', 'text', (col) => col.notNull().references('companies.cvr').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('minutes', 'integer', (col) => col.notNull())
    .addColumn('buffer_minutes', 'integer', (col) => col.notNull())
    .addColumn('price_ore', 'integer')
    .addColumn('from_price', 'integer', (col) => col.notNull())
    .addColumn('sort_order', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('booking_services_company_idx')
    .on('booking_services')
    .columns(['company_cvr', 'sort_order'])
    .execute();

  await db.schema
    .createTable('bookings')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('company_cvr', 'text', (col) => col.notNull().references('companies.cvr').onDelete('cascade'))
    // No foreign key: a booking keeps its service's name and minutes after the owner deletes it.
    .addColumn('service_id', 'text')
    .addColumn('service_name', 'text', (col) => col.notNull())
    .addColumn('starts_at', 'text', (col) => col.notNull())
    .addColumn('ends_at', 'text', (col) => col.notNull())
    .addColumn('held_until', 'text', (col) => col.notNull())
    .addColumn('chair', 'integer', (col) => col.notNull())
    .addColumn('customer_name', 'text', (col) => col.notNull())
    .addColumn('customer_phone', 'text', (col) => col.notNull())
    .addColumn('customer_email', 'text', (col) => col.notNull())
    .addColumn('customer_note', 'text', (col) => col.notNull())
    .addColumn('registration_number', 'text', (col) => col.notNull())
    .addColumn('state', 'text', (col) => col.notNull())
    .addColumn('source', 'text', (col) => col.notNull())
    .addColumn('cancel_token_hash', 'text', (col) => col.unique())
    .addColumn('cancel_message', 'text')
    .addColumn('moved_to', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('cancelled_at', 'text')
    .execute();
  await db.schema
    .createIndex('bookings_company_start_idx')
    .on('bookings')
    .columns(['company_cvr', 'starts_at'])
    .execute();

  await db.schema
    .createTable('booking_claims')
    .addColumn('company_cvr', 'text', (col) => col.notNull().references('companies.cvr').onDelete('cascade'))
    .addColumn('chair', 'integer', (col) => col.notNull())
    .addColumn('quantum', 'integer', (col) => col.notNull())
    .addColumn('booking_id', 'text', (col) => col.notNull().references('bookings.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('booking_claims_pk', ['company_cvr', 'chair', 'quantum'])
    .execute();
  await db.schema
    .createIndex('booking_claims_booking_idx')
    .on('booking_claims')
    .column('booking_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('booking_claims').execute();
  await db.schema.dropTable('bookings').execute();
  await db.schema.dropTable('booking_services').execute();
  await db.schema.dropTable('booking_settings').execute();
}
