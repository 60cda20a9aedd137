// Review policy that needs no database (issue 50 item 4): what a review request is now, as the owner's
// list shows it (issue 41: sent, reminded, reviewed, declined, or its 60-day link expired); who was
// asked recently, the daily cap, a new request's times, when the customer confirms an e-mail, which
// ask is refused and why, and which written review waits for the operator. The data layer only
// gathers the facts these rules decide on.
import {
  REVIEW_HOLD_CLIENT_DAYS,
  REVIEW_HOLD_PER_HOUR,
  REVIEW_HOLD_SAME_CLIENT,
  REVIEW_LINK_VALID_DAYS,
  REVIEW_RECIPIENT_DAYS,
  REVIEW_REMINDER_AFTER_DAYS,
  REVIEW_REQUESTS_PER_DAY,
} from './limits';

export type ReviewRequestState = 'sent' | 'reminded' | 'reviewed' | 'declined' | 'expired';

/** The times of a request that decide its state (ISO-8601 UTC text, which compares as time does). */
export interface ReviewRequestTimes {
  expiresAt: string;
  remindedAt: string | null;
  usedAt: string | null;
  declinedAt: string | null;
}

/** What a request is at `now`: a written review or a no wins over expiry, expiry over a reminder. */
export function reviewRequestState(request: ReviewRequestTimes, now: Date): ReviewRequestState {
  if (request.usedAt !== null) return 'reviewed';
  if (request.declinedAt !== null) return 'declined';
  if (request.expiresAt <= now.toISOString()) return 'expired';
  return request.remindedAt !== null ? 'reminded' : 'sent';
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** From when an earlier request to the same customer (by e-mail or phone, in recipient form) means
 *  they were asked recently: REVIEW_RECIPIENT_DAYS back (issue 48). */
export function askedRecentlySince(now: Date): string {
  return new Date(now.getTime() - REVIEW_RECIPIENT_DAYS * DAY_MS).toISOString();
}

/** The daily cap counts the requests made in the last 24 hours, not since midnight. */
export function dailyCapSince(now: Date): string {
  return new Date(now.getTime() - DAY_MS).toISOString();
}

/** Whether a company that made `made` requests in the last 24 hours may make no more. */
export function dailyCapReached(made: number): boolean {
  return made >= REVIEW_REQUESTS_PER_DAY;
}

/** A new request's times: made now, its link valid REVIEW_LINK_VALID_DAYS, and its one reminder
 *  REVIEW_REMINDER_AFTER_DAYS on when a reminder goes (an e-mail, reminders on). */
export function newRequestTimes(
  now: Date,
  remind: boolean,
): { createdAt: string; expiresAt: string; reminderDueAt: string | null } {
  return {
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + REVIEW_LINK_VALID_DAYS * DAY_MS).toISOString(),
    reminderDueAt: remind
      ? new Date(now.getTime() + REVIEW_REMINDER_AFTER_DAYS * DAY_MS).toISOString()
      : null,
  };
}

/** Whether the customer must give and confirm an e-mail of their own before the review counts: the
 *  link went through the owner (an SMS text he copied), not mailed by us nor sent by our gateway. */
export function customerMustConfirm(byMail: boolean, smsByGateway: boolean): boolean {
  return !byMail && !smsByGateway;
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

/** What the data layer found out about one ask, under the company's lock. */
export interface ReviewAskFacts {
  /** The e-mail or phone is the owner's own, or at the company's domain. */
  ownContact: boolean;
  /** The quote request the ask is about was asked about before. */
  leadAsked: boolean;
  /** This customer (by e-mail or phone, in recipient form) said no to the company before. */
  declinedBefore: boolean;
  /** This customer was asked since askedRecentlySince(now). */
  askedRecently: boolean;
  /** The requests the company made since dailyCapSince(now). */
  madeLastDay: number;
}

/** Why an ask must be refused, or null: in this order, so the owner hears the reason that matters. */
export function reviewAskRefusal(facts: ReviewAskFacts): ReviewRequestRefusal | null {
  if (facts.ownContact) return 'own-contact';
  if (facts.leadAsked) return 'lead-asked';
  if (facts.declinedBefore) return 'declined-before';
  if (facts.askedRecently) return 'asked-recently';
  if (dailyCapReached(facts.madeLastDay)) return 'daily-limit';
  return null;
}

export type ReviewHoldReason = 'same-client' | 'same-email' | 'busy-hour';

/** From when the counts of reviewHoldReason are taken, at `now`. */
export function reviewHoldWindows(now: Date): { sameClientSince: Date; busySince: Date } {
  return {
    sameClientSince: new Date(now.getTime() - REVIEW_HOLD_CLIENT_DAYS * DAY_MS),
    busySince: new Date(now.getTime() - 60 * 60 * 1000),
  };
}

/** The other reviews of the company a new one is weighed against (every review written counts:
 *  held, unconfirmed and removed ones too; the customer's own deletions do not). Null: not known
 *  (the review has no client address or no e-mail). */
export interface ReviewHoldFacts {
  /** From the same client address since sameClientSince. */
  sameClient: number | null;
  /** From the same e-mail, ever. */
  sameEmail: number | null;
  /** Of the company since busySince. */
  lastHour: number;
}

/** Why a confirmed review must wait for the operator, or null: the client address already gave this
 *  company REVIEW_HOLD_SAME_CLIENT reviews in REVIEW_HOLD_CLIENT_DAYS, the customer's e-mail gave one
 *  before, or REVIEW_HOLD_PER_HOUR reviews came in the last hour. */
export function reviewHoldReason(facts: ReviewHoldFacts): ReviewHoldReason | null {
  if (facts.sameClient !== null && facts.sameClient >= REVIEW_HOLD_SAME_CLIENT) return 'same-client';
  if (facts.sameEmail !== null && facts.sameEmail > 0) return 'same-email';
  if (facts.lastHour >= REVIEW_HOLD_PER_HOUR) return 'busy-hour';
  return null;
}
