// Issue 25 (quote requests from every company site): the requests themselves, the outbox that mails
// each one to the owner until the mail server takes it, the owner's form settings, the form tokens'
// signing key and the single-use tokens already spent.
import { randomBytes } from 'node:crypto';
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('leads')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('company_cvr', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('phone', 'text', (col) => col.notNull())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('postcode', 'text', (col) => col.notNull())
    .addColumn('message', 'text', (col) => col.notNull())
    // JSON: [{ file, contentType, width, height, bytes }], files under <STORAGE_DIR>/leads/<cvr>/.
    .addColumn('photos', 'text', (col) => col.notNull())
    // SHA-256 of the request's words (duplicate suppression: the same text twice is one request).
    .addColumn('content_hash', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('read_at', 'text')
    .addColumn('handled_at', 'text')
    .execute();
  await db.schema
    .createIndex('leads_company_idx')
    .on('leads')
    .columns(['company_cvr', 'created_at'])
    .execute();
  await db.schema.createIndex('leads_created_idx').on('leads').column('created_at').execute();
  await db.schema
    .createIndex('leads_hash_idx')
    .on('leads')
    .columns(['company_cvr', 'content_hash'])
    .execute();
  await db.schema
    .createTable('lead_mails')
    .addColumn('lead_id', 'text', (col) => col.primaryKey())
    .addColumn('company_cvr', 'text', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (col) => col.notNull())
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('lead_mails_due_idx').on('lead_mails').column('next_attempt_at').execute();
  await db.schema
    .createTable('lead_settings')
    .addColumn('company_cvr', 'text', (col) => col.primaryKey())
    .addColumn('form_enabled', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('recipient_email', 'text')
    .execute();
  await db.schema
    .createTable('lead_tokens_spent')
    .addColumn('nonce', 'text', (col) => col.primaryKey())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('lead_tokens_spent_expiry_idx')
    .on('lead_tokens_spent')
    .column('expires_at')
    .execute();
  await db.schema
    .createTable('lead_form_key')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('secret', 'text', (col) => col.notNull())
    .execute();
  // One key for every process and machine (they share the database); made here so no setting is needed.
  const secret = randomBytes(32).toString('base64url');
  await sql`insert into lead_form_key (id, secret) values (1, ${secret})`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('lead_form_key').execute();
  await db.schema.dropTable('lead_tokens_spent').execute();
  await db.schema.dropTable('lead_settings').execute();
  await db.schema.dropTable('lead_mails').execute();
  await db.schema.dropTable('leads').execute();
}
