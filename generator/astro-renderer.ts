// Renders one page of a company site to an HTML string with the prebuilt Astro server bundle
// (`npm run build` → dist/site/server/entry.mjs), in-process and without a build per save.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { errorMessage } from '../lib/errors';
import { projectRoot } from '../lib/project-root';
import type { LandingModel } from './landing-model';
import type { SiteLocals } from './site-model';

export interface SiteRenderer {
  /** The full HTML document of `locals.page`, or of the site's 404 page when it is null. */
  renderPage(locals: SiteLocals): Promise<string>;
  /** The same document as UTF-8 bytes, as a site's file is written: taken from the render's own
   *  bytes, without decoding them to a string and encoding that again. */
  renderPageBytes(locals: SiteLocals): Promise<Buffer>;
  /** Which templates render: a hash of the built bundle. Documents rendered from the same input by
   *  renderers of the same `templates` are the same bytes, so a publish may take an unchanged
   *  document from the live build (site-files.ts). Undefined (a test's renderer): never taken. */
  readonly templates?: string;
}

/** The landing page with live data (templates/pages/main-site/index.astro). */
export interface LandingRenderer {
  renderLanding(landing: LandingModel): Promise<string>;
}

/** The parts of Astro's `App` (astro/app) the renderer uses. */
interface AstroApp {
  match(request: Request): unknown;
  render(request: Request, options: { routeData: unknown; locals: object }): Promise<Response>;
}

// <repo>/dist/site, from this file in generator/ or from a bundle anywhere in dist/.
const DEFAULT_DIST_DIR = path.join(projectRoot(path.dirname(fileURLToPath(import.meta.url))), 'dist', 'site');
// templates/pages/company-site/[...path].astro. The host is never contacted; it only makes a Request.
const ROUTE_URL = 'http://site.invalid/company-site/';
// templates/pages/main-site/index.astro.
const LANDING_URL = 'http://site.invalid/main-site/';
// Set by templates/middleware.ts when a template throws.
const RENDER_ERROR = Symbol.for('mesterside.renderError');

/** Loads the built templates once; the returned renderer is cheap to call for every page. */
export async function loadSiteRenderer(
  distDir: string = DEFAULT_DIST_DIR,
): Promise<SiteRenderer & LandingRenderer> {
  const entry = path.join(distDir, 'server', 'entry.mjs');
  if (!existsSync(entry)) {
    throw new Error(`The site templates are not built (${entry} is missing): run \`npm run build\` first.`);
  }
  const bundle = (await import(pathToFileURL(entry).href)) as { createApp?: () => AstroApp };
  if (typeof bundle.createApp !== 'function') {
    throw new Error(`${entry} does not export createApp(): rebuild with \`npm run build\`.`);
  }
  const app = bundle.createApp();
  const routeData = app.match(new Request(`${ROUTE_URL}page`));
  if (!routeData) throw new Error(`The company-site route is missing from ${entry}: run \`npm run build\`.`);
  const landingRoute = app.match(new Request(LANDING_URL));
  if (!landingRoute)
    throw new Error(`The landing page route is missing from ${entry}: run \`npm run build\`.`);

  /** Renders one route; `locals` is a fresh object the template may mark with an error. */
  async function render(url: string, route: unknown, locals: object, name: string): Promise<Response> {
    let response: Response;
    try {
      response = await app.render(new Request(url), { routeData: route, locals });
    } catch (error) {
      throw new Error(`Rendering ${name} failed: ${errorMessage(error)}`, { cause: error });
    }
    const cause: unknown = Reflect.get(locals, RENDER_ERROR);
    if (cause !== undefined) {
      throw new Error(`Rendering ${name} failed: ${errorMessage(cause)}`, { cause });
    }
    if (response.status !== 200) {
      throw new Error(`Rendering ${name} failed with HTTP ${response.status}`);
    }
    return response;
  }

  function renderSitePage({ site, page, noindex }: SiteLocals): Promise<Response> {
    // A fresh object per render: the caller's model is never written to.
    const locals: SiteLocals = noindex ? { site, page, noindex } : { site, page };
    const url = `${ROUTE_URL}${encodeURIComponent(page?.slug ?? '404')}`;
    return render(url, routeData, locals, describePage(locals));
  }

  return {
    templates: bundleHash(path.join(distDir, 'server')),
    async renderPage(locals) {
      return (await renderSitePage(locals)).text();
    },
    async renderPageBytes(locals) {
      return Buffer.from(await (await renderSitePage(locals)).arrayBuffer());
    },
    async renderLanding(landing) {
      return (await render(LANDING_URL, landingRoute, { landing }, 'the landing page')).text();
    },
  };
}

/**
 * A hash of every file of the server bundle (names and bytes, about 3 MB: a few milliseconds once per
 * thread). The client assets' hashed names are written into the bundle's manifest, so a change of
 * any template, style or script changes it.
 */
function bundleHash(serverDir: string): string {
  const hash = createHash('sha256');
  const files = readdirSync(serverDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(serverDir, path.join(entry.parentPath, entry.name)))
    .sort();
  for (const file of files)
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(path.join(serverDir, file)));
  return hash.digest('base64url');
}

function describePage({ site, page }: SiteLocals): string {
  const pageName = page === null ? 'the 404 page' : `page "${page.slug}" (${page.id})`;
  return `${pageName} of company ${site.company.cvr}`;
}
