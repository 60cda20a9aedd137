// The onboarding's first step: look a company up by CVR. Refuses a CVR we already host, asks the
// CVR registry (demo or cvrapi.dk behind its cache), and proposes an existing website found by a
// web search on the company name. Mounted by the app at /api/onboarding; rate-limited per client IP
// because every miss may spend one of the registry's few free daily look-ups.
import type { Context } from 'hono';
import { Hono } from 'hono';
import {
  onboardingLookupSchema as lookupSchema,
  type OnboardingLookupResponse,
} from '../../contracts/onboarding';
import { findCompanyByCvr } from '../../db';
import { AppError } from '../../lib/errors';
import { MESSAGES } from '../../rules/messages';
import type { AppEnv } from '../env';
import { requireJson } from '../middleware/origin-check';
import { limitByIp, RateLimiter } from '../middleware/rate-limit';
import type { CvrRegistry, WebsiteSearch, WebsiteSuggestion } from '../onboarding/contracts';
import { createCvrRegistry } from '../onboarding/cvr-registry';
import { createWebsiteSearch } from '../onboarding/website-search';
import { jsonBody } from '../schemas/json-body';

/** Look-ups one client IP may make per window. */
const LOOKUP_LIMIT = new RateLimiter({
  name: 'onboarding-lookup',
  limit: 30,
  windowMs: 10 * 60 * 1000,
});

// The body's schema is the onboarding's contract, shared with the island.
export { lookupSchema };

export interface OnboardingLookupDeps {
  registry?: (c: Context<AppEnv>) => CvrRegistry;
  search?: (c: Context<AppEnv>) => WebsiteSearch;
  /** Defaults to LOOKUP_LIMIT, one limiter per created route group. */
  limiter?: RateLimiter;
}

const defaultRegistry = (c: Context<AppEnv>): CvrRegistry =>
  createCvrRegistry(c.var.config, c.var.db, { logger: c.var.logger, now: c.var.now });

const defaultSearch = (c: Context<AppEnv>): WebsiteSearch =>
  createWebsiteSearch(c.var.config, { logger: c.var.logger });

export function createOnboardingLookupRoutes(deps: OnboardingLookupDeps = {}): Hono<AppEnv> {
  const registry = deps.registry ?? defaultRegistry;
  const search = deps.search ?? defaultSearch;
  const limiter = deps.limiter ?? LOOKUP_LIMIT;
  const routes = new Hono<AppEnv>();

  // POST /api/onboarding/lookup – find a company by CVR
  routes.post('/lookup', requireJson, jsonBody(lookupSchema), limitByIp(limiter), async (c) => {
    const { cvr } = c.req.valid('json');
    if (await findCompanyByCvr(c.var.db, cvr)) throw new AppError('conflict', MESSAGES.cvrTaken);

    const company = await registry(c).lookup(cvr);
    let website: WebsiteSuggestion | null = null;
    try {
      website = await search(c).find(company.name);
    } catch (error) {
      c.var.logger.warn({ err: error }, 'website search failed');
    }
    const answer: OnboardingLookupResponse = { company, website };
    return c.json(answer, 200);
  });

  return routes;
}

export const onboardingLookup = createOnboardingLookupRoutes();
