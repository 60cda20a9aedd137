// Whether a company's site is shown to visitors, by the one rule in rules/trial.ts (siteState):
// GRACE_DAYS after a trial that ended without an order, visitors get the "ikke aktiv" page instead
// of the site. The plan is read per company at most every `ttlMs` (10 s), so serving costs no query;
// concurrent misses for one company share a single query (server/cached-lookup.ts).
import { type Db, findCompanyPlan } from '../db';
import { type SiteState, siteState } from '../rules/trial';
import { cachedLookup } from './cached-lookup';

export interface SiteAccess {
  /** The cached state; null when no company has that CVR; undefined when resolve() must ask. */
  peek(cvr: string): SiteState | null | undefined;
  resolve(cvr: string): Promise<SiteState | null>;
}

export function createSiteAccess(db: Db, ttlMs = 10_000, maxEntries = 10_000): SiteAccess {
  // A database outage must not take sites offline: the state reads as unknown (served) and is asked
  // again after the interval.
  return cachedLookup(
    (cvr) =>
      findCompanyPlan(db, cvr)
        .then((plan) => (plan ? siteState(plan, new Date()) : null))
        .catch(() => null),
    { maxEntries, ttlMs: () => ttlMs },
  );
}
