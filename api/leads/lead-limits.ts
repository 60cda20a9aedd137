// How the quote form holds up against floods (issue 39): the policy, its numbers, and why.
//
// What we promise: a visitor is never told to try again later because of someone else's traffic,
// and every request a person sends reaches the owner. What a flood may cost the owner: at most the
// company's hourly allowance of mails plus one summary an hour, and a list under "Mulig spam" they
// can look through or ignore. Before, a flood of 1,000 posts from 200 addresses stored 60 junk
// requests and then refused everyone for an hour (a per-company limit answering 429): about six
// addresses could close any company's form.
//
// 1. Checks that cost a sender nothing come first and count against nothing (api/routes/
//    site-leads.ts): the site exists, is active, and shows the form; the honeypot, the signed token,
//    the fields, the link cap; the same words twice in a day are stored once.
// 2. A client (an IPv4 address, an IPv6 /64: one subscriber's whole prefix) is refused its own
//    traffic, from the request's headers where it can be, before its body is read:
//    - `perClient`: 5 stored requests in 10 minutes; more gets 429 "mange forespørgsler". A household
//      or an office sends one or two.
//    - `bodiesPerClient`: what it may make us read in 10 minutes, 1 point per request plus 1 per
//      started MB it declares (a full 31 MB body costs 32 of 200): a loop of large bodies with bad
//      tokens, refused after reading, used to count against nothing.
//    - `tokensPerClient`: fresh tokens (GET …/lead-token) fetched in 10 minutes; the site's script
//      fetches one per page view.
//    - at most two large bodies in flight at once, and the process reads at most four large bodies
//      at a time, the rest waiting unread (api/leads/upload-gate.ts).
//    These refuse the flooding addresses themselves; they never refuse anyone else.
// 3. A company has an hourly ALLOWANCE of requests mailed one by one. Past it a request is still
//    accepted, stored and answered as received, but marked "Mulig spam": no mail of its own (one
//    summary an hour instead, db/tables/lead-spam-summaries.ts), its photos not kept (re-encoding is
//    the costliest part of a request, and a flood would have us do it for every bot), listed apart
//    in Henvendelser, kept as SPAM_KEEP says and deleted after SPAM_KEEP_DAYS.
//    The allowance is split by the kind of token the request carries (db/lead-form-token.ts):
//    - `pageTokenAllowance` (10 an hour): the page token is in every copy of the page and valid for
//      30 days, so a flood is cheapest with it; only visitors without JavaScript use it. One page
//      token is taken `pageTokenUses` times a day at most (issue 48: one token carried 600 posts);
//      past that it is refused as a bot's, with the form back and a fresh token (a person without
//      JavaScript presses Send again and goes on with that).
//    - `personAllowance` (30 an hour): a request that reads as a person's (rules/lead-form.ts,
//      typedAtPersonsPace: a fresh token, older than typing its message takes, no links) is mailed
//      from an allowance of its own, which a flood of quick or linked posts cannot spend; past it, it
//      falls back to `allowance`.
//    - `allowance` (20 an hour): the site's script fetches a single-use token for each visitor and
//      waits at least 3 s before sending, a round trip and a wait per request for a bot.
//    A flood spends the part of its own kind, so the visitors who send the other kind are mailed as
//    before (issue 48: a flood of fresh tokens sent 3 s after fetching put the next person in spam).
// 4. Possible spam is kept by client (SPAM_KEEP, db/tables/leads.ts pruneSpam): each client's first
//    and latest few, and over the company's cap the newest of whoever has the most, so a flood from
//    many addresses cannot push out another client's request (issue 48: the newest-500 cap did). What
//    was not kept is counted in the owner's summary.
// Every count is in the app's LimitStore: Redis, or the database every web process shares
// (api/middleware/rate-limit.ts), never one process's memory in the product.
import type { SpamKeep } from '../../db';
import { RateLimiter } from '../middleware/rate-limit';

const MINUTE = 60 * 1000;

export const LEAD_LIMITS = {
  perClient: new RateLimiter({ name: 'lead-client', limit: 5, windowMs: 10 * MINUTE }),
  bodiesPerClient: new RateLimiter({ name: 'lead-bodies', limit: 200, windowMs: 10 * MINUTE }),
  tokensPerClient: new RateLimiter({ name: 'lead-tokens', limit: 60, windowMs: 10 * MINUTE }),
  allowance: new RateLimiter({ name: 'lead-allowance', limit: 20, windowMs: 60 * MINUTE }),
  pageTokenAllowance: new RateLimiter({ name: 'lead-allowance-page', limit: 10, windowMs: 60 * MINUTE }),
  personAllowance: new RateLimiter({ name: 'lead-allowance-person', limit: 30, windowMs: 60 * MINUTE }),
  /** Posts one page token (per company and issue time) may carry in a day. */
  pageTokenUses: new RateLimiter({ name: 'lead-page-token-uses', limit: 5, windowMs: 24 * 60 * MINUTE }),
} as const;

export type LeadLimits = typeof LEAD_LIMITS;

/** A company keeps at most this many possible-spam requests. */
export const SPAM_KEEP_PER_COMPANY = 500;
/** What possible spam is kept: per client its oldest and newest five, per company SPAM_KEEP_PER_COMPANY. */
export const SPAM_KEEP: SpamKeep = Object.freeze({
  clientOldest: 5,
  clientNewest: 5,
  company: SPAM_KEEP_PER_COMPANY,
});
/** Possible spam is deleted after this many days (real requests: LEAD_KEEP_MONTHS). */
export const SPAM_KEEP_DAYS = 30;

/** What a body costs against `bodiesPerClient`: 1, plus 1 per started MB it declares (unknown: the most). */
export function bodyCost(declaredBytes: number | null, maxBytes: number): number {
  const bytes = declaredBytes ?? maxBytes;
  return 1 + Math.ceil(Math.max(0, bytes) / (1024 * 1024));
}
