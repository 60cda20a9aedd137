// THE pipeline of a public form: a page of a company's site where a stranger writes to the company
// (the quote form's photos aside, issue 50: the review form, the throwaway form of
// tests/api/public-form.test.ts, and the coming tilbud-accept and booking pages). A form declares
//   - its path and path params (zod), its fields (zod: what the handler gets, typed; the OpenAPI
//     request body is generated from them, once),
//   - its body cap, its per-client and per-site limits (RateLimiters counted in the app's shared
//     LimitStore: api/middleware/rate-limit.ts, db/tables/limit-counts.ts),
//   - its signed token, if any: a per-document link in the path (`documentLink`: bound to one
//     company and one document, single purpose, e.g. db/review-token.ts) or a page token in a field,
//   - its honeypot field, its own field rules (`check`: Danish refusals beside the fields),
//   - its pages (`page`: the no-JavaScript HTML of every outcome, drawn with api/public-form/branded-
//     page.ts) and its handler (`handle`: typed params, values and token; `refuse` for a late refusal).
// and `publicForm(routes, form)` registers GET (the form) and POST (send it) with one order of checks:
//   site of this host → body cap (from the headers, then while reading) → limits (counted, not yet
//   hit) → token → body read and shaped by the fields → honeypot (answered as received, nothing
//   stored) → the form's rules → the per-client and per-site limits hit → handle.
// A caller that sends `Accept: application/json` (a site's script) gets JSON refusals
// ({ error, fields }) with the same statuses; a browser without JavaScript gets the page. The quote
// form (api/routes/site-leads.ts) keeps its own streamed multipart reader for its photos
// (api/leads/lead-body.ts, the upload gate) but shares `formBody` and `wantsJson` from here.
import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { type DocumentLinkPurpose, documentLinkId } from '../../db';
import type { AppEnv } from '../env';
import { clientIp, type RateLimiter } from '../middleware/rate-limit';

/** Refusals by field name ('form' for one not about a field): Danish, shown beside the fields. */
export type FieldErrors = Record<string, string>;

/** Why a link or a site cannot be used: a Danish page (404: never valid, 410: used or expired). */
export interface LinkRefusal {
  refused: true;
  status: 404 | 410;
  heading: string;
  message: string;
}

export function linkRefusal(status: 404 | 410, heading: string, message: string): LinkRefusal {
  return { refused: true, status, heading, message };
}

function isRefusal(value: unknown): value is LinkRefusal {
  return typeof value === 'object' && value !== null && (value as LinkRefusal).refused === true;
}

/** A form's fields: an object of text fields (a missing one reads as ''). */
// biome-ignore lint/suspicious/noExplicitAny: any zod object of fields; the values are typed per form.
type Fields = z.ZodObject<any>;
// biome-ignore lint/suspicious/noExplicitAny: any zod object of path params.
type Params = z.ZodObject<any>;

/**
 * A signed per-document link: its token is a path param, bound to the company of the path and one
 * document (a review request, a tilbud, a booking), for one purpose; `check` answers the document or
 * why the link cannot be used. Checked before the body is read.
 */
export interface DocumentLink<P, S, T> {
  param: string;
  check(c: Context<AppEnv>, params: P, site: S): Promise<T | LinkRefusal>;
}

/**
 * The document link of a form that opens from a link signed for one company, one document and one
 * purpose (db/document-link.ts: `documentLinkToken(db, purpose, cvr, id)` makes the link's token):
 * the token's id is handed to `find`, which answers the document (expiry and single use are its
 * row's) or why the link cannot be used. A forged token, or one of another company or purpose, gets
 * `invalid` (404).
 */
