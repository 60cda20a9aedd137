// Review policy that needs no database (issue 50 item 4): what a review request is now, as the owner's
// list shows it (issue 41: sent, reminded, reviewed, declined, or its 60-day link expired).

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
