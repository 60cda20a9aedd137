// The quote form of every company site (issue 25), public:
//   POST /api/sites/{cvr}/leads      – a form post (multipart). Without JavaScript it answers 303 to
//                                      the site's thank-you page, or the form again with the refusals
//                                      and the visitor's text; with `Accept: application/json` (the
//                                      site's script) it answers JSON.
//   GET  /api/sites/{cvr}/lead-token – a fresh single-use form token for the site's script.
// /api/… answers on every host, so the same absolute action works on all three addresses of a site;
// on a company's subdomain or custom domain the CVR in the path must be that host's company.
//
// Order of the checks (the policy and its reasons: api/leads/lead-limits.ts). From the headers, before
// a byte of the body is read: the site exists on this host, is active (an inactive site's form answers
// what the site shows) and shows the form; the body is not over the cap; the client is not over its
// limits nor has too many large bodies in flight; then a large body waits for one of the process's
// reading slots (api/leads/upload-gate.ts). The body is streamed with a hard size limit
// (api/leads/lead-body.ts), its photos dropped as they arrive once the token or the honeypot says no.
// Then the cheap, certain refusals (honeypot, fields, token, links), which count against nothing;
// duplicates answer as received without storing twice; a page token past its few posts a day is
// refused as a bot's; the per-client limit; and past the company's hourly allowance of its kind (a
// request that reads as a person's has its own) the request is stored as possible spam instead of
// mailed, kept by client (api/leads/lead-limits.ts). Photos of a request that is mailed are refused
// before decoding when the company's or client's bytes for the day are spent, then re-encoded and
// taken from the day's budgets (api/leads/photo-quota.ts). The request and its pending mail are
// stored (one transaction) before anyone is told it arrived; the mail goes out from the outbox.

import { createHash, createHmac } from 'node:crypto';
import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { leadReceivedSchema, leadRefusalSchema, leadTokenSchema } from '../../contracts/leads';
import {
  type CheckedToken,
  checkToken,
  type Db,
  formSigningSecret,
  freshToken,
  getLeadSettings,
  getTrustSettings,
  hasRecentLead,
  insertLead,
  pruneSpam,
} from '../../db';
import { AppError } from '../../lib/errors';
import { ERRORS } from '../../rules/error-codes';
import {
  checkLead,
  LEAD_HONEYPOT_FIELD,
  LEAD_PHOTOS_FIELD,
  LEAD_TOKEN_FIELD,
  type LeadFieldErrors,
  type LeadInput,
  leadFingerprint,
  leadInput,
  typedAtPersonsPace,
} from '../../rules/lead-form';
import { LEAD_MESSAGES } from '../../rules/lead-messages';
import { LEAD_MAX_PHOTOS } from '../../rules/limits';
import { MESSAGES } from '../../rules/messages';
import { postcodeInArea } from '../../rules/service-area';
import { companyClues, siteFit } from '../../rules/trades/site-fit';
import { siteState } from '../../rules/trial';
import { TRUST_MESSAGES } from '../../rules/trust-messages';
import type { AppEnv } from '../env';
import { LEAD_FORM_MAX_BODY_BYTES, MAX_UPLOAD_BYTES } from '../images/upload-rules';
import {
  bodySource,
  type LeadBody,
  LeadBodyAborted,
  LeadBodyTooLarge,
  readLeadBody,
} from '../leads/lead-body';
import { bodyCost, LEAD_LIMITS, type LeadLimits, SPAM_KEEP } from '../leads/lead-limits';
import { prepareLeadPhotos, removeLeadPhotos, writeLeadPhotos } from '../leads/lead-photos';
import { type PhotoBudget, spentPhotoBudget, takePhotoBytes } from '../leads/photo-quota';
import { refusalPageAnswer } from '../leads/refusal-page';
import { UploadGate } from '../leads/upload-gate';
import type { MailOutbox } from '../mail-outbox';
import { clientIp } from '../middleware/rate-limit';
import { answer, refusals, routeGroup } from '../openapi';
import { declaredLength, formBody, wantsJson } from '../public-form';
import { type SiteOfRequest, siteOfRequest } from '../services/site-of-request';

