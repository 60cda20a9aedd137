// Turns a site model into the list of files of its site: every page, the 404 page, sitemap.xml
// and robots.txt. Everything is rendered in memory first, so a failure writes nothing.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '../db';
import type { SiteRenderer } from './astro-renderer';
import { generatedPages } from './lead-pages';
import { documentKeys, pageOutline, type RenderMemo } from './render-memo';
import { SITE_FILES, type SiteModel } from './site-model';

export interface SiteFile {
  name: string;
  body: Buffer;
  /** The key of the input this document was rendered from (render-memo.ts documentKeys), kept with
   *  the build (write-site.ts) so the next publish takes the file from it while the key holds. Only
   *  from a renderer whose templates are known. */
  key?: string;
  /** The build folder the body was read from (a document taken from the live build): written by
   *  linking that file, without comparing its bytes again (write-site.ts). */
  from?: string;
}

/** The live build of a site and the input key of each document in it (write-site.ts liveDocuments). */
export interface LiveDocuments {
  dir: string;
  keys: ReadonlyMap<string, string>;
}

export interface RenderSiteOptions {
  /** Bodies of this thread's last renders, by input key: saves reading the live build. */
  memo?: RenderMemo;
  /** Gives part of a whole-site render to another render thread. */
  elsewhere?: RenderElsewhere;
  /** The live build: a document whose input key it holds is read from it, not rendered. */
  live?: LiveDocuments;
}

/** One HTML document of a site: a stored page, an extra page (privacy, thanks, contact) or, page
 *  null, 404. */
export interface SiteDocument {
  name: string;
  page: Page | null;
  /** Not for search engines (the thank-you page). */
  noindex?: boolean;
}

/**
 * Renders some documents on another render thread (render-pool.ts), or answers null when none is
 * free; the bodies come back in the order of `documents`.
 */
export type RenderElsewhere = (site: SiteModel, documents: SiteDocument[]) => Promise<Buffer[] | null>;

/** A whole site's render is shared with an idle render thread from this many documents to render. */
const SHARE_FROM_DOCUMENTS = 4;

/** The site's home page: the homepage, else its first page. */
function homeOf(site: SiteModel): Page | undefined {
  return site.pages.find((page) => page.type === 'homepage') ?? site.pages[0];
}

/** The HTML documents of `site`, in the order they are written. */
function siteDocuments(site: SiteModel, home: Page | undefined): SiteDocument[] {
  const documents: SiteDocument[] = [];
  if (home) documents.push({ name: SITE_FILES.home, page: home });
  for (const page of site.pages)
    if (page !== home) documents.push({ name: SITE_FILES.page(page.slug), page });
  documents.push({ name: SITE_FILES.notFound, page: null });
  // The privacy page, the quote form's thank-you page and the contact page, unless the owner has
  // pages in their place (lead-pages.ts).
  for (const extra of generatedPages(site)) {
    const name = SITE_FILES.page(extra.page.slug);
    documents.push(extra.noindex ? { name, page: extra.page, noindex: true } : { name, page: extra.page });
  }
  return documents;
}

/**
 * Renders documents of `site`, each handed the site with the other pages as outlines
 * (render-memo.ts). A document's page is found among the site's pages by id, so documents that
 * crossed to another thread (copies) render as they do here.
 */
export async function renderDocuments(
  site: SiteModel,
  renderer: SiteRenderer,
  documents: readonly SiteDocument[],
  outlines: Page[] = site.pages.map(pageOutline),
): Promise<Buffer[]> {
  const bodies: Buffer[] = [];
  for (const { page, noindex } of documents) {
    const index = page ? site.pages.findIndex((candidate) => candidate.id === page.id) : -1;
    const pages =
      page && index !== -1 ? outlines.map((outline, at) => (at === index ? page : outline)) : outlines;
    const locals = { site: { ...site, pages }, page };
    bodies.push(await renderer.renderPageBytes(noindex ? { ...locals, noindex } : locals));
  }
  return bodies;
}

