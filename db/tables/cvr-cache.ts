// Cached CVR registry answers (cvr → the company as JSON, with when it was fetched). Only successful
// look-ups are stored; a stale or damaged row reads as a miss. The data layer does not know the
// company's shape (api/onboarding/contracts.ts does): it stores any JSON object keyed by its cvr.
import type { Db } from '../database';
import { parseJson } from './json';

export interface CvrCacheTable {
  cvr: string;
  data: string;
  fetchedAt: string;
}

export interface CachedCompany {
  cvr: string;
  name: string;
}

/** The cached company when fetched less than `maxAgeMs` before `now`; undefined otherwise. */
export async function getCachedCvr<T extends CachedCompany = CachedCompany>(
  db: Db,
  cvr: string,
  now: Date,
  maxAgeMs: number,
): Promise<T | undefined> {
  const row = await db
    .selectFrom('cvrCache')
    .select(['data', 'fetchedAt'])
    .where('cvr', '=', cvr)
    .executeTakeFirst();
  if (!row) return undefined;
  const age = now.getTime() - Date.parse(row.fetchedAt);
  if (!(age >= 0 && age < maxAgeMs)) return undefined;
  const company = parseJson<T | null>(row.data, null);
  if (company === null || typeof company !== 'object') return undefined;
  return typeof company.name === 'string' && company.cvr === cvr ? company : undefined;
}

/** Stores (or replaces) the answer for the company's CVR, stamped `now`. */
export async function putCachedCvr(db: Db, company: CachedCompany, now: Date): Promise<void> {
  const values = { cvr: company.cvr, data: JSON.stringify(company), fetchedAt: now.toISOString() };
  await db
    .insertInto('cvrCache')
    .values(values)
    .onConflict((conflict) =>
      conflict.column('cvr').doUpdateSet({ data: values.data, fetchedAt: values.fetchedAt }),
    )
    .execute();
}
