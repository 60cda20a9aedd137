// Builds the HTTP application: shared middleware, the route groups under /api, one error handler.
// Takes its dependencies as arguments, so tests drive it through app.request() without a server.
import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import type { Hono } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { STRICT_TRANSPORT_SECURITY } from '../rules/content-security-policy';
import { MAX_PREVIEWS_PER_WINDOW } from '../rules/limits';
import { REVIEW_SHORT_LINK_PREFIX } from '../rules/review-form';
import type { AppDeps, AppEnv, OwnerEnv } from './env';
import { handleError, handleNotFound } from './errors';
import { cleanPath } from './middleware/clean-path';
import { originCheck } from './middleware/origin-check';
import { LimitStore } from './middleware/rate-limit';
import { requestLog } from './middleware/request-log';
import { requireOwner } from './middleware/require-owner';
import { sessionMiddleware } from './middleware/session';
import { answer, buildOpenApiDocument, routeGroup } from './openapi';
import { createAccountRoutes } from './routes/account';
import { createAiRoutes } from './routes/ai';
import { createAnalyticsRoutes } from './routes/analytics';
import { createAuthRoutes } from './routes/auth';
import { createBookingFeedRoutes } from './routes/booking-feed';
import { createBookingRoutes, createBookingSetupRoutes } from './routes/bookings';
import { createCompanyRoutes } from './routes/company';
import { type ContactRoutesDeps, createContactRoutes } from './routes/contact';
import { createDashboardRoutes } from './routes/dashboard';
import { createDomainRoutes } from './routes/domain';
import { createHealthRoutes, type HealthChecks } from './routes/health';
import { createImageRoutes } from './routes/images';
import { createInvoiceRoutes } from './routes/invoices';
import { createLeadRecipientRoutes } from './routes/lead-recipient';
import { createLeadRoutes } from './routes/leads';
import { createLogoRoutes } from './routes/logo';
import { createOnboardingCreateRoutes, type OnboardingCreateOverrides } from './routes/onboarding-create';
import { createOnboardingLookupRoutes } from './routes/onboarding-lookup';
import { createOperatorRoutes } from './routes/operator';
import { createOperatorClaimRoutes } from './routes/operator-claims';
import { createPageHistoryRoutes } from './routes/page-history';
import { createPageOrderRoutes } from './routes/page-order';
import { createPageRoutes } from './routes/pages';
import {
  createPagePreviewRoutes,
  createSettingsPreviewRoutes,
  createTrustPreviewRoutes,
  previewLimiter,
} from './routes/preview';
import { createQuoteRoutes } from './routes/quotes';
import { createReviewRoutes } from './routes/reviews';
import { createSiteBookingRoutes } from './routes/site-bookings';
import { createSiteInvoiceRoutes } from './routes/site-invoices';
import { createSiteLeadRoutes, type SiteLeadRoutesDeps } from './routes/site-leads';
import { createSiteQuoteRoutes } from './routes/site-quotes';
import { createSiteReviewRoutes, reviewShortLink, type SiteReviewRoutesDeps } from './routes/site-reviews';
import { createSubscriptionRoutes } from './routes/subscription';
import { createTrustRoutes } from './routes/trust';
import { inProcessPreview, type PreviewRenderer } from './services/preview';

/**
 * The owner's area: every group below needs a signed-in owner and works on THEIR company only.
 * requireOwner is scoped to each group's paths (so unknown /api paths still answer 404), the
 * OpenAPI document marks every route under these paths as needing the session cookie, and the
 * isolation matrix (tests/api/isolation.test.ts) probes each of them. A new owner route is a
 * createRoute() in one of these groups; a new group is one line here.
 */
