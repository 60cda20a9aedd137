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
import type { LeadBody } from '../leads/lead-body';
import { LEAD_LIMITS, type LeadLimits, SPAM_KEEP } from '../leads/lead-limits';
import { prepareLeadPhotos, removeLeadPhotos, writeLeadPhotos } from '../leads/lead-photos';
import { type PhotoBudget, spentPhotoBudget, takePhotoBytes } from '../leads/photo-quota';
import { refusalPageAnswer } from '../leads/refusal-page';
import { UploadGate } from '../leads/upload-gate';
import type { MailOutbox } from '../mail-outbox';
import { clientIp } from '../middleware/rate-limit';
import { answer, refusals, routeGroup } from '../openapi';
import { type FieldErrors, type PageTokenUse, publicForm, wantsJson } from '../public-form';
import { type SiteOfRequest, siteOfRequest } from '../services/site-of-request';

const MINUTE = 60 * 1000;
/** The same words to the same company within this window are one request. */
const DUPLICATE_WINDOW_MS = 24 * 60 * MINUTE;

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
  plate: z.string().default('').describe("the car's number plate (a garage's form only)"),
  [LEAD_HONEYPOT_FIELD]: z.string().default('').describe('honeypot: empty from people'),
  [LEAD_TOKEN_FIELD]: z.string().default('').describe('the signed render-time token'),
});

/** The form's values as the company's form asks them: a plate only from a garage's form. */
function inputOf(values: Record<string, unknown>, company: SiteOfRequest['company']): LeadInput {
  const input = leadInput(values);
  return siteFit(companyClues(company)).asksPlate ? input : { ...input, plate: '' };
}

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

/** The site of a post: its company's site on this host, and the post's one clock. */
interface LeadSite {
  site: SiteOfRequest;
  now: Date;
}

/**
 * One post's page token (db/lead-form-token.ts): checked once, a page token counted per post, spent
 * once. The refusal's new token is issued when the visitor's own fresh token was (spent now, if it was
 * not yet): their time at the form goes on, so the request sent again still reads as typed at a
 * person's pace (rules/lead-form.ts). One spent token buys one replacement; else it is issued now.
 */
function leadToken(
  c: Context<AppEnv>,
  cvr: string,
  now: Date,
  limits: LeadLimits,
): PageTokenUse<CheckedToken> {
  const db = c.get('db');
  const store = c.get('limits');
  let checked: Promise<CheckedToken> | undefined;
  let spentHere = false;
  const replacementIssue = async (): Promise<Date> => {
    const token = checked ? await checked : undefined;
    if (token?.verdict !== 'ok' || token.page) return now;
    if (!spentHere) spentHere = await token.spend();
    return spentHere ? token.issuedAt : now;
  };
  return {
    async check(value) {
      checked ??= checkToken(db, cvr, value, now);
      const token = await checked;
      if (token.verdict !== 'ok')
        c.var.logger.info({ cvr, verdict: token.verdict }, 'lead token checked: refused');
      return token.verdict === 'ok' ? token : null;
    },
    // One page token carries a few posts a day; past them it is a bot's (issue 48: 600 posts on one).
    async overUses(token, hit) {
      if (!token.page) return false;
      const key = pageTokenKey(cvr, token);
      const over =
        (hit
          ? await store.hit(limits.pageTokenUses, key)
          : await store.retryAfterSeconds(limits.pageTokenUses, key)) > 0;
      if (over && hit) c.var.logger.info({ cvr }, 'lead page token used past its posts; refused');
      return over;
    },
    async spend(token) {
      if (!(await token.spend())) return false;
      if (!token.page) spentHere = true;
      return true;
    },
    replacement: async () => freshToken(db, cvr, await replacementIssue()),
  };
}

// A postcode outside the area the company named is received all the same; the visitor is told
// kindly that the company will say whether it can help (issue 42; the thank-you page shows the
// note at #uden-for-omraadet).
function received(c: Context<AppEnv>, site: SiteOfRequest, outsideArea = false): Response {
  const next = siteFit(companyClues(site.company)).shop
    ? LEAD_MESSAGES.nextStepsShop
    : LEAD_MESSAGES.nextSteps;
  const message = outsideArea ? `${next} ${TRUST_MESSAGES.outsideArea}` : next;
  if (wantsJson(c)) return c.json({ ok: true as const, message }, 200);
  return c.redirect(`${site.base}/tak${outsideArea ? '#uden-for-omraadet' : ''}`, 303);
}

const refusalContent = {
  'application/json': { schema: leadRefusalSchema },
  'text/html': { schema: z.string() },
};

/** The site of the request with its form on, or the refusal it gets. */
async function formOf(c: Context<AppEnv>, cvr: string): Promise<SiteOfRequest | 'inactive' | null> {
  const site = await siteOfRequest(c, cvr);
  if (!site) return null;
  // What the site itself shows past its trial's grace days (server/fallback-pages.ts).
  if (siteState(site.company.plan, c.get('now')()) === 'inactive') return 'inactive';
  return (await getLeadSettings(c.get('db'), cvr)).formEnabled ? site : null;
}

/** GET …/lead-token: a fresh single-use token for the quote form, counted per client. */
function addTokenRoute(routes: OpenAPIHono<AppEnv>, limits: LeadLimits): void {
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
}

/** The site of this host with its form on; an inactive one answers what the site shows. */
async function leadSite(c: Context<AppEnv>, cvr: string): Promise<LeadSite | Response> {
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
  return { site, now: c.get('now')() };
}

