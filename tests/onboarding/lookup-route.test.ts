// POST /api/onboarding/lookup on a small app with the real dependencies' shape: the registry is the
// cvrapi.dk client (cached) against a fake cvrapi.dk, the search a fake Custom Search API.
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AppEnv } from '../../api/env';
import { handleError, handleNotFound } from '../../api/errors';
import { LimitStore, RateLimiter } from '../../api/middleware/rate-limit';
import { createCvrRegistry } from '../../api/onboarding/cvr-registry';
import { createCvrApiClient } from '../../api/onboarding/cvrapi-client';
import { DEMO_REGISTRY_COMPANIES } from '../../api/onboarding/demo-registry';
import { createWebsiteSearch } from '../../api/onboarding/website-search';
import { createOnboardingLookupRoutes, type OnboardingLookupDeps } from '../../api/routes/onboarding-lookup';
import { insertCompany } from '../../db';
import { loadConfig } from '../../lib/config';
import { createLogger } from '../../lib/logger';
import { MESSAGES } from '../../rules/messages';
import { createTestDatabase, type TestDatabase } from '../support/databases';
import { type FakeCvrApi, startFakeCvrApi } from '../support/fake-cvrapi';
import { type FakeSearch, startFakeSearch } from '../support/fake-search';

let cvrapi: FakeCvrApi;
let search: FakeSearch;
let database: TestDatabase & { drop: () => Promise<void> };

beforeAll(async () => {
  cvrapi = await startFakeCvrApi();
  search = await startFakeSearch();
});
afterAll(async () => {
  await cvrapi.close();
  await search.close();
});
beforeEach(async () => {
  database = await createTestDatabase('sqlite');
  cvrapi.behaviour = 'found';
  cvrapi.requests.length = 0;
  search.requests.length = 0;
  search.status = 200;
  search.items = [
    { link: 'https://www.testfirmaet.dk/om-os', title: 'Om os', snippet: 'Om Testfirmaet' },
    { link: 'https://www.testfirmaet.dk/', title: 'Testfirmaet ApS', snippet: 'Tømrer i Roskilde' },
  ];
});
afterEach(async () => {
  await database.drop();
});

function appWith(routes: Hono<AppEnv>, env: Record<string, string> = {}): Hono<AppEnv> {
  const config = loadConfig({ LOG_LEVEL: 'silent', CVR_API_URL: cvrapi.baseUrl, ...env });
  const logger = createLogger(config);
  const limits = new LimitStore();
  const app = new Hono<AppEnv>();
  app.use(async (c, next) => {
    c.set('db', database.db);
    c.set('config', config);
    c.set('logger', logger);
    c.set('requestId', 'test');
    c.set('enqueuePublish', async () => {});
    c.set('now', () => new Date());
    c.set('user', null);
    c.set('session', null);
    c.set('limits', limits);
    await next();
  });
  app.route('/api/onboarding', routes);
  app.notFound(handleNotFound);
  app.onError(handleError);
  return app;
}

const fakeDeps: OnboardingLookupDeps = {
  registry: (c) => createCvrRegistry({ cvrApiUrl: cvrapi.baseUrl }, c.var.db, { now: c.var.now }),
  search: () => createWebsiteSearch({ googleCse: { key: 'k', cx: 'c' } }, { baseUrl: search.baseUrl }),
};

