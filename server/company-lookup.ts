// Which company (CVR) a subdomain or custom domain belongs to, cached so a busy site costs no query:
// a found company for `positiveTtlMs`, an unknown name for `negativeTtlMs` (short, so a domain an
// owner just saved works soon). Concurrent misses for one name share a single query.
import { type Db, findCompanyByCustomDomain, findCompanyBySubdomain } from '../db';
import { normalizeCustomDomain } from '../rules/domain';
import { isValidSubdomain } from '../rules/subdomain';
import { type CachedLookup, cachedLookup } from './cached-lookup';

export type CompanyKey = 'subdomain' | 'custom-domain';

export interface CompanyLookup {
  /** The CVR if cached: a string, null for "no such company", undefined when resolve() must ask. */
  peek(key: CompanyKey, name: string): string | null | undefined;
  /** The CVR of the company with that subdomain or custom domain, or null. */
  resolve(key: CompanyKey, name: string): Promise<string | null>;
  clear(): void;
}

export interface CompanyLookupOptions {
  positiveTtlMs?: number;
  negativeTtlMs?: number;
  /** Names remembered per kind; the least recently used is forgotten first. */
  maxEntries?: number;
}

export function createCompanyLookup(db: Db, options: CompanyLookupOptions = {}): CompanyLookup {
  const positiveTtlMs = options.positiveTtlMs ?? 10_000;
  const negativeTtlMs = options.negativeTtlMs ?? 2_000;
  const maxEntries = options.maxEntries ?? 10_000;
  const lookup = (key: CompanyKey) =>
    cachedLookup((name) => query(key, name), {
      maxEntries,
      ttlMs: (cvr) => (cvr === null ? negativeTtlMs : positiveTtlMs),
    });
  const caches: Record<CompanyKey, CachedLookup<string | null>> = {
    subdomain: lookup('subdomain'),
    'custom-domain': lookup('custom-domain'),
  };

  async function query(key: CompanyKey, name: string): Promise<string | null> {
    // A name no company can have is answered without asking the database.
    if (key === 'subdomain' && !isValidSubdomain(name)) return null;
    if (key === 'custom-domain' && normalizeCustomDomain(name)?.hostname !== name) return null;
    const company =
      key === 'subdomain'
        ? await findCompanyBySubdomain(db, name)
        : await findCompanyByCustomDomain(db, name);
    return company?.cvr ?? null;
  }

  return {
    peek: (key, name) => caches[key].peek(name),
    resolve: (key, name) => caches[key].resolve(name),
    clear() {
      caches.subdomain.clear();
      caches['custom-domain'].clear();
    },
  };
}
