// Maps a request's Host header and path to what the product answers: the API, the admin, a file of a
// company site (by CVR path, subdomain or custom domain), a marketing page, or a redirect. Pure, so
// the front server, the API's tenant resolution and the tests share one reading of the addressing
// rules (ARCHITECTURE "Addressing tenants", the spec's Screens). File names it returns can never leave a folder.
import { normalizeHost } from './domain';
import { REVIEW_SHORT_LINK_PREFIX } from './review-form';

/** Which route set a host gets (the spec's Screens): the product's own host, or one company's site. */
export type HostMode =
  | { mode: 'main' }
  | { mode: 'subdomain'; subdomain: string }
  | { mode: 'custom-domain'; hostname: string };

/** How the company of a site target is found: its CVR from the path, its subdomain, or its domain. */
type SiteAddress =
  | { by: 'path'; cvr: string }
  | { by: 'subdomain'; subdomain: string }
  | { by: 'custom-domain'; hostname: string };

/**
 * A file of a company's site folder (`SITE_FILES` in generator/site-model.ts), flat, no slashes.
 * Status 404: the site's own 404 page (`notFoundFileOf`), shown at the address the visitor asked for.
 * A page that is not in the folder is answered with that page too (issue 49), by whoever serves it.
 */
export type SiteTarget = { kind: 'site'; file: string; status: 200 | 404 } & SiteAddress;

/**
 * The site's 404 page as the generator writes it, twice (issue 49): shown at any depth (`/a/b/c`),
 * so its links cannot be relative as every other page's are. On a company host (subdomain, custom
 * domain) they start at `/`; under `/<cvr>/` on the main host at `/<cvr>/`. The second name has a
 * dot, which no page slug has, so no address but a missing one ever shows it.
 */
export const SITE_NOT_FOUND_FILES = { host: '404.html', path: '404.path.html' } as const;

/** Which of the site's 404 pages answers a missing address of this site. */
export function notFoundFileOf(address: { by: SiteAddress['by'] }): string {
  return address.by === 'path' ? SITE_NOT_FOUND_FILES.path : SITE_NOT_FOUND_FILES.host;
}

/**
 * An uploaded image or logo (api/images), the same on every host: `path` is relative to STORAGE_DIR,
 * `images/<cvr>/<file>` or `logos/<cvr>/<file>`, and `<file>` is a flat `[a-z0-9-]` name.
 */
export type MediaTarget = { kind: 'media'; path: string };

export type RequestTarget =
  | { kind: 'api' }
  /**
   * The admin SPA: `file` is `assets/<name>` for its hashed build files (`/admin/assets/…`), else
   * `index.html`, which the SPA's router reads the path from.
   */
  | { kind: 'admin'; file: string }
  /** Caddy's on-demand TLS question; main host only. */
  | { kind: 'tls-ask' }
  /**
   * A page or asset of the marketing site: `/`, `/om`, `/blog/3`, `/_astro/x.css`; no trailing slash.
   * `missing`, on blog post paths, is the page to serve with status 404 when `path` has no file.
   */
  | { kind: 'marketing'; path: string; status: 200 | 404; missing?: string }
  | SiteTarget
  | MediaTarget
  /** `location` is a path on the same host; canonical-form redirects (301) keep the query string. */
  | { kind: 'redirect'; location: string; status: 301 }
  /** No usable Host header, or a request target that is not a path (`*`, absolute form). */
  | { kind: 'not-found' };

const MAIN: HostMode = Object.freeze({ mode: 'main' });
const LOOPBACK_HOSTS: ReadonlySet<string> = new Set(['localhost', '127.0.0.1', '[::1]']);

