// THE pipeline of a public form: a page of a company's site where a stranger writes to a company
// (issue 50: the quote form with its photos, the review form, the throwaway form of
// tests/api/public-form.test.ts, and the coming tilbud-accept and booking pages). A form declares
//   - its path and path params (zod), its fields (zod: what the handler gets, typed; the OpenAPI
//     request body is generated from them, once),
//   - its body cap, its per-client and per-site limits (RateLimiters counted in the app's shared
//     LimitStore: api/middleware/rate-limit.ts, db/tables/limit-counts.ts),
//   - its `uploads`, if it takes files: the multipart body streamed within the cap
//     (api/leads/lead-body.ts), a large one only through the process's upload gate and the client's
//     large-body allowance (api/leads/upload-gate.ts); files are read only while the request can
//     still be taken (honeypot empty, token good). Byte quotas of what is kept (the quote form's
//     api/leads/photo-quota.ts) are the handler's: they are taken only for what it stores,
//   - its signed token, if any: a per-document link in the path (`documentLink`: bound to one
//     company and one document, single purpose, e.g. db/review-token.ts) or a page token in a field
//     (`pageToken`: checked once, counted per use, spent once, and a refusal hands out its
//     replacement, e.g. the quote form's db/lead-form-token.ts),
//   - its honeypot field, its own field rules (`check`: Danish refusals beside the fields), a late
//     `screen` (an answer instead of the handler before anything is counted: a duplicate answered as
//     received) and its `spam` classification (the handler is told; e.g. past an hourly allowance),
//   - its outcome page (`page`: the one no-JavaScript HTML of every outcome: the form, a refusal, a
//     bad link. By default drawn with api/public-form/branded-page.ts; a form may answer the site's
//     own page re-rendered with the refusals instead, as the quote form does with the site's contact
//     page, api/leads/refusal-page.ts) and its handler (`handle`: typed params, values, token; `refuse`
//     for a late refusal).
// and `publicForm(routes, form)` registers GET (the form) and POST (send it) with one order of checks:
//   site of this host → body cap (from the headers, then while reading) → limits (counted, not yet
//   hit) → the link → [uploads: a slot of the upload gate, the client's large bodies] → body read
//   and shaped by the fields → honeypot (answered as received, nothing stored) → the form's rules →
//   the page token (good?) → screen → the page token's uses → the per-client and per-site limits
//   hit → the page token spent → spam → handle.
// A caller that sends `Accept: application/json` (a site's script) gets JSON refusals
// ({ error, fields }, and `token`: the page token's replacement) with the same statuses; a browser
// without JavaScript gets the page. A large body refused from its headers is answered after a pause
// and its connection closed, its body never taken in (see `refuseUnread`).
import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { type DocumentLinkPurpose, documentLinkId } from '../../db';
import { AppError } from '../../lib/errors';
import type { AppEnv } from '../env';
import {
  bodySource,
  type LeadBody,
  LeadBodyAborted,
  LeadBodyTooLarge,
  readLeadBody,
} from '../leads/lead-body';
import { bodyCost } from '../leads/lead-limits';
import type { UploadGate } from '../leads/upload-gate';
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
  /** The files read (none without `uploads`, or before the body is read). */
  upload: LeadBody;
}

/** The files of a form taken as multipart: streamed within the cap, through the upload gate. */
interface Uploads {
  /** The field whose parts are files. */
  field: string;
  /** One file's cap: a larger one is not kept (`upload.photoTooLarge`, for `check`). */
  maxFileBytes: number;
  /** Files kept; more are counted (`upload.photoCount`) and not kept. */
  maxFiles: number;
  /** The process's reading slots for large bodies, and each client's large bodies in flight. */
  gate: UploadGate;
  /** Bodies per client, counted by their cost (bodyCost: a large one more) before a byte is read. */
  bodiesPerClient?: RateLimiter;
  /** The refusal of a body that cannot be read as a form (400, as the app's error). */
  unreadable: string;
}

/**
 * A page token in a field (rendered into the page, or fetched by the site's script): `open` gives
 * one request's use of it. Beside `documentLink`, which is a link in the path; a form has either.
 */
interface PageToken<P, S, K> {
  field: string;
  /** The refusal (beside 'form') of a token forged, expired, used, past its uses or not spent. */
  refused: string;
  open(c: Context<AppEnv>, params: P, site: S): PageTokenUse<K>;
}

