// The request handler of the front server: resolves (Host, path) with rules/request-target.ts,
// answers static files from memory with raw node:http (the admin SPA's build among them), and hands
// /api to the Hono app.
// Static hits are synchronous and log nothing; only failures are logged.
import { type FSWatcher, mkdirSync, statSync, watch } from 'node:fs';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import path from 'node:path';
import { getRequestListener } from '@hono/node-server';
import { knownSessionsOf } from '../api/auth/known-sessions';
import { cameOverTls, trustedProxies } from '../api/middleware/client-address';
import type { Db } from '../db';
import { MAIN_SITE_FOLDER } from '../generator/landing-model';
import { publishStamp } from '../generator/publish-trace';
import type { Config } from '../lib/config';
import type { Logger } from '../lib/logger';
import { projectRoot } from '../lib/project-root';
import { domainTwin } from '../rules/domain';
import {
  classifyHost,
  type HostMode,
  MAIN_HOST_PAGES,
  notFoundFileOf,
  type RequestTarget,
  resolvePathForHost,
  type SiteTarget,
} from '../rules/request-target';
import { productOrigin } from '../rules/site-url';
import { createCompanyLookup } from './company-lookup';
import {
  errorPage,
  type FixedResponse,
  inactiveSitePage,
  notFoundPage,
  redirectHeaders,
} from './fallback-pages';
import { createMediaHandler } from './media';
import { createMovedPages } from './moved-pages';
import { acceptedEncodings, etagMatches } from './negotiation';
import { createApiGate, type RequestLimit } from './request-limit';
import { createSiteAccess } from './site-access';
import { createSiteVisits, isCountableView, pagePathOf } from './site-visits';
import { type FileLookup, StaticFileCache, type StaticVariant } from './static-file-cache';
import type { Encoding } from './static-headers';

/** Anything with a fetch handler: the Hono app (`createApp()` in api/app.ts) fits. */
interface FetchApp {
  /** `env` carries Node's request and socket (Hono's node adapter), e.g. for the client address. */
  fetch(request: Request, env?: unknown): Response | Promise<Response>;
}

export interface FrontHandlerOptions {
  config: Config;
  db: Db;
  /** The Hono app; receives every /api request. */
  apiApp: FetchApp;
  /** The admin SPA's build (admin/vite.config.ts). Default `<repo>/dist/admin`. */
  adminDir?: string;
  logger: Logger;
  /** Rendered company sites, one folder (or symlink) per CVR. Default `<storageDir>/sites`. */
  sitesDir?: string;
  /** The marketing site's static build. Default `<repo>/dist/site/client`. */
  marketingDir?: string;
  /** Shared by tests or several handlers; one is made when absent. */
  fileCache?: StaticFileCache;
  /** How often counted page views are written (server/site-visits.ts). Default 5 s. */
  visitFlushMs?: number;
  /** How long the answer for an old page address is cached (server/moved-pages.ts); 0 in tests. */
  movedPageTtlMs?: number;
  /** The whole API's per-client request limit (server/request-limit.ts); default rules/limits.ts's.
   *  Only benchmarks that are one client on purpose (the save bench's thousand saves a second) and
   *  tests of the other limits lift it. */
  requestLimit?: RequestLimit;
}

export type FrontHandler = ((req: IncomingMessage, res: ServerResponse) => void) & {
  /** Writes the page views counted so far and stops counting's timer (on close). */
  close?: () => Promise<void>;
};

// This module runs from server/ (tsx) and bundled from dist/server/ (scripts/server-bundle.mjs): the
// repository is the nearest folder above it with a package.json.
const REPO_ROOT = projectRoot(import.meta.dirname);
const HOST_MEMO_LIMIT = 1024;
/** Memory for held files across all serving processes (WEB_PROCESSES). With compressed copies on
 *  disk beside each file a miss costs a read, not a compression; see server/README.md. */
const FILE_CACHE_BYTES = 128 * 1024 * 1024;
/** How often to check that the watched sites folder is still the one on disk. */
const REWATCH_CHECK_MS = 2000;
const ALLOW_HEADERS = { Allow: 'GET, HEAD', 'Content-Length': '0' } as const;
const EMPTY_HEADERS = { 'Content-Length': '0', 'Cache-Control': 'no-store' } as const;

