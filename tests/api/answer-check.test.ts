// Answers leave through their route's response schema (api/answer-check.ts, wired into every route
// group by routeGroup()). The planted route below is the one issue #24 found: an owner route that
// answers the company row itself. It type-checks (the row is a structural superset of the company
// schema), so only the run-time check stands between its 29 columns and the browser: in tests it is a
// 500 that fails whatever test calls it, in production the unknown keys are stripped and logged.
import { createRoute, z } from '@hono/zod-openapi';
import { afterEach, describe, expect, it } from 'vitest';
import { strayKeys } from '../../api/answer-check';
import type { AppEnv, OwnerEnv } from '../../api/env';
import { requireOwner } from '../../api/middleware/require-owner';
import { sessionMiddleware } from '../../api/middleware/session';
import { answer, routeGroup } from '../../api/openapi';
import { toCompanyJson } from '../../api/responses';
import { companySchema } from '../../contracts/company';
import { type ApiHarness, createApiHarness, type HarnessOptions } from './api-harness';

const COMPANY_KEYS = Object.keys(companySchema.shape).sort();
/** Columns of the company row that no answer may show. */
const PRIVATE_COLUMNS = ['companyEmail', 'plan', 'status', 'websiteContent'];

let h: ApiHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const plantedRoute = (path: string) =>
  createRoute({ method: 'get', path, responses: { 200: answer(companySchema, 'The company') } });

/**
 * The harness's app with planted owner routes under /api/planted, mounted as app.ts mounts an owner
 * group (session, then requireOwner), and an owner signed in.
 */
async function plantedApp(options: HarnessOptions = {}) {
  h = await createApiHarness({}, options);
  const planted = routeGroup<OwnerEnv>();
  // The route of the issue: answers the database row. No cast, and tsc accepts it.
  planted.openapi(plantedRoute('/row'), (c) => c.json(c.var.company, 200));
  planted.openapi(plantedRoute('/mapped'), (c) => c.json(toCompanyJson(c.var.company), 200));
  planted.openapi(plantedRoute('/missing-field'), (c) => {
    const { name: _name, ...rest } = toCompanyJson(c.var.company);
    return c.json(rest as ReturnType<typeof toCompanyJson>, 200);
  });
  planted.openapi(
    createRoute({
      method: 'get',
      path: '/undeclared-status',
      responses: { 200: answer(z.object({ ok: z.boolean() }), 'OK') },
    }),
    (c) => c.json({ ok: true }, 202 as 200),
  );
  const api = routeGroup<AppEnv>();
  api.use(sessionMiddleware);
  api.use('/planted/*', requireOwner);
  api.route('/planted', planted as unknown as typeof api);
  h.app.route('/api', api);
  const owner = await h.createOwner('12345678', 'Tømrerfirmaet Eksempel ApS');
  const cookie = await h.signIn(owner.email);
  const harness = h;
  return { h: harness, get: (path: string) => harness.send('GET', `/api/planted${path}`, { cookie }) };
}

describe('a route answering a database row', () => {
  it('is refused in tests: a 500 that shows nothing, logged with the keys it tried to send', async () => {
    const { h, get } = await plantedApp();
    const response = await get('/row');
    const text = await response.text();
    expect(response.status, text).toBe(500);
    expect(JSON.parse(text)).toEqual({ error: { code: 'internal', message: expect.any(String) } });
    for (const column of PRIVATE_COLUMNS) expect(text).not.toContain(column);
    const logged = JSON.stringify(h.logs.filter((line) => line.level === 50));
    expect(logged).toContain('AnswerMismatchError');
    for (const column of PRIVATE_COLUMNS) expect(logged).toContain(column);
  });

  it("in production ('strip') is sent without the keys its schema does not name, and logged", async () => {
    const { h, get } = await plantedApp({ answerCheck: 'strip' });
    const response = await get('/row');
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(COMPANY_KEYS);
    const [logged] = h.logs.filter((line) => line.msg === 'answer keys outside its schema were not sent');
    expect(logged?.level).toBe(50);
    expect(logged?.keys).toEqual(expect.arrayContaining(PRIVATE_COLUMNS));
    expect(String(logged?.route)).toContain('GET /api/planted/row 200');
  });
});

describe.each(['refuse', 'strip'] as const)("answerCheck '%s'", (answerCheck) => {
  it('sends a mapped answer as it is', async () => {
    const { h, get } = await plantedApp({ answerCheck });
    const response = await get('/mapped');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/json');
    const body = (await response.json()) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(COMPANY_KEYS);
    expect(body.name).toBe('Tømrerfirmaet Eksempel ApS');
    expect(h.logs.filter((line) => (line.level as number) >= 50)).toEqual([]);
  });

  it('refuses an answer its schema refuses (a missing field)', async () => {
    const { h, get } = await plantedApp({ answerCheck });
    const response = await get('/missing-field');
    expect(response.status).toBe(500);
    expect(JSON.stringify(h.logs)).toContain('does not match its schema');
  });

  it('refuses a JSON answer whose status the route does not declare', async () => {
    const { h, get } = await plantedApp({ answerCheck });
    const response = await get('/undeclared-status');
    expect(response.status).toBe(500);
    expect(JSON.stringify(h.logs)).toContain('no schema declared for its status');
  });
});

describe('the real routes under the check', () => {
  it('keep their cookies and headers (login sets the session cookie through the check)', async () => {
    h = await createApiHarness();
    const owner = await h.createOwner('12345678', 'Tømrerfirmaet Eksempel ApS');
    const login = await h.send('POST', '/api/auth/login', {
      body: { email: owner.email, password: owner.password },
    });
    expect(login.status).toBe(200);
    expect(login.headers.get('set-cookie')).toContain('mesterside_session=');
    expect(login.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    const company = await h.send('GET', '/api/company', {
      cookie: (login.headers.get('set-cookie') ?? '').split(';')[0],
    });
    expect(company.status).toBe(200);
    expect(Object.keys((await company.json()) as object).sort()).toEqual(COMPANY_KEYS);
  });
});

describe('strayKeys', () => {
  it('names the keys the output left out, nested and in arrays', () => {
    const sent = { a: 1, secret: 2, list: [{ id: 'x', companyCvr: '1' }], inner: { ok: true, plan: {} } };
    const output = { a: 1, list: [{ id: 'x' }], inner: { ok: true } };
    expect(strayKeys(sent, output)).toEqual(['secret', 'list[0].companyCvr', 'inner.plan']);
    expect(strayKeys([1, 2], [1, 2])).toEqual([]);
    expect(strayKeys({ a: { b: 1 } }, { a: { b: 1 } })).toEqual([]);
  });
});
