// Reviews from real customers (issue 41) and what they are written through: the requests (one signed,
// single-use link each, bound to its company, valid REVIEW_LINK_VALID_DAYS), the owner's two switches
// and the outbox of review mail. The honesty rules live here, where no caller can skip them: a review
// is only ever written through an unused, unexpired, undeclined request of its own company; the owner
// can answer it once and report it, never change or hide it; only the operator removes one (its words
// blanked, the reason kept); the customer can delete their own.
// Personal data: the customer's e-mail stays on the request only while a reminder may still be mailed
// to it (and in an outbox row until the mail server took that mail); a phone number is never stored.
// What is kept afterwards is a keyed hash of each (db/review-token.ts), so a customer who said no is
// never asked again by that company.
import { sql } from 'kysely';
import {
  REVIEW_LINK_VALID_DAYS,
  REVIEW_REMINDER_AFTER_DAYS,
  REVIEW_REQUESTS_PER_DAY,
} from '../../rules/limits';
import { type Db, inTransaction } from '../database';
import { accepted, type Outcome, refused } from '../outcome';
import { emailHash, newReviewRequestId, phoneHash, reviewLinkToken } from '../review-token';
import { lockCompany } from './locks';
import { mailQueue } from './mail-queue';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface ReviewSettingsTable {
  companyCvr: string;
  remindersEnabled: number;
  showOnSite: number;
}

export interface ReviewRequestsTable {
  id: string;
  companyCvr: string;
  leadId: string | null;
  customerName: string;
  channel: string;
  email: string | null;
  emailHash: string;
  phoneHash: string;
  createdAt: string;
  expiresAt: string;
  reminderDueAt: string | null;
  remindedAt: string | null;
  usedAt: string | null;
  declinedAt: string | null;
}

export interface ReviewsTable {
  id: string;
  companyCvr: string;
  requestId: string;
  stars: number;
  service: string;
  text: string;
  authorName: string;
  createdAt: string;
  answer: string | null;
  answeredAt: string | null;
  reportedAt: string | null;
  reportReason: string | null;
  removedAt: string | null;
  removedReason: string | null;
}

export interface ReviewMailsTable {
  id: string;
  companyCvr: string;
  kind: string;
  refId: string;
  toAddress: string | null;
  attempts: number;
  nextAttemptAt: string;
  lastError: string | null;
  createdAt: string;
}

// ---- Settings ---------------------------------------------------------------------------------

export interface ReviewSettings {
  /** One reminder after REVIEW_REMINDER_AFTER_DAYS to a customer who has not answered. */
  remindersEnabled: boolean;
  /** "Vis anmeldelser på hjemmesiden". */
  showOnSite: boolean;
}

const DEFAULT_REVIEW_SETTINGS: Readonly<ReviewSettings> = Object.freeze({
  remindersEnabled: true,
  showOnSite: true,
});

export async function getReviewSettings(db: Db, cvr: string): Promise<ReviewSettings> {
  const row = await db
    .selectFrom('reviewSettings')
    .selectAll()
    .where('companyCvr', '=', cvr)
    .executeTakeFirst();
  return row
    ? { remindersEnabled: row.remindersEnabled === 1, showOnSite: row.showOnSite === 1 }
    : DEFAULT_REVIEW_SETTINGS;
}

/**
 * Stores the switches. Turning reminders off cancels the reminders not yet sent, and with them the
 * reason to keep those customers' e-mail addresses: they are erased at once.
 */
export async function saveReviewSettings(db: Db, cvr: string, settings: ReviewSettings): Promise<void> {
  const values = {
    companyCvr: cvr,
    remindersEnabled: settings.remindersEnabled ? 1 : 0,
    showOnSite: settings.showOnSite ? 1 : 0,
  };
  await inTransaction(db, async (trx) => {
    await trx
      .insertInto('reviewSettings')
      .values(values)
      .onConflict((oc) =>
        oc
          .column('companyCvr')
          .doUpdateSet({ remindersEnabled: values.remindersEnabled, showOnSite: values.showOnSite }),
      )
      .execute();
    if (!settings.remindersEnabled) {
      await trx
        .updateTable('reviewRequests')
        .set({ reminderDueAt: null, email: null })
        .where('companyCvr', '=', cvr)
        .where('reminderDueAt', 'is not', null)
        .execute();
    }
  });
}