export function signedDocumentLink<T>(link: {
  purpose: DocumentLinkPurpose;
  /** The path param holding the token. */
  param: string;
  invalid: { heading: string; message: string };
  /** The document of `id` at company `cvr` (the path's, already this host's company). */
  find(c: Context<AppEnv>, id: string, cvr: string): Promise<T | LinkRefusal>;
}): DocumentLink<Record<string, unknown> & { cvr: string }, unknown, T> {
  return {
    param: link.param,
    async check(c, params) {
      const token = String(params[link.param] ?? '');
      const id = await documentLinkId(c.get('db'), link.purpose, params.cvr, token);
      if (id === null) return linkRefusal(404, link.invalid.heading, link.invalid.message);
      return link.find(c, id, params.cvr);
    },
  };
}

/** What the handler and the pages know of one request. */
interface FormContext<P, S, T> {
  params: P;
  site: S;
  /** The checked document of the link (undefined without `documentLink`). */
  document: T;
  client: string | null;
}

/** Every outcome a page is drawn for. */
type FormPage<P, S, T, V> =
  | {
      kind: 'form';
      context: FormContext<P, S, T>;
      values: V;
      errors: FieldErrors;
      status: 200 | 400 | 413 | 429;
    }
  | { kind: 'link'; site: S | undefined; refusal: LinkRefusal };

interface PublicFormMessages {
  /** Over the per-client or per-site limit (429). */
  tooMany: string;
  /** The body is over the cap (413). */
  tooLarge: string;
}

export interface PublicForm<P extends Params, F extends Fields, S, T = undefined> {
  /** The path under the group, `/{cvr}/…` (OpenAPI style). */
  path: string;
  summary: string;
  params: P;
  fields: F;
  /** The body's cap in bytes: refused from its Content-Length, or once read past it. */
  maxBodyBytes: number;
  limits?: {
    /** Posts per client address (IPv4, IPv6 /64), hit once the form's rules pass. */
    perClient?: RateLimiter;
    /** Posts per site (the key: `siteKey`), hit once the form's rules pass. */
    perSite?: { limiter: RateLimiter; key(params: z.output<P>): string };
  };
  /** The hidden field people never fill: a filled one is answered as received, nothing stored. */
  honeypot?: keyof z.output<F> & string;
  documentLink?: DocumentLink<z.output<P>, NoInfer<S>, T>;
  messages: PublicFormMessages;
  /** The company of the path on this host, or the page saying there is none. */
  site(c: Context<AppEnv>, params: z.output<P>): Promise<S | LinkRefusal>;
  /** The values the blank form starts with (GET). Without it, the form has no GET page here. */
  blank?(c: Context<AppEnv>, context: FormContext<z.output<P>, S, T>): Promise<z.output<F>> | z.output<F>;
  /** The form's own rules: the Danish refusal beside each field. */
  check?(
    c: Context<AppEnv>,
    values: z.output<F>,
    context: FormContext<z.output<P>, S, T>,
  ): Promise<FieldErrors> | FieldErrors;
  /** The no-JavaScript page of every outcome. */
  page(c: Context<AppEnv>, page: FormPage<z.output<P>, S, T, z.output<F>>): Response | Promise<Response>;
  /** A filled honeypot's answer: what a person's sent form gets (a 303 to the thank-you). */
  received(c: Context<AppEnv>, context: FormContext<z.output<P>, S, T>): Response;
  handle(
    c: Context<AppEnv>,
    request: FormContext<z.output<P>, S, T> & {
      values: z.output<F>;
      /** The form again with these refusals (or JSON), e.g. for a refusal only the handler knows. */
      refuse(errors: FieldErrors, status?: 400 | 413 | 429): Promise<Response>;
    },
  ): Promise<Response>;
}

export function wantsJson(c: Context): boolean {
  return /application\/json/i.test(c.req.header('accept') ?? '');
}

/** The body's declared length: null when it has none (chunked) or an unreadable one. */
export function declaredLength(c: Context): number | null {
  const header = c.req.header('content-length');
  if (header === undefined || !/^[0-9]{1,15}$/.test(header.trim())) return null;
  return Number(header.trim());
}

