// Cookieless page views of the company sites, counted where they are served (issue 14 item 1): the
// front server calls count() for each company page it answers to a browser, so the sites carry no
// script, beacon or pixel at all (their Lighthouse score and page weight stay as they are). No
// cookie, IP address or visitor id is read or kept: only (company, Copenhagen day, page path) += 1.
// Counts are summed in memory and written in one batched upsert every few seconds (and on close),
// so a busy site costs no query per view. A process that dies loses at most one interval's counts.
import type { IncomingMessage } from 'node:http';
import { addSitePageViews, type Db, type SitePageViewCount } from '../db';
import type { Logger } from '../lib/logger';
import { copenhagenDay } from '../rules/ai-limit';
import { SITE_NOT_FOUND_FILES } from '../rules/request-target';

const VISIT_FLUSH_MS = 5000;
/** Distinct (company, day, page) keys held before an early flush. */
const MAX_KEYS = 20_000;
/** Rows per INSERT: far below both dialects' bound-parameter limits. */
const BATCH_ROWS = 500;

// Crawlers, link previews, audits and command-line clients are not visitors.
const NOT_A_VISITOR =
  /bot|crawl|spider|slurp|preview|facebookexternalhit|lighthouse|pagespeed|headlesschrome\/.*ptst|curl|wget|python|node|undici|go-http|java\//i;

/** Whether a request for a page is a person's view (a browser, not a crawler or a prefetch). */
export function isCountableView(req: IncomingMessage): boolean {
  const purpose = req.headers['sec-purpose'] ?? req.headers.purpose ?? req.headers['x-moz'];
  return isVisitorRequest(
    req.method ?? '',
    req.headers['user-agent'],
    typeof purpose === 'string' ? purpose : '',
  );
}

/** The same rule over plain fields, for requests an engine served (server/engine-visits.ts). */
export function isVisitorRequest(method: string, userAgent: string | undefined, purpose: string): boolean {
  if (method !== 'GET') return false;
  if (!userAgent || NOT_A_VISITOR.test(userAgent)) return false;
  return !/prefetch|prerender/i.test(purpose);
}

/** A site file's page path: `index.html` → `/`, `om-os.html` → `/om-os`; other files are no page. */
export function pagePathOf(file: string): string | null {
  if (file === 'index.html') return '/';
  if (file === SITE_NOT_FOUND_FILES.host || file === SITE_NOT_FOUND_FILES.path || !file.endsWith('.html'))
    return null;
  return `/${file.slice(0, -'.html'.length)}`;
}

export interface SiteVisits {
  count(cvr: string, path: string): void;
  /** Writes what was counted so far. */
  flush(): Promise<void>;
  /** Stops the timer and flushes. */
  close(): Promise<void>;
}

export function createSiteVisits(db: Db, logger: Logger, flushMs = VISIT_FLUSH_MS): SiteVisits {
  let pending = new Map<string, SitePageViewCount>();
  let day = '';
  let dayUntil = 0;
  let writing: Promise<void> = Promise.resolve();

  function today(): string {
    const now = Date.now();
    // Formatting a Copenhagen date costs more than the rest of a count; once a minute is enough.
    if (now >= dayUntil) {
      day = copenhagenDay(new Date(now));
      dayUntil = now - (now % 60_000) + 60_000;
    }
    return day;
  }

  function flush(): Promise<void> {
    if (pending.size === 0) return writing;
    const rows = [...pending.values()];
    pending = new Map();
    writing = writing.then(async () => {
      try {
        for (let index = 0; index < rows.length; index += BATCH_ROWS) {
          await addSitePageViews(db, rows.slice(index, index + BATCH_ROWS));
        }
      } catch (error) {
        logger.warn({ err: error, rows: rows.length }, 'page views could not be saved; dropped');
      }
    });
    return writing;
  }

  const timer = setInterval(() => void flush(), flushMs);
  timer.unref();

  return {
    count(cvr, path) {
      const currentDay = today();
      const key = `${cvr}\n${currentDay}\n${path}`;
      const row = pending.get(key);
      if (row) row.count += 1;
      else pending.set(key, { companyCvr: cvr, day: currentDay, path, count: 1 });
      if (pending.size >= MAX_KEYS) void flush();
    },
    flush,
    async close() {
      clearInterval(timer);
      await flush();
    },
  };
}
