// /api/onboarding/create — the last step of onboarding: validates the login form with the spec's
// messages (the spec's Validation rules, contracts/onboarding.ts), creates the company, its owner and its site, and
// signs the new owner in at once. Public and rate limited per IP: every creation looks the CVR up
// and writes text.
import { createRoute } from '@hono/zod-openapi';
import { onboardingCreateResponseSchema, onboardingCreateSchema } from '../../contracts/onboarding';
import type { Db } from '../../db';
import type { Config } from '../../lib/config';
import type { Logger } from '../../lib/logger';
import { createTextWriter, type TextWriter } from '../ai';
import { createSession, setSessionCookie } from '../auth/sessions';
import type { AppEnv } from '../env';
import { limitByIp, RateLimiter } from '../middleware/rate-limit';
import type { CvrRegistry, ScrapeWebsite } from '../onboarding/contracts';
import { createCompanyWithOwner } from '../onboarding/create-company';
import { createCvrRegistry } from '../onboarding/cvr-registry';
import { createWebsiteScraper } from '../onboarding/scrape-website';
import { answer, JSON_BODY, jsonBody, refusals, routeGroup } from '../openapi';

const HOUR_MS = 60 * 60 * 1000;
const CREATIONS_PER_IP_PER_HOUR = 10;
/** Well-formed creation requests one client may make per hour (garbage is refused before it counts). */
const CREATE_LIMIT = new RateLimiter({
  name: 'onboarding-create',
  limit: CREATIONS_PER_IP_PER_HOUR,
  windowMs: HOUR_MS,
});

const create = createRoute({
  method: 'post',
  path: '/create',
  tags: ['onboarding'],
  summary: 'Create the company, its owner (signed in at once) and its site; answers the URL to open',
  middleware: JSON_BODY,
  request: jsonBody(onboardingCreateSchema),
  responses: {
    201: answer(onboardingCreateResponseSchema, 'Created, with a Set-Cookie'),
    ...refusals('invalid_input', 'not_found', 'conflict', 'rate_limited', 'internal', 'unavailable'),
  },
});

/** Replacements for the parts creation talks to; tests inject fixed ones. */
export interface OnboardingCreateOverrides {
  registry?: (config: Config, db: Db) => CvrRegistry;
  scrape?: (logger: Logger) => ScrapeWebsite;
  writer?: (config: Config, logger: Logger) => TextWriter;
  /** Sends the welcome e-mail onboarding queued (api/mail-outbox.ts). */
  outbox?: { nudge(afterMs?: number): void };
  limiter?: RateLimiter;
}

export function createOnboardingCreateRoutes(overrides: OnboardingCreateOverrides = {}) {
  const makeRegistry = overrides.registry ?? createCvrRegistry;
  const makeScrape = overrides.scrape ?? ((logger: Logger) => createWebsiteScraper({ logger }));
  const makeWriter = overrides.writer ?? createTextWriter;
  const limiter = overrides.limiter ?? CREATE_LIMIT;
  const routes = routeGroup<AppEnv>();

  routes.openapi(create, async (c) => {
    const input = c.req.valid('json');
    await limitByIp(c, limiter);
    const { db, config, logger } = c.var;
    const created = await createCompanyWithOwner(
      {
        db,
        config,
        logger,
        registry: makeRegistry(config, db),
        scrape: makeScrape(logger),
        writer: makeWriter(config, logger),
        ...(overrides.outbox ? { outbox: overrides.outbox } : {}),
        enqueuePublish: c.get('enqueuePublish'),
        now: c.get('now'),
      },
      input,
    );

    // The owner is signed in at once. The company exists whatever happens here: a failed session
    // only means logging in by hand, so it is logged rather than answered as an error.
    try {
      const { token, session } = await createSession(db, created.userId, c.get('now')());
      setSessionCookie(c, token, new Date(session.expiresAt), config.publicHost);
    } catch (error) {
      logger.error({ err: error, cvr: created.cvr }, 'signing in the new owner failed');
    }
    return c.json({ url: created.url, cvr: created.cvr, subdomain: created.subdomain }, 201);
  });

  return routes;
}
