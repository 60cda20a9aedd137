// Issue 13, owners' accounts and custom domains:
// - account_tokens: one-time tokens (password reset links, e-mail change confirmations, the hand-off
//   that signs an owner in on another host). Like sessions, only the token's SHA-256 is stored; a
//   token is used at most once (used_at) and only before expires_at.
// - companies.custom_domain_verified_at: a custom domain serves nothing until its TXT record was
//   found; custom_domain_missing_since: when a verified domain's record was first found missing.
// - sessions.parent_id: the session a hand-off session was made from (one login across hosts).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('account_tokens')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    // 'password_reset' | 'email_change' | 'handoff'
    .addColumn('purpose', 'text', (col) => col.notNull())
    // The address an e-mail change confirms; the hand-off's target host; null otherwise.
    .addColumn('detail', 'text')
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('account_tokens_user_idx').on('account_tokens').column('user_id').execute();
  // A session made by hand-off from another host's session: logging out of either ends both.
  await db.schema.alterTable('sessions').addColumn('parent_id', 'text').execute();
  await db.schema.alterTable('companies').addColumn('custom_domain_verified_at', 'text').execute();
  await db.schema.alterTable('companies').addColumn('custom_domain_missing_since', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('companies').dropColumn('custom_domain_missing_since').execute();
  await db.schema.alterTable('companies').dropColumn('custom_domain_verified_at').execute();
  await db.schema.alterTable('sessions').dropColumn('parent_id').execute();
  await db.schema.dropTable('account_tokens').execute();
}