// ---- Requests ---------------------------------------------------------------------------------

export type ReviewRequestState = 'sent' | 'reminded' | 'reviewed' | 'declined' | 'expired';

export interface ReviewRequest {
  id: string;
  companyCvr: string;
  leadId: string | null;
  customerName: string;
  channel: 'email' | 'sms';
  createdAt: string;
  expiresAt: string;
  reminderDueAt: string | null;
  remindedAt: string | null;
  usedAt: string | null;
  declinedAt: string | null;
  /** Whether the customer's e-mail is still kept (a reminder may go to it). */
  contactKept: boolean;
}

export interface NewReviewRequest {
  customerName: string;
  /** '' when the customer gave none. */
  email: string;
  /** '' when the customer gave none. */
  phone: string;
  leadId?: string | null;
}

export type ReviewRequestRefusal = 'no-contact' | 'declined-before' | 'daily-limit' | 'company-not-found';

function toRequest(row: ReviewRequestsTable): ReviewRequest {
  const { email, emailHash: _email, phoneHash: _phone, ...rest } = row;
  return { ...rest, channel: row.channel === 'sms' ? 'sms' : 'email', contactKept: email !== null };
}

/** What a request is now, as the owner's list shows it. */
export function reviewRequestState(request: ReviewRequest, now: Date): ReviewRequestState {
  if (request.usedAt !== null) return 'reviewed';
  if (request.declinedAt !== null) return 'declined';
  if (request.expiresAt <= now.toISOString()) return 'expired';
  return request.remindedAt !== null ? 'reminded' : 'sent';
}

async function queueReviewMail(
  db: Db,
  cvr: string,
  kind: ReviewMailKind,
  refId: string,
  toAddress: string | null,
  now: Date,
): Promise<void> {
  const at = now.toISOString();
  await db
    .insertInto('reviewMails')
    .values({
      id: crypto.randomUUID(),
      companyCvr: cvr,
      kind,
      refId,
      toAddress,
      attempts: 0,
      nextAttemptAt: at,
      lastError: null,
      createdAt: at,
    })
    .execute();
}

/**
 * Makes a review request and, when the customer gave an e-mail, queues the mail with its link (one
 * transaction). Refused when there is nobody to reach, when this customer (by e-mail or phone) said no
 * to this company before, and past REVIEW_REQUESTS_PER_DAY in the last 24 hours. Answers the request
 * and its link token (for the owner's SMS text).
 */
