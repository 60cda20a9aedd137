// Turns a site model into the list of files of its site: every page, the 404 page, sitemap.xml
// and robots.txt. Everything is rendered in memory first, so a failure writes nothing.
import type { Page } from '../db';
import type { SiteRenderer } from './astro-renderer';
import { generatedPages } from './lead-pages';
import { documentKeys, hashPage, pageOutline, type RenderMemo } from './render-memo';
import { SITE_FILES, type SiteModel } from './site-model';

export interface SiteFile {
  name: string;
  body: Buffer;
}

/**
 * What a build was rendered from, kept beside it (write-site.ts): the next publish takes a document
 * whose key is unchanged from the build, and reads from the database only the pages whose row moved.
 */
export interface BuildInputs {
  /** The renderer's templates (astro-renderer.ts): another deploy's build is rendered again whole. */
  templates: string;
  /** Each document's input key (render-memo.ts documentKeys), by file name. */
  documents: Record<string, string>;
  /** Each stored page's row stamp (load-site.ts pageStamp) and the hash of the page whole
   *  (render-memo.ts hashPage), by page id. */
  pages: Record<string, readonly [stamp: string, hash: string]>;
}

/** The live build of a site and what it was rendered from (write-site.ts liveDocuments). */
export interface LiveDocuments {
  dir: string;
  inputs: BuildInputs;
}

/** The stored pages of a site model as a publish read them (load-site.ts loadChangedSite). */
export interface StoredPages {
  /** Each stored page's row stamp, by id. */
  stamps: ReadonlyMap<string, string>;
  /** The hash of each stored page whole (render-memo.ts hashPage), by id: of every page, read or not. */
  hashes: Map<string, string>;
  /** Pages of the model that hold only what the menus read (listPageStamps): read whole before one
   *  of them is rendered. */
  thin: Set<string>;
  /** Reads these pages whole. */
  load(ids: readonly string[]): Promise<Page[]>;
}

export interface RenderSiteOptions {
  /** Bodies of this thread's last renders, by input key: a document kept there is not rendered. */
  memo?: RenderMemo;
  /** Gives part of a whole-site render to another render thread. */
  elsewhere?: RenderElsewhere;
  /** The live build: a document whose input key it holds is linked from it, neither read nor rendered. */
  live?: LiveDocuments;
  /** How the model's stored pages were read, when not all whole (a publish); default: all whole. */
  stored?: StoredPages;
}

/** A site rendered in memory: the files to write, and the documents the live build holds as they are. */
export interface RenderedFiles {
  files: SiteFile[];
  /** Documents to link from `live.dir`, unchanged (write-site.ts). */
  linked: string[];
  /** What this render was made from (only from a renderer whose templates are known). */
  inputs?: BuildInputs;
}

/** One HTML document of a site: a stored page, an extra page (privacy, thanks, contact) or, page
 *  null, 404. */
export interface SiteDocument {
  name: string;
  page: Page | null;
  /** Not for search engines (the thank-you page). */
  noindex?: boolean;
  /** Links from this root instead of relative ones (SiteModel.linkBase): the 404 pages. */
  linkBase?: string;
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
  // Shown at any depth, so with links from the root: the company's hosts', and /<cvr>/'s.
  documents.push({ name: SITE_FILES.notFound, page: null, linkBase: '/' });
  documents.push({ name: SITE_FILES.notFoundByPath, page: null, linkBase: `/${site.company.cvr}/` });
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
  for (const { page, noindex, linkBase } of documents) {
    const index = page ? site.pages.findIndex((candidate) => candidate.id === page.id) : -1;
    const pages =
      page && index !== -1 ? outlines.map((outline, at) => (at === index ? page : outline)) : outlines;
    const locals = { site: linkBase === undefined ? { ...site, pages } : { ...site, pages, linkBase }, page };
    bodies.push(await renderer.renderPageBytes(noindex ? { ...locals, noindex } : locals));
  }
  return bodies;
}

/** Renders every document of `site`, all in memory (a rebuild, a preview of a site, the tests). */
export async function renderSiteFiles(
  site: SiteModel,
  renderer: SiteRenderer,
  options: Pick<RenderSiteOptions, 'memo' | 'elsewhere'> = {},
): Promise<SiteFile[]> {
  return (await renderSite(site, renderer, options)).files;
}

