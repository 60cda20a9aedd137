// Issue 41, reviews from real customers. A review is written only through a link the company sent:
// - review_requests: one link each (its id is the link's nonce, signed in db/review-token.ts), bound to
//   a company, valid until expires_at, used once (used_at), or declined by the customer (declined_at).
//   The customer's e-mail stays only while a reminder may still go to it; what remains afterwards is a
//   keyed hash of the e-mail and of the phone, so a customer who said no is never asked again.
// - reviews: what the customer wrote; the owner may add one answer and report it, only the operator
//   removes it (text blanked, the reason kept), and the customer deletes it outright.
// - review_settings: the owner's two switches (reminders, reviews on the site), both on by default.
// - review_mails: the outbox of review mail (requests, reminders, the customer's receipt, the owner's
//   notice); a row holds its address only until the mail server took the mail.
// Everything goes with its company (foreign keys, on delete cascade).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('review_settings')
    .addColumn('company_cvr', 'text', (col) =>
      col.primaryKey().references('companies.cvr').onDelete('cascade'),
    )
    .addColumn('reminders_enabled', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('show_on_site', 'integer', (col) => col.notNull().defaultTo(1))
    .execute();
  await db.schema
    .createTable('review_requests')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('company_cvr', 'text', (col) => col.notNull().references('companies.cvr').onDelete('cascade'))
    // The quote request it was asked from, if any (a lead is deleted after 12 months: no foreign key).
    .addColumn('lead_id', 'text')
    .addColumn('customer_name', 'text', (col) => col.notNull())
    // 'email' (we mail the link) or 'sms' (the owner copies a text with it).
    .addColumn('channel', 'text', (col) => col.notNull())
    // Kept only while a reminder may still be mailed to it; null afterwards.
    .addColumn('email', 'text')
    // HMAC of the normalised address and number ('' when not given): "asked before", "said no".
    .addColumn('email_hash', 'text', (col) => col.notNull())
    .addColumn('phone_hash', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('reminder_due_at', 'text')
    .addColumn('reminded_at', 'text')
    .addColumn('used_at', 'text')
    .addColumn('declined_at', 'text')
    .execute();
  await db.schema
    .createIndex('review_requests_company_idx')
    .on('review_requests')
    .columns(['company_cvr', 'created_at'])
    .execute();
  await db.schema
    .createIndex('review_requests_reminder_idx')
    .on('review_requests')
    .column('reminder_due_at')
    .execute();
  await db.schema
    .createIndex('review_requests_expiry_idx')
    .on('review_requests')
    .column('expires_at')
    .execute();
  await db.schema
    .createTable('reviews')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('company_cvr', 'text', (col) => col.notNull().references('companies.cvr').onDelete('cascade'))
    // One review per link.
    .addColumn('request_id', 'text', (col) =>
      col.notNull().unique().references('review_requests.id').onDelete('cascade'),
    )
    .addColumn('stars', 'integer', (col) => col.notNull())
    // "Hvad fik du lavet?" ('' when not chosen).
    .addColumn('service', 'text', (col) => col.notNull())
    .addColumn('text', 'text', (col) => col.notNull())
    // The name shown ("Mette H., Køge").
    .addColumn('author_name', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('answer', 'text')
    .addColumn('answered_at', 'text')
    .addColumn('reported_at', 'text')
    .addColumn('report_reason', 'text')
    .addColumn('removed_at', 'text')
    .addColumn('removed_reason', 'text')
    .execute();
  await db.schema
    .createIndex('reviews_company_idx')
    .on('reviews')
    .columns(['company_cvr', 'created_at'])
    .execute();
  await db.schema
    .createTable('review_mails')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('company_cvr', 'text', (col) => col.notNull().references('companies.cvr').onDelete('cascade'))
    // 'request' | 'reminder' (ref: the request), 'receipt' | 'owner-notice' (ref: the review).
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('ref_id', 'text', (col) => col.notNull())
    // The customer's address for a request, reminder or receipt; null for the owner's notice.
    .addColumn('to_address', 'text')
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (col) => col.notNull())
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('review_mails_due_idx').on('review_mails').column('next_attempt_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('review_mails').execute();
  await db.schema.dropTable('reviews').execute();
  await db.schema.dropTable('review_requests').execute();
  await db.schema.dropTable('review_settings').execute();
}