export async function createReviewRequest(
  db: Db,
  cvr: string,
  input: NewReviewRequest,
  now = new Date(),
): Promise<Outcome<{ request: ReviewRequest; token: string }, ReviewRequestRefusal>> {
  const email = input.email.trim();
  const [mailHash, numberHash] = await Promise.all([
    emailHash(db, cvr, email),
    phoneHash(db, cvr, input.phone),
  ]);
  if (mailHash === '' && numberHash === '') return refused('no-contact');
  return inTransaction(db, async (trx) => {
    // One request at a time per company, so the daily cap holds under concurrent asks.
    if (!(await lockCompany(trx, cvr))) return refused('company-not-found');
    const said = await trx
      .selectFrom('reviewRequests')
      .select('id')
      .where('companyCvr', '=', cvr)
      .where('declinedAt', 'is not', null)
      .where((eb) =>
        eb.or([
          ...(mailHash ? [eb('emailHash', '=', mailHash)] : []),
          ...(numberHash ? [eb('phoneHash', '=', numberHash)] : []),
        ]),
      )
      .limit(1)
      .executeTakeFirst();
    if (said) return refused('declined-before');
    const today = await trx
      .selectFrom('reviewRequests')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('companyCvr', '=', cvr)
      .where('createdAt', '>', new Date(now.getTime() - DAY_MS).toISOString())
      .executeTakeFirst();
    if (Number(today?.count ?? 0) >= REVIEW_REQUESTS_PER_DAY) return refused('daily-limit');

    const settings = await getReviewSettings(trx, cvr);
    const byMail = email !== '';
    const remind = byMail && settings.remindersEnabled;
    const row: ReviewRequestsTable = {
      id: newReviewRequestId(),
      companyCvr: cvr,
      leadId: input.leadId ?? null,
      customerName: input.customerName.trim(),
      channel: byMail ? 'email' : 'sms',
      // Kept only for the reminder; the first mail carries its own copy until it is sent.
      email: remind ? email : null,
      emailHash: mailHash,
      phoneHash: numberHash,
      createdAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + REVIEW_LINK_VALID_DAYS * DAY_MS).toISOString(),
      reminderDueAt: remind
        ? new Date(now.getTime() + REVIEW_REMINDER_AFTER_DAYS * DAY_MS).toISOString()
        : null,
      remindedAt: null,
      usedAt: null,
      declinedAt: null,
    };
    await trx.insertInto('reviewRequests').values(row).execute();
    if (byMail) await queueReviewMail(trx, cvr, 'request', row.id, email, now);
    return accepted({ request: toRequest(row), token: await reviewLinkToken(trx, cvr, row.id) });
  });
}

/** The company's requests, newest first. */
export async function listReviewRequests(db: Db, cvr: string, limit = 500): Promise<ReviewRequest[]> {
  const rows = await db
    .selectFrom('reviewRequests')
    .selectAll()
    .where('companyCvr', '=', cvr)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(toRequest);
}

export async function findReviewRequest(db: Db, cvr: string, id: string): Promise<ReviewRequest | undefined> {
  const row = await db
    .selectFrom('reviewRequests')
    .selectAll()
    .where('companyCvr', '=', cvr)
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? toRequest(row) : undefined;
}

/** Why a link cannot be used (any more). */
export type ReviewLinkRefusal = 'not-found' | 'used' | 'declined' | 'expired';

/** Whether request `id` of `cvr` can still be used at `now`: the request, or why not. */
export async function openReviewRequest(
  db: Db,
  cvr: string,
  id: string,
  now = new Date(),
): Promise<Outcome<ReviewRequest, ReviewLinkRefusal>> {
  const request = await findReviewRequest(db, cvr, id);
  if (!request) return refused('not-found');
  if (request.usedAt !== null) return refused('used');
  if (request.declinedAt !== null) return refused('declined');
  if (request.expiresAt <= now.toISOString()) return refused('expired');
  return accepted(request);
}

/** Spends request `id` at `now` (used or declined) if it is still open; answers its e-mail, if kept. */
async function closeRequest(
  trx: Db,
  cvr: string,
  id: string,
  change: { usedAt: string } | { declinedAt: string },
  now: Date,
): Promise<Outcome<{ email: string | null }, ReviewLinkRefusal>> {
  const open = await openReviewRequest(trx, cvr, id, now);
  if (!open.ok) return open;
  const before = await trx
    .selectFrom('reviewRequests')
    .select('email')
    .where('companyCvr', '=', cvr)
    .where('id', '=', id)
    .executeTakeFirst();
  const row = await trx
    .updateTable('reviewRequests')
    .set({ ...change, email: null, reminderDueAt: null })
    .where('companyCvr', '=', cvr)
    .where('id', '=', id)
    .where('usedAt', 'is', null)
    .where('declinedAt', 'is', null)
    .where('expiresAt', '>', now.toISOString())
    .returning(['id'])
    .executeTakeFirst();
  if (!row) return refused('used');
  if (before?.email) return accepted({ email: before.email });
  // Reminders off (or sent): the first mail's own copy, if that mail has not gone yet.
  const unsent = await trx
    .selectFrom('reviewMails')
    .select('toAddress')
    .where('companyCvr', '=', cvr)
    .where('refId', '=', id)
    .where('toAddress', 'is not', null)
    .executeTakeFirst();
  return accepted({ email: unsent?.toAddress ?? null });
}

