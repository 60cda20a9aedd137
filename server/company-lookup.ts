// Which company (CVR) a subdomain or custom domain belongs to, cached so a busy site costs no query:
// a found company for `positiveTtlMs`, an unknown name for `negativeTtlMs` (short, so a domain an
// owner just saved works soon). Concurrent misses for one name share a single query.
import { type Db, findCompanyByCustomDomain, findCompanyBySubdomain } from '../db';
import { normalizeCustomDomain } from '../rules/domain';
import { isValidSubdomain } from '../rules/subdomain';

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
  /** Names remembered per kind; the oldest is forgotten first. */
  maxEntries?: number;
}

interface Cached {
  cvr: string | null;
  expiresAt: number;
}

export function createCompanyLookup(db: Db, options: CompanyLookupOptions = {}): CompanyLookup {
  const positiveTtlMs = options.positiveTtlMs ?? 10_000;
  const negativeTtlMs = options.negativeTtlMs ?? 2_000;
  const maxEntries = options.maxEntries ?? 10_000;
  const caches: Record<CompanyKey, Map<string, Cached>> = {
    subdomain: new Map(),
    'custom-domain': new Map(),
  };
  const pending: Record<CompanyKey, Map<string, Promise<string | null>>> = {
    subdomain: new Map(),
    'custom-domain': new Map(),
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

  function remember(key: CompanyKey, name: string, cvr: string | null): void {
    const cache = caches[key];
    cache.delete(name);
    if (cache.size >= maxEntries) {
      const oldest = cache.keys().next().value;
      if (oldest !== undefined) cache.delete(oldest);
    }
    cache.set(name, { cvr, expiresAt: performance.now() + (cvr === null ? negativeTtlMs : positiveTtlMs) });
  }

  return {
    peek(key, name) {
      const cached = caches[key].get(name);
      if (cached === undefined || cached.expiresAt < performance.now()) return undefined;
      return cached.cvr;
    },
    resolve(key, name) {
      const cached = this.peek(key, name);
      if (cached !== undefined) return Promise.resolve(cached);
      let asking = pending[key].get(name);
      if (asking === undefined) {
        asking = query(key, name)
          .then((cvr) => {
            remember(key, name, cvr);
            return cvr;
          })
          .finally(() => pending[key].delete(name));
        pending[key].set(name, asking);
      }
      return asking;
    },
    clear() {
      caches.subdomain.clear();
      caches['custom-domain'].clear();
    },
  };
}
