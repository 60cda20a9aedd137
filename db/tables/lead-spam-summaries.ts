// The outbox of the owner's summary of possible spam (issue 39): one row per company that ever got a
// request past its hourly allowance. `pending` counts the spam requests stored since the last summary
// (raised in the transaction that stores each one); the row is due when `pending` is above zero and
// `next_attempt_at` has come. A flood's first spam request makes it due SUMMARY_DELAY_MS later (the
// rest of the burst lands in the same mail); a sent summary makes the next one wait SUMMARY_EVERY_MS.
// So a flood costs the owner at most one mail an hour. The send itself is a job of kind 'spam-summary'
// (db/tables/jobs.ts, one per company, keyed), queued at next_attempt_at with each count; the handler
// (api/jobs/mail-jobs.ts) claims the row as before, so two processes never send one summary twice, and
// the row stays after a send: it remembers when the next may go.
import { sql } from 'kysely';
import type { Db } from '../database';
import { enqueue } from './jobs';

/** The job that sends the company's summary when it is due. */
export interface SpamSummaryPayload {
  cvr: string;
}

export interface LeadSpamSummariesTable {
  companyCvr: string;
  pending: number;
  /** Of those, how many were not kept (migration 0027: the caps per client and per company). */
  dropped: number;
  attempts: number;
  nextAttemptAt: string;
  lastError: string | null;
  createdAt: string;
}

export type LeadSpamSummary = LeadSpamSummariesTable;

/** A flood's first spam request waits this long for the rest of the burst before it is reported. */
export const SUMMARY_DELAY_MS = 5 * 60 * 1000;
/** At most one summary per company in this long. */
export const SUMMARY_EVERY_MS = 60 * 60 * 1000;

/** Counts one more spam request for the company's next summary (call in the insert's transaction). */
export async function countSpamForSummary(db: Db, cvr: string, now: Date): Promise<void> {
  const soon = new Date(now.getTime() + SUMMARY_DELAY_MS).toISOString();
  await db
    .insertInto('leadSpamSummaries')
    .values({
      companyCvr: cvr,
      pending: 1,
      dropped: 0,
      attempts: 0,
      nextAttemptAt: soon,
      lastError: null,
      createdAt: now.toISOString(),
    })
    .onConflict((oc) =>
      oc.column('companyCvr').doUpdateSet({
        pending: sql<number>`lead_spam_summaries.pending + 1`,
        // The first spam after a quiet spell: not before `soon`, nor before an hour after the last
        // summary (which left next_attempt_at there). ISO-8601 UTC text compares as time does.
        nextAttemptAt: sql<string>`case when lead_spam_summaries.pending = 0 and lead_spam_summaries.next_attempt_at < ${soon} then ${soon} else lead_spam_summaries.next_attempt_at end`,
      }),
    )
    .execute();
  const row = await findSpamSummary(db, cvr);
  if (row)
    await enqueue(db, 'spam-summary', { cvr } satisfies SpamSummaryPayload, {
      key: `spam-summary:${cvr}`,
      runAt: new Date(row.nextAttemptAt),
      now,
    });
}

/** The company's summary row, if it ever had spam. */
export async function findSpamSummary(db: Db, cvr: string): Promise<LeadSpamSummary | undefined> {
  return db.selectFrom('leadSpamSummaries').selectAll().where('companyCvr', '=', cvr).executeTakeFirst();
}

/** Counts `count` possible-spam requests deleted by the caps (pruneSpam) for the next summary. */
export async function countSpamDropped(db: Db, cvr: string, count: number): Promise<void> {
  await db
    .updateTable('leadSpamSummaries')
    .set({ dropped: sql<number>`dropped + ${count}` })
    .where('companyCvr', '=', cvr)
    .execute();
}

/** Summaries due at `now`, oldest due first. */
export async function dueSpamSummaries(db: Db, now: Date, limit = 20): Promise<LeadSpamSummary[]> {
  return db
    .selectFrom('leadSpamSummaries')
    .selectAll()
    .where('pending', '>', 0)
    .where('nextAttemptAt', '<=', now.toISOString())
    .orderBy('nextAttemptAt')
    .limit(limit)
    .execute();
}

/** Takes a due summary for `leaseMs`: true when this caller took it, false when another did first. */
export async function claimSpamSummary(
  db: Db,
  row: LeadSpamSummary,
  now: Date,
  leaseMs: number,
): Promise<boolean> {
  const result = await db
    .updateTable('leadSpamSummaries')
    .set({ nextAttemptAt: new Date(now.getTime() + leaseMs).toISOString(), attempts: row.attempts + 1 })
    .where('companyCvr', '=', row.companyCvr)
    .where('nextAttemptAt', '=', row.nextAttemptAt)
    .where('attempts', '=', row.attempts)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * The mail server took a summary of `reported` requests, `reportedDropped` of them not kept: the next
 * may go an hour after `sentAt`.
 */
export async function completeSpamSummary(
  db: Db,
  cvr: string,
  reported: number,
  sentAt: Date,
  reportedDropped = 0,
): Promise<void> {
  await db
    .updateTable('leadSpamSummaries')
    .set({
      // Requests stored while it was sent stay for the next one.
      pending: sql<number>`case when pending > ${reported} then pending - ${reported} else 0 end`,
      dropped: sql<number>`case when dropped > ${reportedDropped} then dropped - ${reportedDropped} else 0 end`,
      attempts: 0,
      lastError: null,
      nextAttemptAt: new Date(sentAt.getTime() + SUMMARY_EVERY_MS).toISOString(),
    })
    .where('companyCvr', '=', cvr)
    .execute();
}

export async function recordSpamSummaryFailure(
  db: Db,
  cvr: string,
  error: string,
  retryAt: Date,
): Promise<void> {
  await db
    .updateTable('leadSpamSummaries')
    .set({ lastError: error.slice(0, 500), nextAttemptAt: retryAt.toISOString() })
    .where('companyCvr', '=', cvr)
    .execute();
}
