// The onboarding's first step: look a company up by CVR. Refuses a CVR we already host, asks the
// CVR registry (demo or cvrapi.dk behind its cache), and proposes an existing website found by a
// web search on the company name. Mounted by the app at /api/onboarding; rate-limited per client IP
// because every miss may spend one of the registry's few free daily look-ups.

import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import {
  onboardingLookupSchema as lookupSchema,
  onboardingLookupResponseSchema,
} from '../../contracts/onboarding';
import { findCompanyByCvr } from '../../db';
import { AppError } from '../../lib/errors';
import { authorisationsFor } from '../../rules/authorisations';
import { MESSAGES } from '../../rules/messages';
import { findTradeProfile } from '../../rules/trades';
import type { AppEnv } from '../env';
import { limitByIp, RateLimiter } from '../middleware/rate-limit';
import type { CvrRegistry, WebsiteSearch, WebsiteSuggestion } from '../onboarding/contracts';
import { createCvrRegistry } from '../onboarding/cvr-registry';
import { createWebsiteSearch } from '../onboarding/website-search';
import { answer, JSON_BODY, jsonBody, refusals, routeGroup } from '../openapi';
import { toCvrCompanyJson, toWebsiteJson } from '../responses';

/** Look-ups one client IP may make per window. */
const LOOKUP_LIMIT = new RateLimiter({
  name: 'onboarding-lookup',
  limit: 30,
  windowMs: 10 * 60 * 1000,
});

export interface OnboardingLookupDeps {
  registry?: (c: Context<AppEnv>) => CvrRegistry;
  search?: (c: Context<AppEnv>) => WebsiteSearch;
  /** Defaults to LOOKUP_LIMIT, one limiter per created route group. */
  limiter?: RateLimiter;
}

const defaultRegistry = (c: Context<AppEnv>): CvrRegistry =>
  createCvrRegistry(c.get('config'), c.get('db'), { logger: c.get('logger'), now: c.get('now') });

const defaultSearch = (c: Context<AppEnv>): WebsiteSearch =>
  createWebsiteSearch(c.get('config'), { logger: c.get('logger') });

const lookup = createRoute({
  method: 'post',
  path: '/lookup',
  tags: ['onboarding'],
  summary: 'Find a company by CVR in the registry, with a proposed existing website',
  middleware: JSON_BODY,
  request: jsonBody(lookupSchema),
  responses: {
    200: answer(onboardingLookupResponseSchema, 'The company and perhaps its website'),
    ...refusals('invalid_input', 'not_found', 'conflict', 'rate_limited', 'unavailable'),
  },
});

export function createOnboardingLookupRoutes(deps: OnboardingLookupDeps = {}): OpenAPIHono<AppEnv> {
  const registry = deps.registry ?? defaultRegistry;
  const search = deps.search ?? defaultSearch;
  const limiter = deps.limiter ?? LOOKUP_LIMIT;
  const routes = routeGroup<AppEnv>();

  routes.openapi(lookup, async (c) => {
    const { cvr } = c.req.valid('json');
    await limitByIp(c, limiter);
    if (await findCompanyByCvr(c.get('db'), cvr)) throw new AppError('conflict', MESSAGES.cvrTaken);

    const company = await registry(c).lookup(cvr);
    let website: WebsiteSuggestion | null = null;
    try {
      website = await search(c).find(company.name);
    } catch (error) {
      c.get('logger').warn({ err: error }, 'website search failed');
    }
    // Field by field: the registry's cache row may carry more than the browser needs.
    // The authorisations the trade is offered, so step 1 can ask for the number (issue 42).
    const trade = findTradeProfile({
      industryCode: company.industrycode ?? null,
      industryDesc: company.industrydesc,
      companyName: company.name,
    });
    return c.json(
      {
        company: toCvrCompanyJson(company),
        website: website && toWebsiteJson(website),
        authorisationTypes: [...authorisationsFor(trade.id)],
      },
      200,
    );
  });

  return routes;
}
