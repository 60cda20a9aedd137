// Review policy that needs no database (issue 50 item 4): what a review request is now, as the owner's
// list shows it (issue 41: sent, reminded, reviewed, declined, or its 60-day link expired); who was
// asked recently, the daily cap, a new request's times, and when the customer confirms an e-mail.
import {
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
