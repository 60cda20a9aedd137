// What the front server's serving functions share (server/front-handler.ts builds it once per
// handler): the caches, lookups and fixed pages, and the few answers every group writes with.
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { cameOverTls, type trustedProxies } from '../api/middleware/client-address';
import type { Logger } from '../lib/logger';
import type { createCompanyLookup } from './company-lookup';
import type { FixedResponse } from './fallback-pages';
import type { createMovedPages } from './moved-pages';
import { acceptedEncodings, etagMatches } from './negotiation';
import type { createSiteAccess } from './site-access';
import type { createSiteVisits } from './site-visits';
import type { StaticFileCache, StaticVariant } from './static-file-cache';
import type { Encoding } from './static-headers';

/** The front handler's state, made once when the handler is; every request reads it, none changes it
 *  (beyond the caches and memo inside it). */
export interface Front {
  readonly logger: Logger;
  readonly publicHost: string;
  readonly origin: string;
  readonly sitesDir: string;
  /** The marketing site's folders, in the order looked in: the published main site, then the build. */
  readonly marketingRoots: readonly string[];
  readonly adminDir: string;
  readonly files: StaticFileCache;
  readonly trusted: ReturnType<typeof trustedProxies>;
  readonly companies: ReturnType<typeof createCompanyLookup>;
  /** The end of the trial (rules/trial.ts siteState). */
  readonly access: ReturnType<typeof createSiteAccess>;
  /** The cookieless page-view counts. */
  readonly visits: ReturnType<typeof createSiteVisits>;
  /** Old addresses of pages the owner moved: 301 to where they are now (issue 49). */
  readonly moved: ReturnType<typeof createMovedPages>;
  readonly inactiveSite: FixedResponse;
  readonly siteNotFound: FixedResponse;
  readonly domainNotFound: FixedResponse;
  readonly serverError: FixedResponse;
  readonly adminMissing: FixedResponse;
  /** A site with no 404 page of its own (an older build): ours, one per CVR, memoised. */
  readonly pathNotFound: Map<string, FixedResponse>;
}

export const HOST_MEMO_LIMIT = 1024;
export const ALLOW_HEADERS = { Allow: 'GET, HEAD', 'Content-Length': '0' } as const;

/** The codings a request accepts, best first: the cache reads and answers that representation. */
export function accepts(req: IncomingMessage): readonly Encoding[] {
  return acceptedEncodings(req.headers['accept-encoding']);
}

/** Over TLS (itself, or behind a TRUST_PROXY proxy): HTML answers carry HSTS. */
export function overTls(front: Front, req: IncomingMessage): boolean {
  return cameOverTls(req.socket as { encrypted?: boolean }, req.headers['x-forwarded-proto'], front.trusted);
}

/** One of the server's own pages; `req` says whether to send the body (not for HEAD). */
export function send(
  front: Front,
  res: ServerResponse,
  response: FixedResponse,
  req?: IncomingMessage,
): void {
  const tls = overTls(front, res.req);
  res.writeHead(response.status, tls ? response.tlsHeaders : response.headers);
  if (req?.method === 'HEAD') res.end();
  else res.end(response.body);
}

export function fail(front: Front, res: ServerResponse, error: unknown): void {
  front.logger.error({ err: error }, 'front server: request failed');
  if (!res.headersSent) send(front, res, front.serverError);
  else res.destroy();
}

/** `variant`: the representation the cache chose for the request's Accept-Encoding. */
export function serveFile(
  front: Front,
  req: IncomingMessage,
  res: ServerResponse,
  variant: StaticVariant,
  status: number,
): void {
  const ifNoneMatch = req.headers['if-none-match'];
  const tls = overTls(front, req);
  if (status === 200 && ifNoneMatch !== undefined && etagMatches(ifNoneMatch, variant.etag)) {
    res.writeHead(304, tls ? variant.tlsNotModified : variant.notModified);
    res.end();
    return;
  }
  res.writeHead(status, tls ? variant.tlsHead : variant.head);
  if (req.method === 'HEAD') res.end();
  else res.end(variant.body);
}

export function redirect(res: ServerResponse, headers: OutgoingHttpHeaders, status = 302): void {
  res.writeHead(status, headers);
  res.end();
}
