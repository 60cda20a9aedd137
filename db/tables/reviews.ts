// Reviews from real customers (issue 41) and what they are written through: the requests (one signed,
// single-use link each, bound to its company, valid REVIEW_LINK_VALID_DAYS; review-requests.ts), the
// owner's switch (review-settings.ts) and the review mails and reminders (review-jobs.ts); one table
// per file, the rules in rules/review-requests.ts (the data layer gathers the facts they decide on). The honesty rules live in these files, where
// no caller can skip them: a review is only ever written through an unused, unexpired, undeclined
// request of its own company; the owner can answer it once and report it, never change or hide it;
// only the operator removes one (its words blanked, the reason kept); the customer can delete their own.
// Personal data: the customer's e-mail stays on the request only while a reminder may still be mailed
// to it (and in an outbox row until the mail server took that mail); a phone number is never stored.
// What is kept afterwards is a keyed hash of each (db/review-token.ts), so a customer who said no is
// never asked again by that company, nor asked twice in REVIEW_RECIPIENT_DAYS.
// Issue 48, a review needs a real customer: the owner never holds a working link to a review that
// counts. A link is mailed by us, sent by SMS through the operator's gateway, or (the SMS text the
// owner copies) makes the customer confirm an e-mail of their own before the review counts. Never to
// the owner's own addresses, number or domain; one request per quote request, ever; a review from a
// client address, e-mail or hour that already gave this company reviews is held for the operator.
import { type ExpressionBuilder, sql } from 'kysely';
import { REVIEW_CONFIRM_VALID_DAYS } from '../../rules/limits';
import {
  type ReviewHoldFacts,
  type ReviewHoldReason,
  reviewHoldReason,
  reviewHoldWindows,
} from '../../rules/review-requests';
import { type Db, inTransaction } from '../database';
import { accepted, type Outcome, refused } from '../outcome';
import { clientHash, emailHash } from '../review-token';
import type { Database } from '../schema';
import { cancel, cancelByPrefix } from './jobs';
import { queueReviewMail, reviewMailKey, reviewReminderKey } from './review-jobs';
import { closeRequest, findReviewRequest, type ReviewLinkRefusal } from './review-requests';

const DAY_MS = 24 * 60 * 60 * 1000;

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
  /** Keyed hash of the client address it was written from ('' unknown). */
  clientHash: string;
  /** Keyed hash of the e-mail the customer gave on the form ('' none). */
  authorEmailHash: string;
  /** Null while the customer's confirmation of their e-mail is awaited: it does not count yet. */
  confirmedAt: string | null;
  /** The e-mail awaiting that confirmation; erased once confirmed. */
  pendingEmail: string | null;
  heldAt: string | null;
  heldReason: string | null;
  releasedAt: string | null;
}

export type ReviewReportReason = 'personal-data' | 'threats' | 'not-customer';

/** Why a review waits for the operator before it is shown (issue 48). */

/** Whether a review counts: shown on the site, held for the operator, or awaiting the customer's e-mail. */
type ReviewState = 'published' | 'held' | 'unconfirmed';

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
  state: ReviewState;
  heldReason: ReviewHoldReason | null;
}

export interface NewReview {
  stars: number;
  service: string;
  text: string;
  authorName: string;
  /** The e-mail the customer gave on the form ('' none): the receipt goes there, and when the
   *  request went through the owner, the review counts once they confirm it. */
  email?: string;
  /** The client address the form was sent from (null unknown): many from one are held. */
  clientAddress?: string | null;
}

function stateOf(row: Pick<ReviewsTable, 'confirmedAt' | 'heldAt' | 'releasedAt'>): ReviewState {
  if (row.confirmedAt === null) return 'unconfirmed';
  return row.heldAt !== null && row.releasedAt === null ? 'held' : 'published';
}

function toReview(row: ReviewsTable): Review {
  const {
    clientHash: _client,
    authorEmailHash: _email,
    pendingEmail: _pending,
    confirmedAt: _confirmed,
    heldAt: _held,
    releasedAt: _released,
    ...rest
  } = row;
  return {
    ...rest,
    reportReason: row.reportReason as ReviewReportReason | null,
    heldReason: row.heldReason as ReviewHoldReason | null,
    state: stateOf(row),
  };
}