/**
 * Renders every document of `site` whose input changed. The input of each document is hashed
 * (render-memo.ts documentKeys): a document whose key the live build holds (`live`) is that build's
 * file, and one kept by `memo` under its key is the kept bytes; only the rest is rendered. So a
 * one-page edit renders one document whatever the memo holds, and the memo saves only the reads.
 * With `elsewhere`, a render of SHARE_FROM_DOCUMENTS documents or more (a new site, a change every
 * page shows) gives the second half to another render thread when one is idle, and renders the
 * first half meanwhile.
 */
export async function renderSiteFiles(
  site: SiteModel,
  renderer: SiteRenderer,
  { memo, elsewhere, live }: RenderSiteOptions = {},
): Promise<SiteFile[]> {
  const home = homeOf(site);
  const outlines = site.pages.map(pageOutline);
  const { templates } = renderer;
  // Keys go with the files (and into the build) only when the templates are known.
  const keys = memo || templates !== undefined ? documentKeys(site, outlines, templates) : null;
  const cvr = site.company.cvr;
  const fromLive = templates !== undefined ? live : undefined;
  const documents = siteDocuments(site, home).map((document) => {
    const key = keys?.of(document.page);
    const kept = key === undefined ? undefined : memo?.lookup(cvr, document.name, key);
    const read =
      kept === undefined && key !== undefined && fromLive?.keys.get(document.name) === key
        ? readLive(fromLive.dir, document.name)
        : undefined;
    return { ...document, key, body: kept ?? read, from: read && fromLive?.dir };
  });

  const missing = documents.filter((document) => document.body === undefined);
  const shared = elsewhere && missing.length >= SHARE_FROM_DOCUMENTS ? Math.floor(missing.length / 2) : 0;
  const here = missing.slice(0, missing.length - shared);
  const there = missing.slice(missing.length - shared);
  const away =
    elsewhere && there.length > 0
      ? elsewhere(
          site,
          there.map(({ name, page, noindex }) => (noindex ? { name, page, noindex } : { name, page })),
        )
      : null;
  const bodies = await renderDocuments(site, renderer, here, outlines);
  here.forEach((document, index) => {
    document.body = bodies[index];
  });
  const fromAway =
    (await away) ?? (there.length > 0 ? await renderDocuments(site, renderer, there, outlines) : []);
  there.forEach((document, index) => {
    document.body = fromAway[index];
  });

  const files: SiteFile[] = [];
  for (const { name, body, key, from } of documents) {
    if (!body) throw new Error(`document ${name} of ${cvr} was not rendered`);
    const file: SiteFile =
      templates !== undefined && key !== undefined ? { name, body, key } : { name, body };
    if (from) file.from = from;
    files.push(file);
  }
  files.push({ name: SITE_FILES.sitemap, body: Buffer.from(sitemapXml(site, home?.id)) });
  files.push({ name: SITE_FILES.robots, body: Buffer.from(robotsTxt(site)) });
  if (memo && keys) {
    memo.store(
      cvr,
      documents.flatMap(({ name, key, body }) => (key !== undefined && body ? [{ name, key, body }] : [])),
    );
  }
  return files;
}

/** A document of the live build, or undefined when it cannot be read (pruned meanwhile: rendered). */
function readLive(dir: string, name: string): Buffer | undefined {
  try {
    return readFileSync(path.join(dir, name));
  } catch {
    return undefined;
  }
}

/** A sitemap of the canonical addresses, with each page's last change; the generated contact page too. */
function sitemapXml(site: SiteModel, homeId: string | undefined): string {
  const listed = [
    ...site.pages,
    ...generatedPages(site).flatMap((extra) => (extra.inSitemap ? [extra.page] : [])),
  ];
  const urls = listed.map((page) => {
    const address = page.id === homeId ? '/' : `/${page.slug}`;
    return `  <url><loc>${escapeXml(site.canonicalOrigin + address)}</loc><lastmod>${page.updatedAt.slice(0, 10)}</lastmod></url>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

function robotsTxt(site: SiteModel): string {
  return `User-agent: *\nAllow: /\nSitemap: ${site.canonicalOrigin}/${SITE_FILES.sitemap}\n`;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);
}
