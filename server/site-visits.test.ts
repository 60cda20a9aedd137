// The front server's part of issue 14 on both dialects, over real HTTP: page views of company sites
// are counted per company and page (people only; no cookie is set), written in batches; and a site
// whose trial ended without an order follows rules/trial.ts: online through the grace days, then
// the "ikke aktiv" page, and online again the moment the owner has ordered.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createApp } from '../api/app';
import { type Db, insertCompany, listSitePageViews } from '../db';
import { loadConfig } from '../lib/config';
import { createLogger } from '../lib/logger';
import { copenhagenDay } from '../rules/ai-limit';
import { DAY_MS, PLAN_STATUS_ORDERED } from '../rules/trial';
import { describeEachDialect } from '../tests/support/databases';
import { rawRequest, writeFakeSite } from '../tests/support/site-folders';
import { type RunningFrontServer, startFrontServer } from './front-server';
import { isCountableView, pagePathOf } from './site-visits';

const BROWSER =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';
const SITE = {
  'index.html': '<!doctype html><title>Forside</title><p>Velkommen</p>',
  'om-os.html': '<!doctype html><title>Om os</title><p>Om os</p>',
  '404.html': '<!doctype html><title>Ikke fundet</title>',
  'sitemap.xml': '<?xml version="1.0"?><urlset></urlset>',
};

describeEachDialect('front server: page views and the end of the trial', (use) => {
  let dir: string;
  let server: RunningFrontServer;
  let db: Db;

  /** A company whose trial started `startedDaysAgo` days ago, with a rendered site. */
  async function company(cvr: string, subdomain: string, startedDaysAgo: number) {
    const started = new Date(Date.now() - startedDaysAgo * DAY_MS);
    await insertCompany(db, { cvr, name: `Firma ${subdomain}`, subdomain }, started);
    writeFakeSite(path.join(dir, 'sites'), cvr, SITE);
  }

  beforeEach(async () => {
    db = use().db;
    dir = mkdtempSync(path.join(tmpdir(), 'mesterside-visits-'));
    await company('11111111', 'proeve', 10); // in the trial
    await company('22222222', 'naade', 90 + 13); // ended 13 days ago: grace
    await company('33333333', 'lukket', 90 + 15); // ended 15 days ago: inactive
    const config = loadConfig({
      PUBLIC_HOST: 'mesterside.dk',
      DNS_A_RECORD: '203.0.113.10',
      STORAGE_DIR: dir,
      PORT: '0',
    });
    const logger = createLogger({ logLevel: 'silent' });
    server = await startFrontServer({
      config,
      db,
      logger,
      apiApp: createApp({ db, config, logger }),
      marketingDir: path.join(dir, 'marketing'),
      host: '127.0.0.1',
      // Long: the counts must reach the database through close(), not the timer.
      visitFlushMs: 60_000,
    });
  });
  afterEach(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const get = (pathname: string, host: string, headers: Record<string, string> = { 'user-agent': BROWSER }) =>
    rawRequest(server.port, { path: pathname, host, headers });

  it('counts views per company and page, people only, and sets no cookie', async () => {
    const home = await get('/', 'proeve.mesterside.dk');
    expect(home.status).toBe(200);
    expect(home.headers['set-cookie']).toBeUndefined();
    await get('/', 'proeve.mesterside.dk');
    await get('/om-os', 'proeve.mesterside.dk');
    await get('/11111111/om-os', 'mesterside.dk');
    await get('/', 'naade.mesterside.dk');
    // Not counted: crawlers, prefetches, HEAD, clients without a user agent, files that are no page.
    await get('/', 'proeve.mesterside.dk', { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1)' });
    await get('/', 'proeve.mesterside.dk', { 'user-agent': BROWSER, 'sec-purpose': 'prefetch' });
    await get('/', 'proeve.mesterside.dk', {});
    await rawRequest(server.port, {
      path: '/',
      host: 'proeve.mesterside.dk',
      method: 'HEAD',
      headers: { 'user-agent': BROWSER },
    });
    await get('/sitemap.xml', 'proeve.mesterside.dk');
    await get('/findes-ikke', 'proeve.mesterside.dk');

    await server.close();
    const today = copenhagenDay(new Date());
    const counts = async (cvr: string) =>
      (await listSitePageViews(db, cvr, today, today)).map(({ path: page, count }) => ({ page, count }));
    expect(await counts('11111111')).toEqual([
      { page: '/', count: 2 },
      { page: '/om-os', count: 2 },
    ]);
    expect(await counts('22222222')).toEqual([{ page: '/', count: 1 }]);
  });

  it('keeps a site online in the trial and the 14 days after, then shows "ikke aktiv"', async () => {
    expect((await get('/', 'proeve.mesterside.dk')).status).toBe(200);
    const grace = await get('/om-os', 'naade.mesterside.dk');
    expect(grace.status).toBe(200);
    expect(grace.body.toString()).toContain('Om os');

    for (const [pathname, host] of [
      ['/', 'lukket.mesterside.dk'],
      ['/om-os', 'lukket.mesterside.dk'],
      ['/33333333/', 'mesterside.dk'],
    ] as const) {
      const closed = await get(pathname, host);
      expect(closed.status).toBe(503);
      const html = closed.body.toString();
      expect(html).toContain('<h1>Hjemmesiden er ikke aktiv</h1>');
      expect(html).not.toContain('Velkommen');
    }
    // A closed site's views are not the owner's visitors.
    await server.close();
    const today = copenhagenDay(new Date());
    expect(await listSitePageViews(db, '33333333', today, today)).toEqual([]);
  });

  it('serves an ordered site again, whatever the dates say', async () => {
    await db
      .updateTable('companies')
      .set({ planStatus: PLAN_STATUS_ORDERED })
      .where('cvr', '=', '33333333')
      .execute();
    // A new server: the state is cached for 10 s per company.
    await server.close();
    const config = loadConfig({
      PUBLIC_HOST: 'mesterside.dk',
      DNS_A_RECORD: '203.0.113.10',
      STORAGE_DIR: dir,
      PORT: '0',
    });
    const logger = createLogger({ logLevel: 'silent' });
    server = await startFrontServer({
      config,
      db,
      logger,
      apiApp: createApp({ db, config, logger }),
      host: '127.0.0.1',
    });
    const open = await get('/', 'lukket.mesterside.dk');
    expect(open.status).toBe(200);
    expect(open.body.toString()).toContain('Velkommen');
  });
});

it('maps site files to page paths', () => {
  expect(pagePathOf('index.html')).toBe('/');
  expect(pagePathOf('om-os.html')).toBe('/om-os');
  expect(pagePathOf('404.html')).toBeNull();
  expect(pagePathOf('404.path.html')).toBeNull();
  expect(pagePathOf('sitemap.xml')).toBeNull();
  const request = (headers: Record<string, string>, method = 'GET') =>
    ({ method, headers }) as unknown as Parameters<typeof isCountableView>[0];
  expect(isCountableView(request({ 'user-agent': BROWSER }))).toBe(true);
  expect(isCountableView(request({ 'user-agent': 'Chrome-Lighthouse' }))).toBe(false);
  expect(isCountableView(request({ 'user-agent': 'curl/8.5.0' }))).toBe(false);
  expect(isCountableView(request({ 'user-agent': BROWSER, purpose: 'prefetch' }))).toBe(false);
});
