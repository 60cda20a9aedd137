// `npm run rebuild` as an operator runs it: the real script in a child process on a real database.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Db, getPublishState, openDatabase } from '../db';
import {
  createSitePublisher,
  liveBuild,
  MAIN_SITE_FOLDER,
  renderCompanySite,
  sitesDirOf,
  writeSite,
} from '../generator';
import { loadSiteRenderer } from '../generator/astro-renderer';
import { loadConfig } from '../lib/config';
import { createLogger } from '../lib/logger';
import { runLocalRebuild } from '../scripts/rebuild/local-rebuild';
import { markAllWanted } from '../scripts/rebuild/mark-wanted';
import { seedDemoCompanies } from '../scripts/seed/seed-demo';
import type { RenderSite } from '../worker';
import {
  allPublished,
  createStore,
  killAll,
  type Store,
  seedOwner,
  spawnScript,
  startProduct,
  waitFor,
} from './faults/product';
import { privateRedis, redisSkipReason } from './queue/redis-support';
import { openMigratedDatabase } from './support/migrated-database';
import { runScript } from './support/processes';

let dir: string;

/** `npm run rebuild` as npm runs it (support/processes.ts runScript: scripts/run.mjs on the bundle). */
function rebuild(...args: string[]) {
  return runScript('scripts/rebuild.ts', { STORAGE_DIR: dir, LOG_LEVEL: 'silent' }, args);
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'rebuild-'));
  const db = await openMigratedDatabase(loadConfig({ STORAGE_DIR: dir }).database);
  await seedDemoCompanies(db);
  await db.destroy();
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Each test runs `npm run rebuild` as a process (two for some); on a loaded two-core machine one such
// run took more than the default 20 s.
describe('npm run rebuild', { timeout: 60_000 }, () => {
  it('re-renders every company with two writer threads and sums up', async () => {
    const result = await rebuild('--concurrency', '2');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(
      /^Rebuilt 3 of 3 companies, 8 pages, in [\d.]+ s \(2 writer threads\); 0 failed$/m,
    );
    expect(result.stderr).toContain('3/3 (100%)');
    for (const cvr of ['12345678', '87654321', '11223344']) {
      expect(existsSync(path.join(dir, 'sites', cvr, 'index.html'))).toBe(true);
    }
  });

  it('rebuilds one company and exits non-zero when one fails', async () => {
    const one = await rebuild('--cvr', '12345678');
    expect(one.stdout).toMatch(/^Rebuilt 1 of 1 companies, 3 pages/m);

    const failing = await rebuild('--cvr', '12345678', '--cvr', '99999999', '--concurrency', '1');
    expect(failing.code).toBe(1);
    expect(failing.stdout).toMatch(/^Rebuilt 1 of 2 companies.*; 1 failed$/m);
    expect(failing.stdout).toContain('failed 99999999: company not found');
  });

  it('writes the very bytes a publish writes', async () => {
    expect((await rebuild('--cvr', '87654321')).code).toBe(0);
    const config = loadConfig({ STORAGE_DIR: dir, LOG_LEVEL: 'silent' });
    const files = async () => {
      const build = await liveBuild(sitesDirOf(config), '87654321');
      if (!build) throw new Error('no live build');
      return Object.fromEntries(
        readdirSync(build).map((name) => [name, readFileSync(path.join(build, name))]),
      );
    };
    const rebuilt = await files();
    const db = openDatabase(config.database);
    try {
      await (await createSitePublisher({ db, config })).publish('87654321');
    } finally {
      await db.destroy();
    }
    const published = await files();
    expect(Object.keys(rebuilt)).toContain('index.html');
    expect(published).toEqual(rebuilt);
  });

  it('reports a company whose files cannot be written, and still rebuilds the others', async () => {
    // A file where the company's build folders go: the writer thread's mkdir fails.
    const builds = path.join(dir, 'sites', '.builds', '11223344');
    rmSync(builds, { recursive: true, force: true });
    writeFileSync(builds, 'not a folder');
    const sitesDir = path.join(dir, 'sites');
    const before = await liveBuild(sitesDir, '12345678');
    try {
      const result = await rebuild('--concurrency', '2');
      expect(result.code).toBe(1);
      expect(result.stdout).toMatch(/^Rebuilt 2 of 3 companies.*; 1 failed$/m);
      expect(result.stdout).toMatch(/^ {2}failed 11223344: .*(EEXIST|ENOTDIR)/m);
      // The others were written anew.
      const after = await liveBuild(sitesDir, '12345678');
      expect(after).not.toBe(before);
      expect(readFileSync(path.join(after ?? '', 'index.html'), 'utf8')).toContain('<html');
    } finally {
      rmSync(builds, { force: true });
    }
  });

  it('refuses a malformed CVR with one line', async () => {
    const result = await rebuild('--cvr', '123');
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe('--cvr 123 is not an 8-digit CVR number');
  });
});

