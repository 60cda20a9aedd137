// The product's own static pages on the front server: the marketing site (the published main site
// first, then its build) and the admin SPA's build.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ALLOW_HEADERS, accepts, type Front, fail, send, serveFile } from './front-state';
import type { FileLookup, StaticFileCache, StaticVariant } from './static-file-cache';
import type { Encoding } from './static-headers';

export function serveMarketing(
  front: Front,
  req: IncomingMessage,
  res: ServerResponse,
  urlPath: string,
  status: number,
  missing?: string,
): void {
  const found = findMarketingFile(front.files, front.marketingRoots, marketingFiles(urlPath), accepts(req));
  const answer = (file: StaticVariant | null) => {
    if (file !== null) serveFile(front, req, res, file, status);
    else if (urlPath === '/404') send(front, res, front.siteNotFound, req);
    // An unknown blog post: its own 'not found' page, status 404 (rules/request-target.ts).
    else if (missing !== undefined) serveMarketing(front, req, res, missing, 404);
    // Any other path that names nothing: the product's 404 page there, no redirect (issue 49).
    else serveMarketing(front, req, res, '/404', 404);
  };
  if (found instanceof Promise) found.then(answer).catch((error) => fail(front, res, error));
  else answer(found);
}

/** The SPA's index.html for every /admin path (its router reads the path), or a hashed build file. */
export function serveAdmin(front: Front, req: IncomingMessage, res: ServerResponse, file: string): void {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, ALLOW_HEADERS);
    res.end();
    return;
  }
  const answer = (found: FileLookup) => {
    if (typeof found === 'object') serveFile(front, req, res, found, 200);
    else if (file === 'index.html') send(front, res, front.adminMissing, req);
    else send(front, res, front.siteNotFound, req);
  };
  const found = front.files.get(front.adminDir, file, accepts(req));
  if (found instanceof Promise) found.then(answer).catch((error: unknown) => fail(front, res, error));
  else answer(found);
}

/** Where a marketing path may live in a folder: `/` → index.html, `/om` → om.html or om/index.html. */
function marketingFiles(urlPath: string): string[] {
  if (urlPath === '/') return ['index.html'];
  const relative = urlPath.slice(1);
  const name = relative.slice(relative.lastIndexOf('/') + 1);
  if (!name.includes('.')) return [`${relative}.html`, `${relative}/index.html`];
  // Precompressed siblings are served through negotiation, never by their own name.
  return /\.(?:br|gz)$/.test(name) ? [] : [relative];
}

/** The first existing file of `candidates` in `roots`, in order; synchronous while all are cached. */
function findMarketingFile(
  files: StaticFileCache,
  roots: readonly string[],
  candidates: readonly string[],
  encodings: readonly Encoding[],
): StaticVariant | null | Promise<StaticVariant | null> {
  for (let index = 0; index < roots.length * candidates.length; index++) {
    const root = roots[Math.floor(index / candidates.length)] as string;
    const candidate = candidates[index % candidates.length] as string;
    const known = files.peek(root, candidate, encodings);
    if (known === undefined) return findMarketingFileAsync(files, roots, candidates, encodings, index);
    if (typeof known === 'object') return known;
  }
  return null;
}

async function findMarketingFileAsync(
  files: StaticFileCache,
  roots: readonly string[],
  candidates: readonly string[],
  encodings: readonly Encoding[],
  from: number,
): Promise<StaticVariant | null> {
  for (let index = from; index < roots.length * candidates.length; index++) {
    const root = roots[Math.floor(index / candidates.length)] as string;
    const candidate = candidates[index % candidates.length] as string;
    const found = await files.get(root, candidate, encodings);
    if (typeof found === 'object') return found;
  }
  return null;
}
