// Turns a site model into the list of files of its site: every page, the 404 page, sitemap.xml
// and robots.txt. Everything is rendered in memory first, so a failure writes nothing.
import type { Page } from '../db';
import type { SiteRenderer } from './astro-renderer';
import { privacyPage, thanksPage } from './lead-pages';
import { documentKeys, pageOutline, type RenderMemo } from './render-memo';
import { SITE_FILES, type SiteModel } from './site-model';

export interface SiteFile {
  name: string;
  body: Buffer;
}

/**
 * Renders every document of `site`. Each document is handed the site with the other pages as
 * outlines (render-memo.ts); with a `memo`, a document whose input is unchanged since the company's
 * last render there is taken from it instead of rendered again.
 */
export async function renderSiteFiles(
  site: SiteModel,
  renderer: SiteRenderer,
  memo?: RenderMemo,
): Promise<SiteFile[]> {
  const home = site.pages.find((page) => page.type === 'homepage') ?? site.pages[0];
  const outlines = site.pages.map(pageOutline);
  const keys = memo ? documentKeys(site, outlines) : null;
  const cvr = site.company.cvr;
  const files: SiteFile[] = [];
  const documents: Array<{ name: string; key: string; body: Buffer }> = [];
  const html = async (name: string, page: Page | null) => {
    const key = keys?.of(page);
    let body = key === undefined ? undefined : memo?.lookup(cvr, name, key);
    if (!body) {
      const index = page ? site.pages.indexOf(page) : -1;
      const pages =
        page && index !== -1 ? outlines.map((outline, at) => (at === index ? page : outline)) : outlines;
      body = Buffer.from(await renderer.renderPage({ site: { ...site, pages }, page }));
    }
    files.push({ name, body });
    if (key !== undefined) documents.push({ name, key, body });
  };

  if (home) await html(SITE_FILES.home, home);
  for (const page of site.pages) if (page !== home) await html(SITE_FILES.page(page.slug), page);
  await html(SITE_FILES.notFound, null);
  // The privacy page and the quote form's thank-you page, unless the owner has pages of those names.
  const own = new Set(site.pages.map((page) => page.slug));
  for (const extra of [privacyPage(site.company), thanksPage(site.company)]) {
    if (!own.has(extra.slug)) await html(SITE_FILES.page(extra.slug), extra);
  }
  files.push({ name: SITE_FILES.sitemap, body: Buffer.from(sitemapXml(site, home?.id)) });
  files.push({ name: SITE_FILES.robots, body: Buffer.from(robotsTxt(site)) });
  memo?.store(cvr, documents);
  return files;
}

/** A sitemap of the canonical addresses, with each page's last change. */
function sitemapXml(site: SiteModel, homeId: string | undefined): string {
  const urls = site.pages.map((page) => {
    const path = page.id === homeId ? '/' : `/${page.slug}`;
    return `  <url><loc>${escapeXml(site.canonicalOrigin + path)}</loc><lastmod>${page.updatedAt.slice(0, 10)}</lastmod></url>`;
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