/** The customer says no: this link is spent and the company never asks them again. */
export async function declineReviewRequest(
  db: Db,
  cvr: string,
  id: string,
  now = new Date(),
): Promise<Outcome<null, ReviewLinkRefusal>> {
  return inTransaction(db, async (trx) => {
    const closed = await closeRequest(trx, cvr, id, { declinedAt: now.toISOString() }, now);
    if (!closed.ok) return closed;
    // A reminder or request mail not yet sent is not sent now.
    await trx.deleteFrom('reviewMails').where('companyCvr', '=', cvr).where('refId', '=', id).execute();
    return accepted(null);
  });
}

// ---- Reviews ----------------------------------------------------------------------------------

export type ReviewReportReason = 'personal-data' | 'threats' | 'not-customer';

export interface Review {
  id: string;
  companyCvr: string;
  requestId: string;
  stars: number;
  service: string;
  text: string;
  authorName: string;
  createdAt: string;
  answer: string | null;
  answeredAt: string | null;
  reportedAt: string | null;
  reportReason: ReviewReportReason | null;
  removedAt: string | null;
  removedReason: string | null;
}

export interface NewReview {
  stars: number;
  service: string;
  text: string;
  authorName: string;
}

function toReview(row: ReviewsTable): Review {
  return { ...row, reportReason: row.reportReason as ReviewReportReason | null };
}

/**
 * Writes the review of link `requestId` (spending it) with, in the same transaction, the owner's
 * notice and, when the customer's address is still at hand, their receipt with the delete link.
 * Whatever its stars: nothing here looks at them.
 */
export async function submitReview(
  db: Db,
  cvr: string,
  requestId: string,
  input: NewReview,
  now = new Date(),
  id: string = crypto.randomUUID(),
): Promise<Outcome<Review, ReviewLinkRefusal>> {
  return inTransaction(db, async (trx) => {
    const closed = await closeRequest(trx, cvr, requestId, { usedAt: now.toISOString() }, now);
    if (!closed.ok) return closed;
    const row: ReviewsTable = {
      id,
      companyCvr: cvr,
      requestId,
      stars: input.stars,
      service: input.service,
      text: input.text,
      authorName: input.authorName,
      createdAt: now.toISOString(),
      answer: null,
      answeredAt: null,
      reportedAt: null,
      reportReason: null,
      removedAt: null,
      removedReason: null,
    };
    await trx.insertInto('reviews').values(row).execute();
    // A reminder not yet sent is not sent now.
    await trx
      .deleteFrom('reviewMails')
      .where('companyCvr', '=', cvr)
      .where('refId', '=', requestId)
      .where('kind', '=', 'reminder')
      .execute();
    await queueReviewMail(trx, cvr, 'owner-notice', id, null, now);
    if (closed.value.email) await queueReviewMail(trx, cvr, 'receipt', id, closed.value.email, now);
    return accepted(toReview(row));
  });
}

/** Every review of the company, newest first; removed ones too (their words blanked) when asked. */
export async function listReviews(
  db: Db,
  cvr: string,
  options: { removed?: boolean; limit?: number } = {},
): Promise<Review[]> {
  let query = db.selectFrom('reviews').selectAll().where('companyCvr', '=', cvr);
  if (!options.removed) query = query.where('removedAt', 'is', null);
  const rows = await query
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(options.limit ?? 1000)
    .execute();
  return rows.map(toReview);
}

export async function findReview(db: Db, cvr: string, id: string): Promise<Review | undefined> {
  const row = await db
    .selectFrom('reviews')
    .selectAll()
    .where('companyCvr', '=', cvr)
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? toReview(row) : undefined;
}

export interface ReviewSummary {
  count: number;
  /** Mean stars, unrounded; 0 without reviews. */
  average: number;
}

