// Serves uploaded images and logos (`/media/images/<cvr>/<file>`, `/media/logos/<cvr>/<file>`) from
// STORAGE_DIR through the front server's StaticFileCache. Their names carry the upload's timestamp and
// are never reused, so they are cached for a year as immutable; images are never compressed again.
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import type { MediaTarget } from '../rules/request-target';
import { etagMatches } from './negotiation';
import type { FileLookup, StaticFileCache, StaticVariant } from './static-file-cache';
import {
  CACHE_IMMUTABLE,
  type Encoding,
  fileHeaders,
  fileKind,
  flatHeaders,
  notModifiedHeaders,
} from './static-headers';

export type MediaHandler = (req: IncomingMessage, res: ServerResponse, target: MediaTarget) => void;

interface MediaHeads {
  head: string[];
  notModified: string[];
}

// Images are served as they are: their copies are never looked for.
const NO_CODING: readonly Encoding[] = Object.freeze([]);

// A missing image is a plain 404: an <img> gains nothing from a redirect to an HTML page.
const MISSING_HEAD = flatHeaders({ 'Content-Length': '0', 'Cache-Control': 'no-store' });

/**
 * The handler for `media` targets of rules/request-target.ts. `fail` answers an unexpected error
 * (the front handler's logged 500).
 */
export function createMediaHandler(
  storageDir: string,
  files: StaticFileCache,
  fail: (res: ServerResponse, error: unknown) => void,
): MediaHandler {
  // The cache builds headers for its own caching policy (a day for images); ours are built once per
  // loaded file and forgotten with it.
  const heads = new WeakMap<StaticVariant, MediaHeads>();

  function headsOf(file: string, found: StaticVariant): MediaHeads {
    let known = heads.get(found);
    if (known === undefined) {
      const kind = { ...fileKind(file), cacheControl: CACHE_IMMUTABLE, compressible: false };
      const { etag } = found;
      known = {
        head: flatHeaders(fileHeaders(kind, found.body.length, etag, null, false)),
        notModified: flatHeaders(notModifiedHeaders(kind, etag, false)),
      };
      heads.set(found, known);
    }
    return known;
  }

  function answer(req: IncomingMessage, res: ServerResponse, file: string, found: FileLookup): void {
    if (typeof found !== 'object') {
      res.writeHead(404, MISSING_HEAD);
      res.end();
      return;
    }
    const { head, notModified } = headsOf(file, found);
    const ifNoneMatch = req.headers['if-none-match'];
    if (ifNoneMatch !== undefined && etagMatches(ifNoneMatch, found.etag)) {
      res.writeHead(304, notModified);
      res.end();
      return;
    }
    res.writeHead(200, head);
    if (req.method === 'HEAD') res.end();
    else res.end(found.body);
  }

  return function serveMedia(req, res, target) {
    // `images/<cvr>/<file>`: the folder is one company's, the file a flat name (MEDIA_PATH).
    const slash = target.path.lastIndexOf('/');
    const folder = path.join(storageDir, target.path.slice(0, slash));
    const file = target.path.slice(slash + 1);
    const found = files.get(folder, file, NO_CODING);
    if (found instanceof Promise) {
      found.then((result) => answer(req, res, file, result)).catch((error: unknown) => fail(res, error));
    } else {
      answer(req, res, file, found);
    }
  };
}
