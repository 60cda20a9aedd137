// The request handler of the front server: resolves (Host, path) with rules/request-target.ts,
// answers static files from memory with raw node:http (the admin SPA's build among them), and hands
// /api to the Hono app.
// Static hits are synchronous and log nothing; only failures are logged. The serving functions live
// by what they serve: company sites (front-site.ts), the marketing site and the admin build
// (front-pages.ts), Caddy's certificate question (front-tls-ask.ts), over one state (front-state.ts).
import { type FSWatcher, mkdirSync, statSync, watch } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { getRequestListener } from '@hono/node-server';
import { knownSessionsOf } from '../api/auth/known-sessions';
import { trustedProxies } from '../api/middleware/client-address';
import type { Db } from '../db';
import { MAIN_SITE_FOLDER } from '../generator/landing-model';
import { publishStamp } from '../generator/publish-trace';
import type { Config } from '../lib/config';
import type { Logger } from '../lib/logger';
import { projectRoot } from '../lib/project-root';
import { classifyHost, type HostMode, type RequestTarget, resolvePathForHost } from '../rules/request-target';
import { productOrigin } from '../rules/site-url';
import { createCompanyLookup } from './company-lookup';
import { errorPage, inactiveSitePage, notFoundPage, redirectHeaders } from './fallback-pages';
import { serveAdmin, serveMarketing } from './front-pages';
import { serveSite } from './front-site';
import { ALLOW_HEADERS, type Front, fail, HOST_MEMO_LIMIT, overTls, redirect, send } from './front-state';
import { serveTlsAsk } from './front-tls-ask';
import { createMediaHandler } from './media';
import { createMovedPages } from './moved-pages';
import { createApiGate, type RequestLimit } from './request-limit';
import { createSiteAccess } from './site-access';
import { createSiteVisits } from './site-visits';
import { StaticFileCache } from './static-file-cache';

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
/** Memory for held files across all serving processes (WEB_PROCESSES). With compressed copies on
 *  disk beside each file a miss costs a read, not a compression; see server/README.md. */
const FILE_CACHE_BYTES = 128 * 1024 * 1024;
/** How often to check that the watched sites folder is still the one on disk. */
const REWATCH_CHECK_MS = 2000;

export function createFrontHandler(options: FrontHandlerOptions): FrontHandler {
  const front = frontOf(options);
  const { config, db, logger } = options;
  const failed = (res: ServerResponse, error: unknown) => fail(front, res, error);
  // Pass the adapter's bindings on: the login rate limit reads the client address from them.
  const api = getRequestListener((request, env) => options.apiApp.fetch(request, env));
  // Counted before the app reads anything of the request (server/request-limit.ts).
  const apiGate = createApiGate({
    trusted: front.trusted,
    logger,
    overTls: (req) => overTls(front, req),
    sessions: knownSessionsOf(db),
    ...(options.requestLimit ? { limit: options.requestLimit } : {}),
  });
  // Uploaded images and logos, /media/… on every host (server/media.ts).
  const serveMedia = createMediaHandler(config.storageDir, front.files, failed);
  // Host headers repeat endlessly; classifying each distinct one once saves a URL parse a request.
  const hostModes = new Map<string, HostMode | null>();

  function hostMode(host: string): HostMode | null {
    let mode = hostModes.get(host);
    if (mode === undefined) {
      mode = classifyHost(host, front.publicHost);
      if (hostModes.size >= HOST_MEMO_LIMIT) hostModes.clear();
      hostModes.set(host, mode);
    }
    return mode;
  }

  function route(req: IncomingMessage, res: ServerResponse, target: RequestTarget): void {
    switch (target.kind) {
      case 'api':
        apiGate(req, res, () => api(req, res).catch((error: unknown) => failed(res, error)));
        return;
      case 'admin':
        serveAdmin(front, req, res, target.file);
        return;
      case 'not-found':
        send(front, res, front.siteNotFound, req);
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
        serveTlsAsk(front, req, res);
        return;
      case 'marketing':
        serveMarketing(front, req, res, target.path, target.status, target.missing);
        return;
      case 'site':
        serveSite(front, req, res, target);
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
      failed(res, error);
    }
  };
  handleFrontRequest.close = () => front.visits.close();
  return handleFrontRequest;
}

/** The handler's state, made once: caches, lookups, fixed pages (server/front-state.ts). */
function frontOf(options: FrontHandlerOptions): Front {
  const { config, db, logger } = options;
  const origin = productOrigin(config.publicHost);
  const sitesDir = options.sitesDir ?? path.join(config.storageDir, 'sites');
  // Every serving process holds its own copy of the hot files: the machine's budget is shared out.
  const files =
    options.fileCache ??
    new StaticFileCache({ maxBytes: Math.floor(FILE_CACHE_BYTES / Math.max(1, config.webProcesses)) });
  watchSwaps(sitesDir, files, logger);
  return {
    logger,
    publicHost: config.publicHost,
    origin,
    sitesDir,
    marketingRoots: [
      path.join(sitesDir, MAIN_SITE_FOLDER),
      options.marketingDir ?? path.join(REPO_ROOT, 'dist', 'site', 'client'),
    ],
    adminDir: options.adminDir ?? path.join(REPO_ROOT, 'dist', 'admin'),
    files,
    trusted: trustedProxies(config.trustProxy),
    companies: createCompanyLookup(db),
    access: createSiteAccess(db),
    visits: createSiteVisits(db, logger, options.visitFlushMs),
    moved: createMovedPages(
      db,
      options.movedPageTtlMs === undefined ? {} : { ttlMs: options.movedPageTtlMs },
    ),
    inactiveSite: inactiveSitePage(`${origin}/`),
    siteNotFound: notFoundPage('/'),
    domainNotFound: notFoundPage(`${origin}/`),
    serverError: errorPage('/'),
    adminMissing: errorPage('/', 'Administrationen er ikke bygget endnu: kør npm run build.'),
    pathNotFound: new Map(),
  };
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
