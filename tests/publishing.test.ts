// The publishing pipeline end to end on real parts: SQLite, the built Astro bundle, the generator
// writing real folders, the in-process queue, and the front server over HTTP.
import { readdirSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  type Db,
  getPublishState,
  insertCompany,
  insertPage,
  listPages,
  openDatabase,
  setCustomDomainState,
  updateCompany,
  updatePage,
} from '../db';
import { createSitePublisher, liveBuild, sitesDirOf } from '../generator';
import { loadSiteRenderer, type SiteRenderer } from '../generator/astro-renderer';
import { createLogger } from '../lib/logger';
import { createPublishQueue } from '../worker';
import { launchChromium } from './support/browser';
import { spawnScript } from './support/processes';
import { type FrontStack, startTestStack } from './support/stack';
import { watchedRenderer } from './support/watched-renderer';

let renderer: SiteRenderer;

let harness: FrontStack;

async function seedCompany(db: Db, cvr = '12345678', customDomain: string | null = null) {
  await insertCompany(db, {
    cvr,
    name: 'Testtømrer ApS',
    city: 'Køge',
    zipcode: '4600',
    customDomain,
    subdomain: `test${cvr}`,
  });
  // A seeded custom domain stands for one whose TXT record was found (issue 13).
  if (customDomain) {
    await setCustomDomainState(db, cvr, customDomain, {
      verifiedAt: new Date().toISOString(),
      missingSince: null,
    });
  }
  await insertPage(db, cvr, {
    pageName: 'Forside',
    type: 'homepage',
    layout: 'hero',
    title: 'Velkommen hos Testtømrer',
  });
  await insertPage(db, cvr, {
    pageName: 'Om os',
    layout: 'text',
    title: 'Om Testtømrer',
    content: 'Vi bygger.',
  });
}

/** GET over node:http, because fetch silently drops a Host header. */
function get(
  pathname: string,
  host?: string,
): Promise<{ status: number; body: string; location: string | null }> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port: harness.server.port, path: pathname, headers: host ? { host } : {} },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          body += chunk;
        });
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body, location: res.headers.location ?? null }),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}

beforeEach(async () => {
  renderer ??= await loadSiteRenderer();
  harness = await startTestStack({
    serve: 'front',
    env: { PUBLIC_HOST: 'mesterside.test', DNS_A_RECORD: '203.0.113.10' },
  });
});

afterEach(async () => {
  await harness.close();
});