// The rebuild is one more publisher beside a running product: it must never leave an older render
// live. The product (in this test process: the rebuild is the subject, not the product's process)
// saves through its own in-process queue while rebuilds run in another process.
describe('npm run rebuild beside a running product', () => {
  let store: Store | undefined;
  let stopProduct: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await killAll();
    await stopProduct?.();
    stopProduct = undefined;
    await store?.drop();
    store = undefined;
  });

  function rebuildOf(env: Record<string, string>, ...args: string[]) {
    return runScript('scripts/rebuild.ts', { LOG_LEVEL: 'silent', ...env }, args);
  }

  it('leaves the last save live when rebuilds overlap owner saves (in-process queue)', async () => {
    store = await createStore('sqlite');
    const owner = await seedOwner(store.db, '31000001');
    const others = ['31000002', '31000003', '31000004'];
    for (const cvr of others) await seedOwner(store.db, cvr);
    const product = await startProduct(store);
    stopProduct = product.stop;
    const cookie = await product.login(owner.email, owner.password);

    let lastSaved = '';
    for (let round = 0; round < 2; round++) {
      let finished = false;
      const rebuilding = rebuildOf(store.env, '--concurrency', '1').finally(() => {
        finished = true;
      });
      for (let save = 0; !finished || save < 3; save++) {
        const title = `Runde ${round} gemt ${save}`;
        const response = await product.savePage(cookie, owner.homepageId, { title });
        if (response.status === 200) lastSaved = title;
        await new Promise((resolve) => setTimeout(resolve, 30));
      }
      const result = await rebuilding;
      expect(result.stdout).toMatch(/^Rebuilt 4 of 4 companies/m);
    }

    expect(lastSaved).not.toBe('');
    const all = [owner.cvr, ...others];
    await waitFor('every company published', () => allPublished(store?.db as Db, all));
    expect(await product.served(owner.cvr)).toContain(lastSaved);
    for (const cvr of others) expect(await product.served(cvr)).toContain(`Velkommen til Firma ${cvr} ApS`);
  }, 120_000);

  it('renders again when the product publishes a save while the rebuild renders that company', async () => {
    // Deterministic form of the race above: the injected render reads the company, then waits until
    // the product has saved and published a newer version, and only then swaps its older files in.
    store = await createStore('sqlite');
    const db = store.db;
    const owner = await seedOwner(db, '33000001');
    const product = await startProduct(store);
    stopProduct = product.stop;
    const cookie = await product.login(owner.email, owner.password);
    const config = loadConfig({ ...store.env, LOG_LEVEL: 'silent' });
    const renderer = await loadSiteRenderer();
    const sites = sitesDirOf(config);
    let renders = 0;
    const render: RenderSite = async (cvr) => {
      const rendered = await renderCompanySite(db, config.publicHost, renderer, cvr);
      if (!rendered) return 'gone';
      renders += 1;
      if (renders === 1) {
        expect(
          (await product.savePage(cookie, owner.homepageId, { title: 'Gemt under genopbygning' })).status,
        ).toBe(200);
        await waitFor('the product to publish the save', async () => {
          const state = await getPublishState(db, cvr);
          return !!state && state.publishedVersion === state.wantedVersion;
        });
        expect(await product.served(cvr)).toContain('Gemt under genopbygning');
      }
      await writeSite(sites, cvr, rendered.files);
      return 'published';
    };
    await markAllWanted(db, [owner.cvr]);
    const results = await runLocalRebuild({
      db,
      logger: createLogger({ logLevel: 'silent' }),
      render,
      cvrs: [owner.cvr],
      concurrency: 1,
    });
    expect(results).toEqual([{ cvr: owner.cvr, ok: true, outcome: 'published' }]);
    // Without the second render the older files would be live while publish_state says published.
    expect(await product.served(owner.cvr)).toContain('Gemt under genopbygning');
    expect(await allPublished(db, [owner.cvr])).toBe(true);
    expect(renders).toBe(2);
  }, 60_000);

  it.skipIf(redisSkipReason !== '')(
    `hands the work to npm run worker through Redis and follows its progress${redisSkipReason}`,
    async () => {
      store = await createStore('sqlite');
      const cvrs = ['32000001', '32000002', '32000003'];
      for (const cvr of cvrs) await seedOwner(store.db, cvr);
      const redis = await privateRedis();
      await redis.start();
      try {
        const env = { ...store.env, REDIS_URL: redis.url };
        // No worker yet: --no-wait returns at once, the jobs wait in the queue.
        const queued = await rebuildOf(env, '--no-wait');
        expect(queued.code).toBe(0);
        expect(queued.stdout).toContain('Enqueued 3 companies on the publish queue');
        expect(await allPublished(store.db, cvrs)).toBe(false);

        const worker = spawnScript('scripts/worker.ts', env);
        const result = await rebuildOf(env);
        expect(result.code).toBe(0);
        expect(result.stdout).toMatch(
          /^Rebuilt 3 of 3 companies, in [\d.]+ s on the publish queue; 0 failed$/m,
        );
        expect(result.stderr).toContain('3/3 (100%)');
        expect(await allPublished(store.db, cvrs)).toBe(true);
        const sites = path.join(store.dir, 'sites');
        for (const cvr of cvrs) {
          const live = await liveBuild(sites, cvr);
          expect(readFileSync(path.join(live ?? '', 'index.html'), 'utf8')).toContain(`Firma ${cvr} ApS`);
        }
        expect(await liveBuild(sites, MAIN_SITE_FOLDER)).toBeTruthy();
        worker.signal('SIGTERM');
        await worker.exit;
      } finally {
        await redis.kill();
      }
    },
    60_000,
  );
});