export interface PageTokenUse<K> {
  /** The token, or null when it cannot be used; checked once a request (the first value given). */
  check(value: string): Promise<K | null>;
  /** Past its uses (counted when `hit`, else only read): refused, its files not kept. */
  overUses?(token: K, hit: boolean): Promise<boolean>;
  /** Spends it (single use): false when another request did first. */
  spend(token: K): Promise<boolean>;
  /** The token a refusal hands out for the next press of "Send" (the page's, and JSON's `token`). */
  replacement(): Promise<string>;
}

/** Every outcome a page is drawn for. */
type FormPage<P, S, T, V> =
  | {
      kind: 'form';
      context: FormContext<P, S, T>;
      values: V;
      errors: FieldErrors;
      status: 200 | 400 | 413 | 429;
      /** The page token the form carries now (a refusal's replacement; with `pageToken`). */
      token?: string;
    }
  | { kind: 'link'; site: S | undefined; refusal: LinkRefusal };

interface PublicFormMessages {
  /** Over the per-client or per-site limit (429). */
  tooMany: string;
  /** The body is over the cap (413). */
  tooLarge: string;
}

/** What the handler (and `screen`, `spam`) knows of a post that passed the checks before it. */
type FormRequest<P, S, T, V, K> = FormContext<P, S, T> & {
  values: V;
  /** The page token, good (undefined without `pageToken`). */
  token: K;
};

/** The OpenAPI answers of the POST, when the form's differ from the pipeline's. */
type Responses = NonNullable<Parameters<typeof createRoute>[0]['responses']>;

export interface PublicForm<P extends Params, F extends Fields, S, T = undefined, K = undefined> {
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
  /** The files of a multipart form: see `Uploads`. Its refusal of the cap sits beside its field. */
  uploads?: Uploads;
  /** The hidden field people never fill: a filled one is answered as received, nothing stored. */
  honeypot?: keyof z.output<F> & string;
  documentLink?: DocumentLink<z.output<P>, NoInfer<S>, T>;
  pageToken?: PageToken<z.output<P>, NoInfer<S>, K>;
  /** The POST's answers in the OpenAPI document (the pipeline's HTML-or-JSON ones without it). */
  responses?: Responses;
  messages: PublicFormMessages;
  /**
   * The company of the path on this host, or the page saying there is none, or an answer of its own
   * (an inactive site's form answers what the site shows).
   */
  site(c: Context<AppEnv>, params: z.output<P>): Promise<S | LinkRefusal | Response>;
  /** The values the blank form starts with (GET). Without it, the form has no GET page here. */
  blank?(c: Context<AppEnv>, context: FormContext<z.output<P>, S, T>): Promise<z.output<F>> | z.output<F>;
  /** The form's own rules: the Danish refusal beside each field. */
  check?(
    c: Context<AppEnv>,
    values: z.output<F>,
    context: FormContext<z.output<P>, S, T>,
  ): Promise<FieldErrors> | FieldErrors;
  /** The outcome page: the no-JavaScript page of every outcome (see the file's header). */
  page(c: Context<AppEnv>, page: FormPage<z.output<P>, S, T, z.output<F>>): Response | Promise<Response>;
  /** A filled honeypot's answer: what a person's sent form gets (a 303 to the thank-you). */
  received(c: Context<AppEnv>, context: FormContext<z.output<P>, S, T>): Response;
  /** After the token, before anything is counted: an answer instead of the handler (a duplicate). */
  screen?(
    c: Context<AppEnv>,
    request: FormRequest<z.output<P>, S, T, z.output<F>, K>,
  ): Promise<Response | undefined>;
  /** Whether the post reads as spam (told to the handler); after the limits and the token spent. */
  spam?(c: Context<AppEnv>, request: FormRequest<z.output<P>, S, T, z.output<F>, K>): Promise<boolean>;
  handle(
    c: Context<AppEnv>,
    request: FormRequest<z.output<P>, S, T, z.output<F>, K> & {
      /** `spam`'s verdict (false without it). */
      spam: boolean;
      /** The form again with these refusals (or JSON), e.g. for a refusal only the handler knows. */
      refuse(errors: FieldErrors, status?: 400 | 413 | 429): Promise<Response>;
    },
  ): Promise<Response>;
}

export function wantsJson(c: Context): boolean {
  return /application\/json/i.test(c.req.header('accept') ?? '');
}

/** The body's declared length: null when it has none (chunked) or an unreadable one. */
function declaredLength(c: Context): number | null {
  const header = c.req.header('content-length');
  if (header === undefined || !/^[0-9]{1,15}$/.test(header.trim())) return null;
  return Number(header.trim());
}

