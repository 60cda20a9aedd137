// The welcome e-mail of a new company (issue 24's onboarding): a job of kind 'welcome-mail'
// (db/tables/jobs.ts), written in the transaction that creates the company and sent by
// api/jobs/mail-jobs.ts until the mail server takes it.
import type { Db } from '../database';
import { enqueue } from './jobs';

export interface WelcomeMailPayload {
  cvr: string;
}

/** Queues the welcome e-mail of `cvr`, due at once; inside the transaction that creates it. */
export async function queueWelcomeMail(db: Db, cvr: string, now: Date): Promise<void> {
  await enqueue(db, 'welcome-mail', { cvr } satisfies WelcomeMailPayload, {
    key: `welcome-mail:${cvr}`,
    now,
  });
}