/** The codings a request accepts, best first: the cache reads and answers that representation. */
function accepts(req: IncomingMessage): readonly Encoding[] {
  return acceptedEncodings(req.headers['accept-encoding']);
}

export function createFrontHandler(options: FrontHandlerOptions): FrontHandler {
  const { config, db, logger } = options;
  const publicHost = config.publicHost;
  const origin = productOrigin(publicHost);
  const sitesDir = options.sitesDir ?? path.join(config.storageDir, 'sites');
  const marketingRoots = [
    path.join(sitesDir, MAIN_SITE_FOLDER),
    options.marketingDir ?? path.join(REPO_ROOT, 'dist', 'site', 'client'),
  ];
  // Every serving process holds its own copy of the hot files: the machine's budget is shared out.
  const files =
    options.fileCache ??
    new StaticFileCache({ maxBytes: Math.floor(FILE_CACHE_BYTES / Math.max(1, config.webProcesses)) });
  watchSwaps(sitesDir, files, logger);
  const trusted = trustedProxies(config.trustProxy);
  const companies = createCompanyLookup(db);
  // The end of the trial (rules/trial.ts siteState) and the cookieless page-view counts.
  const access = createSiteAccess(db);
  const visits = createSiteVisits(db, logger, options.visitFlushMs);
  // Old addresses of pages the owner moved: 301 to where they are now (issue 49).
  const moved = createMovedPages(
    db,
    options.movedPageTtlMs === undefined ? {} : { ttlMs: options.movedPageTtlMs },
  );
  const inactiveSite = inactiveSitePage(`${origin}/`);
  // Pass the adapter's bindings on: the login rate limit reads the client address from them.
  const api = getRequestListener((request, env) => options.apiApp.fetch(request, env));
  // Counted before the app reads anything of the request (server/request-limit.ts).
  const apiGate = createApiGate({
    trusted,
    logger,
    overTls,
    sessions: knownSessionsOf(db),
    ...(options.requestLimit ? { limit: options.requestLimit } : {}),
  });
  const adminDir = options.adminDir ?? path.join(REPO_ROOT, 'dist', 'admin');
  const siteNotFound = notFoundPage('/');
  const domainNotFound = notFoundPage(`${origin}/`);
  const serverError = errorPage('/');
  const adminMissing = errorPage('/', 'Administrationen er ikke bygget endnu: kør npm run build.');
  // A site with no 404 page of its own (an older build): ours, leading to that site's home page.
  const pathNotFound = new Map<string, FixedResponse>();
  const sitePathNotFound = (cvr: string) => {
    let page = pathNotFound.get(cvr);
    if (page === undefined) {
      page = notFoundPage(`/${cvr}/`);
      if (pathNotFound.size >= HOST_MEMO_LIMIT) pathNotFound.clear();
      pathNotFound.set(cvr, page);
    }
    return page;
  };
  // Uploaded images and logos, /media/… on every host (server/media.ts).
  const serveMedia = createMediaHandler(config.storageDir, files, fail);
  // Host headers repeat endlessly; classifying each distinct one once saves a URL parse a request.
  const hostModes = new Map<string, HostMode | null>();

  function hostMode(host: string): HostMode | null {
    let mode = hostModes.get(host);
    if (mode === undefined) {
      mode = classifyHost(host, publicHost);
      if (hostModes.size >= HOST_MEMO_LIMIT) hostModes.clear();
      hostModes.set(host, mode);
    }
    return mode;
  }

  /** Over TLS (itself, or behind a TRUST_PROXY proxy): HTML answers carry HSTS. */
  function overTls(req: IncomingMessage): boolean {
    return cameOverTls(req.socket as { encrypted?: boolean }, req.headers['x-forwarded-proto'], trusted);
  }

  /** One of the server's own pages; `req` says whether to send the body (not for HEAD). */
  function send(res: ServerResponse, response: FixedResponse, req?: IncomingMessage): void {
    sendFixed(res, response, overTls(res.req), req?.method === 'HEAD');
  }

  function fail(res: ServerResponse, error: unknown): void {
    logger.error({ err: error }, 'front server: request failed');
    if (!res.headersSent) send(res, serverError);
    else res.destroy();
  }

  /** `variant`: the representation the cache chose for the request's Accept-Encoding. */
  function serveFile(
    req: IncomingMessage,
    res: ServerResponse,
    variant: StaticVariant,
    status: number,
  ): void {
    const ifNoneMatch = req.headers['if-none-match'];
    const tls = overTls(req);
    if (status === 200 && ifNoneMatch !== undefined && etagMatches(ifNoneMatch, variant.etag)) {
      res.writeHead(304, tls ? variant.tlsNotModified : variant.notModified);
      res.end();
      return;
    }
    res.writeHead(status, tls ? variant.tlsHead : variant.head);
    if (req.method === 'HEAD') res.end();
    else res.end(variant.body);
  }

  function serveSite(req: IncomingMessage, res: ServerResponse, target: SiteTarget): void {
    if (target.by === 'path') {
      serveCompany(req, res, target, target.cvr);
      return;
    }
    const name = target.by === 'subdomain' ? target.subdomain : target.hostname;
    const cvr = companies.peek(target.by, name);
    if (cvr !== undefined) {
      serveCompany(req, res, target, cvr);
      return;
    }
    companies
      .resolve(target.by, name)
      .then((found) => serveCompany(req, res, target, found))
      .catch((error: unknown) => fail(res, error));
  }

  function serveCompany(
    req: IncomingMessage,
    res: ServerResponse,
    target: SiteTarget,
    cvr: string | null,
  ): void {
    if (cvr === null) {
      // Nobody's subdomain: the same 404 page as nobody's domain, at the address asked for.
      if (target.by === 'custom-domain') serveTwinOrNotFound(req, res, target.hostname);
      else send(res, domainNotFound, req);
      return;
    }
    const state = access.peek(cvr);
    if (state === undefined) {
      access
        .resolve(cvr)
        .then(() => serveCompany(req, res, target, cvr))
        .catch((error: unknown) => fail(res, error));
      return;
    }
    if (state === 'inactive') {
      send(res, inactiveSite, req);
      return;
    }
    const found = files.get(`${sitesDir}/${cvr}`, target.file, accepts(req));
    if (found instanceof Promise) {
      found.then((result) => serveSiteFile(req, res, target, cvr, result)).catch((error) => fail(res, error));
    } else {
      serveSiteFile(req, res, target, cvr, found);
    }
  }

  function serveSiteFile(
    req: IncomingMessage,
    res: ServerResponse,
    target: SiteTarget,
    cvr: string,
    found: FileLookup,
    movedChecked = false,
  ): void {
    if (found === 'no-file' && !movedChecked && target.file !== notFoundFileOf(target)) {
      // A page that moved: 301 to its address now (issue 49), before the missing-page answer below.
      if (serveMoved(req, res, target, cvr)) return;
    }
    if (typeof found === 'object') {
      if (target.status === 200 && isCountableView(req)) {
        const page = pagePathOf(target.file);
        if (page !== null) visits.count(cvr, page);
      }
      serveFile(req, res, found, target.status);
      return;
    }
    // A missing page is answered with the site's own 404 page, status 404, at the address asked for
    // (issue 49). A product page linked from /privacy or the blog goes to the main host instead.
    const notFoundFile = notFoundFileOf(target);
    if (target.file !== notFoundFile) {
      const slug = target.file.replace(/\.html$/, '');
      if (target.by !== 'path' && MAIN_HOST_PAGES.has(slug))
        redirect(res, redirectHeaders(`${origin}/${slug}`, false));
      else serveCompany(req, res, { ...target, file: notFoundFile, status: 404 }, cvr);
      return;
    }
    // No 404 page either. Under /<cvr>/ without a site (an unknown CVR, one not published yet): the
    // product's own 404 page; a site without its own (an older build): ours, home being the site's.
    if (target.by !== 'path') send(res, siteNotFound, req);
    else if (found === 'no-folder') serveMarketing(req, res, '/404', 404);
    else send(res, sitePathNotFound(cvr), req);
  }

  /**
   * A page the site folder does not have, at an address one of the company's pages had before it
   * moved: 301 to its address now. True when it answers (or will, after asking the database);
   * otherwise the request is served as a missing page.
   */
  function serveMoved(req: IncomingMessage, res: ServerResponse, target: SiteTarget, cvr: string): boolean {
    const known = moved.peek(req, target, cvr);
    if (known === null) return false;
    if (known !== undefined) {
      redirect(res, known, 301);
      return true;
    }
    moved
      .resolve(req, target, cvr)
      .then((headers) => {
        if (headers === null) serveSiteFile(req, res, target, cvr, 'no-file', true);
        else redirect(res, headers, 301);
      })
      .catch((error: unknown) => fail(res, error));
    return true;
  }

  function serveMarketing(
    req: IncomingMessage,
    res: ServerResponse,
    urlPath: string,
    status: number,
    missing?: string,
  ): void {
    const found = findMarketingFile(files, marketingRoots, marketingFiles(urlPath), accepts(req));
    const answer = (file: StaticVariant | null) => {
      if (file !== null) serveFile(req, res, file, status);
      else if (urlPath === '/404') send(res, siteNotFound, req);
      // An unknown blog post: its own 'not found' page, status 404 (rules/request-target.ts).
      else if (missing !== undefined) serveMarketing(req, res, missing, 404);
      // Any other path that names nothing: the product's 404 page there, no redirect (issue 49).
      else serveMarketing(req, res, '/404', 404);
    };
    if (found instanceof Promise) found.then(answer).catch((error) => fail(res, error));
    else answer(found);
  }

  /** The SPA's index.html for every /admin path (its router reads the path), or a hashed build file. */
  function serveAdmin(req: IncomingMessage, res: ServerResponse, file: string): void {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, ALLOW_HEADERS);
      res.end();
      return;
    }
    const answer = (found: FileLookup) => {
      if (typeof found === 'object') serveFile(req, res, found, 200);
      else if (file === 'index.html') send(res, adminMissing, req);
      else send(res, siteNotFound, req);
    };
    const found = files.get(adminDir, file, accepts(req));
    if (found instanceof Promise) found.then(answer).catch((error: unknown) => fail(res, error));
    else answer(found);
  }

  // `eksempel.dk` when the company's verified domain is `www.eksempel.dk` (or the other way round):
  // a permanent redirect to the spelling the owner chose; anything else is not ours.
  function serveTwinOrNotFound(req: IncomingMessage, res: ServerResponse, hostname: string): void {
    const twin = domainTwin(hostname);
    companies
      .resolve('custom-domain', twin)
      .then((cvr) => {
        if (cvr === null) send(res, domainNotFound, req);
        else redirect(res, redirectHeaders(`https://${twin}${req.url ?? '/'}`, true), 301);
      })
      .catch((error: unknown) => fail(res, error));
  }

  function serveTlsAsk(req: IncomingMessage, res: ServerResponse): void {
    const url = req.url ?? '';
    const query = url.indexOf('?');
    const domain = new URLSearchParams(query === -1 ? '' : url.slice(query + 1)).get('domain') ?? '';
    const mode = classifyHost(domain, publicHost);
    if (mode?.mode !== 'custom-domain') {
      res.writeHead(404, EMPTY_HEADERS);
      res.end();
      return;
    }
    // A verified domain and its twin (which redirects to it, over https too) get certificates.
    Promise.all([
      companies.resolve('custom-domain', mode.hostname),
      companies.resolve('custom-domain', domainTwin(mode.hostname)),
    ])
      .then(([cvr, twinCvr]) => {
        res.writeHead(cvr === null && twinCvr === null ? 404 : 200, EMPTY_HEADERS);
        res.end();
      })
      .catch((error: unknown) => fail(res, error));
  }

  function route(req: IncomingMessage, res: ServerResponse, target: RequestTarget): void {
    switch (target.kind) {
      case 'api':
        apiGate(req, res, () => api(req, res).catch((error: unknown) => fail(res, error)));
        return;
      case 'admin':
        serveAdmin(req, res, target.file);
        return;
      case 'not-found':
        send(res, siteNotFound, req);
        return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, ALLOW_HEADERS);
      res.end();
      return;
    }
    switch (target.kind) {
      case 'redirect':
        redirect(res, redirectHeaders(target.location, target.status === 301), target.status);
        return;
      case 'tls-ask':
        serveTlsAsk(req, res);
        return;
      case 'marketing':
        serveMarketing(req, res, target.path, target.status, target.missing);
        return;
      case 'site':
        serveSite(req, res, target);
        return;
      case 'media':
        serveMedia(req, res, target);
        return;
    }
  }

  const handleFrontRequest: FrontHandler = (req, res) => {
    try {
      const mode = hostMode(req.headers.host ?? '');
      const target: RequestTarget =
        mode === null ? { kind: 'not-found' } : resolvePathForHost(mode, req.url ?? '/');
      route(req, res, target);
    } catch (error) {
      fail(res, error);
    }
  };
  handleFrontRequest.close = () => visits.close();
  return handleFrontRequest;
}

