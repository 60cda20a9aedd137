// Page views of the pages nginx or Caddy serve (issue 29 item 4): the generated configuration
// (`npm run proxy-config -- nginx|caddy --access-log FILE`, or ENGINE_ACCESS_LOG) writes one JSON line
// per page the engine answers from a site folder, and this reads the new lines in batches and counts
// them with the very rule and counter the Node server uses (server/site-visits.ts): GET, a browser,
// no prefetch, status 200 (or its 304). nginx writes its own `log_format mesterside_views`; Caddy
// writes its standard JSON access log, filtered of the address and credentials, and only for pages
// it served itself (`skip_log` elsewhere). No cookie, address or visitor id is kept. A line names
// the company by CVR (path mode) or by host, which the routing tree resolves (server/host-routes.ts).
// The log is read from where it ended when the reader started; a rotated (shorter) file is read
// from its start. Lines of a page the engine handed to the app are not logged: the app counts them.
import { open, readlink, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../db';
import type { Logger } from '../lib/logger';
import { ROUTE_FOLDERS } from './host-routes';
import { createSiteVisits, isVisitorRequest, pagePathOf, type SiteVisits } from './site-visits';

export interface EngineVisitsOptions {
  db: Db;
  logger: Logger;
  logFile: string;
  routesDir: string;
  /** How often new lines are read; default 5 s; 0: only when poll() is called. */
  everyMs?: number;
}

export interface EngineVisits {
  /** Reads and counts the lines written since the last read; resolves with how many views counted. */
  poll(): Promise<number>;
  close(): Promise<void>;
}

/** One line of the generated `log_format mesterside_views`. */
interface ViewLine {
  cvr?: string;
  host?: string;
  file?: string;
  status?: string;
  method?: string;
  ua?: string;
  purpose?: string;
}

/** The part of one line of Caddy's JSON access log read here. */
interface CaddyLine {
  status?: number;
  request?: { method?: string; host?: string; uri?: string; headers?: Record<string, string[] | undefined> };
}

const MAX_READ_BYTES = 8 * 1024 * 1024;
const CVR = /^[0-9]{8}$/;
const PATH_MODE = /^\/([0-9]{8})(\/[^/]*)$/;

/** A line of either engine as the fields of the nginx format; null when it is neither. */
function viewLineOf(parsed: unknown): ViewLine | null {
  if (typeof parsed !== 'object' || parsed === null) return null;
  const caddy = (parsed as CaddyLine).request;
  if (caddy === undefined) return parsed as ViewLine;
  const header = (name: string) => caddy.headers?.[name]?.join(', ') ?? '';
  const requestPath = (caddy.uri ?? '').split('?')[0] ?? '';
  const pathMode = PATH_MODE.exec(requestPath);
  const pagePath = pathMode ? (pathMode[2] as string) : requestPath;
  return {
    ...(pathMode ? { cvr: pathMode[1] as string } : {}),
    host: (caddy.host ?? '').replace(/:[0-9]+$/, '').toLowerCase(),
    file: pagePath === '/' ? '/index.html' : `${pagePath}.html`,
    status: String((parsed as CaddyLine).status ?? ''),
    method: caddy.method ?? '',
    ua: header('User-Agent'),
    purpose: `${header('Sec-Purpose')}${header('Purpose')}${header('X-Moz')}`,
  };
}

export async function startEngineVisits(options: EngineVisitsOptions): Promise<EngineVisits> {
  const { logger, logFile } = options;
  const visits: SiteVisits = createSiteVisits(options.db, logger, 60_000);
  let offset = (await stat(logFile).catch(() => null))?.size ?? 0;
  let reading: Promise<number> | null = null;

  async function cvrOfHost(host: string, hosts: Map<string, string | null>): Promise<string | null> {
    if (hosts.has(host)) return hosts.get(host) ?? null;
    const target = await readlink(path.join(options.routesDir, ROUTE_FOLDERS.hosts, host)).catch(() => null);
    const cvr = target === null ? null : path.basename(target);
    const known = cvr !== null && CVR.test(cvr) ? cvr : null;
    hosts.set(host, known);
    return known;
  }

  async function readNew(): Promise<number> {
    const size = (await stat(logFile).catch(() => null))?.size ?? 0;
    if (size < offset) offset = 0;
    if (size === offset) return 0;
    const length = Math.min(size - offset, MAX_READ_BYTES);
    const buffer = Buffer.alloc(length);
    const file = await open(logFile, 'r');
    try {
      await file.read(buffer, 0, length, offset);
    } finally {
      await file.close();
    }
    // Only whole lines; a line the engine is writing now is read next time.
    const end = buffer.lastIndexOf(0x0a);
    if (end === -1) return 0;
    offset += end + 1;
    const hosts = new Map<string, string | null>();
    let counted = 0;
    for (const text of buffer.subarray(0, end).toString('utf8').split('\n')) {
      let line: ViewLine | null;
      try {
        line = viewLineOf(JSON.parse(text));
      } catch {
        continue;
      }
      if (line === null) continue;
      if (line.status !== '200' && line.status !== '304') continue;
      if (!isVisitorRequest(line.method ?? '', line.ua || undefined, line.purpose ?? '')) continue;
      const page = pagePathOf(path.basename(line.file ?? ''));
      if (page === null) continue;
      const cvr = line.cvr && CVR.test(line.cvr) ? line.cvr : await cvrOfHost(line.host ?? '', hosts);
      if (cvr === null) continue;
      visits.count(cvr, page);
      counted += 1;
    }
    await visits.flush();
    return counted;
  }

  function poll(): Promise<number> {
    const previous = reading ?? Promise.resolve(0);
    const next = previous.then(readNew, readNew);
    reading = next;
    return next;
  }

  const everyMs = options.everyMs ?? 5000;
  const timer =
    everyMs > 0
      ? setInterval(() => {
          poll().catch((error: unknown) =>
            logger.warn({ err: error, logFile }, 'reading the engine log failed'),
          );
        }, everyMs)
      : undefined;
  timer?.unref();
  return {
    poll,
    async close() {
      if (timer) clearInterval(timer);
      await poll().catch(() => 0);
      await visits.close();
    },
  };
}