const MINUTE = 60 * 1000;
/** The same words to the same company within this window are one request. */
const DUPLICATE_WINDOW_MS = 24 * 60 * MINUTE;
/** How long a large body refused from its headers waits for its answer (see refuseUnread). */
const REFUSED_LARGE_BODY_PAUSE_MS = 1_000;

export interface SiteLeadRoutesDeps {
  outbox?: MailOutbox;
  /** Replaces the limits given (tests pass their own; the lead bench lifts the allowances). */
  limits?: Partial<LeadLimits>;
  /** How many large bodies are read at once (api/leads/upload-gate.ts); one per app by default. */
  gate?: UploadGate;
}

const params = z.object({ cvr: z.string().regex(/^[0-9]{8}$/) });

/** The quote form's text fields (rules/lead-form.ts reads and checks them); the photos are files. */
const LEAD_FORM_FIELDS = z.object({
  name: z.string().default(''),
  phone: z.string().default(''),
  email: z.string().default(''),
  postcode: z.string().default(''),
  message: z.string().default(''),
  [LEAD_HONEYPOT_FIELD]: z.string().default('').describe('honeypot: empty from people'),
  [LEAD_TOKEN_FIELD]: z.string().default('').describe('the signed render-time token'),
});

function hash(input: LeadInput): string {
  return createHash('sha256').update(leadFingerprint(input)).digest('hex');
}

/** The client as a request stores it (spam is kept per client): keyed, so no address is kept. */
async function clientHash(db: Db, client: string | null): Promise<string | null> {
  if (client === null) return null;
  return createHmac('sha256', await formSigningSecret(db))
    .update(`lead-client:${client}`)
    .digest('base64url')
    .slice(0, 22);
}

/** A page token is counted by company and issue time: every copy of one published page carries it. */
function pageTokenKey(cvr: string, token: CheckedToken): string {
  return `${cvr}:${token.issuedAt.getTime()}`;
}

const PHOTO_BUDGET_MESSAGES: Record<PhotoBudget, string> = {
  request: LEAD_MESSAGES.photosTooMuch,
  company: LEAD_MESSAGES.photosCompanyFull,
  client: LEAD_MESSAGES.photosClientFull,
};

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

