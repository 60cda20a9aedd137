// Issue 49: a page the owner gave a new address keeps answering at its old one, with a permanent
// redirect (301) to where it is now, for as long as the site exists: links on Google, a printed
// flyer or a shared message keep working. The earlier addresses are in the database (page_addresses,
// db/tables/page-addresses.ts); this asks it only for a page the site folder does not have, so a
// served page costs nothing, and the answer is cached per company and address.
//
// nginx and Caddy hand a company page they have no file for to the app (server/engine-config.ts),
// so the one place that answers an old address is here, in every serving shape.
import type { IncomingMessage, OutgoingHttpHeaders } from 'node:http';
import { type Db, findMovedPage } from '../db';
import type { SiteTarget } from '../rules/request-target';
import { type CachedLookup, cachedLookup } from './cached-lookup';
import { redirectHeaders } from './fallback-pages';

const PAGE_FILE = /^([a-z0-9-]{1,100})\.html$/;

export interface MovedPages {
  /**
   * Where a request for a page `target` names, which the site folder does not have, has moved: the
   * headers of the redirect; null when the address was never one of the company's pages' (or that
   * page is gone); undefined when resolve() must ask.
   */
  peek(req: IncomingMessage, target: SiteTarget, cvr: string): OutgoingHttpHeaders | null | undefined;
  resolve(req: IncomingMessage, target: SiteTarget, cvr: string): Promise<OutgoingHttpHeaders | null>;
}

export interface MovedPagesOptions {
  /** How long an answer is kept (a found move, and "not moved"); 0 keeps none (tests). */
  ttlMs?: number;
  maxEntries?: number;
}

export function createMovedPages(db: Db, options: MovedPagesOptions = {}): MovedPages {
  const ttlMs = options.ttlMs ?? 5_000;
  // `<cvr>/<slug>` → the page's current slug ('' for the homepage), or null.
  const lookup: CachedLookup<string | null> = cachedLookup(
    (key) => {
      const [cvr = '', slug = ''] = key.split('/');
      return findMovedPage(db, cvr, slug);
    },
    { maxEntries: options.maxEntries ?? 10_000, ttlMs: () => ttlMs },
  );
  const slugOf = (target: SiteTarget): string | null =>
    target.status === 200 ? (PAGE_FILE.exec(target.file)?.[1] ?? null) : null;
  const answer = (req: IncomingMessage, target: SiteTarget, cvr: string, to: string | null) =>
    to === null ? null : redirectHeaders(movedLocation(target, cvr, to, req.url ?? '/'), true);

  return {
    peek(req, target, cvr) {
      const slug = slugOf(target);
      if (slug === null) return null;
      const to = lookup.peek(`${cvr}/${slug}`);
      return to === undefined ? undefined : answer(req, target, cvr, to);
    },
    async resolve(req, target, cvr) {
      const slug = slugOf(target);
      if (slug === null) return null;
      return answer(req, target, cvr, await lookup.resolve(`${cvr}/${slug}`));
    },
  };
}

/** The page's current address on the host and in the shape the visitor asked (`/<cvr>/…` or `/…`),
 *  with the query of the request (a campaign's `?utm_…` stays on the link). */
function movedLocation(target: SiteTarget, cvr: string, to: string, url: string): string {
  const query = url.indexOf('?');
  const prefix = target.by === 'path' ? `/${cvr}/` : '/';
  return `${prefix}${to}${query === -1 ? '' : url.slice(query)}`;
}
