// The welcome e-mails still to send (issue 24's onboarding, SPEC §4): one row per new company,
// written in the transaction that creates it, deleted when the mail server took the mail. The
// outbox (api/mail-outbox.ts) sends it; the queue's life is db/tables/mail-queue.ts's.
import type { Db } from '../database';
import { mailQueue } from './mail-queue';

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

const welcomeMails = mailQueue<QueuedWelcomeMail, 'companyCvr'>('welcomeMails', 'companyCvr');

/** Welcome mails due at `now`, oldest due first. */
export const dueWelcomeMails = (db: Db, now: Date, limit = 20): Promise<QueuedWelcomeMail[]> =>
  welcomeMails.due(db, now, limit);

/** Takes a due welcome mail for `leaseMs`: true when this caller took it, false when another did. */
export const claimWelcomeMail = (
  db: Db,
  mail: QueuedWelcomeMail,
  now: Date,
  leaseMs: number,
): Promise<boolean> => welcomeMails.claim(db, mail, now, leaseMs);

export const recordWelcomeMailFailure = (db: Db, cvr: string, error: string, retryAt: Date): Promise<void> =>
  welcomeMails.fail(db, cvr, error, retryAt);

/** Sent (or nobody left to send it to). */
export const completeWelcomeMail = (db: Db, cvr: string): Promise<void> => welcomeMails.complete(db, cvr);