/**
 * The OpenAPI request body of a form, from its fields: every field a string, its `.describe()` as
 * the description; `uploads` names a field of files. Plain JSON Schema, not zod, so the route's
 * validator does not read the body itself: the pipeline reads it after its checks from the headers.
 */
export function formBody(
  fields: Fields,
  mediaType: 'application/x-www-form-urlencoded' | 'multipart/form-data',
  uploads?: string,
) {
  const properties: Record<string, { type: 'string' | 'array'; description?: string; items?: object }> = {};
  for (const [name, schema] of Object.entries(fields.shape as Record<string, z.ZodType>)) {
    const description = schema.description;
    properties[name] = description ? { type: 'string', description } : { type: 'string' };
  }
  if (uploads) properties[uploads] = { type: 'array', items: { type: 'string', format: 'binary' } };
  return {
    body: {
      required: true,
      content: { [mediaType]: { schema: { type: 'object' as const, properties } } },
    },
  };
}

const html = { 'text/html': { schema: z.string() } };
const refusalBody = z.object({
  error: z.object({ code: z.string(), message: z.string() }),
  fields: z.record(z.string(), z.string()),
});
const htmlOrJson = { ...html, 'application/json': { schema: refusalBody } };

/** Reads at most `maxBytes` of the body: its text, or null once past the cap. */
async function cappedText(request: Request, maxBytes: number): Promise<string | null> {
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The form's text fields of a body (urlencoded or multipart); files are not fields. */
async function fieldsOf(request: Request, text: string): Promise<Record<string, string>> {
  const type = request.headers.get('content-type') ?? '';
  const values: Record<string, string> = {};
  if (/multipart\/form-data/i.test(type)) {
    const form = await new Response(text, { headers: { 'content-type': type } }).formData();
    for (const [key, value] of form) if (typeof value === 'string') values[key] = value;
  } else {
    for (const [key, value] of new URLSearchParams(text)) values[key] = value;
  }
  return values;
}

/** Registers the form's GET (when it has `blank`) and POST on `routes`; see the file's header. */
export function publicForm<P extends Params, F extends Fields, S, T = undefined>(
  routes: OpenAPIHono<AppEnv>,
  form: PublicForm<P, F, S, T>,
): void {
  type Values = z.output<F>;
  type Context_ = FormContext<z.output<P>, S, T>;
  const responses = {
    200: { description: 'The form (HTML)', content: html },
    303: { description: 'Received: to the next page' },
    400: { description: 'Refused: the form again with the refusals beside the fields', content: htmlOrJson },
    404: { description: 'No such site, or the link is not valid (a Danish page)', content: html },
    410: { description: 'The link is used, expired or declined (a Danish page)', content: html },
    413: { description: 'The body is over the cap', content: htmlOrJson },
    429: { description: 'Too many posts from this client or to this site', content: htmlOrJson },
  };

  /** The site of the request's host, or the page that says there is none. */
  async function siteOf(c: Context<AppEnv>, params: z.output<P>): Promise<S | Response> {
    const site = await form.site(c, params);
    return isRefusal(site) ? form.page(c, { kind: 'link', site: undefined, refusal: site }) : site;
  }

  /** The site's request with its link checked, or the page that says why the link cannot be used. */
  async function withLink(c: Context<AppEnv>, params: z.output<P>, site: S): Promise<Context_ | Response> {
    const document = form.documentLink ? await form.documentLink.check(c, params, site) : undefined;
    if (isRefusal(document)) return form.page(c, { kind: 'link', site, refusal: document });
    return { params, site, document: document as T, client: clientIp(c) };
  }

  const refuser =
    (c: Context<AppEnv>, context: Context_, values: Values) =>
    async (errors: FieldErrors, status: 400 | 413 | 429 = 400): Promise<Response> => {
      if (wantsJson(c)) {
        const code = status === 429 ? 'rate_limited' : status === 413 ? 'payload_too_large' : 'invalid_input';
        const message = Object.values(errors)[0] ?? '';
        return c.json({ error: { code, message }, fields: errors }, status);
      }
      return form.page(c, { kind: 'form', context, values, errors, status });
    };

  /** Whether the client or the site is over its limit: counted (`hit`) or only read. */
  async function overLimit(
    c: Context<AppEnv>,
    params: z.output<P>,
    client: string | null,
    hit: boolean,
  ): Promise<boolean> {
    const store = c.get('limits');
    const { perClient, perSite } = form.limits ?? {};
    const count = (limiter: RateLimiter, key: string) =>
      hit ? store.hit(limiter, key) : store.retryAfterSeconds(limiter, key);
    if (perClient && client !== null && (await count(perClient, client)) > 0) return true;
    return perSite !== undefined && (await count(perSite.limiter, perSite.key(params))) > 0;
  }

  // The route's validator has checked the params (a refusal answers before this runs); parsed again
  // here for their type, which the route's generic signature cannot carry through (zod-openapi
  // computes it from a concrete schema only).
  const paramsOf = (c: Context<AppEnv>): z.output<P> => form.params.parse(c.req.param());
  const blankValues = (): Values => form.fields.parse({}) as Values;

  if (form.blank) {
    const blank = form.blank;
    const show = createRoute({
      method: 'get',
      path: form.path,
      tags: ['public', 'public-form'],
      summary: form.summary,
      request: { params: form.params },
      responses: { 200: responses[200], 404: responses[404], 410: responses[410] },
    });
    routes.openapi(show, async (c) => {
      const params = paramsOf(c);
      const site = await siteOf(c, params);
      if (site instanceof Response) return site;
      const context = await withLink(c, params, site);
      if (context instanceof Response) return context;
      const values = await blank(c, context);
      return form.page(c, { kind: 'form', context, values, errors: {}, status: 200 });
    });
  }

  const send = createRoute({
    method: 'post',
    path: form.path,
    tags: ['public', 'public-form'],
    summary: `Send: ${form.summary}`,
    request: { params: form.params, ...formBody(form.fields, 'application/x-www-form-urlencoded') },
    responses,
  });
  routes.openapi(send, async (c) => {
    const params = paramsOf(c);
    const site = await siteOf(c, params);
    if (site instanceof Response) return site;
    // From the headers, before the link is looked up or a byte of the body read: the cap, the limits.
    // Their refusal is the form again (its link checked first: a bad link's page wins).
    const early = async (errors: FieldErrors, status: 413 | 429) => {
      const context = await withLink(c, params, site);
      return context instanceof Response ? context : refuser(c, context, blankValues())(errors, status);
    };
    const declared = declaredLength(c);
    if (declared !== null && declared > form.maxBodyBytes)
      return early({ form: form.messages.tooLarge }, 413);
    const client = clientIp(c);
    if (await overLimit(c, params, client, false)) return early({ form: form.messages.tooMany }, 429);
    const context = await withLink(c, params, site);
    if (context instanceof Response) return context;
    const refuse = refuser(c, context, blankValues());
    const text = await cappedText(c.req.raw, form.maxBodyBytes);
    if (text === null) return refuse({ form: form.messages.tooLarge }, 413);
    const shaped = form.fields.safeParse(await fieldsOf(c.req.raw, text));
    const values = (shaped.success ? shaped.data : blankValues()) as Values;
    if (form.honeypot && String(values[form.honeypot] ?? '').trim() !== '') {
      c.get('logger').info({ path: c.req.path }, 'public form honeypot filled; dropped');
      return form.received(c, context);
    }
    const again = refuser(c, context, values);
    const errors = (await form.check?.(c, values, context)) ?? {};
    if (Object.keys(errors).length > 0) return again(errors, 400);
    if (await overLimit(c, params, context.client, true)) return again({ form: form.messages.tooMany }, 429);
    return form.handle(c, { ...context, values, refuse: again });
  });
}