export function createSiteLeadRoutes(deps: SiteLeadRoutesDeps = {}): OpenAPIHono<AppEnv> {
  const limits = { ...LEAD_LIMITS, ...deps.limits };
  const gate = deps.gate ?? new UploadGate();
  const routes = routeGroup<AppEnv>();

  /** The site of the request with its form on, or the refusal it gets. */
  async function formOf(c: Context<AppEnv>, cvr: string): Promise<SiteOfRequest | 'inactive' | null> {
    const site = await siteOfRequest(c, cvr);
    if (!site) return null;
    // What the site itself shows past its trial's grace days (server/fallback-pages.ts).
    if (siteState(site.company.plan, c.get('now')()) === 'inactive') return 'inactive';
    return (await getLeadSettings(c.get('db'), cvr)).formEnabled ? site : null;
  }

  const token = createRoute({
    method: 'get',
    path: '/{cvr}/lead-token',
    tags: ['public'],
    summary: "A fresh single-use token for a site's quote form (the site's script asks for it)",
    request: { params },
    responses: {
      200: answer(leadTokenSchema, 'The token'),
      ...refusals('not_found', 'rate_limited', 'unavailable'),
    },
  });
  routes.openapi(token, async (c) => {
    const { cvr } = c.req.valid('param');
    const site = await formOf(c, cvr);
    if (site === 'inactive') throw new AppError('unavailable', MESSAGES.siteInactive);
    if (!site) throw new AppError('not_found', LEAD_MESSAGES.notAvailable);
    const ip = clientIp(c);
    if (ip !== null && (await c.get('limits').hit(limits.tokensPerClient, ip)) > 0) {
      throw new AppError('rate_limited', LEAD_MESSAGES.tooMany);
    }
    c.header('Cache-Control', 'no-store');
    return c.json({ token: await freshToken(c.get('db'), cvr, c.get('now')()) }, 200);
  });

  const submit = createRoute({
    method: 'post',
    path: '/{cvr}/leads',
    tags: ['public', 'public-form'],
    summary:
      "Send a site's quote form (multipart). 303 to the thank-you page, or JSON with Accept: application/json",
    request: { params, ...formBody(LEAD_FORM_FIELDS, 'multipart/form-data', LEAD_PHOTOS_FIELD) },
    responses: {
      200: answer(leadReceivedSchema, 'Received (JSON)'),
      303: { description: "Received (or the site is inactive): to the site's thank-you (or home) page" },
      400: {
        description: 'Refused: the form again with the refusals (HTML), or the refusals (JSON)',
        content: { 'application/json': { schema: leadRefusalSchema }, 'text/html': { schema: z.string() } },
      },
      413: {
        description:
          'The body is over the cap, or its photos over their byte budgets (the Danish refusal in fields.photos)',
        content: { 'application/json': { schema: leadRefusalSchema }, 'text/html': { schema: z.string() } },
      },
      429: {
        description: 'Too many requests from this client',
        content: { 'application/json': { schema: leadRefusalSchema }, 'text/html': { schema: z.string() } },
      },
      ...refusals('not_found', 'unavailable', 'internal'),
    },
  });
  routes.openapi(submit, async (c) => {
    const { cvr } = c.req.valid('param');
    const site = await formOf(c, cvr);
    if (site === 'inactive') {
      // The visitor is told what the site says: the script shows the message, a browser without
      // it is sent to the site, which answers the inactive page.
      if (wantsJson(c)) {
        return c.json({ error: { code: 'unavailable' as const, message: MESSAGES.siteInactive } }, 503);
      }
      const base = (await siteOfRequest(c, cvr))?.base ?? `/${cvr}`;
      return c.redirect(`${base}/`, 303);
    }
    if (!site) throw new AppError('not_found', LEAD_MESSAGES.notAvailable);
    const post = leadPost(c, cvr, site, gate);
    const body = await readForm(c, post, limits, gate);
    if (body instanceof Response) return body;
    return takeLead(c, post, body, limits, deps.outbox);
  });

  return routes;
}

/** One post of the form: its clock, its token, and the answers it gives (each refusal with a fresh token). */
interface LeadPost {
  cvr: string;
  site: SiteOfRequest;
  now: Date;
  ip: string | null;
  declared: number | null;
  /** What the visitor typed, once read: the refusal page shows it again. */
  values: LeadInput;
  tokenCheck(value: string): Promise<CheckedToken>;
  /** Marks the visitor's fresh token spent by this request (its refusal then hands out its replacement). */
  spent(): void;
  received(outsideArea?: boolean): Response;
  refuse(errors: LeadFieldErrors, status?: 400 | 413 | 429): Promise<Response>;
  /** A large body refused unread (see the body of the function). */
  refuseUnread(errors: LeadFieldErrors, status: 413 | 429): Promise<Response>;
}