function sendFixed(res: ServerResponse, response: FixedResponse, tls: boolean, head: boolean): void {
  res.writeHead(response.status, tls ? response.tlsHeaders : response.headers);
  if (head) res.end();
  else res.end(response.body);
}

function redirect(res: ServerResponse, headers: OutgoingHttpHeaders, status = 302): void {
  res.writeHead(status, headers);
  res.end();
}

/** Where a marketing path may live in a folder: `/` → index.html, `/om` → om.html or om/index.html. */
function marketingFiles(urlPath: string): string[] {
  if (urlPath === '/') return ['index.html'];
  const relative = urlPath.slice(1);
  const name = relative.slice(relative.lastIndexOf('/') + 1);
  if (!name.includes('.')) return [`${relative}.html`, `${relative}/index.html`];
  // Precompressed siblings are served through negotiation, never by their own name.
  return /\.(?:br|gz)$/.test(name) ? [] : [relative];
}

/** The first existing file of `candidates` in `roots`, in order; synchronous while all are cached. */
function findMarketingFile(
  files: StaticFileCache,
  roots: readonly string[],
  candidates: readonly string[],
  encodings: readonly Encoding[],
): StaticVariant | null | Promise<StaticVariant | null> {
  for (let index = 0; index < roots.length * candidates.length; index++) {
    const root = roots[Math.floor(index / candidates.length)] as string;
    const candidate = candidates[index % candidates.length] as string;
    const known = files.peek(root, candidate, encodings);
    if (known === undefined) return findMarketingFileAsync(files, roots, candidates, encodings, index);
    if (typeof known === 'object') return known;
  }
  return null;
}