export function createSiteLeadRoutes(deps: SiteLeadRoutesDeps = {}): OpenAPIHono<AppEnv> {
  const limits = { ...LEAD_LIMITS, ...deps.limits };
  const gate = deps.gate ?? new UploadGate();
  const routes = routeGroup<AppEnv>();

  addTokenRoute(routes, limits);

  publicForm<typeof params, typeof LEAD_FORM_FIELDS, LeadSite, undefined, CheckedToken>(routes, {
    path: '/{cvr}/leads',
    summary:
      "a site's quote form (multipart). 303 to the thank-you page, or JSON with Accept: application/json",
    params,
    fields: LEAD_FORM_FIELDS,
    maxBodyBytes: LEAD_FORM_MAX_BODY_BYTES,
    limits: { perClient: limits.perClient },
    uploads: {
      field: LEAD_PHOTOS_FIELD,
      maxFileBytes: MAX_UPLOAD_BYTES,
      maxFiles: LEAD_MAX_PHOTOS,
      gate,
      bodiesPerClient: limits.bodiesPerClient,
      unreadable: LEAD_MESSAGES.failed,
    },
    honeypot: LEAD_HONEYPOT_FIELD,
    pageToken: {
      field: LEAD_TOKEN_FIELD,
      refused: LEAD_MESSAGES.tokenRefused,
      open: (c, { cvr }, { now }) => leadToken(c, cvr, now, limits),
    },
    messages: { tooMany: LEAD_MESSAGES.tooMany, tooLarge: LEAD_MESSAGES.photoRefused },
    responses: {
      200: answer(leadReceivedSchema, 'Received (JSON)'),
      303: { description: "Received (or the site is inactive): to the site's thank-you (or home) page" },
      400: {
        description: 'Refused: the form again with the refusals (HTML), or the refusals (JSON)',
        content: refusalContent,
      },
      413: {
        description:
          'The body is over the cap, or its photos over their byte budgets (the Danish refusal in fields.photos)',
        content: refusalContent,
      },
      429: { description: 'Too many requests from this client', content: refusalContent },
      ...refusals('not_found', 'unavailable', 'internal'),
    },
    site: (c, { cvr }) => leadSite(c, cvr),
    // The fields first, then the photos' count and size (the token and the rest: the pipeline's).
    check: (_c, fields, { upload, site }) => {
      const errors: FieldErrors = checkLead(inputOf(fields, site.site.company), {
        postcodeOptional: siteFit(companyClues(site.site.company)).shop,
      });
      if (upload.photoCount > LEAD_MAX_PHOTOS) errors.photos = LEAD_MESSAGES.tooManyPhotos;
      else if (upload.photoTooLarge) errors.photos = LEAD_MESSAGES.photoRefused;
      return errors;
    },
    // The same words to the same company within a day: answered as received, not stored twice.
    screen: async (c, { params: { cvr }, site, values }) => {
      const since = new Date(site.now.getTime() - DUPLICATE_WINDOW_MS);
      if (!(await hasRecentLead(c.get('db'), cvr, hash(inputOf(values, site.site.company)), since)))
        return undefined;
      c.var.logger.info({ cvr }, 'duplicate lead; answered as received');
      return received(c, site.site);
    },
    // Past the company's hourly allowance (of this kind of request): stored, as possible spam. A
    // request that reads as a person's has an allowance of its own first (api/leads/lead-limits.ts).
    spam: async (c, { params: { cvr }, site, values, token }) => {
      const store = c.get('limits');
      const typedFor = site.now.getTime() - token.issuedAt.getTime();
      const person = !token.page && typedAtPersonsPace(inputOf(values, site.site.company), typedFor);
      const mailed = person && (await store.hit(limits.personAllowance, cvr)) === 0;
      const allowance = token.page ? limits.pageTokenAllowance : limits.allowance;
      return !mailed && (await store.hit(allowance, cvr)) > 0;
    },
    // The outcome page: without JavaScript, a refusal is the site's own contact page with the
    // visitor's text and the refusals (issue 39), not a branded page; there is no link to refuse.
    page: (c, outcome) => {
      if (outcome.kind === 'link') throw new AppError('not_found', LEAD_MESSAGES.notAvailable);
      const { context, values, errors, status, token: fresh = '' } = outcome;
      const page = {
        cvr: context.params.cvr,
        base: context.site.site.base,
        token: fresh,
        values: inputOf(values, context.site.site.company),
        errors,
      };
      return refusalPageAnswer(c, page, status === 200 ? 400 : status);
    },
    received: (c, { site }) => received(c, site.site),
    handle: async (c, request) => {
      const {
        params: { cvr },
        site,
        client,
        upload,
        spam,
        refuse,
      } = request;
      const values = inputOf(request.values, site.site.company);
      const lead = { cvr, ip: client, now: site.now, values, refuse };
      const stored = await storeLead(c, lead, upload, { contentHash: hash(values), spam });
      if (stored instanceof Response) return stored;
      deps.outbox?.nudge();
      const outside =
        postcodeInArea((await getTrustSettings(c.get('db'), cvr)).area, values.postcode) === false;
      return received(c, site.site, outside);
    },
  });

  return routes;
}

/** A request that passed the pipeline's checks, as storeLead needs it. */
interface LeadToStore {
  cvr: string;
  ip: string | null;
  now: Date;
  values: LeadInput;
  refuse(errors: LeadFieldErrors, status?: 400 | 413 | 429): Promise<Response>;
}

/**
 * The photos (refused before decoding when the day's budgets are spent, re-encoded, taken from the
 * budgets) and the request with its pending mail, stored before anyone is told it arrived.
 */
async function storeLead(
  c: Context<AppEnv>,
  post: LeadToStore,
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
