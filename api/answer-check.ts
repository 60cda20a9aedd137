// Every JSON answer a route gives leaves through its route's response schema, parsed at run time: a
// handler's type check is structural, so `c.json(row, 200)` compiles against a narrower schema and
// would send every column of the row. routeGroup() (api/openapi.ts) wraps each handler with
// checkAnswers(); nothing else needs to remember it.
//
// What leaves is always the schema's output: zod objects strip keys they do not name, so a key
// nobody mapped never reaches the browser. Beyond that the app's `answerCheck` decides:
// - 'refuse' (createApp's default, so every test): an answer with keys outside its schema is an
//   error, answered 500 `internal` and logged, so the test that calls the route fails loudly.
// - 'strip' (production, server/product-stack.ts): the keys are dropped, the answer is sent, and the
//   keys are logged as an error for someone to fix the mapper.
// An answer the schema refuses (a missing or mistyped field), or a JSON answer with a status the route
// does not declare, is a 500 in both modes: it cannot be checked, so it is not sent.
import type { RouteConfig } from '@hono/zod-openapi';
import type { Context, Handler } from 'hono';
import type { z } from 'zod';

export type AnswerCheck = 'refuse' | 'strip';

/** The part of a createRoute() definition this module reads. */
type RouteAnswers = Pick<RouteConfig, 'responses'>;

class AnswerMismatchError extends Error {
  override name = 'AnswerMismatchError';
}

function isZodSchema(value: unknown): value is z.ZodType {
  return typeof value === 'object' && value !== null && typeof (value as z.ZodType).safeParse === 'function';
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The paths (`pages[0].companyCvr`) of keys in `sent` that the schema's `output` left out. */
export function strayKeys(sent: unknown, output: unknown, at = ''): string[] {
  if (Array.isArray(sent) && Array.isArray(output)) {
    return sent.flatMap((item, index) => strayKeys(item, output[index], `${at}[${index}]`));
  }
  if (!isPlainObject(sent) || !isPlainObject(output)) return [];
  return Object.keys(sent).flatMap((key) => {
    // JSON leaves out a key whose value is undefined: it is not sent.
    if (sent[key] === undefined) return [];
    const path = at ? `${at}.${key}` : key;
    return key in output ? strayKeys(sent[key], output[key], path) : [path];
  });
}

/** The zod schema a route declares for a JSON answer with `status`, if any. */
function schemaFor(route: RouteAnswers, status: number): z.ZodType | undefined {
  const declared = route.responses[status];
  const media = declared && 'content' in declared ? declared.content?.['application/json'] : undefined;
  const schema = media && 'schema' in media ? media.schema : undefined;
  return isZodSchema(schema) ? schema : undefined;
}

function isJson(response: Response): boolean {
  return /^application\/([a-z.-]+\+)?json/i.test(response.headers.get('content-type') ?? '');
}

/**
 * `sent` as its route's schema lets it leave with `status`: the schema's output, or an
 * AnswerMismatchError (see the header for what each mode does with keys outside the schema).
 */
function checkedBody(c: Context, route: RouteAnswers, status: number, sent: unknown, mode: AnswerCheck) {
  const where = `${c.req.method} ${c.req.routePath} ${status}`;
  const schema = schemaFor(route, status);
  if (!schema)
    throw new AnswerMismatchError(`${where}: a JSON answer with no schema declared for its status`);
  const result = schema.safeParse(sent);
  if (!result.success) {
    throw new AnswerMismatchError(`${where}: the answer does not match its schema: ${result.error.message}`);
  }
  const stray = strayKeys(sent, result.data);
  if (stray.length > 0) {
    if (mode === 'refuse') {
      throw new AnswerMismatchError(`${where}: keys outside the answer's schema: ${stray.join(', ')}`);
    }
    c.get('logger')?.error({ route: where, keys: stray }, 'answer keys outside its schema were not sent');
  }
  return result.data;
}

/**
 * `response` as its route's schema lets it leave: a JSON body parsed with the schema declared for its
 * status and sent as the parsed output; anything else as it is.
 */
async function checkedAnswer(
  c: Context,
  route: RouteAnswers,
  response: Response,
  mode: AnswerCheck,
): Promise<Response> {
  if (!isJson(response) || response.body === null) return response;
  const sent: unknown = JSON.parse(await response.text());
  const data = checkedBody(c, route, response.status, sent, mode);
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return new Response(JSON.stringify(data), {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}

/** Answers made by the checking c.json below: already their schema's output. */
const checkedResponses = new WeakSet<Response>();

/**
 * `handler` with its answers checked against `route`'s response schemas (see the header). The
 * common answer, `c.json(value, status)`, is checked before it is serialised, so the JSON is written
 * once; any other JSON response is read back and checked after the handler.
 */
export function checkAnswers<H extends Handler>(route: RouteAnswers, handler: H): H {
  const checked: Handler = async (c, next) => {
    const mode: AnswerCheck = c.get('answerCheck') === 'strip' ? 'strip' : 'refuse';
    const json = c.json;
    c.json = ((value: unknown, status?: unknown, headers?: unknown) => {
      if (typeof status !== 'number')
        return (json as (...args: unknown[]) => Response)(value, status, headers);
      const response = (json as (...args: unknown[]) => Response)(
        checkedBody(c, route, status, value, mode),
        status,
        headers,
      );
      checkedResponses.add(response);
      return response;
    }) as typeof c.json;
    let response: Awaited<ReturnType<Handler>>;
    try {
      response = await handler(c, next);
    } finally {
      // Error answers (api/errors.ts) are made on this context after the handler, unchecked as before.
      c.json = json;
    }
    if (!(response instanceof Response) || checkedResponses.has(response)) return response;
    return checkedAnswer(c, route, response, mode);
  };
  return checked as H;
}
