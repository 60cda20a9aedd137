// Whether a company's site is shown to visitors, by the one rule in rules/trial.ts (siteState):
// GRACE_DAYS after a trial that ended without an order, visitors get the "ikke aktiv" page instead
// of the site. The plan is read per company at most every `ttlMs` (10 s), so serving costs no query;
// concurrent misses for one company share a single query.
import type { Db } from '../db';
import { type SiteState, siteState } from '../rules/trial';

export interface SiteAccess {
  /** The cached state; null when no company has that CVR; undefined when resolve() must ask. */
  peek(cvr: string): SiteState | null | undefined;
  resolve(cvr: string): Promise<SiteState | null>;
}

export function createSiteAccess(db: Db, ttlMs = 10_000, maxEntries = 10_000): SiteAccess {
  const cache = new Map<string, { state: SiteState | null; expiresAt: number }>();
  const pending = new Map<string, Promise<SiteState | null>>();

  async function query(cvr: string): Promise<SiteState | null> {
    const row = await db
      .selectFrom('companies')
      .select(['planStatus', 'trialEndDate'])
      .where('cvr', '=', cvr)
      .executeTakeFirst();
    return row ? siteState({ status: row.planStatus, trialEndDate: row.trialEndDate }, new Date()) : null;
  }

  return {
    peek(cvr) {
      const cached = cache.get(cvr);
      if (cached === undefined || cached.expiresAt < performance.now()) return undefined;
      return cached.state;
    },
    resolve(cvr) {
      let asking = pending.get(cvr);
      if (asking === undefined) {
        // A database outage must not take sites offline: the state reads as unknown (served) and is
        // asked again after the interval.
        asking = query(cvr)
          .catch(() => null)
          .then((state) => {
            cache.delete(cvr);
            if (cache.size >= maxEntries) {
              const oldest = cache.keys().next().value;
              if (oldest !== undefined) cache.delete(oldest);
            }
            cache.set(cvr, { state, expiresAt: performance.now() + ttlMs });
            return state;
          })
          .finally(() => pending.delete(cvr));
        pending.set(cvr, asking);
      }
      return asking;
    },
  };
}
