// The welcome e-mails still to send (issue 24's onboarding, SPEC §4): one row per new company,
// written in the transaction that creates it, deleted when the mail server took the mail. The
// outbox (api/leads/mail-outbox.ts) takes a due row for a lease, so several processes never send
// one twice, and a sender that dies mid-send leaves it due again after the lease.
import type { Db } from '../database';

export interface WelcomeMailsTable {
  companyCvr: string;
  attempts: number;
  nextAttemptAt: string;
  lastError: string | null;
  createdAt: string;
}

export type QueuedWelcomeMail = WelcomeMailsTable;

/** Queues the welcome e-mail of `cvr`, due at once; inside the transaction that creates it. */
export async function queueWelcomeMail(db: Db, cvr: string, now: Date): Promise<void> {
  const at = now.toISOString();
  await db
    .insertInto('welcomeMails')
    .values({ companyCvr: cvr, attempts: 0, nextAttemptAt: at, lastError: null, createdAt: at })
    .execute();
}

/** Welcome mails due at `now`, oldest due first. */
export async function dueWelcomeMails(db: Db, now: Date, limit = 20): Promise<QueuedWelcomeMail[]> {
  return db
    .selectFrom('welcomeMails')
    .selectAll()
    .where('nextAttemptAt', '<=', now.toISOString())
    .orderBy('nextAttemptAt')
    .limit(limit)
    .execute();
}

/** Takes a due welcome mail for `leaseMs`: true when this caller took it, false when another did. */
export async function claimWelcomeMail(
  db: Db,
  mail: QueuedWelcomeMail,
  now: Date,
  leaseMs: number,
): Promise<boolean> {
  const result = await db
    .updateTable('welcomeMails')
    .set({ nextAttemptAt: new Date(now.getTime() + leaseMs).toISOString(), attempts: mail.attempts + 1 })
    .where('companyCvr', '=', mail.companyCvr)
    .where('nextAttemptAt', '=', mail.nextAttemptAt)
    .where('attempts', '=', mail.attempts)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function recordWelcomeMailFailure(
  db: Db,
  cvr: string,
  error: string,
  retryAt: Date,
): Promise<void> {
  await db
    .updateTable('welcomeMails')
    .set({ lastError: error.slice(0, 500), nextAttemptAt: retryAt.toISOString() })
    .where('companyCvr', '=', cvr)
    .execute();
}

/** Sent (or nobody left to send it to). */
export async function completeWelcomeMail(db: Db, cvr: string): Promise<void> {
  await db.deleteFrom('welcomeMails').where('companyCvr', '=', cvr).execute();
}
