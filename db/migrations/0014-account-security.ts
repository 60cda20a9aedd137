// Issue 23, account takeover and privileges:
// - users.email_verified_at: when the owner last proved they read their login address (a password
//   reset completed, an e-mail change or a verification link confirmed). Privileges that hang on an
//   address (the operator view) need it; an existing login starts unverified.
// - account_tokens.session_id: the session a hand-off token was issued from. Logout spends the
//   tokens of the sessions it ends, and a token whose session is gone cannot be redeemed.
// - Stored e-mails are brought to rules/email.ts normalizeEmail's form (NFKC, lowercased), the form
//   every lookup now uses; a row whose normal form another row already holds is left as it is.
import type { Kysely } from 'kysely';

// A copy of rules/email.ts normalizeEmail as it was when this migration was written.
function normalizeEmail(email: string): string {
  return email.trim().normalize('NFKC').toLowerCase().normalize('NFKC');
}

interface Rows {
  users: { id: string; email: string };
  companies: { cvr: string; company_email: string | null };
}

async function normaliseStoredEmails(db: Kysely<Rows>): Promise<void> {
  const users = await db.selectFrom('users').select(['id', 'email']).execute();
  const taken = new Set(users.map((user) => user.email));
  for (const user of users) {
    const email = normalizeEmail(user.email);
    if (email === user.email || taken.has(email)) continue;
    taken.add(email);
    await db.updateTable('users').set({ email }).where('id', '=', user.id).execute();
  }
  const companies = await db
    .selectFrom('companies')
    .select(['cvr', 'company_email'])
    .where('company_email', 'is not', null)
    .execute();
  const owned = new Set(companies.map((company) => company.company_email));
  for (const company of companies) {
    const email = normalizeEmail(company.company_email ?? '');
    if (email === company.company_email || owned.has(email)) continue;
    owned.add(email);
    await db.updateTable('companies').set({ company_email: email }).where('cvr', '=', company.cvr).execute();
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('email_verified_at', 'text').execute();
  await db.schema.alterTable('account_tokens').addColumn('session_id', 'text').execute();
  await db.schema
    .createIndex('account_tokens_session_idx')
    .on('account_tokens')
    .column('session_id')
    .execute();
  // Without the app's CamelCasePlugin: this migration names the columns as they are stored.
  await normaliseStoredEmails(db.withoutPlugins() as Kysely<Rows>);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('account_tokens_session_idx').execute();
  await db.schema.alterTable('account_tokens').dropColumn('session_id').execute();
  await db.schema.alterTable('users').dropColumn('email_verified_at').execute();
}