describe('publishing a company site', () => {
  it('is reachable by path, by subdomain and by custom domain once published', async () => {
    await seedCompany(harness.db, '12345678', 'www.testtoemrer.dk');
    await (await createSitePublisher({ db: harness.db, config: harness.config, renderer })).publish(
      '12345678',
    );

    const byPath = await get('/12345678/');
    expect(byPath.status).toBe(200);
    expect(byPath.body).toContain('Velkommen hos Testtømrer');
    expect((await get('/12345678/om-os')).body).toContain('Om Testtømrer');
    expect((await get('/12345678', undefined)).location).toBe('/12345678/');

    const bySubdomain = await get('/om-os', 'test12345678.mesterside.test');
    expect(bySubdomain.status).toBe(200);
    expect(bySubdomain.body).toContain('Om Testtømrer');

    const byDomain = await get('/', 'www.testtoemrer.dk');
    expect(byDomain.status).toBe(200);
    expect(byDomain.body).toContain('<link rel="canonical" href="https://www.testtoemrer.dk/"');
    expect((await get('/sitemap.xml', 'www.testtoemrer.dk')).body).toContain(
      '<loc>https://www.testtoemrer.dk/om-os</loc>',
    );
    expect((await get('/robots.txt', 'www.testtoemrer.dk')).body).toContain(
      'Sitemap: https://www.testtoemrer.dk/sitemap.xml',
    );
  });

  it("answers a missing page with the company's own 404 page there, links leading to its home (issue 49)", async () => {
    await seedCompany(harness.db, '12345678', 'www.testtoemrer.dk');
    await (await createSitePublisher({ db: harness.db, config: harness.config, renderer })).publish(
      '12345678',
    );
    for (const [path, host, home] of [
      ['/12345678/findes-ikke', undefined, '/12345678/'],
      ['/12345678/a/b/c', undefined, '/12345678/'],
      ['/12345678/404', undefined, '/12345678/'],
      ['/findes-ikke', 'test12345678.mesterside.test', '/'],
      ['/a/b/c', 'test12345678.mesterside.test', '/'],
      ['/404', 'test12345678.mesterside.test', '/'],
      ['/x/y', 'www.testtoemrer.dk', '/'],
    ] as const) {
      const notFound = await get(path, host);
      const where = `${host ?? 'main'}${path}`;
      expect(notFound.status, where).toBe(404);
      expect(notFound.location, where).toBeNull();
      expect(notFound.body, where).toContain('404 fejl');
      expect(notFound.body).toContain('Siden blev ikke fundet');
      // The company's header and menu, every link of the site from its root: any depth works.
      expect(notFound.body).toContain('<span class="brand-name">Testtømrer ApS</span>');
      expect(notFound.body).toContain(`<a class="button" href="${home}">Gå til forsiden</a>`);
      expect(notFound.body).toContain(`<a class="brand" href="${home}"`);
      expect(notFound.body).toContain(`href="${home}om-os"`);
      expect(notFound.body).toContain(`href="${home}kontakt"`);
    }
    // No such company under the main host: the product's own 404 page, there.
    const unknown = await get('/99999999/');
    expect(unknown.status).toBe(404);
    expect(unknown.location).toBeNull();
  });

  it('writes byte-identical files for the same data, with brotli and gzip copies', async () => {
    await seedCompany(harness.db);
    const publisher = await createSitePublisher({ db: harness.db, config: harness.config, renderer });
    const sitesDir = sitesDirOf(harness.config);
    const snapshot = async () => {
      await publisher.publish('12345678');
      const dir = await liveBuild(sitesDir, '12345678');
      if (!dir) throw new Error('no live build');
      return Object.fromEntries(
        readdirSync(dir).map((name) => [name, readFileSync(path.join(dir, name)).toString('base64')]),
      );
    };
    const first = await snapshot();
    const second = await snapshot();
    // Each file, and of every page its brotli and gzip copies (made at publish: a miss of the front
    // server reads only the copy a client takes). privatliv and tak: every site's privacy page and
    // the quote form's thank-you page (issue 25); kontakt: the contact page of a site whose owner has
    // none (issue 39).
    // 404.path.html: the 404 page with links from /<cvr>/ (issue 49).
    const pages = [
      '404.html',
      '404.path.html',
      'index.html',
      'kontakt.html',
      'om-os.html',
      'privatliv.html',
      'tak.html',
    ];
    const names = Object.keys(first);
    expect(names.filter((name) => !/\.(?:br|gz)$/.test(name)).sort()).toEqual(
      [...pages, 'robots.txt', 'sitemap.xml'].sort(),
    );
    expect(names).toEqual(expect.arrayContaining(pages.flatMap((name) => [`${name}.br`, `${name}.gz`])));
    expect(second).toEqual(first);
    // Only the live build is kept, with the input keys of its documents beside it (write-site.ts).
    const live = path.basename((await liveBuild(sitesDir, '12345678')) ?? '');
    expect(readdirSync(path.join(sitesDir, '.builds', '12345678')).sort()).toEqual([
      live,
      `${live}.keys.json`,
    ]);
  });

  it('keeps the last good site online when a render fails', async () => {
    await seedCompany(harness.db);
    await (await createSitePublisher({ db: harness.db, config: harness.config, renderer })).publish(
      '12345678',
    );
    const before = await liveBuild(sitesDirOf(harness.config), '12345678');

    const about = (await listPages(harness.db, '12345678')).find((page) => page.slug === 'om-os');
    await updatePage(harness.db, '12345678', about?.id ?? '', { title: 'Ny titel der aldrig kommer ud' });
    const failing = watchedRenderer(renderer, (locals) => {
      if (locals.page?.slug === 'om-os') throw new Error('template exploded');
    });
    const publisher = await createSitePublisher({
      db: harness.db,
      config: harness.config,
      renderer: failing,
    });
    await expect(publisher.publish('12345678')).rejects.toThrow('template exploded');

    expect(await liveBuild(sitesDirOf(harness.config), '12345678')).toBe(before);
    expect((await get('/12345678/om-os')).body).toContain('Om Testtømrer');
    const kept = path.basename(before ?? '');
    expect(readdirSync(path.join(sitesDirOf(harness.config), '.builds', '12345678')).sort()).toEqual([
      kept,
      `${kept}.keys.json`,
    ]);
  });

  it('serves an edit saved through the repositories once requestPublish has run', async () => {
    await seedCompany(harness.db);
    const publisher = await createSitePublisher({ db: harness.db, config: harness.config, renderer });
    const queue = createPublishQueue({
      db: harness.db,
      logger: createLogger(harness.config),
      redisUrl: null,
      render: (cvr) => publisher.publish(cvr),
    });
    try {
      await queue.requestPublish('12345678');
      await queue.idle();
      await updateCompany(harness.db, '12345678', { phone: '98 76 54 32', theme: 'teal' });
      await queue.requestPublish('12345678');
      await queue.idle();
      // The swap is seen through inotify (or the cache's recheck); latency itself is the bench's business.
      await expect
        // A phone number is kept on one line: its spaces are non-breaking on the site.
        .poll(async () => (await get('/12345678/')).body.replaceAll('\u00a0', ' '), {
          timeout: 5000,
          interval: 20,
        })
        .toContain('98 76 54 32');
      expect((await get('/12345678/')).body).toContain('--primary:#0d9488');
    } finally {
      await queue.close();
    }
  });

  it('leaves the old site served when the worker dies mid-render, and publishes on restart', async () => {
    await seedCompany(harness.db);
    await (await createSitePublisher({ db: harness.db, config: harness.config, renderer })).publish(
      '12345678',
    );
    // By type, not position: pages made in the same millisecond have no fixed order among themselves.
    const home = (await listPages(harness.db, '12345678')).find((page) => page.type === 'homepage');
    await updatePage(harness.db, '12345678', home?.id ?? '', { title: 'Efter genstart' });
    await harness.db.destroy();

    // A worker process that records the request, starts rendering, and is killed half-way.
    const run = spawnScript('tests/support/die-mid-render.ts', {
      STORAGE_DIR: harness.storageDir,
      LOG_LEVEL: 'silent',
    });
    const code = await run.exit;
    const exit = run.child.signalCode ?? String(code);
    const stderr = run.stderr();
    // tsx runs node as its own child and reports that child's SIGKILL as exit code 137.
    expect(['SIGKILL', '137'], stderr).toContain(exit);

    harness.db = openDatabase(harness.config.database);
    expect((await get('/12345678/')).body).toContain('Velkommen hos Testtømrer');

    const publisher = await createSitePublisher({ db: harness.db, config: harness.config, renderer });
    const queue = createPublishQueue({
      db: harness.db,
      logger: createLogger(harness.config),
      redisUrl: null,
      render: (cvr) => publisher.publish(cvr),
    });
    try {
      expect(await queue.recover()).toBe(1);
      await queue.idle();
      const state = await getPublishState(harness.db, '12345678');
      expect(state?.publishedVersion, JSON.stringify(state)).toBe(state?.wantedVersion);
      await expect
        .poll(async () => (await get('/12345678/')).body, { timeout: 5000, interval: 20 })
        .toContain('Efter genstart');
    } finally {
      await queue.close();
    }
  });

  it('opens a company site on <subdomain>.localhost in Chromium', async () => {
    const stack = await startTestStack({ serve: 'front', env: { PUBLIC_HOST: 'localhost' } });
    const { db, config, server } = stack;
    await seedCompany(db);
    await (await createSitePublisher({ db, config, renderer })).publish('12345678');
    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      await page.goto(`http://test12345678.localhost:${server.port}/?newsite=true`);
      expect(await page.title()).toContain('Testtømrer ApS');
      await expect.poll(() => page.locator('#welcome').isVisible()).toBe(true);
      await page.getByRole('button', { name: 'Se hjemmesiden' }).click();
      expect(page.url()).toBe(`http://test12345678.localhost:${server.port}/`);
      await page.goto(`http://test12345678.localhost:${server.port}/om-os?newsite=true`);
      expect(await page.locator('#welcome').isVisible()).toBe(false);
      await page.getByRole('link', { name: 'Forside' }).first().click();
      await page.waitForURL(`http://test12345678.localhost:${server.port}/`);
    } finally {
      await browser.close();
      await stack.close();
    }
  });
});