/** What reviewHoldReason (rules/) weighs review `id` against: the company's other reviews. */
async function holdFacts(
  trx: Db,
  cvr: string,
  review: Pick<ReviewsTable, 'id' | 'clientHash' | 'authorEmailHash'>,
  now: Date,
): Promise<ReviewHoldFacts> {
  const count = async (since: Date, match?: { column: 'clientHash' | 'authorEmailHash'; value: string }) => {
    let query = trx
      .selectFrom('reviews')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('companyCvr', '=', cvr)
      .where('id', '!=', review.id)
      .where('createdAt', '>', since.toISOString());
    if (match) query = query.where(match.column, '=', match.value);
    return Number((await query.executeTakeFirst())?.count ?? 0);
  };
  const { sameClientSince, busySince } = reviewHoldWindows(now);
  return {
    sameClient:
      review.clientHash === ''
        ? null
        : await count(sameClientSince, { column: 'clientHash', value: review.clientHash }),
    sameEmail:
      review.authorEmailHash === ''
        ? null
        : await count(new Date(0), { column: 'authorEmailHash', value: review.authorEmailHash }),
    lastHour: await count(busySince),
  };
}

/**
 * Review `id` (confirmed now) counts, unless it must wait for the operator: held with its reason.
 * The owner's notice goes for a review that is shown; a held one's goes when the operator releases it.
 */
async function settle(trx: Db, cvr: string, row: ReviewsTable, now: Date): Promise<ReviewsTable> {
  const reason = reviewHoldReason(await holdFacts(trx, cvr, row, now));
  const at = now.toISOString();
  const change = reason ? { heldAt: at, heldReason: reason } : {};
  await trx
    .updateTable('reviews')
    .set({ confirmedAt: at, pendingEmail: null, ...change })
    .where('companyCvr', '=', cvr)
    .where('id', '=', row.id)
    .execute();
  if (!reason) await queueReviewMail(trx, cvr, 'owner-notice', row.id, null, now);
  return { ...row, confirmedAt: at, pendingEmail: null, ...change };
}

/**
 * Writes the review of link `requestId` (spending it) in one transaction with its mails. Whatever its
 * stars: nothing here looks at them.
 * - A link that went through the owner (customerConfirms): the review waits for the customer to
 *   confirm the e-mail they gave; only the confirmation mail goes now (confirmReview does the rest).
 * - Otherwise it counts now, or is held for the operator (reviewHoldReason in rules/); the receipt with the delete
 *   link goes to the address the customer gave on the form (an SMS request), else to the address the
 *   request was mailed to (they proved it theirs by using the link sent there); never elsewhere.
 */
export async function submitReview(
  db: Db,
  cvr: string,
  requestId: string,
  input: NewReview,
  now = new Date(),
  id: string = crypto.randomUUID(),
): Promise<Outcome<Review, ReviewLinkRefusal | 'email-required'>> {
  const given = (input.email ?? '').trim();
  const [authorEmailHash, client] = await Promise.all([
    emailHash(db, cvr, given),
    clientHash(db, cvr, input.clientAddress ?? null),
  ]);
  return inTransaction(db, async (trx) => {
    const request = await findReviewRequest(trx, cvr, requestId);
    if (request?.customerConfirms && given === '') return refused('email-required');
    const closed = await closeRequest(trx, cvr, requestId, { usedAt: now.toISOString() }, now);
    if (!closed.ok) return closed;
    const confirms = request?.customerConfirms === true;
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
      clientHash: client,
      authorEmailHash,
      confirmedAt: null,
      pendingEmail: confirms ? given : null,
      heldAt: null,
      heldReason: null,
      releasedAt: null,
    };
    await trx.insertInto('reviews').values(row).execute();
    // A reminder not yet sent is not sent now.
    await cancel(trx, reviewMailKey(cvr, requestId, 'reminder'));
    await cancel(trx, reviewReminderKey(cvr, requestId));
    if (confirms) {
      await queueReviewMail(trx, cvr, 'confirm', id, given, now);
      return accepted(toReview(row));
    }
    const settled = await settle(trx, cvr, row, now);
    // An SMS request's receipt goes only where the customer said; a mail request's to its address.
    const receiptTo = request?.channel === 'sms' ? given : (closed.value.email ?? '');
    if (receiptTo !== '') await queueReviewMail(trx, cvr, 'receipt', id, receiptTo, now);
    return accepted(toReview(settled));
  });
}

export type ReviewConfirmRefusal = 'not-found' | 'expired' | 'confirmed';

/**
 * The customer confirms the e-mail they gave (the link in the confirmation mail): the review counts
 * now, or is held for the operator; their receipt with the delete link goes to that address. A
 * confirmation past REVIEW_CONFIRM_VALID_DAYS is refused (the review is erased with the contacts).
 */
