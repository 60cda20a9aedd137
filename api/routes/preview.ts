// The live preview (issue 27): `POST /api/pages/{id}/preview` renders a page's draft,
// `POST /api/company/preview` the homepage with a settings draft. Each takes its save's body, checked
// by the same schema (a draft a save refuses gets the same Danish message), renders it with the
// site's other data through the site templates (api/services/preview.ts) and answers the HTML: no
// row, no revision, no publish, no file. Previews count per company (MAX_PREVIEWS_PER_WINDOW).
import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { settingsSchema } from '../../contracts/company';
import { pageUpdateSchema } from '../../contracts/pages';
import { previewSchema } from '../../contracts/preview';
import { trustSettingsSchema } from '../../contracts/trust';
import { getTrustSettings } from '../../db';
import { AppError } from '../../lib/errors';
import { PREVIEW_WINDOW_MS } from '../../rules/limits';
import { MESSAGES } from '../../rules/messages';
import { siteTrust } from '../../rules/site-trust';
import type { OwnerEnv } from '../env';
import { orFail } from '../errors';
import { RateLimiter } from '../middleware/rate-limit';
import { answer, JSON_BODY, jsonBody, refusals, routeGroup } from '../openapi';
import { pageDraftSite, previewContentSecurityPolicy, settingsDraftSite } from '../services/preview';
import { settingsPatch } from '../services/settings-patch';
import { draftSettings, toInput } from '../services/trust-settings';

/** Counts one preview of the owner's company; past the limit, 429 with the preview's own message. */
async function countPreview(c: Context<OwnerEnv>): Promise<void> {
  const wait = await c.get('limits').hit(c.get('previews').limiter, c.get('company').cvr);
  if (wait > 0) {
    c.header('Retry-After', String(wait));
    throw new AppError('rate_limited', MESSAGES.tooManyPreviews);
  }
}

/** The preview's answer: the rendered HTML and the policy the editor's frame shows it under. */
function previewOf(c: Context<OwnerEnv>, html: string) {
  return { html, contentSecurityPolicy: previewContentSecurityPolicy(c.req.header('origin')) };
}

/** The rule one app counts previews by (its limit per PREVIEW_WINDOW_MS; tests lower it). */
export function previewLimiter(perWindow: number): RateLimiter {
  return new RateLimiter({ name: 'preview-company', limit: perWindow, windowMs: PREVIEW_WINDOW_MS });
}

const previewPage = createRoute({
  method: 'post',
  path: '/{id}/preview',
  tags: ['pages'],
  summary: "Render a page's draft (the save's body) as a save would publish it; stores nothing",
  middleware: JSON_BODY,
  request: { params: z.object({ id: z.string() }), ...jsonBody(pageUpdateSchema) },
  responses: {
    200: answer(previewSchema, 'The draft, rendered'),
    ...refusals('invalid_input', 'not_found', 'rate_limited', 'internal'),
  },
});
/** `/{id}/preview`, mounted under /pages. */
export function createPagePreviewRoutes(): OpenAPIHono<OwnerEnv> {
  const pagePreview = routeGroup<OwnerEnv>();
  pagePreview.openapi(previewPage, async (c) => {
    const { db, config, company } = c.var;
    // Counted before anything is read: a client past the limit costs one count, not a page's text.
    await countPreview(c);
    const site = await pageDraftSite(db, company, config.publicHost, c.req.param('id'), c.req.valid('json'));
    const html = await orFail(
      c,
      MESSAGES.previewFailed,
      () => c.get('previews').renderer.render(site, c.req.param('id')),
      'preview failed',
    );
    return c.json(previewOf(c, html), 200);
  });
  return pagePreview;
}

const previewSettings = createRoute({
  method: 'post',
  path: '/',
  tags: ['company'],
  summary: "Render the homepage with a settings draft (the save's body); stores nothing",
  middleware: JSON_BODY,
  request: jsonBody(settingsSchema),
  responses: {
    200: answer(previewSchema, 'The homepage with the draft, rendered'),
    ...refusals('invalid_input', 'not_found', 'rate_limited', 'internal'),
  },
});
/** `/`, mounted at /company/preview. */
export function createSettingsPreviewRoutes(): OpenAPIHono<OwnerEnv> {
  const settingsPreview = routeGroup<OwnerEnv>();
  settingsPreview.openapi(previewSettings, async (c) => {
    const { db, config, company } = c.var;
    const draft = { ...company, ...settingsPatch(c.req.valid('json'), company) };
    // A new domain is nobody's address until its TXT record is found (rules/site-url.ts).
    if (draft.customDomain !== company.customDomain) draft.customDomainVerified = false;
    await countPreview(c);
    const { site, homepageId } = await settingsDraftSite(db, draft, config.publicHost);
    const html = await orFail(
      c,
      MESSAGES.previewFailed,
      () => c.get('previews').renderer.render(site, homepageId),
      'preview failed',
    );
    return c.json(previewOf(c, html), 200);
  });
  return settingsPreview;
}

const previewTrust = createRoute({
  method: 'post',
  path: '/',
  tags: ['trust'],
  summary: "Render the homepage with a draft of these settings (the save's body); stores nothing",
  middleware: JSON_BODY,
  request: jsonBody(trustSettingsSchema),
  responses: {
    200: answer(previewSchema, 'The homepage with the draft, rendered'),
    ...refusals('invalid_input', 'not_found', 'rate_limited', 'internal'),
  },
});

/** `/`, mounted at /trust/preview (issue 42): the homepage with a Troværdighed draft. */
export function createTrustPreviewRoutes(): OpenAPIHono<OwnerEnv> {
  const trustPreview = routeGroup<OwnerEnv>();
  trustPreview.openapi(previewTrust, async (c) => {
    const { db, config, company } = c.var;
    const input = toInput(c.req.valid('json'), company);
    await countPreview(c);
    const now = c.get('now')();
    const draft = draftSettings(await getTrustSettings(db, company.cvr), input, now);
    const { site, homepageId } = await settingsDraftSite(db, company, config.publicHost);
    const html = await orFail(
      c,
      MESSAGES.previewFailed,
      () => c.get('previews').renderer.render({ ...site, trust: siteTrust(company, draft, now) }, homepageId),
      'preview failed',
    );
    return c.json(previewOf(c, html), 200);
  });

  return trustPreview;
}