const API: RequestTarget = Object.freeze({ kind: 'api' });
const ADMIN_APP: RequestTarget = Object.freeze({ kind: 'admin', file: 'index.html' });
// Vite's content-hashed output: flat names, no way up or sideways.
const ADMIN_ASSET = /^\/admin\/(assets\/[A-Za-z0-9_-][A-Za-z0-9._-]*\.(?:js|css|svg|png|webp|woff2))$/;
const TLS_ASK: RequestTarget = Object.freeze({ kind: 'tls-ask' });
const NOT_FOUND: RequestTarget = Object.freeze({ kind: 'not-found' });
/** The product's own 404 page with status 404, at the address asked for (issue 49: no redirect). */
const PRODUCT_404: RequestTarget = Object.freeze({ kind: 'marketing', path: '/404', status: 404 });

const MAX_PATH_LENGTH = 2048;
// Encoded '/' or '\' would smuggle a separator past the segment checks below.
const ENCODED_SEPARATOR = /%(?:2f|5c)/i;
// After decoding: control characters, backslashes, empty segments and '.'/'..' segments.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const UNSAFE_PATH = /[\u0000-\u001f\u007f\\]|\/\/|\/\.\.?(?:\/|$)/;
// A '.' or '..' segment as written (before decoding).
const DOT_SEGMENT = /\/\.\.?(?:\/|$)/;
// Printable ASCII only; anything else is dropped rather than echoed into a Location header. Also no
// backslash, which the path-safety property test forbids in a Location (it found `/a/?\`).
const SAFE_QUERY = /^\?[\u0021-\u005b\u005d-\u007e]{0,2048}$/;
const CVR_PATH = /^\/([0-9]{8})(\/.*)?$/;
// The company of a path-mode address whose rest cannot be read (`/<cvr>/..%2f`): its CVR alone.
const RAW_CVR_PREFIX = /^\/([0-9]{8})\//;
// Page slugs are [a-z0-9-] (rules/slug.ts), so `<slug>.html` is always a plain name in the folder.
const SLUG_PATH = /^\/([a-z0-9-]{1,100})$/;
const SLUG_DIR_PATH = /^\/([a-z0-9-]{1,100})\/$/;
// Marketing paths: segments of [A-Za-z0-9._-] that never start with a dot (no '..', no hidden
// files) and hold no '..' anywhere. Upper case is allowed: Astro's hashed names use it (`client.BkDVtqqA.js`).
const MARKETING_PATH = /^(?!.*\.\.)(?:\/[A-Za-z0-9_-][A-Za-z0-9._-]{0,199})*\/?$/;
// The product's own pages a company host also serves (the spec's Screens, subdomain route table), and the
// marketing build's hashed assets those pages (and islands on company pages) load.
const PRODUCT_PAGE_PATH = /^\/(?:privacy|faq|blog|blog\/[0-9]{1,9})$/;
const BLOG_POST_PATH = /^\/blog\/[0-9]{1,9}$/;
/** What an unknown blog post shows ('Indlæg ikke fundet', the spec's Screens "Blog"), with status 404. */
const BLOG_POST_MISSING = '/blog/ikke-fundet';

/**
 * Main-host pages the product's own pages link to (header, footer). On a company host they are the
 * company's paths; when the company has no page there, the visitor followed one of our links from
 * /privacy, /faq or the blog, and is sent to the main host's page rather than to a 404.
 */
export const MAIN_HOST_PAGES: ReadonlySet<string> = new Set([
  'om',
  'funktioner',
  'kontakt',
  'onboarding',
  'tomrer-hjemmeside',
  'murer-hjemmeside',
  'vvs-hjemmeside',
  'maler-hjemmeside',
  'vinduespudser-hjemmeside',
  'mekaniker-hjemmeside',
]);
const ASSET_PATH = /^(?!.*\.\.)\/_astro\/[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}$/;
// Media: `/media/(images|logos)/<cvr>/<name>.(webp|jpg|png)`, names as api/images writes them. Upload
// temp files start with '.', so they can never match. Any other /media/ path ends at /404.
export const MEDIA_PATH =
  /^\/media\/((?:images|logos)\/[0-9]{8}\/[a-z0-9][a-z0-9-]{0,99}\.(?:webp|jpg|png))$/;