/**
 * Renders the documents of `site` whose input changed. The input of each document is hashed
 * (render-memo.ts documentKeys, over the page's hash, hashPage): a document whose key the live build
 * holds (`live`) is linked from that build, neither read nor rendered, and one kept by `memo` under
 * its key is the kept bytes; only the rest is rendered, its page read whole first when the model holds
 * it thin (`stored`). So a one-page edit renders and reads one document whatever the memo holds, and
 * the memo saves only renders. With `elsewhere`, a render of SHARE_FROM_DOCUMENTS documents or more
 * (a new site, a change every page shows) gives the second half to another render thread when one is
 * idle, and renders the first half meanwhile.
 */
export async function renderSite(
  site: SiteModel,
  renderer: SiteRenderer,
  { memo, elsewhere, live, stored }: RenderSiteOptions = {},
): Promise<RenderedFiles> {
  const home = homeOf(site);
  const outlines = site.pages.map(pageOutline);
  const { templates } = renderer;
  // Keys go with the files (and into the build) only when the templates are known.
  const keys = memo || templates !== undefined ? documentKeys(site, outlines, templates) : null;
  const cvr = site.company.cvr;
  const fromLive = templates !== undefined && live?.inputs.templates === templates ? live : undefined;
  const hashes = stored?.hashes ?? new Map<string, string>();
  const hashOf = (page: Page | null): string => {
    if (page === null) return hashPage(null);
    let hash = hashes.get(page.id);
    if (hash === undefined) {
      if (stored?.thin.has(page.id)) throw new Error(`page ${page.id} of ${cvr} has no hash`);
      hash = hashPage(page);
      // A stored page's hash is kept with the build; a generated page's (lead-pages.ts) is not.
      if (stored === undefined || stored.stamps.has(page.id)) hashes.set(page.id, hash);
    }
    return hash;
  };
  const keyOf = (page: Page | null) =>
    keys?.of(hashOf(page), page?.type === 'homepage' ? (site.booking?.next ?? '') : '');
  const documents = siteDocuments(site, home).map((document) => {
    const key = keyOf(document.page);
    const linked = key !== undefined && fromLive?.inputs.documents[document.name] === key;
    const kept = linked || key === undefined ? undefined : memo?.lookup(cvr, document.name, key);
    return { ...document, key, linked, body: kept };
  });

  const missing = documents.filter((document) => !document.linked && document.body === undefined);
  // The pages to render that the model holds thin are read whole now. One that changed since its
  // stamp was read renders as it is now, under the key of what it is now.
  const thin = stored ? missing.filter(({ page }) => page !== null && stored.thin.has(page.id)) : [];
  if (stored && thin.length > 0) {
    const whole = new Map(
      (await stored.load(thin.map(({ page }) => page?.id ?? ''))).map((page) => [page.id, page]),
    );
    for (const document of thin) {
      const page = document.page && whole.get(document.page.id);
      if (!page) throw new Error(`page ${document.page?.id} of ${cvr} was removed while it was published`);
      document.page = page;
      stored.thin.delete(page.id);
      hashes.delete(page.id);
      document.key = keyOf(page);
    }
  }
  const shared = elsewhere && missing.length >= SHARE_FROM_DOCUMENTS ? Math.floor(missing.length / 2) : 0;
  const here = missing.slice(0, missing.length - shared);
  const there = missing.slice(missing.length - shared);
  const away =
    elsewhere && there.length > 0
      ? elsewhere(
          site,
          there.map(({ name, page, noindex, linkBase }) => ({
            name,
            page,
            ...(noindex ? { noindex } : {}),
            ...(linkBase === undefined ? {} : { linkBase }),
          })),
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
  const linked: string[] = [];
  for (const { name, body, linked: isLinked } of documents) {
    if (isLinked) linked.push(name);
    else if (body) files.push({ name, body });
    else throw new Error(`document ${name} of ${cvr} was not rendered`);
  }
  files.push({ name: SITE_FILES.sitemap, body: Buffer.from(sitemapXml(site, home?.id)) });
  files.push({ name: SITE_FILES.robots, body: Buffer.from(robotsTxt(site)) });
  if (memo && keys) {
    memo.store(
      cvr,
      documents.flatMap(({ name, key, body }) => (key !== undefined && body ? [{ name, key, body }] : [])),
    );
  }
  if (templates === undefined || !keys) return { files, linked };
  const pages: BuildInputs['pages'] = {};
  for (const page of site.pages) {
    const hash = hashes.get(page.id) ?? hashOf(page);
    pages[page.id] = [stored?.stamps.get(page.id) ?? '', hash];
  }
  const documentsKeys: Record<string, string> = {};
  for (const { name, key } of documents) if (key !== undefined) documentsKeys[name] = key;
  return { files, linked, inputs: { templates, documents: documentsKeys, pages } };
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