const OWNER_GROUPS: readonly [path: string, group: OpenAPIHono<OwnerEnv>][] = [
  ['/company/logo', createLogoRoutes()],
  ['/company/domain', createDomainRoutes()],
  ['/company/preview', createSettingsPreviewRoutes()],
  ['/company', createCompanyRoutes()],
  // Before /pages, whose PUT /{id} would take `order` for a page id.
  ['/pages/order', createPageOrderRoutes()],
  ['/pages', createPageRoutes()],
  // History and undo under /pages too: /pages/deleted, /pages/{id}/revisions (after the pages).
  ['/pages', createPageHistoryRoutes()],
  // The live preview of a draft: /pages/{id}/preview.
  ['/pages', createPagePreviewRoutes()],
  ['/images', createImageRoutes()],
  ['/ai', createAiRoutes()],
  ['/subscription', createSubscriptionRoutes()],
  ['/account', createAccountRoutes()],
  ['/dashboard', createDashboardRoutes()],
  ['/operator/claims', createOperatorClaimRoutes()],
  ['/operator', createOperatorRoutes()],
  ['/leads', createLeadRoutes()],
  ['/trust/preview', createTrustPreviewRoutes()],
  ['/trust', createTrustRoutes()],
  ['/reviews', createReviewRoutes()],
  ['/quotes', createQuoteRoutes()],
  ['/invoices', createInvoiceRoutes()],
  ['/booking', createBookingSetupRoutes()],
  ['/bookings', createBookingRoutes()],
];

const OPENAPI_ROUTE = createRoute({
  method: 'get',
  path: '/openapi.json',
  tags: ['system'],
  summary: 'This document, generated from the route definitions',
  responses: { 200: answer(z.record(z.string(), z.unknown()), 'The OpenAPI 3.1 document') },
});

export type CreateAppDeps = Pick<AppDeps, 'db' | 'config' | 'logger'> &
  Partial<
    Pick<AppDeps, 'enqueuePublish' | 'now' | 'maxSavesPerMinute' | 'limits' | 'answerCheck' | 'nudgeMail'>
  > & {
    /** The onboarding's outside services (CVR registry, scraper, text writer, mailer); tests pass
     *  their own, production takes the ones the configuration selects. */
    onboarding?: OnboardingCreateOverrides;
    /** The contact form's mailer and rate limit; tests pass their own. */
    contact?: ContactRoutesDeps;
    /** What /api/health checks besides the database (the sites folder, the queue). */
    health?: HealthChecks;
    /** The company sites' quote form: the outbox it nudges, its limits (tests pass their own). */
    leads?: SiteLeadRoutesDeps;
    /** The review link's pages (issue 41): the outbox they nudge. */
    reviews?: SiteReviewRoutesDeps;
    /** More public forms under /api/sites (api/public-form: tests mount a throwaway form here). */
    publicForms?: readonly OpenAPIHono<AppEnv>[];
    /** Where previews render: the product stack passes a render thread (threadedPreview); default
     *  in-process, for tests. */
    previewRenderer?: PreviewRenderer;
    /** Previews per company per 10 s; default MAX_PREVIEWS_PER_WINDOW (tests lower it). */
    maxPreviewsPerWindow?: number;
  };

