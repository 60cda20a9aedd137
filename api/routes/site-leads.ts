// The quote form of every company site (issue 25), public:
//   POST /api/sites/{cvr}/leads      – a form post (multipart). Without JavaScript it answers 303 to
//                                      the site's thank-you page, or the form again with the refusals
//                                      and the visitor's text; with `Accept: application/json` (the
//                                      site's script) it answers JSON.
//   GET  /api/sites/{cvr}/lead-token – a fresh single-use form token for the site's script.
// /api/… answers on every host, so the same absolute action works on all three addresses of a site;
// on a company's subdomain or custom domain the CVR in the path must be that host's company.
//
// Order of the checks: the cheap, certain refusals first (honeypot, token, fields, links), which cost
// a sender nothing and count against no limit; then the per-client and per-company limits; duplicates
// answer as received without storing twice. The request and its pending mail are stored (one
// transaction) before anyone is told it arrived; the mail goes out from the outbox.
import { createHash } from 'node:crypto';
import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { leadReceivedSchema, leadRefusalSchema, leadTokenSchema } from '../../contracts/leads';
import {
  type Company,
  findCompanyByCvr,
  getLeadSettings,
  getTrustSettings,
  hasRecentLead,
  insertLead,
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
} from '../../rules/lead-form';
import { LEAD_MAX_PHOTOS } from '../../rules/limits';
import { LEAD_MESSAGES } from '../../rules/messages';
import { classifyHost } from '../../rules/request-target';
import { postcodeInArea } from '../../rules/service-area';
import { TRUST_MESSAGES } from '../../rules/trust-messages';
import type { AppEnv } from '../env';
import { LEAD_FORM_MAX_BODY_BYTES } from '../images/upload-rules';
import { checkToken, freshToken } from '../leads/form-token';
import { prepareLeadPhotos, writeLeadPhotos } from '../leads/lead-photos';
import { refusalPageAnswer } from '../leads/refusal-page';
import type { MailOutbox } from '../mail-outbox';
import { clientIp, RateLimiter } from '../middleware/rate-limit';
import { answer, refusals, routeGroup } from '../openapi';

const MINUTE = 60 * 1000;
/** Requests that passed every other check, per client and per company. */
const LEAD_LIMITS = {
  perClient: new RateLimiter({ name: 'lead-client', limit: 5, windowMs: 10 * MINUTE }),
  perCompany: new RateLimiter({ name: 'lead-company', limit: 30, windowMs: 60 * MINUTE }),
} as const;
/** The same words to the same company within this window are one request. */
const DUPLICATE_WINDOW_MS = 24 * 60 * MINUTE;

export interface SiteLeadRoutesDeps {
  outbox?: MailOutbox;
  /** Replaces the limits given (tests pass their own; the lead bench lifts the per-company one). */
  limits?: Partial<typeof LEAD_LIMITS>;
}

const params = z.object({ cvr: z.string().regex(/^[0-9]{8}$/) });

const LEAD_FORM_BODY = {
  body: {
    required: true,
    content: {
      'multipart/form-data': {
        schema: {
          type: 'object' as const,
          properties: {
            name: { type: 'string' as const },
            phone: { type: 'string' as const },
            email: { type: 'string' as const },
            postcode: { type: 'string' as const },
            message: { type: 'string' as const },
            photos: { type: 'array' as const, items: { type: 'string' as const, format: 'binary' } },
            website: { type: 'string' as const, description: 'honeypot: empty from people' },
            token: { type: 'string' as const, description: 'the signed render-time token' },
          },
        },
      },
    },
  },
};

interface SiteOfRequest {
  company: Company;
  /** `/<cvr>` on the main host, '' on the company's own host: the site's paths start with it. */
  base: string;
}

