// GET /api/dashboard and GET /api/operator on both dialects: the owner's figures from the per-company
// page-view counters, and the operator view for OPERATOR_EMAILS only (404 for every other owner).
import { afterEach, beforeEach, expect, it } from 'vitest';
import {
  addSitePageViews,
  enqueue,
  findUserByEmail,
  incrementAnalyticsCount,
  insertImage,
  insertOrder,
  markEmailVerified,
  markPublishWanted,
  recordPublishFailure,
} from '../../db';
import { copenhagenDay } from '../../rules/ai-limit';
import { DAY_MS, TRIAL_MS } from '../../rules/trial';
import { shiftDay } from '../../rules/visitor-stats';
import { describeWithDialects } from '../support/databases';
import { type ApiHarness, createApiHarness, type Owner, START } from './api-harness';

describeWithDialects('/api/dashboard and /api/operator', (dialect) => {
  let h: ApiHarness;
  let owner: Owner;
  let cookie: string;

  beforeEach(async () => {
    h = await createApiHarness({ OPERATOR_EMAILS: 'Drift@Mesterside.dk' }, { dialect });
    owner = await h.createOwner('12345678', 'Hansens Tømrer ApS');
    await h.createOwner('87654321', 'Andersens VVS');
    cookie = await h.signIn(owner.email);
  });
  afterEach(async () => {
    await h.close();
  });

  const today = () => copenhagenDay(h.now());

  it("answers the owner's visitors, top pages, images, trial and addresses, and nobody else's", async () => {
    const day = today();
    await addSitePageViews(h.db, [
      { companyCvr: '12345678', day, path: '/', count: 5 },
      { companyCvr: '12345678', day, path: '/om-os', count: 2 },
      { companyCvr: '12345678', day: shiftDay(day, -8), path: '/', count: 4 },
      { companyCvr: '87654321', day, path: '/', count: 1000 },
    ]);
    // A second batch adds to the same rows.
    await addSitePageViews(h.db, [{ companyCvr: '12345678', day, path: '/', count: 1 }]);
    await insertImage(h.db, '12345678', {
      path: 'images/12345678/1-a.webp',
      url: '/media/images/12345678/1-a.webp',
      name: 'a.webp',
      uploaderEmail: owner.email,
      contentType: 'image/webp',
      width: 10,
      height: 10,
      bytes: 10,
      variants: [],
    });
    const response = await h.send('GET', '/api/dashboard', { cookie });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.visitors.days).toHaveLength(30);
    expect(body.visitors.days.at(-1)).toEqual({ day, views: 8 });
    expect(body.visitors).toMatchObject({ total: 12, thisWeek: 8, lastWeek: 4 });
    expect(body.visitors.topPages).toEqual([
      { path: '/', views: 10, name: 'Forside' },
      { path: '/om-os', views: 2, name: 'Om os' },
    ]);
    expect(body.images).toEqual({ used: 1, limit: 15 });
    expect(body.trial).toEqual({
      state: 'trial',
      daysLeft: 90,
      trialEndDate: new Date(START.getTime() + TRIAL_MS).toISOString(),
      closesAt: new Date(START.getTime() + TRIAL_MS + 14 * DAY_MS).toISOString(),
    });
    expect(body.addresses).toEqual([
      `http://${owner.company.subdomain}.localhost:3000/`,
      'http://localhost:3000/12345678/',
    ]);
    expect(body.operator).toBe(false);
    expect(JSON.stringify(body)).not.toContain('1000');
  });

  it('counts taps on the site\'s "Ring" button beside the page views, per company, without a cookie (issue 51)', async () => {
    const tap = (cvr: string) =>
      h.send('POST', '/api/analytics', {
        body: JSON.stringify({ type: 'call_tap', cvr }),
        headers: { 'Content-Type': 'text/plain;charset=UTF-8' },
        env: { incoming: { socket: { remoteAddress: '203.0.113.9' } } },
      });
    for (const cvr of ['12345678', '12345678', '87654321', '99999999']) {
      const response = await tap(cvr);
      expect(response.status).toBe(204);
      expect(response.headers.get('set-cookie')).toBeNull();
    }
    expect((await tap('1234')).status).toBe(400);
    const mine = await (await h.send('GET', '/api/dashboard', { cookie })).json();
    expect(mine.calls).toEqual({ total: 2 });
    const other = await (
      await h.send('GET', '/api/dashboard', { cookie: await h.signIn('ejer@87654321.dk') })
    ).json();
    expect(other.calls).toEqual({ total: 1 });
  });

  it('tells the owner when the latest changes could not be published, but not why (issue 23)', async () => {
    const answer = async () => (await (await h.send('GET', '/api/dashboard', { cookie })).json()).publishing;
    expect(await answer()).toEqual({ failing: false });
    await markPublishWanted(h.db, '12345678', h.now());
    // What the worker records when a render fails or runs past its time budget.
    await recordPublishFailure(
      h.db,
      '12345678',
      'rendering the site 12345678 took longer than 30 s',
      h.now(),
    );
    const response = await h.send('GET', '/api/dashboard', { cookie });
    const body = await response.json();
    expect(body.publishing).toEqual({ failing: true });
    expect(JSON.stringify(body)).not.toContain('took longer');
    // One company's failure is not another's.
    const other = await h.signIn('ejer@87654321.dk');
    const otherBody = await (await h.send('GET', '/api/dashboard', { cookie: other })).json();
    expect(otherBody.publishing).toEqual({ failing: false });
  });

  it('hides the operator view from an owner who is not an operator: 404, as for an unknown path', async () => {
    const response = await h.send('GET', '/api/operator', { cookie });
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain('Hansens');
    expect((await h.send('GET', '/api/operator')).status).toBe(401);
  });

  it('shows the operator sign-ups, the funnel, trials ending, orders and failed publishes', async () => {
    const operator = await h.createOwner('11223344', 'Drift ApS', 'drift@mesterside.dk', undefined, {
      confirmed: false,
    });
    // 80 days on, the trials of the first three companies end in 10 days (the ordered one is left out).
    h.advance(80 * DAY_MS);
    await h.createOwner('55667788', 'Ny Maler ApS');
    const day = today();
    for (const [status, times] of [
      ['found', 3],
      ['not_found', 2],
      ['taken', 1],
    ] as const) {
      for (let index = 0; index < times; index++)
        await incrementAnalyticsCount(h.db, day, 'cvr_lookup', status);
    }
    await incrementAnalyticsCount(h.db, shiftDay(day, -40), 'cvr_lookup', 'found');
    await h.db
      .updateTable('companies')
      .set({ planStatus: 'ordered' })
      .where('cvr', '=', '87654321')
      .execute();
    await insertOrder(
      h.db,
      '87654321',
      { plan: 'monthly', billingEmail: 'bogholderi@andersen.dk', ean: null, invoiceCvr: '87654321' },
      h.now(),
    );
    await markPublishWanted(h.db, '55667788', h.now());
    await recordPublishFailure(h.db, '55667788', 'render failed: template missing', h.now());
    // A welcome mail the mail server never took (issue 50): kept as failed, shown with its error.
    await enqueue(h.db, 'welcome-mail', { cvr: '55667788' }, { key: 'welcome-mail:55667788', now: h.now() });
    await h.db
      .updateTable('jobs')
      .set({ state: 'failed', attempts: 40, lastError: '550 mailbox unavailable' })
      .where('key', '=', 'welcome-mail:55667788')
      .execute();

    const operatorCookie = await h.signIn(operator.email);
    // Until the operator has verified the address, the view does not exist for them either.
    expect((await h.send('GET', '/api/operator', { cookie: operatorCookie })).status).toBe(404);
    await markEmailVerified(h.db, (await findUserByEmail(h.db, operator.email))?.id ?? '', h.now());
    const response = await h.send('GET', '/api/operator', { cookie: operatorCookie });
    expect(response.status).toBe(200);
    const body = await response.json();
    // Only the sign-up of the last 30 days; the first three were 80 days ago.
    expect(body.signups).toEqual([{ day: h.now().toISOString().slice(0, 10), count: 1 }]);
    expect(body.funnel).toEqual({ found: 3, notFound: 2, taken: 1, created: 1 });
    expect(body.trialsEnding.map((trial: { cvr: string }) => trial.cvr).sort()).toEqual([
      '11223344',
      '12345678',
    ]);
    expect(body.orders).toEqual([
      expect.objectContaining({
        cvr: '87654321',
        companyName: 'Andersens VVS',
        billingEmail: 'bogholderi@andersen.dk',
      }),
    ]);
    expect(body.failedPublishes).toEqual([
      expect.objectContaining({ companyCvr: '55667788', lastError: 'render failed: template missing' }),
    ]);

    expect(body.troubledJobs).toContainEqual(
      expect.objectContaining({
        kind: 'welcome-mail',
        state: 'failed',
        attempts: 40,
        lastError: '550 mailbox unavailable',
      }),
    );
    // Never what the job carries (addresses): only its kind, key and error.
    expect(JSON.stringify(body.troubledJobs)).not.toContain('payload');

    const dashboard = await h.send('GET', '/api/dashboard', { cookie: operatorCookie });
    expect((await dashboard.json()).operator).toBe(true);
  });
});
