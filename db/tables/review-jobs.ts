// The review mails and reminders, as jobs of the one job table (db/tables/jobs.ts): their payloads,
// their keys, queueing one and calling off a request's (issue 41).
import type { Db } from '../database';
import { cancel, cancelByPrefix, enqueue } from './jobs';

export type ReviewMailKind = 'request' | 'reminder' | 'receipt' | 'owner-notice' | 'confirm';

/** A review mail (issue 41): a job of kind 'review-mail', sent by api/jobs/mail-jobs.ts. `refId` is
 *  the request (request, reminder) or the review (receipt, owner-notice, confirm). */
export interface ReviewMailPayload {
  cvr: string;
  mail: ReviewMailKind;
  refId: string;
  /** The customer's address; null for the owner's notice. */
  to: string | null;
}

/** The reminder of a request at its reminderDueAt: a job of kind 'review-reminder'. */
export interface ReviewReminderPayload {
  cvr: string;
  requestId: string;
}

export const reviewMailKey = (cvr: string, refId: string, kind: ReviewMailKind | '') =>
  `review-mail:${cvr}:${refId}:${kind}`;
export const reviewReminderKey = (cvr: string, requestId: string) => `review-reminder:${cvr}:${requestId}`;

/** A request's mails and reminder not yet sent are not sent. */
export async function cancelRequestJobs(db: Db, cvr: string, id: string): Promise<void> {
  await cancelByPrefix(db, reviewMailKey(cvr, id, ''));
  await cancel(db, reviewReminderKey(cvr, id));
}

/** Queues review mail `kind` about `refId` (once per key) to `toAddress` (null: the owner). */
export async function queueReviewMail(
  db: Db,
  cvr: string,
  kind: ReviewMailKind,
  refId: string,
  toAddress: string | null,
  now: Date,
): Promise<void> {
  await enqueue(db, 'review-mail', { cvr, mail: kind, refId, to: toAddress } satisfies ReviewMailPayload, {
    key: reviewMailKey(cvr, refId, kind),
    now,
  });
}
