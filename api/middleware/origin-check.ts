// CSRF defence for the API. A state-changing request (POST, PUT, PATCH, DELETE) must come from a page
// of the same origin: its Origin header's host must equal the request's Host. A missing, `null` or
// foreign Origin is refused with 403. JSON endpoints additionally accept only application/json
// bodies (requireJson), which a cross-site HTML form cannot send.
import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import { AppError } from '../../lib/errors';
import { MESSAGES } from '../../rules/messages';
import type { AppEnv } from '../env';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The host (with port) of an Origin header, lowercased; null when absent or not an http(s) origin. */
function originHost(origin: string | undefined): string | null {
  if (!origin || origin === 'null') return null;
  try {
    const url = new URL(origin);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return url.host.toLowerCase();
  } catch {
    return null;
  }
}

/** The host the client addressed: the Host header, else the URL's (they agree behind Node's server). */
function requestHost(c: Context): string {
  const header = c.req.header('host');
  return (header ?? new URL(c.req.url).host).trim().toLowerCase();
}

// Scheme is not compared: behind a TLS-terminating proxy the app sees http while the page is https.
export const originCheck = createMiddleware<AppEnv>(async (c, next) => {
  if (STATE_CHANGING.has(c.req.method)) {
    const origin = originHost(c.req.header('origin'));
    if (origin === null || origin !== requestHost(c)) throw new AppError('forbidden', MESSAGES.forbidden);
  }
  await next();
});

const JSON_TYPE = /^application\/json$/i;
/** Generous for a page (50,000 characters of text and a 50-item gallery); stops megabyte bodies. */
export const JSON_BODY_LIMIT_BYTES = 1024 * 1024;

function hasBody(c: Context): boolean {
  const length = c.req.header('content-length');
  if (length !== undefined) return Number(length) > 0;
  return c.req.header('transfer-encoding') !== undefined || c.req.raw.body !== null;
}

const tooLarge = () => new AppError('payload_too_large', MESSAGES.invalidInput);

const limitBody = bodyLimit({
  maxSize: JSON_BODY_LIMIT_BYTES,
  onError: () => {
    throw tooLarge();
  },
});

/** Requests whose body a web Request never has (so bodyLimit lets them pass). */
const BODILESS = new Set(['GET', 'HEAD']);

/**
 * For routes that take a JSON body: any body must be `Content-Type: application/json` (415
 * otherwise) and at most JSON_BODY_LIMIT_BYTES (413). A request without a body passes; the schema
 * then sees `{}`. Multipart upload routes do not use this.
 */
export const requireJson = createMiddleware<AppEnv>(async (c, next) => {
  if (hasBody(c)) {
    const mediaType = (c.req.header('content-type') ?? '').split(';')[0]?.trim() ?? '';
    if (!JSON_TYPE.test(mediaType)) throw new AppError('unsupported_media_type', MESSAGES.invalidInput);
  }
  // hono's bodyLimit first asks the request for its body stream, which makes @hono/node-server build
  // a whole web Request around the socket (a tenth of a save's CPU, issue 26). With a Content-Length
  // and no Transfer-Encoding it then only compares the length, as this does without the stream.
  const length = c.req.header('content-length');
  if (
    length !== undefined &&
    c.req.header('transfer-encoding') === undefined &&
    !BODILESS.has(c.req.method)
  ) {
    if (Number.parseInt(length, 10) > JSON_BODY_LIMIT_BYTES) throw tooLarge();
    return next();
  }
  return limitBody(c, next);
});
