// Review requests (issue 41, 48): one signed, single-use link each, bound to its company, valid
// REVIEW_LINK_VALID_DAYS; who may be asked and how often (the rules in rules/review-requests.ts); a
// customer's no, remembered as a keyed hash so that company never asks again; and the one reminder.
// db/tables/reviews.ts tells the whole story of reviews.

import { isOwnEmail, isOwnPhone, type OwnContacts, ownContacts } from '../../rules/review-recipient';
import {
  askedRecentlySince,
  customerMustConfirm,
  dailyCapSince,
  newRequestTimes,
  type ReviewAskFacts,
  type ReviewRequestRefusal,
  reviewAskRefusal,
} from '../../rules/review-requests';
import { type Db, inTransaction } from '../database';
import { accepted, type Outcome, refused } from '../outcome';
import { emailHash, newReviewRequestId, phoneHash, reviewLinkToken } from '../review-token';
import { enqueue, findJob } from './jobs';
import { lockCompany } from './locks';
import {
  cancelRequestJobs,
  queueReviewMail,
  type ReviewMailPayload,
  type ReviewReminderPayload,
  reviewMailKey,
  reviewReminderKey,
} from './review-jobs';
import { getReviewSettings } from './review-settings';

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

export type { ReviewRequestRefusal } from '../../rules/review-requests';

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

/** What reviewAskRefusal decides an ask on: the owner's contacts and this customer's and company's
 *  earlier requests. */
async function askFacts(
  trx: Db,
  cvr: string,
  ask: { email: string; mailHash: string; numberHash: string; input: NewReviewRequest },
  now: Date,
): Promise<ReviewAskFacts> {
  const { email, mailHash, numberHash, input } = ask;
  const own = await companyOwnContacts(trx, cvr);
  const ofCompany = () =>
    trx.selectFrom('reviewRequests').select('id').where('companyCvr', '=', cvr).limit(1);
  // This customer's earlier requests to the company, by e-mail or phone in recipient form.
  const ofRecipient = () =>
    ofCompany().where((eb) =>
      eb.or([
        ...(mailHash ? [eb('emailHash', '=', mailHash)] : []),
        ...(numberHash ? [eb('phoneHash', '=', numberHash)] : []),
      ]),
    );
  const asked = input.leadId
    ? await ofCompany().where('leadId', '=', input.leadId).executeTakeFirst()
    : undefined;
  const said = await ofRecipient().where('declinedAt', 'is not', null).executeTakeFirst();
  const lately = await ofRecipient().where('createdAt', '>', askedRecentlySince(now)).executeTakeFirst();
  const today = await trx
    .selectFrom('reviewRequests')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('companyCvr', '=', cvr)
    .where('createdAt', '>', dailyCapSince(now))
    .executeTakeFirst();
  return {
    ownContact:
      (email !== '' && isOwnEmail(email, own)) || (input.phone !== '' && isOwnPhone(input.phone, own)),
    leadAsked: asked !== undefined,
    declinedBefore: said !== undefined,
    askedRecently: lately !== undefined,
    madeLastDay: Number(today?.count ?? 0),
  };
}

/**
 * Makes a review request and, when the customer gave an e-mail, queues the mail with its link (one
 * transaction). Refused when there is nobody to reach, else as reviewAskRefusal (rules/) decides on
 * the facts gathered by askFacts; all under the company's lock, so ten asks at once to
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
    const refusal = reviewAskRefusal(await askFacts(trx, cvr, { email, mailHash, numberHash, input }, now));
    if (refusal) return refused(refusal);

    const settings = await getReviewSettings(trx, cvr);
    const byMail = email !== '';
    const remind = byMail && settings.remindersEnabled;
    const times = newRequestTimes(now, remind);
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
      createdAt: times.createdAt,
      expiresAt: times.expiresAt,
      reminderDueAt: times.reminderDueAt,
      remindedAt: null,
      usedAt: null,
      declinedAt: null,
      customerConfirms: customerMustConfirm(byMail, input.smsByGateway === true) ? 1 : 0,
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
export async function closeRequest(
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