export async function confirmReview(
  db: Db,
  cvr: string,
  id: string,
  now = new Date(),
): Promise<Outcome<Review, ReviewConfirmRefusal>> {
  return inTransaction(db, async (trx) => {
    const row = await trx
      .selectFrom('reviews')
      .selectAll()
      .where('companyCvr', '=', cvr)
      .where('id', '=', id)
      .where('removedAt', 'is', null)
      .executeTakeFirst();
    if (!row) return refused('not-found');
    if (row.confirmedAt !== null) return refused('confirmed');
    if (new Date(row.createdAt).getTime() + REVIEW_CONFIRM_VALID_DAYS * DAY_MS <= now.getTime()) {
      return refused('expired');
    }
    const claimed = await trx
      .updateTable('reviews')
      .set({ confirmedAt: now.toISOString() })
      .where('companyCvr', '=', cvr)
      .where('id', '=', id)
      .where('confirmedAt', 'is', null)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) return refused('confirmed');
    await cancel(trx, reviewMailKey(cvr, id, 'confirm'));
    const settled = await settle(trx, cvr, row, now);
    if (row.pendingEmail) await queueReviewMail(trx, cvr, 'receipt', id, row.pendingEmail, now);
    return accepted(toReview(settled));
  });
}

/** The operator lets a held review be shown; the owner's notice goes now. False: not held (any more). */
export async function releaseReview(db: Db, cvr: string, id: string, now = new Date()): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const result = await trx
      .updateTable('reviews')
      .set({ releasedAt: now.toISOString() })
      .where('companyCvr', '=', cvr)
      .where('id', '=', id)
      .where('heldAt', 'is not', null)
      .where('releasedAt', 'is', null)
      .where('removedAt', 'is', null)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return false;
    await queueReviewMail(trx, cvr, 'owner-notice', id, null, now);
    return true;
  });
}

/**
 * The company's reviews that count (what the site shows), newest first; also those held or awaiting
 * the customer's confirmation when asked (`pending`, the owner's list), and removed ones (their words
 * blanked) when asked.
 */
export async function listReviews(
  db: Db,
  cvr: string,
  options: { removed?: boolean; pending?: boolean; limit?: number } = {},
): Promise<Review[]> {
  let query = db.selectFrom('reviews').selectAll().where('companyCvr', '=', cvr);
  if (!options.removed) query = query.where('removedAt', 'is', null);
  if (!options.pending) query = query.where(countsOnSite);
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

/** A review counts once confirmed and not held (or released by the operator). */
const countsOnSite = (eb: ExpressionBuilder<Database, 'reviews'>) =>
  eb.and([
    eb('reviews.confirmedAt', 'is not', null),
    eb.or([eb('reviews.heldAt', 'is', null), eb('reviews.releasedAt', 'is not', null)]),
  ]);

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
    .where(countsOnSite)
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
    .where(countsOnSite)
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

/**
 * Reviews held for the operator (oldest first), reported and not yet removed (oldest report first),
 * and the removed ones (newest first).
 */
export async function listReviewsForOperator(
  db: Db,
  limit = 200,
): Promise<{ held: OperatorReview[]; reported: OperatorReview[]; removed: OperatorReview[] }> {
  const base = () =>
    db
      .selectFrom('reviews')
      .innerJoin('companies', 'companies.cvr', 'reviews.companyCvr')
      .selectAll('reviews')
      .select('companies.name as companyName');
  const [held, reported, removed] = await Promise.all([
    base()
      .where('reviews.heldAt', 'is not', null)
      .where('reviews.releasedAt', 'is', null)
      .where('reviews.removedAt', 'is', null)
      .where('reviews.confirmedAt', 'is not', null)
      .orderBy('reviews.heldAt')
      .limit(limit)
      .execute(),
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
  return { held: held.map(map), reported: reported.map(map), removed: removed.map(map) };
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
    await cancelByPrefix(trx, reviewMailKey(cvr, id, ''));
    const result = await trx
      .deleteFrom('reviews')
      .where('companyCvr', '=', cvr)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  });
}

/**
 * Forgets the e-mail of requests that no longer need it (past their expiry with a reminder never
 * sent); answers how many.
 */
export async function eraseExpiredReviewContacts(db: Db, now = new Date()): Promise<number> {
  // A review whose customer never confirmed their e-mail never counted: it goes, with the address.
  const stale = new Date(now.getTime() - REVIEW_CONFIRM_VALID_DAYS * DAY_MS).toISOString();
  const unconfirmed = await db
    .selectFrom('reviews')
    .select(['id', 'companyCvr'])
    .where('confirmedAt', 'is', null)
    .where('createdAt', '<=', stale)
    .limit(500)
    .execute();
  for (const { id, companyCvr } of unconfirmed) await deleteReviewByCustomer(db, companyCvr, id);
  const result = await db
    .updateTable('reviewRequests')
    .set({ email: null, reminderDueAt: null })
    .where('expiresAt', '<=', now.toISOString())
    .where('email', 'is not', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