function leadPost(c: Context<AppEnv>, cvr: string, site: SiteOfRequest, gate: UploadGate): LeadPost {
  const db = c.get('db');
  const now = c.get('now')();
  let checked: Promise<CheckedToken> | undefined;
  let spentHere = false;
  /**
   * The refusal's new token is issued when the visitor's own fresh token was (spent now, if it was
   * not yet): their time at the form goes on, so the request sent again still reads as typed at a
   * person's pace (rules/lead-form.ts). One spent token buys one replacement; else it is issued now.
   */
  const replacementIssue = async (): Promise<Date> => {
    const token = checked ? await checked : undefined;
    if (token?.verdict !== 'ok' || token.page) return now;
    if (!spentHere) spentHere = await token.spend();
    return spentHere ? token.issuedAt : now;
  };
  const post: LeadPost = {
    cvr,
    site,
    now,
    ip: clientIp(c),
    declared: declaredLength(c),
    values: leadInput({}),
    tokenCheck(value) {
      checked ??= checkToken(db, cvr, value, now);
      return checked;
    },
    spent() {
      spentHere = true;
    },
    // A postcode outside the area the company named is received all the same; the visitor is told
    // kindly that the company will say whether it can help (issue 42; the thank-you page shows the
    // note at #uden-for-omraadet).
    received(outsideArea = false) {
      const next = siteFit(companyClues(site.company)).shop
        ? LEAD_MESSAGES.nextStepsShop
        : LEAD_MESSAGES.nextSteps;
      const message = outsideArea ? `${next} ${TRUST_MESSAGES.outsideArea}` : next;
      if (wantsJson(c)) return c.json({ ok: true as const, message }, 200);
      return c.redirect(`${site.base}/tak${outsideArea ? '#uden-for-omraadet' : ''}`, 303);
    },
    async refuse(errors, status = 400) {
      const fresh = await freshToken(db, cvr, await replacementIssue());
      const message = Object.values(errors)[0] ?? LEAD_MESSAGES.failed;
      if (wantsJson(c)) {
        const code = status === 429 ? 'rate_limited' : status === 413 ? 'payload_too_large' : 'invalid_input';
        return c.json({ error: { code, message }, fields: errors, token: fresh }, status);
      }
      // Without JavaScript: the site's contact page with the visitor's text and the refusals (issue 39).
      const page = { cvr, base: site.base, token: fresh, values: post.values, errors };
      return refusalPageAnswer(c, page, status);
    },
    // A large body refused unread: the answer comes after a pause and the connection closes after it,
    // the body never taken in. The pause is for a client already over its own limits: a loop of 40
    // connections refused at once came back at once, hundreds of times a second, and the refusals
    // alone took half the serving process (a visitor of another site waited 30 ms more at p95).
    async refuseUnread(errors, status) {
      if (gate.isLarge(post.declared)) {
        await new Promise((resolve) => setTimeout(resolve, REFUSED_LARGE_BODY_PAUSE_MS));
        closeAfterAnswer(c);
      }
      return post.refuse(errors, status);
    },
  };
  return post;
}

/**
 * From the headers (the cap, the client's limits, its large bodies in flight), then the body streamed
 * within its cap through the upload gate: the body, or the refusal. Nothing of the body is read
 * before the checks from the headers pass.
 */
async function readForm(
  c: Context<AppEnv>,
  post: LeadPost,
  limits: LeadLimits,
  gate: UploadGate,
): Promise<LeadBody | Response> {
  const { cvr, ip, declared } = post;
  const store = c.get('limits');
  if (declared !== null && declared > LEAD_FORM_MAX_BODY_BYTES) {
    return post.refuseUnread({ photos: LEAD_MESSAGES.photoRefused }, 413);
  }
  if (ip !== null && (await store.retryAfterSeconds(limits.perClient, ip)) > 0) {
    return post.refuseUnread({ form: LEAD_MESSAGES.tooMany }, 429);
  }
  const clientSlot = gate.admitClient(ip, declared);
  if (!clientSlot) {
    c.var.logger.info({ cvr }, 'lead body refused: the client has its large bodies in flight');
    return post.refuseUnread({ form: LEAD_MESSAGES.tooMany }, 429);
  }
  try {
    const cost = bodyCost(declared, LEAD_FORM_MAX_BODY_BYTES);
    if (ip !== null && (await store.hit(limits.bodiesPerClient, ip, cost)) > 0) {
      return post.refuseUnread({ form: LEAD_MESSAGES.tooMany }, 429);
    }
    const source = bodySource(c.env, c.req.raw);
    if (!source) throw new AppError('invalid_input', LEAD_MESSAGES.failed);
    const readSlot = await gate.read(declared, c.req.raw.signal);
    try {
      return await readLeadBody(
        source,
        { 'content-type': c.req.header('content-type') ?? '' },
        {
          maxBytes: LEAD_FORM_MAX_BODY_BYTES,
          maxPhotoBytes: MAX_UPLOAD_BYTES,
          maxPhotos: LEAD_MAX_PHOTOS,
          photoField: LEAD_PHOTOS_FIELD,
          stopWhenRefused: gate.isLarge(declared),
        },
        // Photos are read only while the request can still be stored: the token and the honeypot
        // come before them in the form, so a bot's photos pass through without being kept.
        async (fields) => {
          if ((fields[LEAD_HONEYPOT_FIELD] ?? '').trim() !== '') return false;
          const given = fields[LEAD_TOKEN_FIELD];
          if (given === undefined) return true;
          const token = await post.tokenCheck(given);
          if (token.verdict !== 'ok') return false;
          // A page token past its posts is refused below: its photos are not kept either.
          return (
            !token.page ||
            (await store.retryAfterSeconds(limits.pageTokenUses, pageTokenKey(cvr, token))) === 0
          );
        },
      );
    } finally {
      readSlot();
    }
  } catch (error) {
    if (error instanceof LeadBodyTooLarge) {
      closeAfterAnswer(c);
      return post.refuse({ photos: LEAD_MESSAGES.photoRefused }, 413);
    }
    if (error instanceof LeadBodyAborted) c.var.logger.info({ cvr }, 'lead body broke off; nothing stored');
    if (error instanceof AppError) throw error;
    throw new AppError('invalid_input', LEAD_MESSAGES.failed, { cause: error });
  } finally {
    clientSlot();
  }
}