/** The company whose site the request came from; null when the CVR is not this host's company. */
async function siteOfRequest(c: Context<AppEnv>, cvr: string): Promise<SiteOfRequest | null> {
  const company = await findCompanyByCvr(c.get('db'), cvr);
  if (!company) return null;
  const mode = classifyHost(c.req.header('host') ?? '', c.get('config').publicHost);
  if (mode === null) return null;
  if (mode.mode === 'main') return { company, base: `/${cvr}` };
  if (mode.mode === 'subdomain') return mode.subdomain === company.subdomain ? { company, base: '' } : null;
  const verified = company.customDomainVerified && company.customDomain === mode.hostname;
  return verified ? { company, base: '' } : null;
}

function wantsJson(c: Context): boolean {
  return /application\/json/i.test(c.req.header('accept') ?? '');
}

function hash(input: LeadInput): string {
  return createHash('sha256').update(leadFingerprint(input)).digest('hex');
}

export function createSiteLeadRoutes(deps: SiteLeadRoutesDeps = {}): OpenAPIHono<AppEnv> {
  const limits = { ...LEAD_LIMITS, ...deps.limits };
  const routes = routeGroup<AppEnv>();

  const token = createRoute({
    method: 'get',
    path: '/{cvr}/lead-token',
    tags: ['public'],
    summary: "A fresh single-use token for a site's quote form (the site's script asks for it)",
    request: { params },
    responses: { 200: answer(leadTokenSchema, 'The token'), ...refusals('not_found') },
  });
  routes.openapi(token, async (c) => {
    const { cvr } = c.req.valid('param');
    const site = await siteOfRequest(c, cvr);
    if (!site || !(await getLeadSettings(c.get('db'), cvr)).formEnabled) {
      throw new AppError('not_found', LEAD_MESSAGES.notAvailable);
    }
    c.header('Cache-Control', 'no-store');
    return c.json({ token: await freshToken(c.get('db'), cvr, c.get('now')()) }, 200);
  });

  const submit = createRoute({
    method: 'post',
    path: '/{cvr}/leads',
    tags: ['public'],
    summary:
      "Send a site's quote form (multipart). 303 to the thank-you page, or JSON with Accept: application/json",
    middleware: [
      bodyLimit({
        maxSize: LEAD_FORM_MAX_BODY_BYTES,
        onError: () => {
          throw new AppError('payload_too_large', LEAD_MESSAGES.photoRefused);
        },
      }),
    ],
    request: { params, ...LEAD_FORM_BODY },
    responses: {
      200: answer(leadReceivedSchema, 'Received (JSON)'),
      303: { description: "Received: to the site's thank-you page" },
      400: {
        description: 'Refused: the form again with the refusals (HTML), or the refusals (JSON)',
        content: { 'application/json': { schema: leadRefusalSchema }, 'text/html': { schema: z.string() } },
      },
      429: {
        description: 'Too many requests',
        content: { 'application/json': { schema: leadRefusalSchema }, 'text/html': { schema: z.string() } },
      },
      ...refusals('not_found', 'payload_too_large', 'internal'),
    },
  });
  routes.openapi(submit, (async (c: Context<AppEnv>) => {
    const cvr = c.req.param('cvr') ?? '';
    const { db, logger } = c.var;
    const now = c.get('now')();
    const site = await siteOfRequest(c, cvr);
    if (!site || !(await getLeadSettings(db, cvr)).formEnabled) {
      throw new AppError('not_found', LEAD_MESSAGES.notAvailable);
    }
    let form: Record<string, string | File | (string | File)[]>;
    try {
      form = await c.req.parseBody({ all: true });
    } catch (error) {
      throw new AppError('invalid_input', LEAD_MESSAGES.failed, { cause: error });
    }
    const text = (key: string) => {
      const value = form[key];
      const first = Array.isArray(value) ? value[0] : value;
      return typeof first === 'string' ? first : '';
    };
    const values = leadInput({
      name: text('name'),
      phone: text('phone'),
      email: text('email'),
      postcode: text('postcode'),
      message: text('message'),
    });
    const photos = [form[LEAD_PHOTOS_FIELD]]
      .flat()
      .filter((item): item is File => item instanceof File && item.size > 0);

    // A postcode outside the area the company named is received all the same; the visitor is told
    // kindly that the company will say whether it can help (issue 42; the thank-you page shows the
    // note at #uden-for-omraadet).
    const received = (outsideArea = false) => {
      const message = outsideArea
        ? `${LEAD_MESSAGES.nextSteps} ${TRUST_MESSAGES.outsideArea}`
        : LEAD_MESSAGES.nextSteps;
      if (wantsJson(c)) return c.json({ ok: true as const, message }, 200);
      return c.redirect(`${site.base}/tak${outsideArea ? '#uden-for-omraadet' : ''}`, 303);
    };
    const refuse = async (errors: LeadFieldErrors, status: 400 | 429 = 400) => {
      const fresh = await freshToken(db, cvr, now);
      const message = Object.values(errors)[0] ?? LEAD_MESSAGES.failed;
      if (wantsJson(c)) {
        const code = status === 429 ? 'rate_limited' : 'invalid_input';
        return c.json({ error: { code, message }, fields: errors, token: fresh }, status);
      }
      // Without JavaScript: the site's contact page with the visitor's text and the refusals (issue 39).
      return refusalPageAnswer(c, { cvr, base: site.base, token: fresh, values, errors }, status);
    };

    // A person never fills the hidden field: answered as received, nothing stored, nobody told.
    if (text(LEAD_HONEYPOT_FIELD).trim() !== '') {
      logger.info({ cvr }, 'lead honeypot filled; dropped');
      return received();
    }
    // The fields first: a visitor who sends an incomplete form within the token's first seconds is
    // told what to fill in, beside the fields, not that the form was sent too fast. The answer carries
    // a fresh token either way, and nothing is stored before the token is checked.
    const errors = checkLead(values);
    if (photos.length > LEAD_MAX_PHOTOS) errors.photos = LEAD_MESSAGES.tooManyPhotos;
    if (Object.keys(errors).length > 0) return refuse(errors);
    const checked = await checkToken(db, cvr, text(LEAD_TOKEN_FIELD), now);
    if (checked.verdict !== 'ok') {
      logger.info({ cvr, verdict: checked.verdict }, 'lead token refused');
      return refuse({ form: LEAD_MESSAGES.tokenRefused });
    }

    const contentHash = hash(values);
    if (await hasRecentLead(db, cvr, contentHash, new Date(now.getTime() - DUPLICATE_WINDOW_MS))) {
      logger.info({ cvr }, 'duplicate lead; answered as received');
      return received();
    }
    const ip = clientIp(c);
    if (ip !== null && (await c.get('limits').hit(limits.perClient, ip)) > 0) {
      return refuse({ form: LEAD_MESSAGES.tooMany }, 429);
    }
    if ((await c.get('limits').hit(limits.perCompany, cvr)) > 0) {
      logger.warn({ cvr }, 'lead limit per company reached');
      return refuse({ form: LEAD_MESSAGES.tooMany }, 429);
    }
    if (!(await checked.spend())) return refuse({ form: LEAD_MESSAGES.tokenRefused });

    let prepared: Awaited<ReturnType<typeof prepareLeadPhotos>>;
    try {
      prepared = await prepareLeadPhotos(
        await Promise.all(photos.map(async (file) => Buffer.from(await file.arrayBuffer()))),
      );
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return refuse({ photos: LEAD_MESSAGES.photoRefused });
    }
    const id = crypto.randomUUID();
    try {
      const stored = await writeLeadPhotos(c.get('config').storageDir, cvr, id, prepared);
      await insertLead(db, cvr, { ...values, photos: stored, contentHash }, now, id);
    } catch (error) {
      logger.error({ err: error, cvr }, 'lead not stored');
      if (wantsJson(c)) {
        return c.json(
          { error: { code: 'internal' as const, message: LEAD_MESSAGES.failed } },
          ERRORS.internal.status,
        );
      }
      throw new AppError('internal', LEAD_MESSAGES.failed, { cause: error });
    }
    logger.info({ cvr, leadId: id, photos: prepared.length }, 'lead stored');
    deps.outbox?.nudge();
    return received(postcodeInArea((await getTrustSettings(db, cvr)).area, values.postcode) === false);
  }) as never);

  return routes;
}
