// One-time tokens of owner accounts: password reset links, e-mail change confirmations and the
// hand-off that signs an owner in on another host of the product. Like sessions, only the token's
// SHA-256 is stored; a token is used at most once (used_at) and only before expires_at.
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
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('account_tokens').execute();
}