/**
 * The body read: the honeypot, the fields, the token, duplicates, the page token's posts, the
 * client's limit, then the company's allowance (mailed, or stored as possible spam) and the photos.
 */
async function takeLead(
  c: Context<AppEnv>,
  post: LeadPost,
  body: LeadBody,
  limits: LeadLimits,
  outbox: MailOutbox | undefined,
): Promise<Response> {
  const { cvr, ip, now } = post;
  const { db, logger } = c.var;
  const store = c.get('limits');
  // A large refused body was left unread: the answer closes the connection instead of reading on.
  if (body.unread) closeAfterAnswer(c);
  const shaped = LEAD_FORM_FIELDS.safeParse(body.fields);
  const fields = shaped.success ? shaped.data : LEAD_FORM_FIELDS.parse({});
  const values = leadInput(fields);
  post.values = values;

  // A person never fills the hidden field: answered as received, nothing stored, nobody told.
  if (fields[LEAD_HONEYPOT_FIELD].trim() !== '') {
    logger.info({ cvr }, 'lead honeypot filled; dropped');
    return post.received();
  }
  // The fields first: a visitor who sends an incomplete form within the token's first seconds is
  // told what to fill in, beside the fields, not that the form was sent too fast. The answer carries
  // a fresh token either way, and nothing is stored before the token is checked.
  const errors = checkLead(values, { postcodeOptional: siteFit(companyClues(post.site.company)).shop });
  if (body.photoCount > LEAD_MAX_PHOTOS) errors.photos = LEAD_MESSAGES.tooManyPhotos;
  else if (body.photoTooLarge) errors.photos = LEAD_MESSAGES.photoRefused;
  const given = fields[LEAD_TOKEN_FIELD];
  if (Object.keys(errors).length > 0) {
    // Checked (not spent) only so that the refusal's new token keeps the visitor's time.
    if (given !== '') await post.tokenCheck(given);
    return post.refuse(errors);
  }
  const token = await post.tokenCheck(given);
  if (token.verdict !== 'ok') {
    logger.info({ cvr, verdict: token.verdict }, 'lead token refused');
    return post.refuse({ form: LEAD_MESSAGES.tokenRefused });
  }

  const contentHash = hash(values);
  if (await hasRecentLead(db, cvr, contentHash, new Date(now.getTime() - DUPLICATE_WINDOW_MS))) {
    logger.info({ cvr }, 'duplicate lead; answered as received');
    return post.received();
  }
  // One page token carries a few posts a day; past them it is a bot's (issue 48: 600 posts on one).
  if (token.page && (await store.hit(limits.pageTokenUses, pageTokenKey(cvr, token))) > 0) {
    logger.info({ cvr }, 'lead page token used past its posts; refused');
    return post.refuse({ form: LEAD_MESSAGES.tokenRefused });
  }
  if (ip !== null && (await store.hit(limits.perClient, ip)) > 0) {
    return post.refuse({ form: LEAD_MESSAGES.tooMany }, 429);
  }
  if (!(await token.spend())) return post.refuse({ form: LEAD_MESSAGES.tokenRefused });
  if (!token.page) post.spent();
  // Past the company's hourly allowance (of this kind of request): stored, as possible spam. A
  // request that reads as a person's has an allowance of its own first (api/leads/lead-limits.ts).
  const person = !token.page && typedAtPersonsPace(values, now.getTime() - token.issuedAt.getTime());
  const mailed = person && (await store.hit(limits.personAllowance, cvr)) === 0;
  const allowance = token.page ? limits.pageTokenAllowance : limits.allowance;
  const spam = !mailed && (await store.hit(allowance, cvr)) > 0;
  const stored = await storeLead(c, post, body, { contentHash, spam });
  if (stored instanceof Response) return stored;
  outbox?.nudge();
  return post.received(postcodeInArea((await getTrustSettings(db, cvr)).area, values.postcode) === false);
}

