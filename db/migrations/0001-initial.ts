// The first schema: every entity of the spec's Entities. Portable on purpose: text and integer columns
// only (timestamps are ISO-8601 UTC text, booleans 0/1, nested shapes JSON text), so the same
// migration and the same repository code run on SQLite and PostgreSQL.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await createCompanies(db);
  await createPagesAndImages(db);
  await createAccounts(db);
  await createBookkeeping(db);
}

/** The companies, with their unique subdomain, domain and e-mail. */
async function createCompanies(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('companies')
    .addColumn('cvr', 'text', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('address', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('zipcode', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('city', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('phone', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('email', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('company_email', 'text')
    .addColumn('logo', 'text')
    .addColumn('industry_desc', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('company_desc', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('start_date', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('employees', 'integer')
    .addColumn('hours', 'text', (col) => col.notNull())
    .addColumn('show_hours', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('subdomain', 'text', (col) => col.notNull())
    .addColumn('custom_domain', 'text')
    .addColumn('existing_website', 'text')
    .addColumn('social_media', 'text', (col) => col.notNull())
    .addColumn('website_content', 'text')
    .addColumn('theme', 'text', (col) => col.notNull().defaultTo('amber'))
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('active'))
    .addColumn('plan_type', 'text', (col) => col.notNull().defaultTo('Free'))
    .addColumn('plan_status', 'text', (col) => col.notNull().defaultTo('active'))
    .addColumn('trial_start_date', 'text', (col) => col.notNull())
    .addColumn('trial_end_date', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('companies_subdomain_key')
    .on('companies')
    .column('subdomain')
    .unique()
    .execute();
  await db.schema
    .createIndex('companies_custom_domain_key')
    .on('companies')
    .column('custom_domain')
    .unique()
    .execute();
  await db.schema
    .createIndex('companies_company_email_key')
    .on('companies')
    .column('company_email')
    .unique()
    .execute();
}

/** The pages and images of each company's site. */
async function createPagesAndImages(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('pages')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('company_cvr', 'text', (col) => col.notNull().references('companies.cvr').onDelete('cascade'))
    .addColumn('page_name', 'text', (col) => col.notNull())
    .addColumn('title', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('slug', 'text', (col) => col.notNull())
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('layout', 'text', (col) => col.notNull())
    .addColumn('subtitle', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('content', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('image', 'text')
    .addColumn('hero_background_image', 'text')
    .addColumn('gallery', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('meta_title', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('meta_description', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('pages_company_slug_key')
    .on('pages')
    .columns(['company_cvr', 'slug'])
    .unique()
    .execute();
  await db.schema
    .createIndex('pages_company_created_idx')
    .on('pages')
    .columns(['company_cvr', 'created_at'])
    .execute();

  await db.schema
    .createTable('images')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('company_cvr', 'text', (col) => col.notNull().references('companies.cvr').onDelete('cascade'))
    .addColumn('path', 'text', (col) => col.notNull().unique())
    .addColumn('url', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('uploader_email', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('content_type', 'text', (col) => col.notNull())
    .addColumn('width', 'integer', (col) => col.notNull())
    .addColumn('height', 'integer', (col) => col.notNull())
    .addColumn('bytes', 'integer', (col) => col.notNull())
    .addColumn('variants', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('images_company_created_idx')
    .on('images')
    .columns(['company_cvr', 'created_at'])
    .execute();
}

/** Owners and their sessions. */
async function createAccounts(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (col) => col.primaryKey())
    // Stored lowercased and trimmed, so uniqueness ignores case on both dialects.
    .addColumn('email', 'text', (col) => col.notNull().unique())
    .addColumn('password_hash', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('sessions')
    // The SHA-256 of the session token (hex); the token itself is never stored.
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();
  await db.schema.createIndex('sessions_expires_idx').on('sessions').column('expires_at').execute();
}

/** The AI usage, the publish state and the contact form's messages. */
async function createBookkeeping(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('ai_usage')
    .addColumn('company_cvr', 'text', (col) => col.notNull().references('companies.cvr').onDelete('cascade'))
    // The calendar day in Europe/Copenhagen, YYYY-MM-DD: the limit resets at local midnight.
    .addColumn('usage_date', 'text', (col) => col.notNull())
    .addColumn('usage_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('ai_usage_pkey', ['company_cvr', 'usage_date'])
    .execute();

  await db.schema
    .createTable('publish_state')
    .addColumn('company_cvr', 'text', (col) =>
      col.primaryKey().references('companies.cvr').onDelete('cascade'),
    )
    .addColumn('wanted_version', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('published_version', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('last_attempt_at', 'text')
    .addColumn('published_at', 'text')
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('contact_messages')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('message', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('contact_messages_created_idx')
    .on('contact_messages')
    .column('created_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'contact_messages',
    'publish_state',
    'ai_usage',
    'sessions',
    'users',
    'images',
    'pages',
  ]) {
    await db.schema.dropTable(table).execute();
  }
  await db.schema.dropTable('companies').execute();
}
