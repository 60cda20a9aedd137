// The live preview (issue 27): a draft rendered by the site's own templates with the rest of the
// site as it is stored (theme, menu, contact block, images, the quote form), so what the owner sees
// is byte for byte what a save would publish. Nothing is stored and nothing is written under
// storage/sites; the HTML goes back to the owner's editor only, never to a visitor.
//
// Rendering runs where the AppDeps' PreviewRenderer puts it: the product stack gives a render
// thread of its own (generator/render-pool.ts, started at the first preview), so a burst of
// previews never runs templates on the event loop that serves visitors and never waits behind a
// 300-page publish. Tests that do not pass one render in-process.
import {
  type Company,
  type Db,
  findPage,
  getPublishState,
  listPageOutlines,
  type Page,
  type PagePatch,
} from '../../db';
import { loadSiteRenderer, type SiteRenderer } from '../../generator/astro-renderer';
import { loadSiteModel } from '../../generator/load-site';
import { createThreadedPublisher, type ThreadedPublisher } from '../../generator/render-pool';
import type { SiteModel } from '../../generator/site-model';
import type { Config } from '../../lib/config';
import { AppError } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import { CONTENT_SECURITY_POLICY } from '../../rules/content-security-policy';
import { MESSAGES } from '../../rules/messages';
import { canonicalOrigin } from '../../rules/site-url';

export interface PreviewRenderer {
  /** The HTML of page `pageId` of `site` (the site's 404 page when it has no such page). */
  render(site: SiteModel, pageId: string): Promise<string>;
  close(): Promise<void>;
}

/** Renders on the calling thread (tests, and a renderer given by hand); loads the bundle once. */
export function inProcessPreview(load: () => Promise<SiteRenderer> = loadSiteRenderer): PreviewRenderer {
  let renderer: Promise<SiteRenderer> | undefined;
  return {
    async render(site, pageId) {
      renderer ??= load();
      const page = site.pages.find((candidate) => candidate.id === pageId) ?? null;
      return (await renderer).renderPage({ site, page });
    },
    close: async () => {},
  };
}

/** Renders on one render thread of its own, started at the first preview (most processes of a test
 *  run never preview) and replaced like any render thread when it dies or overruns its budget. */
export function threadedPreview(options: {
  config: Config;
  logger?: Logger;
  /** The render thread's entry (generator/render-pool.ts); default the pool's. */
  threadEntry?: string;
}): PreviewRenderer {
  let pool: Promise<ThreadedPublisher> | undefined;
  const start = () => {
    pool = createThreadedPublisher({ ...options, threads: 1 });
    // A thread that could not start is tried again at the next preview.
    pool.catch(() => {
      pool = undefined;
    });
    return pool;
  };
  return {
    async render(site, pageId) {
      return (await (pool ?? start())).preview(site, pageId);
    },
    async close() {
      const running = pool;
      pool = undefined;
      if (running) await (await running.catch(() => null))?.close();
    },
  };
}

/** Companies whose page outlines one process keeps (a few KB each, for a 300-page site ~60 KB). */
const OUTLINES_KEPT = 500;
const outlineCache = new WeakMap<Db, Map<string, { version: number; pages: Page[] }>>();

/**
 * The company's pages as the menu needs them (listPageOutlines), kept while the company's "publish
 * wanted" version stands: every change a visitor sees commits with a new one (commitChange), so a
 * preview after a save, a rename or a new menu order, in any process, reads them again. On SQLite
 * the outlines of a 300-page site of long texts take ~13 ms to read (a row's later columns sit behind
 * its text's overflow pages), which an owner typing would otherwise cost the serving thread per preview.
 */
async function pageOutlines(db: Db, cvr: string): Promise<Page[]> {
  const version = (await getPublishState(db, cvr))?.wantedVersion;
  let kept = outlineCache.get(db);
  if (!kept) {
    kept = new Map();
    outlineCache.set(db, kept);
  }
  const hit = kept.get(cvr);
  kept.delete(cvr);
  if (hit && version !== undefined && hit.version === version) {
    kept.set(cvr, hit);
    return hit.pages;
  }
  const pages = await listPageOutlines(db, cvr);
  if (version !== undefined) kept.set(cvr, { version, pages });
  // The least recently previewed company goes first (a Map iterates in insertion order).
  for (const oldest of kept.keys()) {
    if (kept.size <= OUTLINES_KEPT) break;
    kept.delete(oldest);
  }
  return pages;
}

/** The site as stored, with page `pageId` replaced by the draft `patch` (as a save would store it). */
export async function pageDraftSite(
  db: Db,
  company: Company,
  publicHost: string,
  pageId: string,
  patch: PagePatch,
): Promise<SiteModel> {
  // The page itself whole; the others only as the menu needs them.
  const before = await findPage(db, company.cvr, pageId);
  const site = before && (await loadSiteModel(db, company.cvr, publicHost, pageOutlines));
  if (!site || !before) throw new AppError('not_found', MESSAGES.previewFailed);
  const draft: Page = { ...before };
  for (const [field, value] of Object.entries(patch)) {
    if (value !== undefined) Object.assign(draft, { [field]: value });
  }
  return { ...site, pages: site.pages.map((page) => (page.id === pageId ? draft : page)) };
}

/** The site as stored with the company's settings replaced by a draft; and its homepage's id. */
export async function settingsDraftSite(
  db: Db,
  draft: Company,
  publicHost: string,
): Promise<{ site: SiteModel; homepageId: string }> {
  const site = await loadSiteModel(db, draft.cvr, publicHost, pageOutlines);
  const outline = site?.pages.find((page) => page.type === 'homepage') ?? site?.pages[0];
  const home = outline && (await findPage(db, draft.cvr, outline.id));
  if (!site || !home) throw new AppError('not_found', MESSAGES.previewFailed);
  return {
    site: {
      ...site,
      company: draft,
      canonicalOrigin: canonicalOrigin(draft, publicHost),
      pages: site.pages.map((page) => (page.id === home.id ? home : page)),
    },
    homepageId: home.id,
  };
}

/**
 * The site's Content-Security-Policy (server/static-headers.ts) as the preview frame's `<meta>`:
 * without frame-ancestors (a meta policy may not carry it), scripts refused outright (the frame's
 * sandbox already stops them), and the admin's own origin named beside 'self', which in the
 * sandboxed frame's opaque origin matches nothing, so the site's images under /media still load.
 */
export function previewContentSecurityPolicy(adminOrigin: string | undefined): string {
  const origin = adminOrigin && /^https?:\/\/[^\s;,'"]+$/.test(adminOrigin) ? ` ${adminOrigin}` : '';
  return CONTENT_SECURITY_POLICY.split('; ')
    .filter((directive) => !directive.startsWith('frame-ancestors'))
    .map((directive) => (directive.startsWith('script-src') ? "script-src 'none'" : directive))
    .map((directive) => directive.replace("'self'", `'self'${origin}`))
    .join('; ');
}