/**
 * The photos (refused before decoding when the day's budgets are spent, re-encoded, taken from the
 * budgets) and the request with its pending mail, stored before anyone is told it arrived.
 */
async function storeLead(
  c: Context<AppEnv>,
  post: LeadPost,
  body: LeadBody,
  lead: { contentHash: string; spam: boolean },
): Promise<Response | undefined> {
  const { cvr, ip, now, values } = post;
  const { db, logger } = c.var;
  let prepared: Awaited<ReturnType<typeof prepareLeadPhotos>> = [];
  let giveBackPhotoBytes = async () => {};
  if (!lead.spam && body.photos.length > 0) {
    // A company or client with no bytes left today is refused before a photo is decoded.
    const spent = await spentPhotoBudget(db, cvr, ip, now);
    if (spent) {
      logger.info({ cvr, budget: spent }, "lead photos over the day's budget; refused");
      return post.refuse({ photos: PHOTO_BUDGET_MESSAGES[spent] }, 413);
    }
    try {
      prepared = await prepareLeadPhotos(body.photos);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return post.refuse({ photos: LEAD_MESSAGES.photoRefused });
    }
    const bytes = prepared.reduce((sum, photo) => sum + photo.data.length, 0);
    const taken = await takePhotoBytes(db, cvr, ip, bytes, now);
    if (!taken.ok) {
      logger.info({ cvr, budget: taken.budget, bytes }, 'lead photos over budget; refused');
      return post.refuse({ photos: PHOTO_BUDGET_MESSAGES[taken.budget] }, 413);
    }
    giveBackPhotoBytes = taken.giveBack;
  }
  const id = crypto.randomUUID();
  try {
    const photos = await writeLeadPhotos(c.get('config').storageDir, cvr, id, prepared);
    const client = await clientHash(db, ip);
    await insertLead(db, cvr, { ...values, photos, ...lead, clientHash: client }, now, id);
  } catch (error) {
    logger.error({ err: error, cvr }, 'lead not stored');
    await giveBackPhotoBytes().catch(() => {});
    if (wantsJson(c)) {
      return c.json(
        { error: { code: 'internal' as const, message: LEAD_MESSAGES.failed } },
        ERRORS.internal.status,
      );
    }
    throw new AppError('internal', LEAD_MESSAGES.failed, { cause: error });
  }
  if (lead.spam) {
    logger.warn({ cvr, leadId: id }, 'lead past the hourly allowance; stored as possible spam');
    await keepSpamByClient(c, cvr, await clientHash(db, ip));
  } else {
    logger.info({ cvr, leadId: id, photos: prepared.length }, 'lead stored');
  }
  return undefined;
}

/** Keeps the company's possible spam within SPAM_KEEP, by client (pruneSpam); never fails the request. */
async function keepSpamByClient(c: Context<AppEnv>, cvr: string, client: string | null): Promise<void> {
  try {
    const dropped = await pruneSpam(c.get('db'), cvr, client, SPAM_KEEP);
    if (dropped.length > 0) c.get('logger').info({ cvr, dropped: dropped.length }, 'possible spam not kept');
    for (const lead of dropped) await removeLeadPhotos(c.get('config').storageDir, cvr, lead.photos);
  } catch (error) {
    c.get('logger').error({ err: error, cvr }, 'possible spam not pruned; the next one tries again');
  }
}