async function findMarketingFileAsync(
  files: StaticFileCache,
  roots: readonly string[],
  candidates: readonly string[],
  encodings: readonly Encoding[],
  from: number,
): Promise<StaticVariant | null> {
  for (let index = from; index < roots.length * candidates.length; index++) {
    const root = roots[Math.floor(index / candidates.length)] as string;
    const candidate = candidates[index % candidates.length] as string;
    const found = await files.get(root, candidate, encodings);
    if (typeof found === 'object') return found;
  }
  return null;
}

/**
 * The generator swaps a site by renaming a symlink inside `sitesDir`; inotify reports that at once,
 * in this process or another, so a publish is served without waiting for the cache's recheck
 * interval (which stays as the fallback where watching is not possible). A watch follows a
 * folder's inode: when the sites folder is deleted and made again (the self-healing sweep brings
 * the sites back, worker/self-heal.ts), the watch is set up again on the new folder.
 */
function watchSwaps(sitesDir: string, files: StaticFileCache, logger: Logger): void {
  let watcher: FSWatcher | undefined;
  let watchedInode: number | undefined;
  const arm = () => {
    watcher?.close();
    watcher = undefined;
    try {
      mkdirSync(sitesDir, { recursive: true });
      watchedInode = statSync(sitesDir).ino;
      watcher = watch(sitesDir, (_event, name) => {
        if (!name) return;
        files.invalidate(`${sitesDir}/${name}`);
        // The swap's rename names the site's link; its temporary link starts with a dot.
        if (!name.startsWith('.')) publishStamp(name, 'cache-dropped');
      });
      watcher.on('error', (error) => logger.warn({ err: error }, 'watching the sites folder stopped'));
      watcher.unref();
    } catch (error) {
      logger.warn({ err: error }, 'cannot watch the sites folder; swaps are noticed on the next recheck');
    }
  };
  arm();
  const check = setInterval(() => {
    const inode = statSync(sitesDir, { throwIfNoEntry: false })?.ino;
    if (inode !== undefined && inode !== watchedInode) arm();
  }, REWATCH_CHECK_MS);
  check.unref();
}