const SITE_FIXED_FILES: ReadonlyMap<string, string> = new Map([
  ['/', 'index.html'],
  ['/sitemap.xml', 'sitemap.xml'],
  ['/robots.txt', 'robots.txt'],
]);

/**
 * What to serve for `path` on `host`. `path` is the request target as it arrives (`req.url`): the
 * path, percent-encoded, plus an optional `?query`. The query is kept on canonical-form redirects
 * (`/<cvr>` → `/<cvr>/?newsite=true`) and otherwise ignored. `publicHost` is PUBLIC_HOST; ports
 * are ignored on both sides.
 */
export function resolveRequestTarget(host: string, path: string, publicHost: string): RequestTarget {
  const mode = classifyHost(host, publicHost);
  return mode === null ? NOT_FOUND : resolvePathForHost(mode, path);
}

/**
 * The route set of `host` (any case, with port, trailing dot, punycode): the main host is
 * PUBLIC_HOST's name, `www.` of it, localhost and the loopback addresses; `<label>.<PUBLIC_HOST>`
 * and `<label>.localhost` (one extra label, not `www`) are subdomains; anything else is a custom
 * domain. Null when the Host header is missing or malformed.
 */
export function classifyHost(host: string, publicHost: string): HostMode | null {
  const name = normalizeHost(host);
  if (name === '') return null;
  const main = normalizeHost(publicHost);
  if (name === main || name === `www.${main}` || LOOPBACK_HOSTS.has(name)) return MAIN;
  for (const parent of [main, 'localhost']) {
    if (parent === '' || !name.endsWith(`.${parent}`)) continue;
    const label = name.slice(0, -(parent.length + 1));
    if (label === '' || label.includes('.')) continue;
    return label === 'www' ? MAIN : { mode: 'subdomain', subdomain: label };
  }
  return { mode: 'custom-domain', hostname: name };
}

/** The second half of resolveRequestTarget, for callers that classified (and cached) the host. */
export function resolvePathForHost(mode: HostMode, path: string): RequestTarget {
  if (typeof path !== 'string' || !path.startsWith('/')) return NOT_FOUND;
  const queryStart = path.indexOf('?');
  const rawPath = queryStart === -1 ? path : path.slice(0, queryStart);
  const decoded = decodePath(rawPath);
  // An API path with bad bytes (`/api/pages/%ff`, `/api/pages/%00`) still goes to the API, whose
  // answer is JSON (a 404 for an id that names nothing), never a page's redirect (issue 23). A path
  // that climbs out of /api as written does not.
  if (decoded === null) {
    return isApiPath(rawPath) && !DOT_SEGMENT.test(rawPath) ? API : unreadablePath(mode, rawPath);
  }
  const query = queryStart === -1 ? '' : keptQuery(path.slice(queryStart));

  if (isApiPath(decoded)) return API;
  // Uploaded images and logos are served at one stable URL on every host (main, subdomain, domain).
  if (decoded.startsWith('/media/')) return MEDIA_PATH.test(decoded) ? mediaTarget(decoded) : missing(mode);
  if (decoded === '/admin' || decoded.startsWith('/admin/')) return adminTarget(decoded);
  if (mode.mode === 'main') return mainHostTarget(decoded, query);
  if (PRODUCT_PAGE_PATH.test(decoded) || ASSET_PATH.test(decoded)) return marketingTarget(decoded, 200);
  return siteTarget(hostAddress(mode), decoded, query, '');
}

function hostAddress(mode: Exclude<HostMode, { mode: 'main' }>): SiteAddress {
  return mode.mode === 'subdomain'
    ? { by: 'subdomain', subdomain: mode.subdomain }
    : { by: 'custom-domain', hostname: mode.hostname };
}

/** The 404 page of a site at `address`, status 404: for any address of it that names nothing. */
function siteNotFound(address: SiteAddress): SiteTarget {
  return { kind: 'site', ...address, file: notFoundFileOf(address), status: 404 };
}