function lookup(app: Hono<AppEnv>, body: unknown, headers: Record<string, string> = {}) {
  return app.request('/api/onboarding/lookup', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

describe('POST /api/onboarding/lookup', () => {
  it('finds a company, strips spaces from the CVR and proposes its .dk root page', async () => {
    const app = appWith(createOnboardingLookupRoutes(fakeDeps));
    const response = await lookup(app, { cvr: ' 2987 6543 ' });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toEqual({
      company: expect.objectContaining({
        cvr: '29876543',
        name: 'Testfirmaet Tømrer ApS',
        city: 'Roskilde',
        employees: 5,
      }),
      website: { url: 'https://www.testfirmaet.dk/', title: 'Testfirmaet ApS', snippet: 'Tømrer i Roskilde' },
      // A carpenter is offered no authorisation (issue 42).
      authorisationTypes: [],
    });
    expect(cvrapi.requests[0]?.url.searchParams.get('search')).toBe('29876543');
    expect(search.requests.at(-1)?.searchParams.get('q')).toBe('Testfirmaet Tømrer ApS site:.dk');
  });

  it.each([
    [{ cvr: '1234567' }],
    [{ cvr: '123456789' }],
    [{ cvr: '1234567a' }],
    [{ cvr: 12345678 }],
    [{}],
    [[]],
  ])('refuses %j with 400 and the CVR message', async (body) => {
    const response = await lookup(appWith(createOnboardingLookupRoutes(fakeDeps)), body);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: { code: 'invalid_input', message: MESSAGES.invalidCvr } });
    expect(cvrapi.requests).toHaveLength(0);
  });

  it('refuses a non-JSON body with 415', async () => {
    const app = appWith(createOnboardingLookupRoutes(fakeDeps));
    const response = await lookup(app, 'cvr=29876543', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(response.status).toBe(415);
  });

  it('answers 409 for a CVR we already host, without asking the registry', async () => {
    await insertCompany(database.db, { cvr: '29876543', name: 'Allerede Her ApS' });
    const response = await lookup(appWith(createOnboardingLookupRoutes(fakeDeps)), { cvr: '29876543' });
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ error: { code: 'conflict', message: MESSAGES.cvrTaken } });
    expect(cvrapi.requests).toHaveLength(0);
  });

  it('answers 404 with the not-found message', async () => {
    cvrapi.behaviour = 'not-found';
    const response = await lookup(appWith(createOnboardingLookupRoutes(fakeDeps)), { cvr: '29876543' });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: { code: 'not_found', message: MESSAGES.cvrNotFound } });
  });

  it('answers 503 with the fetch-failed message when the registry is down', async () => {
    cvrapi.behaviour = 'error-500';
    const app = appWith(createOnboardingLookupRoutes(fakeDeps));
    const response = await lookup(app, { cvr: '29876543' });
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({
      error: { code: 'unavailable', message: MESSAGES.companyFetchFailed },
    });

    cvrapi.behaviour = 'slow';
    const slow = appWith(
      createOnboardingLookupRoutes({
        ...fakeDeps,
        registry: () => createCvrApiClient(cvrapi.baseUrl, { timeoutMs: 100 }),
      }),
    );
    expect((await lookup(slow, { cvr: '29876543' })).status).toBe(503);
  });

  it('still finds the company when the search fails or throws', async () => {
    search.status = 500;
    const failing = await lookup(appWith(createOnboardingLookupRoutes(fakeDeps)), { cvr: '29876543' });
    expect(failing.status).toBe(200);
    expect((await failing.json()).website).toBeNull();

    const throwing = createOnboardingLookupRoutes({
      ...fakeDeps,
      search: () => ({
        find: async () => {
          throw new Error('boom');
        },
      }),
    });
    const response = await lookup(appWith(throwing), { cvr: '29876543' });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ company: { cvr: '29876543' }, website: null });
  });

  it('the exported route group uses the configuration: demo registry, no search configured', async () => {
    const app = appWith(createOnboardingLookupRoutes(), { CVR_API_URL: 'demo' });
    const demo = DEMO_REGISTRY_COMPANIES[2]?.company;
    const response = await lookup(app, { cvr: demo?.cvr });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      company: demo,
      website: null,
      authorisationTypes: expect.any(Array),
    });
    expect(cvrapi.requests).toHaveLength(0);
    expect(search.requests).toHaveLength(0);
  });

  it('limits look-ups per client IP with 429 over a real socket; invalid ones do not count', async () => {
    const limiter = new RateLimiter({ name: 'test-lookup', limit: 3, windowMs: 60_000 });
    const app = appWith(createOnboardingLookupRoutes({ ...fakeDeps, limiter }));
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    try {
      const { port } = server.address() as AddressInfo;
      const post = (cvr: string) =>
        fetch(`http://127.0.0.1:${port}/api/onboarding/lookup`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ cvr }),
        });
      const statuses = [];
      for (const cvr of ['29876543', '1', '29876543', '1', '29876543'])
        statuses.push((await post(cvr)).status);
      expect(statuses).toEqual([200, 400, 200, 400, 200]);
      const refused = await post('29876543');
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(await refused.json()).toEqual({
        error: { code: 'rate_limited', message: MESSAGES.tooManyRequests },
      });
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
