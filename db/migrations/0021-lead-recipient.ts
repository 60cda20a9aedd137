// Issue 39, the owner's address for quote requests, confirmed:
// - lead_settings.recipient_email keeps its meaning "the address the owner chose", but an empty one
//   now means the owner's LOGIN e-mail (the address they typed at sign-up and log in with), no longer
//   the company's e-mail from the CVR registry, which nobody at the company ever confirmed to us.
// - lead_settings.pending_recipient_email: an address the owner asked for that has not been confirmed
//   from its own inbox yet; requests keep going to the previous one until it is.
//   pending_recipient_sent_at: when its confirmation mail last went out.
// Existing companies: an address an owner chose before this migration is kept as it is (they typed it,
// and it has been receiving their requests); a company that never chose one gets its requests at the
// login e-mail from now on. No row changes: the new default is read, not written.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('lead_settings').addColumn('pending_recipient_email', 'text').execute();
  await db.schema.alterTable('lead_settings').addColumn('pending_recipient_sent_at', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('lead_settings').dropColumn('pending_recipient_sent_at').execute();
  await db.schema.alterTable('lead_settings').dropColumn('pending_recipient_email').execute();
}