/** A path that names nothing on this host: the company's 404 page on its host, else the product's. */
function missing(mode: HostMode): RequestTarget {
  return mode.mode === 'main' ? PRODUCT_404 : siteNotFound(hostAddress(mode));
}

/**
 * A path that cannot be read safely (bad encoding, a way out of a folder): nothing of it names a
 * file, but the site it is on still answers with its own 404 page, `/<cvr>/…` included.
 */
function unreadablePath(mode: HostMode, rawPath: string): RequestTarget {
  const company = mode.mode === 'main' ? RAW_CVR_PREFIX.exec(rawPath) : null;
  if (company) return siteNotFound({ by: 'path', cvr: company[1] as string });
  return missing(mode);
}

function isApiPath(path: string): boolean {
  // The short review link of an SMS text (issue 49) is the app's too: it redirects to the review page.
  return path === '/api' || path.startsWith('/api/') || path.startsWith(REVIEW_SHORT_LINK_PREFIX);
}

function adminTarget(decoded: string): RequestTarget {
  const asset = ADMIN_ASSET.exec(decoded);
  if (asset) return { kind: 'admin', file: asset[1] as string };
  return ADMIN_APP;
}

/** Decodes percent-encoding once; null for invalid encoding or any way out of a folder. */
function decodePath(raw: string): string | null {
  if (raw.length > MAX_PATH_LENGTH) return null;
  let decoded = raw;
  if (raw.includes('%')) {
    if (ENCODED_SEPARATOR.test(raw)) return null;
    try {
      // Throws on malformed escapes and on invalid UTF-8, overlong forms such as %c0%ae included.
      decoded = decodeURIComponent(raw);
    } catch {
      return null;
    }
  }
  return UNSAFE_PATH.test(decoded) ? null : decoded;
}

function mediaTarget(path: string): RequestTarget {
  return { kind: 'media', path: MEDIA_PATH.exec(path)?.[1] as string };
}

function keptQuery(query: string): string {
  return SAFE_QUERY.test(query) && query.length > 1 ? query : '';
}

function mainHostTarget(path: string, query: string): RequestTarget {
  if (path === '/_tls/ask') return TLS_ASK;
  const company = CVR_PATH.exec(path);
  if (company) {
    const cvr = company[1] as string;
    const rest = company[2];
    // The site's links are relative, so its home page must be `/<cvr>/`, never `/<cvr>`.
    if (rest === undefined) return { kind: 'redirect', location: `/${cvr}/${query}`, status: 301 };
    return siteTarget({ by: 'path', cvr }, rest, query, `/${cvr}`);
  }
  if (!MARKETING_PATH.test(path)) return PRODUCT_404;
  if (path.length > 1 && path.endsWith('/')) {
    return { kind: 'redirect', location: `${path.slice(0, -1)}${query}`, status: 301 };
  }
  return marketingTarget(path, path === '/404' ? 404 : 200);
}

function marketingTarget(path: string, status: 200 | 404): RequestTarget {
  if (BLOG_POST_PATH.test(path)) return { kind: 'marketing', path, status, missing: BLOG_POST_MISSING };
  return { kind: 'marketing', path, status };
}

/** The company-site route table; `prefix` is `/<cvr>` in path mode and empty on a company host. */
function siteTarget(address: SiteAddress, path: string, query: string, prefix: string): RequestTarget {
  const fixed = SITE_FIXED_FILES.get(path);
  if (fixed !== undefined) return { kind: 'site', ...address, file: fixed, status: 200 };
  if (path === '/404') return siteNotFound(address);
  const page = SLUG_PATH.exec(path);
  if (page) return { kind: 'site', ...address, file: `${page[1]}.html`, status: 200 };
  const pageWithSlash = SLUG_DIR_PATH.exec(path);
  if (pageWithSlash) {
    return { kind: 'redirect', location: `${prefix}/${pageWithSlash[1]}${query}`, status: 301 };
  }
  return siteNotFound(address);
}
