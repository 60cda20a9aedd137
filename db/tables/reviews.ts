// Reviews from real customers (issue 41) and what they are written through: the requests (one signed,
// single-use link each, bound to its company, valid REVIEW_LINK_VALID_DAYS), the owner's two switches
// and the outbox of review mail. The honesty rules live here, where no caller can skip them: a review
// is only ever written through an unused, unexpired, undeclined request of its own company; the owner
// can answer it once and report it, never change or hide it; only the operator removes one (its words
// blanked, the reason kept); the customer can delete their own.
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
import {
  REVIEW_CONFIRM_VALID_DAYS,
  REVIEW_HOLD_CLIENT_DAYS,
  REVIEW_HOLD_PER_HOUR,
  REVIEW_HOLD_SAME_CLIENT,
  REVIEW_LINK_VALID_DAYS,
  REVIEW_RECIPIENT_DAYS,
  REVIEW_REMINDER_AFTER_DAYS,
  REVIEW_REQUESTS_PER_DAY,
} from '../../rules/limits';
import { isOwnEmail, isOwnPhone, type OwnContacts, ownContacts } from '../../rules/review-recipient';
import { type Db, inTransaction } from '../database';
import { accepted, type Outcome, refused } from '../outcome';
import { clientHash, emailHash, newReviewRequestId, phoneHash, reviewLinkToken } from '../review-token';
import type { Database } from '../schema';
import { cancel, cancelByPrefix, enqueue, findJob } from './jobs';
import { lockCompany } from './locks';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface ReviewSettingsTable {
  companyCvr: string;
  remindersEnabled: number;
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
  /** 1: the link went through the owner (an SMS text he copied); the customer confirms an e-mail. */
  customerConfirms: number;
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

// ---- Settings ---------------------------------------------------------------------------------

/** The owner's switch. There is no switch that hides the reviews (issue 48): the site says the company
 *  cannot hide them, and that is so. */
export interface ReviewSettings {
  /** One reminder after REVIEW_REMINDER_AFTER_DAYS to a customer who has not answered. */
  remindersEnabled: boolean;
}

const DEFAULT_REVIEW_SETTINGS: Readonly<ReviewSettings> = Object.freeze({ remindersEnabled: true });

export async function getReviewSettings(db: Db, cvr: string): Promise<ReviewSettings> {
  const row = await db
    .selectFrom('reviewSettings')
    .selectAll()
    .where('companyCvr', '=', cvr)
    .executeTakeFirst();
  return row ? { remindersEnabled: row.remindersEnabled === 1 } : DEFAULT_REVIEW_SETTINGS;
}

/**
 * Stores the switches. Turning reminders off cancels the reminders not yet sent, and with them the
 * reason to keep those customers' e-mail addresses: they are erased at once.
 */
export async function saveReviewSettings(db: Db, cvr: string, settings: ReviewSettings): Promise<void> {
  const values = { companyCvr: cvr, remindersEnabled: settings.remindersEnabled ? 1 : 0 };
  await inTransaction(db, async (trx) => {
    await trx
      .insertInto('reviewSettings')
      .values(values)
      .onConflict((oc) => oc.column('companyCvr').doUpdateSet({ remindersEnabled: values.remindersEnabled }))
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

// The pure rule lives in rules/ (issue 50 item 4); re-exported for the callers of the data layer.
export { reviewRequestState } from '../../rules/review-requests';

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
  /** The link went through the owner: the customer gives and confirms their own e-mail on the form. */
  customerConfirms: boolean;
}

export interface NewReviewRequest {
  customerName: string;
  /** '' when the customer gave none. */
  email: string;
  /** '' when the customer gave none. */
  phone: string;
  leadId?: string | null;
  /** An SMS goes through the operator's gateway (the owner never sees the link); false: the owner
   *  copies the text, and the customer must confirm their own e-mail. */
  smsByGateway?: boolean;
}

export type ReviewRequestRefusal =
  | 'no-contact'
  | 'declined-before'
  | 'daily-limit'
  | 'company-not-found'
  /** This quote request was asked about before: one request per job, ever. */
  | 'lead-asked'
  /** This recipient (in recipient form) was asked within REVIEW_RECIPIENT_DAYS. */
  | 'asked-recently'
  /** The address or number is the owner's own, or at the company's domain. */
  | 'own-contact';

function toRequest(row: ReviewRequestsTable): ReviewRequest {
  const { email, emailHash: _email, phoneHash: _phone, customerConfirms, ...rest } = row;
  return {
    ...rest,
    channel: row.channel === 'sms' ? 'sms' : 'email',
    contactKept: email !== null,
    customerConfirms: customerConfirms === 1,
  };
}

/**
 * The owner's own contacts, as far as the product knows them: the login, the company's e-mail, the
 * address quote requests go to (and one awaiting confirmation), the company's phone, its custom domain.
 */
export async function companyOwnContacts(db: Db, cvr: string): Promise<OwnContacts> {
  const company = await db
    .selectFrom('companies')
    .select(['email', 'companyEmail', 'phone', 'customDomain'])
    .where('cvr', '=', cvr)
    .executeTakeFirst();
  const lead = await db
    .selectFrom('leadSettings')
    .select(['recipientEmail', 'pendingRecipientEmail'])
    .where('companyCvr', '=', cvr)
    .executeTakeFirst();
  return ownContacts({
    emails: [company?.email, company?.companyEmail, lead?.recipientEmail, lead?.pendingRecipientEmail],
    phones: [company?.phone],
    domains: [company?.customDomain],
  });
}

async function queueReviewMail(
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

/**
 * Makes a review request and, when the customer gave an e-mail, queues the mail with its link (one
 * transaction). Refused when there is nobody to reach, when the address or number is the owner's own,
 * when this quote request was asked about before, when this customer (by e-mail or phone, in recipient
 * form) said no to this company before or was asked within REVIEW_RECIPIENT_DAYS, and past
 * REVIEW_REQUESTS_PER_DAY in the last 24 hours; all under the company's lock, so ten asks at once to
 * one address make one request. Answers the request and its link token (for the SMS).
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
    // One request at a time per company, so the caps hold under concurrent asks.
    if (!(await lockCompany(trx, cvr))) return refused('company-not-found');
    const own = await companyOwnContacts(trx, cvr);
    if ((email !== '' && isOwnEmail(email, own)) || (input.phone !== '' && isOwnPhone(input.phone, own))) {
      return refused('own-contact');
    }
    if (input.leadId) {
      const asked = await trx
        .selectFrom('reviewRequests')
        .select('id')
        .where('companyCvr', '=', cvr)
        .where('leadId', '=', input.leadId)
        .limit(1)
        .executeTakeFirst();
      if (asked) return refused('lead-asked');
    }
    // This customer's earlier requests to the company, by e-mail or phone in recipient form.
    const ofRecipient = () =>
      trx
        .selectFrom('reviewRequests')
        .select('id')
        .where('companyCvr', '=', cvr)
        .where((eb) =>
          eb.or([
            ...(mailHash ? [eb('emailHash', '=', mailHash)] : []),
            ...(numberHash ? [eb('phoneHash', '=', numberHash)] : []),
          ]),
        )
        .limit(1);
    const said = await ofRecipient().where('declinedAt', 'is not', null).executeTakeFirst();
    if (said) return refused('declined-before');
    const since = new Date(now.getTime() - REVIEW_RECIPIENT_DAYS * DAY_MS).toISOString();
    const lately = await ofRecipient().where('createdAt', '>', since).executeTakeFirst();
    if (lately) return refused('asked-recently');
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
      customerConfirms: !byMail && !input.smsByGateway ? 1 : 0,
    };
    await trx.insertInto('reviewRequests').values(row).execute();
    if (byMail) await queueReviewMail(trx, cvr, 'request', row.id, email, now);
    if (row.reminderDueAt)
      await enqueue(trx, 'review-reminder', { cvr, requestId: row.id } satisfies ReviewReminderPayload, {
        key: reviewReminderKey(cvr, row.id),
        runAt: new Date(row.reminderDueAt),
        now,
      });
    return accepted({ request: toRequest(row), token: await reviewLinkToken(trx, cvr, row.id) });
  });
}

/**
 * Takes back a request nobody could receive (the SMS gateway refused it): as if it had not been made,
 * so the owner may ask again.
 */
export async function withdrawReviewRequest(db: Db, cvr: string, id: string): Promise<void> {
  await inTransaction(db, async (trx) => {
    await cancelRequestJobs(trx, cvr, id);
    await trx
      .deleteFrom('reviewRequests')
      .where('companyCvr', '=', cvr)
      .where('id', '=', id)
      .where('usedAt', 'is', null)
      .execute();
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

/** The company of request `id` (a short link names no company), or undefined. */
export async function reviewRequestCompany(db: Db, id: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('reviewRequests')
    .select('companyCvr')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.companyCvr;
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
  const unsent = await findJob(trx, reviewMailKey(cvr, id, 'request'));
  return accepted({ email: (unsent?.payload as ReviewMailPayload | undefined)?.to ?? null });
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
    await cancelRequestJobs(trx, cvr, id);
    return accepted(null);
  });
}

// ---- Reviews ----------------------------------------------------------------------------------

export type ReviewReportReason = 'personal-data' | 'threats' | 'not-customer';

/** Why a review waits for the operator before it is shown (issue 48). */
type ReviewHoldReason = 'same-client' | 'same-email' | 'busy-hour';

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

/**
 * Why review `id` must wait for the operator, or null: the client address already gave this company
 * REVIEW_HOLD_SAME_CLIENT reviews in REVIEW_HOLD_CLIENT_DAYS, the customer's e-mail gave one before, or
 * REVIEW_HOLD_PER_HOUR reviews came in the last hour. Every review written counts (held, unconfirmed
 * and removed ones too: a flood of tries is the signal), the customer's own deletions do not.
 */
async function holdReason(
  trx: Db,
  cvr: string,
  review: Pick<ReviewsTable, 'id' | 'clientHash' | 'authorEmailHash'>,
  now: Date,
): Promise<ReviewHoldReason | null> {
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
  if (review.clientHash !== '') {
    const since = new Date(now.getTime() - REVIEW_HOLD_CLIENT_DAYS * DAY_MS);
    if ((await count(since, { column: 'clientHash', value: review.clientHash })) >= REVIEW_HOLD_SAME_CLIENT) {
      return 'same-client';
    }
  }
  if (review.authorEmailHash !== '') {
    if ((await count(new Date(0), { column: 'authorEmailHash', value: review.authorEmailHash })) > 0) {
      return 'same-email';
    }
  }
  if ((await count(new Date(now.getTime() - 60 * 60 * 1000))) >= REVIEW_HOLD_PER_HOUR) return 'busy-hour';
  return null;
}

/**
 * Review `id` (confirmed now) counts, unless it must wait for the operator: held with its reason.
 * The owner's notice goes for a review that is shown; a held one's goes when the operator releases it.
 */
async function settle(trx: Db, cvr: string, row: ReviewsTable, now: Date): Promise<ReviewsTable> {
  const reason = await holdReason(trx, cvr, row, now);
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
 * - Otherwise it counts now, or is held for the operator (holdReason); the receipt with the delete
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

// ---- Reminders and erasure --------------------------------------------------------------------

/**
 * The reminder of one request falls due (its 'review-reminder' job, queued with the request): unless
 * the request was used, declined or its reminder called off meanwhile, the reminder mail is queued, and
 * the e-mail leaves the request for the mail's job, which keeps it until the mail server took the mail.
 * Answers whether a mail was queued.
 */
export async function queueReviewReminder(
  db: Db,
  cvr: string,
  id: string,
  now = new Date(),
): Promise<boolean> {
  const stamp = now.toISOString();
  return inTransaction(db, async (trx) => {
    const request = await trx
      .selectFrom('reviewRequests')
      .select('email')
      .where('companyCvr', '=', cvr)
      .where('id', '=', id)
      .where('reminderDueAt', 'is not', null)
      .where('usedAt', 'is', null)
      .where('declinedAt', 'is', null)
      .where('expiresAt', '>', stamp)
      .executeTakeFirst();
    if (!request) return false;
    // Only the runner that clears the due time sends it.
    const taken = await trx
      .updateTable('reviewRequests')
      .set({ reminderDueAt: null, remindedAt: stamp, email: null })
      .where('id', '=', id)
      .where('reminderDueAt', 'is not', null)
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) === 0 || !request.email) return false;
    await queueReviewMail(trx, cvr, 'reminder', id, request.email, now);
    return true;
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

// ---- Its mails and reminders (jobs, db/tables/jobs.ts) ---------------------------------------

type ReviewMailKind = 'request' | 'reminder' | 'receipt' | 'owner-notice' | 'confirm';

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

const reviewMailKey = (cvr: string, refId: string, kind: ReviewMailKind | '') =>
  `review-mail:${cvr}:${refId}:${kind}`;
const reviewReminderKey = (cvr: string, requestId: string) => `review-reminder:${cvr}:${requestId}`;

/** A request's mails and reminder not yet sent are not sent. */
async function cancelRequestJobs(db: Db, cvr: string, id: string): Promise<void> {
  await cancelByPrefix(db, reviewMailKey(cvr, id, ''));
  await cancel(db, reviewReminderKey(cvr, id));
}
