// The landing page's company section (the spec's Overview, Limits) rendered with the real templates from a real
// database: 3, 4, 8 and 10 companies; the cards' links, initials and subtitle fallbacks; and the
// page published into storage/sites/_main whenever a company is. The card rules themselves are
// tested in rules/landing.test.ts.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Db, insertCompany, migrateToLatest, openDatabase, updateCompany } from '../db';
import { loadConfig } from '../lib/config';
import { loadSiteRenderer } from './astro-renderer';
import { createSitePublisher, sitesDirOf } from './index';
import { createLandingPublisher, landingAfterPublish, loadLandingModel } from './landing';
import { MAIN_SITE_FOLDER } from './landing-model';
import { writeSite } from './write-site';

let renderer: Awaited<ReturnType<typeof loadSiteRenderer>>;
let dir: string;
let db: Db;

beforeAll(async () => {
  renderer = await loadSiteRenderer();
});

afterEach(async () => {
  await db?.destroy();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function withCompanies(count: number) {
  dir = mkdtempSync(path.join(tmpdir(), 'landing-'));
  const config = loadConfig({
    STORAGE_DIR: dir,
    LOG_LEVEL: 'silent',
    PUBLIC_HOST: 'mesterside.test',
    DNS_A_RECORD: '203.0.113.10',
  });
  db = openDatabase(config.database);
  await migrateToLatest(db);
  const base = Date.UTC(2026, 0, 1);
  for (let index = 0; index < count; index++) {
    await insertCompany(
      db,
      {
        cvr: String(30_000_000 + index),
        name: `${index % 2 ? 'Østjysk' : 'Hansen'} Byg ${index}`,
        address: 'Vej 1',
        zipcode: '8000',
        city: 'Aarhus C',
        subdomain: `firma${index}`,
      },
      new Date(base + index * 60_000),
    );
  }
  return config;
}

function section(html: string): string[] {
  return [...html.matchAll(/<section[^>]*aria-labelledby="([^"]+)"/g)].map((match) => match[1] as string);
}

describe('landing page', () => {
  it('with 3 companies: the usual order and no company cards', async () => {
    const config = await withCompanies(3);
    const html = await renderer.renderLanding(await loadLandingModel(db, config.publicHost));
    expect(section(html)).toEqual(['fordele', 'brancher', 'eksempler', 'historien', 'pris', 'faq']);
    expect(html).not.toContain('De bruger allerede Mesterside');
    expect(html).toContain('<title>Hjemmeside til håndværkere på 5 minutter | Mesterside</title>');
  });

  it('with 4 companies: the proof moves up under the hero, still no cards', async () => {
    const config = await withCompanies(4);
    const html = await renderer.renderLanding(await loadLandingModel(db, config.publicHost));
    expect(section(html)).toEqual(['eksempler', 'fordele', 'brancher', 'historien', 'pris', 'faq']);
    expect(html).toContain('4 håndværkere har allerede');
    expect(html).not.toContain('lp-company"');
  });

  it('with 8 companies: six cards, newest first, linking to the subdomains', async () => {
    const config = await withCompanies(8);
    const html = await renderer.renderLanding(await loadLandingModel(db, config.publicHost));
    expect(section(html)).toEqual([
      'eksempler',
      'virksomheder',
      'fordele',
      'brancher',
      'historien',
      'pris',
      'faq',
    ]);
    const links = [...html.matchAll(/<a class="mk-card lp-company" href="([^"]+)"/g)].map((m) => m[1]);
    expect(links).toEqual([7, 6, 5, 4, 3, 2].map((n) => `https://firma${n}.mesterside.test/`));
    expect(html).toContain('Østjysk Byg 7');
    expect(html).toMatch(/lp-company-initial" aria-hidden="true">Ø</);
  });

  it('with 10 companies: still at most six cards', async () => {
    const config = await withCompanies(10);
    const model = await loadLandingModel(db, config.publicHost);
    expect(model.companyCount).toBe(10);
    expect(model.cards.map((card) => card.name)).toEqual(
      [9, 8, 7, 6, 5, 4].map((n) => `${n % 2 ? 'Østjysk' : 'Hansen'} Byg ${n}`),
    );
    const html = await renderer.renderLanding(model);
    expect(html.match(/class="mk-card lp-company"/g)).toHaveLength(6);
    // The marketing budget (issue #7): 50 KB of HTML and CSS, 5 KB of JavaScript, cards included.
    expect(Buffer.byteLength(html)).toBeLessThanOrEqual(50 * 1024);
    const scripts = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)];
    expect(
      scripts.reduce((sum, match) => sum + Buffer.byteLength(match[1] as string), 0),
    ).toBeLessThanOrEqual(5 * 1024);
    expect(html).not.toMatch(/<script[^>]+src=/);
  });

  it('reads the company section from the database once per refresh', async () => {
    const config = await withCompanies(8);
    let queries = 0;
    const counted = db.withPlugin({
      transformQuery: (args) => {
        queries++;
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    const landing = createLandingPublisher({ db: counted, config, sitesDir: sitesDirOf(config), renderer });
    await landing.refresh();
    // The company counter and the newest companies: one read each, none repeated after the render.
    expect(queries).toBe(2);
    expect(readFileSync(path.join(sitesDirOf(config), '_main', 'index.html'), 'utf8')).toContain(
      '8 håndværkere',
    );
  });

  it('is written to storage/sites/_main when a company is published, and escapes company text', async () => {
    const config = await withCompanies(8);
    const publisher = await createSitePublisher({ db, config, renderer });
    await updateCompany(db, '30000007', { name: '<script>alert(1)</script> Tag & Mur' });
    await publisher.publish('30000007');
    const html = readFileSync(path.join(sitesDirOf(config), '_main', 'index.html'), 'utf8');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; Tag &amp; Mur');
    expect(html).not.toContain('<script>alert(1)');
  });

  it('never leaves an older company section on the page when two processes render at once', async () => {
    const config = await withCompanies(8);
    const sitesDir = sitesDirOf(config);
    const landingFile = () => readFileSync(path.join(sitesDir, '_main', 'index.html'), 'utf8');
    // Process A starts rendering with 8 companies and is slow about it.
    let started = () => {};
    const slowStarted = new Promise<void>((resolve) => {
      started = resolve;
    });
    let releaseSlow = () => {};
    const release = new Promise<void>((resolve) => {
      releaseSlow = resolve;
    });
    const slow = createLandingPublisher({
      db,
      config,
      sitesDir,
      renderer: {
        async renderLanding(model) {
          if (model.companyCount === 8) {
            started();
            await release;
          }
          return renderer.renderLanding(model);
        },
      },
    });
    const slowRefresh = slow.refresh();
    await slowStarted;
    // Meanwhile a ninth company signs up and process B publishes the landing page with it.
    await insertCompany(
      db,
      {
        cvr: '39999999',
        name: 'Nyeste Tømrer',
        address: 'Vej 2',
        zipcode: '8000',
        city: 'Aarhus C',
        subdomain: 'nyeste',
      },
      new Date(Date.UTC(2026, 5, 1)),
    );
    await createLandingPublisher({ db, config, sitesDir, renderer }).refresh();
    expect(landingFile()).toContain('Nyeste Tømrer');
    // A finishes last: it must not put the 8-company page back.
    releaseSlow();
    await slowRefresh;
    expect(landingFile()).toContain('Nyeste Tømrer');
    expect(landingFile()).toContain('9 håndværkere');
  });

  it('breaks a tie on sign-up time by CVR, highest first', async () => {
    const config = await withCompanies(0);
    const same = new Date(Date.UTC(2026, 1, 1));
    for (const cvr of ['11111111', '44444444', '22222222', '33333333', '55555555', '66666666', '77777777']) {
      await insertCompany(
        db,
        {
          cvr,
          name: `Firma ${cvr}`,
          address: 'Vej 1',
          zipcode: '8000',
          city: 'Aarhus C',
          subdomain: `f${cvr}`,
        },
        same,
      );
    }
    // The oldest company, so that the eight make the cards show.
    await insertCompany(
      db,
      {
        cvr: '88888888',
        name: 'Firma 88888888',
        address: 'Vej 1',
        zipcode: '8000',
        city: 'Aarhus C',
        subdomain: 'f8',
      },
      new Date(Date.UTC(2025, 0, 1)),
    );
    const model = await loadLandingModel(db, config.publicHost);
    expect(model.cards.map((card) => card.name)).toEqual(
      ['77777777', '66666666', '55555555', '44444444', '33333333', '22222222'].map((cvr) => `Firma ${cvr}`),
    );
  });
});

describe('a publish leaves the landing page alone (landingAfterPublish)', () => {
  it('only after this process refreshed it for the same record, with that page still live', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'landing-watch-'));
    const sitesDir = path.join(dir, 'sites');
    const page = (text: string) => [{ name: 'index.html', body: Buffer.from(text) }];
    await writeSite(sitesDir, MAIN_SITE_FOLDER, page('<p>1</p>'));
    let refreshes = 0;
    let failing = false;
    const landing = {
      refresh: async () => {
        refreshes += 1;
        if (failing) throw new Error('the landing render failed');
      },
    };
    const afterPublish = landingAfterPublish(landing, sitesDir, undefined);
    const refreshed = async (cvr: string, key: string | undefined) => {
      const before = refreshes;
      await afterPublish(cvr, key);
      return refreshes > before;
    };
    // Never refreshed here: refresh; then the same company with the same record: leave it.
    expect(await refreshed('12345678', 'a')).toBe(true);
    expect(await refreshed('12345678', 'a')).toBe(false);
    // Another record of the company, or another company: refresh.
    expect(await refreshed('12345678', 'b')).toBe(true);
    expect(await refreshed('87654321', 'a')).toBe(true);
    expect(await refreshed('12345678', 'b')).toBe(false);
    // The landing page was written by someone else since: refresh.
    await writeSite(sitesDir, MAIN_SITE_FOLDER, page('<p>2</p>'));
    expect(await refreshed('12345678', 'b')).toBe(true);
    // A company that is gone has no record to compare: always refresh.
    expect(await refreshed('12345678', undefined)).toBe(true);
    // A failed refresh fails no publish and is not remembered: the next publish tries again.
    failing = true;
    await expect(afterPublish('55555555', 'c')).resolves.toBeUndefined();
    failing = false;
    expect(await refreshed('55555555', 'c')).toBe(true);
  });
});