/**
 * The OpenAPI request body of a form, from its fields: every field a string, its `.describe()` as
 * the description; `uploads` names a field of files. Plain JSON Schema, not zod, so the route's
 * validator does not read the body itself: the pipeline reads it after its checks from the headers.
 */
function formBody(
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

/** A read with no files. */
const noUpload = (fields: Record<string, string>): LeadBody => ({
  unread: false,
  fields,
  photos: [],
  photoCount: 0,
  photoTooLarge: false,
});

/** How long a large body refused from its headers waits for its answer (see refuseUnread). */
const REFUSED_LARGE_BODY_PAUSE_MS = 1_000;

/**
 * Ends the connection as soon as the answer is written, leaving the rest of a large body unread. Node
 * would otherwise read (and throw away) whatever the client keeps sending until the socket closes:
 * several MB a connection, which a loop of refused 31 MB posts turned into a gigabyte a second.
 */
function closeAfterAnswer(c: Context): void {
  c.header('Connection', 'close');
  const env = c.env as { incoming?: { socket?: { destroy(): void } }; outgoing?: NodeJS.EventEmitter };
  const socket = env?.incoming?.socket;
  if (socket && env.outgoing) env.outgoing.once('finish', () => socket.destroy());
}

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

// biome-ignore lint/suspicious/noExplicitAny: any form, its types erased inside the pipeline's steps.
type AnyForm = PublicForm<Params, Fields, any, any, any>;
// biome-ignore lint/suspicious/noExplicitAny: as above.
type AnyContext = FormContext<any, any, any>;
type Refuse = (errors: FieldErrors, status?: 400 | 413 | 429) => Promise<Response>;

/** The steps of a form's pipeline, shared by its GET and POST. */
function formSteps(form: AnyForm) {
  const blankValues = (): Record<string, unknown> => form.fields.parse({});

  /** The site of the request's host, or the page (or answer) that says there is none. */
  async function siteOf(c: Context<AppEnv>, params: Record<string, unknown>): Promise<unknown> {
    const site = await form.site(c, params);
    if (site instanceof Response) return site;
    return isRefusal(site) ? form.page(c, { kind: 'link', site: undefined, refusal: site }) : site;
  }

  /** The site's request with its link checked, or the page that says why the link cannot be used. */
  async function withLink(
    c: Context<AppEnv>,
    params: Record<string, unknown>,
    site: unknown,
  ): Promise<AnyContext | Response> {
    const document = form.documentLink ? await form.documentLink.check(c, params, site) : undefined;
    if (isRefusal(document)) return form.page(c, { kind: 'link', site, refusal: document });
    return { params, site, document, client: clientIp(c), upload: noUpload({}) };
  }

  const refuser =
    (c: Context<AppEnv>, context: AnyContext, values: Record<string, unknown>, use?: PageTokenUse<unknown>) =>
    async (errors: FieldErrors, status: 400 | 413 | 429 = 400): Promise<Response> => {
      const token = use ? await use.replacement() : undefined;
      if (wantsJson(c)) {
        const code = status === 429 ? 'rate_limited' : status === 413 ? 'payload_too_large' : 'invalid_input';
        const message = Object.values(errors)[0] ?? '';
        const answer = { error: { code, message }, fields: errors };
        return c.json(token === undefined ? answer : { ...answer, token }, status);
      }
      return form.page(c, { kind: 'form', context, values, errors, status, token });
    };

  /**
   * A refusal from the headers, the body unread. A large one is answered after a pause and its
   * connection closed after it, the body never taken in. The pause is for a client already over its
   * own limits: a loop of 40 connections refused at once came back at once, hundreds of times a
   * second, and the refusals alone took half the serving process (a visitor of another site waited
   * 30 ms more at p95).
   */
  const unreadRefuser =
    (c: Context<AppEnv>, refuse: Refuse) =>
    async (errors: FieldErrors, status: 413 | 429): Promise<Response> => {
      if (form.uploads?.gate.isLarge(declaredLength(c))) {
        await new Promise((resolve) => setTimeout(resolve, REFUSED_LARGE_BODY_PAUSE_MS));
        closeAfterAnswer(c);
      }
      return refuse(errors, status);
    };

  /** Whether the client or the site is over its limit: counted (`hit`) or only read. */
  async function overLimit(
    c: Context<AppEnv>,
    params: Record<string, unknown>,
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

  /** Whether the files are still wanted, asked when the first begins: honeypot empty, token good. */
  async function filesWanted(fields: Readonly<Record<string, string>>, use?: PageTokenUse<unknown>) {
    if (form.honeypot && (fields[form.honeypot] ?? '').trim() !== '') return false;
    const given = form.pageToken ? fields[form.pageToken.field] : undefined;
    if (!use || given === undefined) return true;
    const token = await use.check(given);
    if (token === null) return false;
    return !(await use.overUses?.(token, false));
  }

  return { blankValues, siteOf, withLink, refuser, unreadRefuser, overLimit, filesWanted };
}

type Steps = ReturnType<typeof formSteps>;

/**
 * The multipart body with its files, streamed within the cap through the upload gate: the body, or
 * the refusal. A client with its large bodies in flight, or over its bodies, is refused unread.
 */
async function readUploads(
  c: Context<AppEnv>,
  form: AnyForm,
  uploads: Uploads,
  refusals: { refuse: Refuse; unread: (errors: FieldErrors, status: 413 | 429) => Promise<Response> },
  wanted: (fields: Readonly<Record<string, string>>) => Promise<boolean>,
): Promise<LeadBody | Response> {
  const declared = declaredLength(c);
  const client = clientIp(c);
  const clientSlot = uploads.gate.admitClient(client, declared);
  if (!clientSlot) {
    c.var.logger.info({ path: c.req.path }, 'form body refused: the client has its large bodies in flight');
    return refusals.unread({ form: form.messages.tooMany }, 429);
  }
  try {
    const cost = bodyCost(declared, form.maxBodyBytes);
    const store = c.get('limits');
    if (
      uploads.bodiesPerClient &&
      client !== null &&
      (await store.hit(uploads.bodiesPerClient, client, cost)) > 0
    ) {
      return refusals.unread({ form: form.messages.tooMany }, 429);
    }
    const source = bodySource(c.env, c.req.raw);
    if (!source) throw new AppError('invalid_input', uploads.unreadable);
    const readSlot = await uploads.gate.read(declared, c.req.raw.signal);
    try {
      const limits = {
        maxBytes: form.maxBodyBytes,
        maxPhotoBytes: uploads.maxFileBytes,
        maxPhotos: uploads.maxFiles,
        photoField: uploads.field,
        stopWhenRefused: uploads.gate.isLarge(declared),
      };
      return await readLeadBody(
        source,
        { 'content-type': c.req.header('content-type') ?? '' },
        limits,
        wanted,
      );
    } finally {
      readSlot();
    }
  } catch (error) {
    if (error instanceof LeadBodyTooLarge) {
      closeAfterAnswer(c);
      return refusals.refuse({ [uploads.field]: form.messages.tooLarge }, 413);
    }
    if (error instanceof LeadBodyAborted)
      c.var.logger.info({ path: c.req.path }, 'form body broke off; nothing stored');
    if (error instanceof AppError) throw error;
    throw new AppError('invalid_input', uploads.unreadable, { cause: error });
  } finally {
    clientSlot();
  }
}

/** The body within the cap: its fields and files (none without `uploads`), or the refusal. */
async function readBody(
  c: Context<AppEnv>,
  form: AnyForm,
  refusals: { refuse: Refuse; unread: (errors: FieldErrors, status: 413 | 429) => Promise<Response> },
  wanted: (fields: Readonly<Record<string, string>>) => Promise<boolean>,
): Promise<LeadBody | Response> {
  if (form.uploads) return readUploads(c, form, form.uploads, refusals, wanted);
  const text = await cappedText(c.req.raw, form.maxBodyBytes);
  if (text === null) return refusals.refuse({ form: form.messages.tooLarge }, 413);
  return noUpload(await fieldsOf(c.req.raw, text));
}

/** The POST of a form: the order of the file's header. */
async function sendForm(
  c: Context<AppEnv>,
  form: AnyForm,
  steps: Steps,
  params: Record<string, unknown>,
): Promise<Response> {
  const site = await steps.siteOf(c, params);
  if (site instanceof Response) return site;
  const use = form.pageToken?.open(c, params, site);
  const tooLargeField = form.uploads?.field ?? 'form';
  // From the headers, before the link is looked up or a byte of the body read: the cap, the limits.
  // Their refusal is the form again (its link checked first: a bad link's page wins).
  const early = async (errors: FieldErrors, status: 413 | 429) => {
    const context = await steps.withLink(c, params, site);
    if (context instanceof Response) return context;
    return steps.unreadRefuser(c, steps.refuser(c, context, steps.blankValues(), use))(errors, status);
  };
  const declared = declaredLength(c);
  if (declared !== null && declared > form.maxBodyBytes)
    return early({ [tooLargeField]: form.messages.tooLarge }, 413);
  if (await steps.overLimit(c, params, clientIp(c), false))
    return early({ form: form.messages.tooMany }, 429);
  const context = await steps.withLink(c, params, site);
  if (context instanceof Response) return context;
  const refuse = steps.refuser(c, context, steps.blankValues(), use);
  const refusals = { refuse, unread: steps.unreadRefuser(c, refuse) };
  const upload = await readBody(c, form, refusals, (fields) => steps.filesWanted(fields, use));
  if (upload instanceof Response) return upload;
  // A large refused body was left unread: the answer closes the connection instead of reading on.
  if (upload.unread) closeAfterAnswer(c);
  context.upload = upload;
  const shaped = form.fields.safeParse(upload.fields);
  const values: Record<string, unknown> = shaped.success ? shaped.data : steps.blankValues();
  // A person never fills the hidden field: answered as received, nothing stored, nobody told.
  if (form.honeypot && String(values[form.honeypot] ?? '').trim() !== '') {
    c.get('logger').info({ path: c.req.path }, 'public form honeypot filled; dropped');
    return form.received(c, context);
  }
  const again = steps.refuser(c, context, values, use);
  // The fields first: a visitor who sends an incomplete form is told what to fill in, beside the
  // fields, not that the token was refused; the token is only checked (for its replacement).
  const errors = (await form.check?.(c, values, context)) ?? {};
  const given = form.pageToken ? String(values[form.pageToken.field] ?? '') : '';
  if (Object.keys(errors).length > 0) {
    if (use && given !== '') await use.check(given);
    return again(errors, 400);
  }
  const token = use ? await use.check(given) : undefined;
  if (token === null) {
    c.get('logger').info({ path: c.req.path }, 'public form token refused');
    return again({ form: form.pageToken?.refused ?? '' });
  }
  const request = { ...context, values, token };
  const screened = await form.screen?.(c, request);
  if (screened) return screened;
  if (use?.overUses && (await use.overUses(token, true)))
    return again({ form: form.pageToken?.refused ?? '' });
  if (await steps.overLimit(c, params, context.client, true))
    return again({ form: form.messages.tooMany }, 429);
  if (use && !(await use.spend(token))) return again({ form: form.pageToken?.refused ?? '' });
  const spam = (await form.spam?.(c, request)) ?? false;
  return form.handle(c, { ...request, spam, refuse: again });
}

/** Registers the form's GET (when it has `blank`) and POST on `routes`; see the file's header. */
export function publicForm<P extends Params, F extends Fields, S, T = undefined, K = undefined>(
  routes: OpenAPIHono<AppEnv>,
  form: PublicForm<P, F, S, T, K>,
): void {
  // The pipeline's steps see the form with its types erased; the form itself was checked, typed,
  // where it was declared (its handler, pages and rules get its params, values and token).
  const erased = form as unknown as AnyForm;
  const steps = formSteps(erased);
  const responses = {
    200: { description: 'The form (HTML)', content: html },
    303: { description: 'Received: to the next page' },
    400: { description: 'Refused: the form again with the refusals beside the fields', content: htmlOrJson },
    404: { description: 'No such site, or the link is not valid (a Danish page)', content: html },
    410: { description: 'The link is used, expired or declined (a Danish page)', content: html },
    413: { description: 'The body is over the cap', content: htmlOrJson },
    429: { description: 'Too many posts from this client or to this site', content: htmlOrJson },
  };

  // The route's validator has checked the params (a refusal answers before this runs); parsed again
  // here for their type, which the route's generic signature cannot carry through (zod-openapi
  // computes it from a concrete schema only).
  const paramsOf = (c: Context<AppEnv>): z.output<P> => form.params.parse(c.req.param());

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
      const site = await steps.siteOf(c, params);
      if (site instanceof Response) return site;
      const context = await steps.withLink(c, params, site);
      if (context instanceof Response) return context;
      const values = await blank(c, context);
      return form.page(c, { kind: 'form', context, values, errors: {}, status: 200 });
    });
  }

  const body = form.uploads
    ? formBody(form.fields, 'multipart/form-data', form.uploads.field)
    : formBody(form.fields, 'application/x-www-form-urlencoded');
  const send = createRoute({
    method: 'post',
    path: form.path,
    tags: ['public', 'public-form'],
    summary: `Send: ${form.summary}`,
    request: { params: form.params, ...body },
    responses: form.responses ?? responses,
  });
  routes.openapi(send, (c) => sendForm(c, erased, steps, paramsOf(c)));
}