export function createApp(input: CreateAppDeps): Hono<AppEnv> {
  const deps: AppDeps = {
    // Without a queue the need to publish is still recorded (with the change); a worker's recovery
    // publishes it.
    enqueuePublish: async () => {},
    now: () => new Date(),
    limits: new LimitStore(),
    // Tests refuse an answer with keys outside its schema; the product stack strips and logs them.
    answerCheck: 'refuse',
    nudgeMail: () => {},
    previews: {
      renderer: input.previewRenderer ?? inProcessPreview(),
      limiter: previewLimiter(input.maxPreviewsPerWindow ?? MAX_PREVIEWS_PER_WINDOW),
    },
    ...input,
  };
  const app = routeGroup<AppEnv>();

  app.use(async (c, next) => {
    c.set('db', deps.db);
    c.set('config', deps.config);
    c.set('enqueuePublish', deps.enqueuePublish);
    c.set('now', deps.now);
    if (deps.maxSavesPerMinute !== undefined) c.set('maxSavesPerMinute', deps.maxSavesPerMinute);
    c.set('limits', deps.limits);
    c.set('answerCheck', deps.answerCheck);
    c.set('nudgeMail', deps.nudgeMail);
    c.set('previews', deps.previews);
    c.set('user', null);
    c.set('session', null);
    await next();
  });
  app.use(requestLog(deps.logger));
  app.use(
    secureHeaders({
      // JSON and the sites are same-origin only; nothing of ours is meant to be framed elsewhere.
      xFrameOptions: 'SAMEORIGIN',
      referrerPolicy: 'strict-origin-when-cross-origin',
      crossOriginResourcePolicy: 'same-origin',
      strictTransportSecurity: STRICT_TRANSPORT_SECURITY,
      // Defaults only: a route that sets one of these itself keeps it (the hand-off's
      // Referrer-Policy: no-referrer, which must not become strict-origin-when-cross-origin).
      overwrite: false,
    }),
  );
  app.use(cleanPath);

  const api = routeGroup<AppEnv>();
  api.use(sessionMiddleware);
  api.use(originCheck);
  api.route('/health', createHealthRoutes(input.health));
  let document: ReturnType<typeof buildOpenApiDocument> | undefined;
  api.openapi(OPENAPI_ROUTE, (c) => {
    // Built once, from every route the app mounted (each group registered its routes with them).
    document ??= buildOpenApiDocument(
      app,
      OWNER_GROUPS.map(([path]) => `/api${path}`),
    );
    return c.json(document, 200);
  });
  api.route('/auth', createAuthRoutes());
  // Onboarding is public: a visitor becomes an owner there. Each app counts its rate limits in its
  // own LimitStore (shared through Redis when the product stack gives it one).
  api.route('/onboarding', createOnboardingLookupRoutes());
  api.route('/onboarding', createOnboardingCreateRoutes(input.onboarding));
  // The marketing site's public endpoints: the contact form and cookieless analytics.
  api.route('/sendContactEmail', createContactRoutes(input.contact));
  api.route('/analytics', createAnalyticsRoutes());
  // Every company site's quote form (on any host: the CVR in the path must be the host's company).
  api.route('/sites', createSiteLeadRoutes(input.leads));
  // The pages of a company's review link (issue 41), on the same hosts.
  api.route('/sites', createSiteReviewRoutes(input.reviews));
  // The booking pages of a company's site and a customer's booking link (issue 52), on the same hosts.
  api.route('/sites', createSiteBookingRoutes());
  // A customer's faktura or kreditnota by its signed link (issue 51).
  api.route('/sites', createSiteInvoiceRoutes());
  api.route('/sites', createSiteQuoteRoutes());
  for (const forms of input.publicForms ?? []) api.route('/sites', forms);
  // The link a new recipient of a company's quote requests confirms (no login: it may be a colleague's).
  api.route('/lead-recipient', createLeadRecipientRoutes());
  // The owner's private calendar feed (issue 52): its secret address is the key.
  api.route('/calendar', createBookingFeedRoutes());

  const owner = routeGroup<OwnerEnv>();
  const guarded = new Set<string>();
  for (const [path, group] of OWNER_GROUPS) {
    // `/pages/*` matches `/pages` itself too; once per path, however many groups share it.
    if (!guarded.has(path)) owner.use(`${path}/*`, requireOwner);
    guarded.add(path);
    owner.route(path, group);
  }
  api.route('/', owner as unknown as OpenAPIHono<AppEnv>);
  app.route('/api', api);
  // The short review link of an SMS text (issue 49), on a company's host: a redirect to its page.
  app.get(`${REVIEW_SHORT_LINK_PREFIX}:token`, reviewShortLink);

  app.notFound(handleNotFound);
  app.onError(handleError);
  return app;
}