/** Count and mean of the company's reviews on the site (removed ones left out). */
export async function reviewSummary(db: Db, cvr: string): Promise<ReviewSummary> {
  const row = await db
    .selectFrom('reviews')
    .select((eb) => [
      eb.fn.countAll<number | string>().as('count'),
      eb.fn.sum<number | string | null>('stars').as('total'),
    ])
    .where('companyCvr', '=', cvr)
    .where('removedAt', 'is', null)
    .executeTakeFirst();
  const count = Number(row?.count ?? 0);
  return { count, average: count === 0 ? 0 : Number(row?.total ?? 0) / count };
}

/** The running mean at the end of each month with a review (the dashboard's line), oldest first. */
export async function reviewAverageByMonth(
  db: Db,
  cvr: string,
): Promise<{ month: string; count: number; average: number }[]> {
  const month = sql<string>`substr(${sql.ref('created_at')}, 1, 7)`;
  const rows = await db
    .selectFrom('reviews')
    .select([
      month.as('month'),
      (eb) => eb.fn.countAll<number | string>().as('count'),
      (eb) => eb.fn.sum<number | string>('stars').as('total'),
    ])
    .where('companyCvr', '=', cvr)
    .where('removedAt', 'is', null)
    .groupBy(month)
    .orderBy(month)
    .execute();
  let count = 0;
  let total = 0;
  return rows.map((row) => {
    count += Number(row.count);
    total += Number(row.total);
    return { month: row.month, count, average: total / count };
  });
}

export type ReviewAnswerRefusal = 'not-found' | 'already-answered';

/** The owner's one public answer; a second is refused (an answer is not edited either). */
export async function answerReview(
  db: Db,
  cvr: string,
  id: string,
  answer: string,
  now = new Date(),
): Promise<Outcome<Review, ReviewAnswerRefusal>> {
  const row = await db
    .updateTable('reviews')
    .set({ answer, answeredAt: now.toISOString() })
    .where('companyCvr', '=', cvr)
    .where('id', '=', id)
    .where('answer', 'is', null)
    .where('removedAt', 'is', null)
    .returningAll()
    .executeTakeFirst();
  if (row) return accepted(toReview(row));
  const review = await findReview(db, cvr, id);
  return refused(review && review.removedAt === null ? 'already-answered' : 'not-found');
}

/** The owner reports a review to the operator; the first report's reason stands. */
export async function reportReview(
  db: Db,
  cvr: string,
  id: string,
  reason: ReviewReportReason,
  now = new Date(),
): Promise<Review | undefined> {
  await db
    .updateTable('reviews')
    .set({ reportedAt: now.toISOString(), reportReason: reason })
    .where('companyCvr', '=', cvr)
    .where('id', '=', id)
    .where('reportedAt', 'is', null)
    .execute();
  return findReview(db, cvr, id);
}

/** A reported or removed review, with its company, for the operator's view. */
export interface OperatorReview extends Review {
  companyName: string;
}

/** Reviews reported and not yet removed, oldest report first; and the removed ones, newest first. */
export async function listReviewsForOperator(
  db: Db,
  limit = 200,
): Promise<{ reported: OperatorReview[]; removed: OperatorReview[] }> {
  const base = () =>
    db
      .selectFrom('reviews')
      .innerJoin('companies', 'companies.cvr', 'reviews.companyCvr')
      .selectAll('reviews')
      .select('companies.name as companyName');
  const [reported, removed] = await Promise.all([
    base()
      .where('reviews.reportedAt', 'is not', null)
      .where('reviews.removedAt', 'is', null)
      .orderBy('reviews.reportedAt')
      .limit(limit)
      .execute(),
    base()
      .where('reviews.removedAt', 'is not', null)
      .orderBy('reviews.removedAt', 'desc')
      .limit(limit)
      .execute(),
  ]);
  const map = (row: ReviewsTable & { companyName: string }) => ({
    ...toReview(row),
    companyName: row.companyName,
  });
  return { reported: reported.map(map), removed: removed.map(map) };
}

/**
 * The operator removes a review, giving the reason: it leaves the site at the next publish, its words,
 * name and answer are blanked, and the stars, date and reason stay for the operator's record.
 */
