// The response headers of static files, decided once per file when it is loaded: content type,
// caching policy and the security headers of HTML. The hot path only picks a prebuilt object.
import type { OutgoingHttpHeaders } from 'node:http';

// The policy every site page is served with lives in rules/ (the API's live preview shows it too).
import { CONTENT_SECURITY_POLICY, STRICT_TRANSPORT_SECURITY } from '../rules/content-security-policy';

export { CONTENT_SECURITY_POLICY, STRICT_TRANSPORT_SECURITY };

/** What an HTML answer adds when the request came over TLS. */
export const TLS_HEADERS: Readonly<OutgoingHttpHeaders> = Object.freeze({
  'Strict-Transport-Security': STRICT_TRANSPORT_SECURITY,
});

export const CONTENT_TYPES: ReadonlyMap<string, string> = new Map([
  ['html', 'text/html; charset=utf-8'],
  ['xml', 'application/xml; charset=utf-8'],
  ['txt', 'text/plain; charset=utf-8'],
  ['css', 'text/css; charset=utf-8'],
  ['js', 'text/javascript; charset=utf-8'],
  ['mjs', 'text/javascript; charset=utf-8'],
  ['json', 'application/json; charset=utf-8'],
  ['map', 'application/json; charset=utf-8'],
  ['webmanifest', 'application/manifest+json; charset=utf-8'],
  ['svg', 'image/svg+xml; charset=utf-8'],
  ['png', 'image/png'],
  ['jpg', 'image/jpeg'],
  ['jpeg', 'image/jpeg'],
  ['gif', 'image/gif'],
  ['webp', 'image/webp'],
  ['avif', 'image/avif'],
  ['ico', 'image/x-icon'],
  ['woff2', 'font/woff2'],
  ['woff', 'font/woff'],
  ['pdf', 'application/pdf'],
]);

// Worth compressing when the folder has no precompressed sibling (the marketing build has none).
const COMPRESSIBLE = new Set(['html', 'xml', 'txt', 'css', 'js', 'mjs', 'json', 'map', 'webmanifest', 'svg']);
// Files that change under the same name: the browser must ask again, cheaply, with If-None-Match.
const REVALIDATE = new Set(['html', 'xml', 'txt', 'json', 'webmanifest']);

const CACHE_REVALIDATE = 'no-cache';
export const CACHE_IMMUTABLE = 'public, max-age=31536000, immutable';
const CACHE_ONE_DAY = 'public, max-age=86400';

export type Encoding = 'br' | 'gzip';

const HASHED_FOLDERS = /^(?:_astro|assets)\//;

export interface FileKind {
  contentType: string;
  compressible: boolean;
  cacheControl: string;
  html: boolean;
}

function extensionOf(file: string): string {
  const slash = file.lastIndexOf('/');
  const dot = file.lastIndexOf('.');
  return dot > slash ? file.slice(dot + 1).toLowerCase() : '';
}

/**
 * Type and caching of `file` (relative to its folder). Content-hashed build output lives in `_astro/`
 * (Astro) and `assets/` (the admin's Vite build); those names never change content.
 */
export function fileKind(file: string): FileKind {
  const extension = extensionOf(file);
  const contentType = CONTENT_TYPES.get(extension) ?? 'application/octet-stream';
  const cacheControl = HASHED_FOLDERS.test(file)
    ? CACHE_IMMUTABLE
    : REVALIDATE.has(extension) || !CONTENT_TYPES.has(extension)
      ? CACHE_REVALIDATE
      : CACHE_ONE_DAY;
  return { contentType, compressible: COMPRESSIBLE.has(extension), cacheControl, html: extension === 'html' };
}

/** The full 200 (and 404) header set of one encoding of a file. */
export function fileHeaders(
  kind: FileKind,
  length: number,
  etag: string,
  encoding: Encoding | null,
  varies: boolean,
): OutgoingHttpHeaders {
  const headers: OutgoingHttpHeaders = {
    'Content-Type': kind.contentType,
    'Content-Length': String(length),
    ETag: etag,
    'Cache-Control': kind.cacheControl,
    'X-Content-Type-Options': 'nosniff',
  };
  if (encoding === 'br') headers['Content-Encoding'] = 'br';
  if (encoding === 'gzip') headers['Content-Encoding'] = 'gzip';
  if (varies) headers.Vary = 'Accept-Encoding';
  if (kind.html) Object.assign(headers, htmlSecurityHeaders());
  return headers;
}

/** A 304 carries the validators and caching headers of the 200 it stands for, and no body fields. */
export function notModifiedHeaders(kind: FileKind, etag: string, varies: boolean): OutgoingHttpHeaders {
  const headers: OutgoingHttpHeaders = { ETag: etag, 'Cache-Control': kind.cacheControl };
  if (varies) headers.Vary = 'Accept-Encoding';
  return headers;
}

export function htmlSecurityHeaders(): OutgoingHttpHeaders {
  return {
    'Content-Security-Policy': CONTENT_SECURITY_POLICY,
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'SAMEORIGIN',
  };
}

/** `{ a: '1' }` → `['a', '1']`, the form res.writeHead() handles fastest. */
export function flatHeaders(headers: OutgoingHttpHeaders): string[] {
  const flat: string[] = [];
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) flat.push(name, String(value));
  }
  return flat;
}
