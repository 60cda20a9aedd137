// Wraps a CvrRegistry with the cvr_cache table: an answer fetched less than a day ago is served from
// the database; otherwise the inner registry is asked and a success is stored. Failures (not found,
// service down) are never cached, so the next attempt asks again. A cache that cannot be read or
// written only costs a look-up; it never fails one.
import { type Db, getCachedCvr, putCachedCvr } from '../../db';
import type { Logger } from '../../lib/logger';
import type { CvrCompany, CvrRegistry } from './contracts';

const CVR_CACHE_MAX_AGE_MS = 86_400_000;

export interface CachedRegistryOptions {
  maxAgeMs?: number;
  now?: () => Date;
  logger?: Pick<Logger, 'warn'>;
}

export function createCachedRegistry(
  db: Db,
  inner: CvrRegistry,
  options: CachedRegistryOptions = {},
): CvrRegistry {
  const { maxAgeMs = CVR_CACHE_MAX_AGE_MS, now = () => new Date(), logger } = options;
  return {
    async lookup(cvr) {
      try {
        const cached = await getCachedCvr<CvrCompany>(db, cvr, now(), maxAgeMs);
        if (cached) return cached;
      } catch (error) {
        logger?.warn({ err: error }, 'CVR cache read failed');
      }
      const company = await inner.lookup(cvr);
      try {
        await putCachedCvr(db, company, now());
      } catch (error) {
        logger?.warn({ err: error }, 'CVR cache write failed');
      }
      return company;
    },
  };
}