export async function removeReview(
  db: Db,
  cvr: string,
  id: string,
  reason: string,
  now = new Date(),
): Promise<boolean> {
  const result = await db
    .updateTable('reviews')
    .set({ removedAt: now.toISOString(), removedReason: reason, text: '', authorName: '', answer: null })
    .where('companyCvr', '=', cvr)
    .where('id', '=', id)
    .where('removedAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The customer deletes their own review (the link in their receipt): it is gone, not kept. */
export async function deleteReviewByCustomer(db: Db, cvr: string, id: string): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    await trx.deleteFrom('reviewMails').where('companyCvr', '=', cvr).where('refId', '=', id).execute();
    const result = await trx
      .deleteFrom('reviews')
      .where('companyCvr', '=', cvr)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  });
}

// ---- Reminders and erasure --------------------------------------------------------------------

/**
 * Queues the reminders due at `now` (at most `limit`): each request's reminder goes once, and its
 * e-mail leaves the request for the mail row, which keeps it until the mail server took the mail.
 * Answers how many were queued.
 */
export async function queueDueReviewReminders(db: Db, now = new Date(), limit = 100): Promise<number> {
  const stamp = now.toISOString();
  const due = await db
    .selectFrom('reviewRequests')
    .select(['id', 'companyCvr'])
    .where('reminderDueAt', '<=', stamp)
    .where('usedAt', 'is', null)
    .where('declinedAt', 'is', null)
    .where('expiresAt', '>', stamp)
    .orderBy('reminderDueAt')
    .limit(limit)
    .execute();
  let queued = 0;
  for (const { id, companyCvr } of due) {
    const done = await inTransaction(db, async (trx) => {
      const request = await trx
        .selectFrom('reviewRequests')
        .select('email')
        .where('id', '=', id)
        .where('reminderDueAt', 'is not', null)
        .where('usedAt', 'is', null)
        .where('declinedAt', 'is', null)
        .executeTakeFirst();
      if (!request) return false;
      // Only the sweep that clears the due time sends it (two processes may sweep at once).
      const taken = await trx
        .updateTable('reviewRequests')
        .set({ reminderDueAt: null, remindedAt: stamp, email: null })
        .where('id', '=', id)
        .where('reminderDueAt', 'is not', null)
        .executeTakeFirst();
      if (Number(taken.numUpdatedRows) === 0) return false;
      if (request.email) await queueReviewMail(trx, companyCvr, 'reminder', id, request.email, now);
      return request.email !== null;
    });
    if (done) queued += 1;
  }
  return queued;
}

/**
 * Forgets the e-mail of requests that no longer need it (past their expiry with a reminder never
 * sent); answers how many.
 */
export async function eraseExpiredReviewContacts(db: Db, now = new Date()): Promise<number> {
  const result = await db
    .updateTable('reviewRequests')
    .set({ email: null, reminderDueAt: null })
    .where('expiresAt', '<=', now.toISOString())
    .where('email', 'is not', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

// ---- The outbox -------------------------------------------------------------------------------

type ReviewMailKind = 'request' | 'reminder' | 'receipt' | 'owner-notice';

export type ReviewMail = Omit<ReviewMailsTable, 'kind'> & { kind: ReviewMailKind };

const reviewMails = mailQueue<ReviewMailsTable, 'id'>('reviewMails', 'id');

/** Review mails due at `now`, oldest due first. */
export async function dueReviewMails(db: Db, now: Date, limit = 20): Promise<ReviewMail[]> {
  return (await reviewMails.due(db, now, limit)) as ReviewMail[];
}

export const claimReviewMail = (db: Db, mail: ReviewMail, now: Date, leaseMs: number): Promise<boolean> =>
  reviewMails.claim(db, mail, now, leaseMs);

export const recordReviewMailFailure = (db: Db, id: string, error: string, retryAt: Date): Promise<void> =>
  reviewMails.fail(db, id, error, retryAt);

/** Sent (or nobody left to send it to): the row, and the address in it, go. */
export const completeReviewMail = (db: Db, id: string): Promise<void> => reviewMails.complete(db, id);
