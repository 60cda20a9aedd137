// Routes are their own OpenAPI document. Every endpoint is declared once with createRoute(): its
// path, request schemas (from contracts/) and response schemas; the route group registers it with
// group.openapi(route, handler), which validates the request with those schemas, type-checks the
// handler's answers against them and, at run time, sends every JSON answer as its schema parses it
// (api/answer-check.ts): a key no schema names never leaves. GET /api/openapi.json is generated from the routes the app
// mounted, and the tenant isolation matrix (tests/api/isolation.test.ts) probes every owner route of
// that same document. A route is an owner route by where it is mounted (app.ts OWNER_GROUPS), never
// by a flag someone could forget.
import { OpenAPIHono, type z } from '@hono/zod-openapi';
import type { Env } from 'hono';
import { createMiddleware } from 'hono/factory';
import { errorSchema } from '../contracts/answers';
import { AppError } from '../lib/errors';
import { ERRORS, type ErrorCode } from '../rules/error-codes';
import { MESSAGES } from '../rules/messages';
import { hasUncleanText, withoutInvisibleText } from '../rules/text';
import { checkAnswers } from './answer-check';
import { SESSION_COOKIE } from './auth/sessions';
import { requireJson } from './middleware/origin-check';
import { firstIssueMessage } from './validation';

/**
 * A route group: an OpenAPIHono whose failed validations answer the first problem's Danish message,
 * and whose every route's JSON answers leave through that route's response schemas (checkAnswers).
 */
export function routeGroup<E extends Env>(): OpenAPIHono<E> {
  const group = new OpenAPIHono<E>({
    defaultHook: (result) => {
      if (!result.success) throw new AppError('invalid_input', firstIssueMessage(result.error));
    },
  });
  // openapi() is an instance property of OpenAPIHono, and openapiRoutes() calls it too: replacing it
  // here is the one place every route of the app is registered through.
  const register = group.openapi;
  group.openapi = ((route, handler, hook) =>
    register(route, checkAnswers(route, handler), hook)) as typeof group.openapi;
  return group;
}

// Throws on bytes that are not UTF-8, where the default decoder would put U+FFFD in their place.
const STRICT_UTF8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The text rule (rules/text.ts) before any schema: a body that is not valid UTF-8 (issue 23: it was
 * stored with U+FFFD in place of the bad bytes), or a NUL or another control character in any string
 * of a JSON body, is refused with a Danish message, whatever field a schema forgets; invisible
 * formatting characters are removed from every string. Malformed JSON passes on, for the validator
 * to answer.
 */
const cleanText = createMiddleware(async (c, next) => {
  let bytes: ArrayBuffer;
  try {
    bytes = await c.req.arrayBuffer();
  } catch {
    return next();
  }
  let text: string;
  try {
    text = STRICT_UTF8.decode(bytes);
  } catch {
    throw new AppError('invalid_input', MESSAGES.invalidEncoding);
  }
  // The validator's c.req.json() parses this text: without it, hono would make the text again from
  // the bytes through a web Response (a decode and a stream more per request).
  // (hono keeps promises in bodyCache, though its type names the values.)
  const cache = c.req.bodyCache as Record<string, unknown>;
  cache.text = Promise.resolve(text);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return next();
  }
  if (hasUncleanText(value)) throw new AppError('invalid_input', MESSAGES.controlCharacters);
  // Invisible formatting characters (bidi overrides, zero-width space…) are removed, not refused:
  // nobody can see them to take them out. The route reads the body without them.
  const visible = withoutInvisibleText(value);
  if (visible !== value) cache.text = Promise.resolve(JSON.stringify(visible));
  await next();
});

/** The middleware of a route with a JSON body: application/json only, size-capped, clean text. */
export const JSON_BODY = [requireJson, cleanText];

/** A required JSON request body validated by `schema`; spread into createRoute's `request`. */
export function jsonBody<S extends z.ZodType>(schema: S) {
  return { body: { content: { 'application/json': { schema } }, required: true } };
}

/** One JSON answer of `schema`. */
export function answer<S extends z.ZodType>(schema: S, description: string) {
  return { description, content: { 'application/json': { schema } } };
}

/** The refusals a route may answer besides the ones every route has, each as the error body. */
export function refusals(...codes: ErrorCode[]) {
  return Object.fromEntries(
    codes.map((code) => [ERRORS[code].status, answer(errorSchema, `${code}: ${ERRORS[code].message}`)]),
  ) as Record<number, ReturnType<typeof answer<typeof errorSchema>>>;
}

/** A multipart upload of one file field named `file`, documented only: upload-form.ts reads it. */
export const FILE_UPLOAD = {
  body: {
    required: true,
    content: {
      'multipart/form-data': {
        schema: {
          type: 'object' as const,
          required: ['file'],
          properties: { file: { type: 'string' as const, format: 'binary' } },
        },
      },
    },
  },
};

type Operation = { security?: unknown[]; responses?: Record<string, unknown> };

const ERROR_COMPONENT = 'Error';

/** `codes` as answers of the error component. */
function sharedRefusals(codes: readonly ErrorCode[]) {
  const schema = { $ref: `#/components/schemas/${ERROR_COMPONENT}` };
  return Object.fromEntries(
    codes.map((code) => [
      ERRORS[code].status,
      { description: `${code}: ${ERRORS[code].message}`, content: { 'application/json': { schema } } },
    ]),
  );
}

/** What every owner route may answer besides its own refusals: no session, or not this owner's. */
const OWNER_REFUSALS = ['unauthorized', 'not_found'] as const;
/** What every route may answer: the front server's per-client request limit (server/request-limit.ts),
 *  before the route sees the request. A route's own 429 (its own limit) describes itself. */
const EVERY_ROUTE_REFUSALS = ['rate_limited'] as const;

/**
 * The OpenAPI 3.1 document of `app` (an OpenAPIHono every group was mounted on). Paths under one of
 * `ownerPrefixes` need the session cookie and may answer 401 and 404; the rest are public.
 */
export function buildOpenApiDocument<E extends Env>(app: OpenAPIHono<E>, ownerPrefixes: readonly string[]) {
  // The error body is one named component; every refusal, declared or added below, refers to it.
  app.openAPIRegistry.register(ERROR_COMPONENT, errorSchema);
  const document = app.getOpenAPI31Document({
    openapi: '3.1.0',
    info: {
      title: 'Mesterside API',
      version: '1',
      description:
        'The admin API. State-changing requests must carry a same-origin Origin header; JSON bodies ' +
        'must be application/json. Error bodies are { error: { code, message } } with a Danish message.',
    },
  });
  const isOwner = (path: string) =>
    ownerPrefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
  for (const [path, operations] of Object.entries(document.paths ?? {})) {
    for (const operation of Object.values(operations) as Operation[]) {
      operation.responses = { ...sharedRefusals(EVERY_ROUTE_REFUSALS), ...operation.responses };
      if (!isOwner(path)) {
        operation.security = [];
        continue;
      }
      operation.security = [{ sessionCookie: [] }];
      operation.responses = { ...sharedRefusals(OWNER_REFUSALS), ...operation.responses };
    }
  }
  return {
    ...document,
    components: {
      ...document.components,
      securitySchemes: { sessionCookie: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE } },
    },
  };
}
