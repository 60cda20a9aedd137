// Publishing on render threads (generator/render-pool.ts) with the real Astro bundle and SQLite:
// the same files as an in-process publish, 'gone' for a deleted company, precompressed copies
// (PRECOMPRESS, on by default), and a failed render that leaves the live site and the pool working.
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import type { Db } from '../db';
import {
  createSitePublisher,
  createThreadedPublisher,
  liveBuild,
  MAIN_SITE_FOLDER,
  sitesDirOf,
  writeSite,
} from '../generator';
import { type Config, loadConfig } from '../lib/config';
import { createLogger } from '../lib/logger';
import { createFixtureCompanies } from '../scripts/bench/fixtures';
import { seedDemoCompanies } from '../scripts/seed/seed-demo';
import { openMigratedDatabase } from './support/migrated-database';
import { BUNDLED_RENDER_THREAD } from './support/render-thread';

const cleanups: Array<() => Promise<void> | void> = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function store(env: Record<string, string> = {}): Promise<{ config: Config; db: Db }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'render-pool-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const config = loadConfig({ STORAGE_DIR: dir, LOG_LEVEL: 'silent', ...env });
  const db = await openMigratedDatabase(config.database);
  cleanups.push(() => db.destroy());
  await seedDemoCompanies(db);
  return { config, db };
}

async function liveFiles(config: Config, cvr: string): Promise<Record<string, string>> {
  const build = await liveBuild(sitesDirOf(config), cvr);
  if (!build) throw new Error(`no live build of ${cvr}`);
  return Object.fromEntries(
    readdirSync(build).map((name) => [name, readFileSync(path.join(build, name)).toString('base64')]),
  );
}

describe('render threads', () => {
  it('publish the same files as an in-process publish, and answer gone for a deleted company', async () => {
    const { config, db } = await store();
    const threaded = await createThreadedPublisher({
      config,
      threads: 2,
      threadEntry: BUNDLED_RENDER_THREAD,
    });
    cleanups.push(() => threaded.close());

    const outcomes = await Promise.all(['12345678', '87654321'].map((cvr) => threaded.publish(cvr)));
    expect(outcomes).toEqual(['published', 'published']);
    const fromThreads = await liveFiles(config, '12345678');
    expect(Object.keys(fromThreads)).toContain('index.html');
    // The copies are made at publish, on the render thread, as in-process (PRECOMPRESS's default).
    expect(Object.keys(fromThreads)).toEqual(expect.arrayContaining(['index.html.br', 'index.html.gz']));
    // The landing page is rendered after a publish (once per process while nothing changes).
    expect(existsSync(path.join(sitesDirOf(config), '_main', 'index.html'))).toBe(true);

    await (await createSitePublisher({ db, config })).publish('12345678');
    expect(await liveFiles(config, '12345678')).toEqual(fromThreads);

    await db.deleteFrom('companies').where('cvr', '=', '11223344').execute();
    expect(await threaded.publish('11223344')).toBe('gone');
  });

  it('share a whole site with the idle thread, writing byte for byte what one thread writes', async () => {
    const { config, db } = await store();
    const logs: Array<{ msg?: string; documents?: number }> = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n')) if (line) logs.push(JSON.parse(line));
        done();
      },
    });
    const logger = createLogger(loadConfig({ LOG_LEVEL: 'debug', STORAGE_DIR: config.storageDir }), sink);
    const threaded = await createThreadedPublisher({
      config,
      threads: 2,
      logger,
      threadEntry: BUNDLED_RENDER_THREAD,
    });
    cleanups.push(() => threaded.close());

    // One company at a time: its first render (every document) is split between the two threads.
    expect(await threaded.publish('12345678')).toBe('published');
    const shared = logs.filter((line) => line.msg === 'site render shared with another thread');
    expect(shared.length).toBe(1);
    expect(shared[0]?.documents).toBeGreaterThanOrEqual(2);
    const fromTwo = await liveFiles(config, '12345678');

    await (await createSitePublisher({ db, config })).publish('12345678');
    expect(await liveFiles(config, '12345678')).toEqual(fromTwo);
  });

  it('bring what goes with a site (its host routes) in line while it renders, before it goes live', async () => {
    // nginx and Caddy find a new company's subdomain through its host route: written after the swap,
    // its /<cvr> address answered while the subdomain still led to 404 for a moment.
    const { config } = await store();
    const threaded = await createThreadedPublisher({
      config,
      threads: 1,
      threadEntry: BUNDLED_RENDER_THREAD,
    });
    cleanups.push(() => threaded.close());
    const site = path.join(sitesDirOf(config), '12345678');
    let liveWhenStarted: boolean | undefined;
    const outcome = await threaded.publish('12345678', async () => {
      liveWhenStarted = existsSync(site);
    });
    expect(outcome).toBe('published');
    expect(liveWhenStarted).toBe(false);
    expect(existsSync(site)).toBe(true);
  });

  it('keep the landing page in step with company cards while page edits leave it alone (issue 26)', async () => {
    const { config, db } = await store();
    // Eight companies or more show cards; the three demo companies are the newest.
    await createFixtureCompanies(db, 8);
    const threaded = await createThreadedPublisher({
      config,
      threads: 2,
      threadEntry: BUNDLED_RENDER_THREAD,
    });
    cleanups.push(() => threaded.close());
    const sitesDir = sitesDirOf(config);
    const landing = async () =>
      readFileSync(path.join((await liveBuild(sitesDir, MAIN_SITE_FOLDER)) ?? '', 'index.html'), 'utf8');
    const rename = (name: string) =>
      db.updateTable('companies').set({ name }).where('cvr', '=', '12345678').execute();
    const editPage = (title: string) =>
      db.updateTable('pages').set({ title }).where('companyCvr', '=', '12345678').execute();

    const original = 'Hansens Tømrerfirma ApS';
    await rename(original);
    await threaded.publish('12345678');
    expect(await landing()).toContain(original);

    // A page edit does not change the card: the landing page stays the build it was.
    const before = await liveBuild(sitesDir, MAIN_SITE_FOLDER);
    await editPage('Tømrerarbejde i hele Sjælland');
    await threaded.publish('12345678');
    expect(await liveBuild(sitesDir, MAIN_SITE_FOLDER)).toBe(before);

    // The name is on the card, whichever of the two threads publishes; and back again.
    await rename('Omdøbt Tømrer ApS');
    await Promise.all([threaded.publish('12345678'), threaded.publish('87654321')]);
    expect(await landing()).toContain('Omdøbt Tømrer ApS');
    await rename(original);
    await threaded.publish('12345678');
    expect(await landing()).toContain(original);
    expect(await landing()).not.toContain('Omdøbt Tømrer ApS');

    // Another process wrote the landing page meanwhile: the next publish, a page edit, refreshes it.
    await writeSite(sitesDir, MAIN_SITE_FOLDER, [
      { name: 'index.html', body: Buffer.from('<p>anden proces</p>') },
    ]);
    await editPage('Tømrer i Roskilde');
    await threaded.publish('12345678');
    expect(await landing()).toContain(original);
  });

  it('write precompressed copies by default', async () => {
    const { config } = await store();
    const threaded = await createThreadedPublisher({
      config,
      threads: 1,
      threadEntry: BUNDLED_RENDER_THREAD,
    });
    cleanups.push(() => threaded.close());
    await threaded.publish('12345678');
    expect(Object.keys(await liveFiles(config, '12345678'))).toEqual(
      expect.arrayContaining(['index.html', 'index.html.br', 'index.html.gz']),
    );
  });

  it('reject a failed render, keep the live site, and go on publishing', async () => {
    const { config } = await store();
    const threaded = await createThreadedPublisher({
      config,
      threads: 1,
      threadEntry: BUNDLED_RENDER_THREAD,
    });
    cleanups.push(() => threaded.close());
    await threaded.publish('87654321');
    const before = await liveBuild(sitesDirOf(config), '87654321');

    // A file where a company's build folders go: writing its site fails.
    const builds = path.join(sitesDirOf(config), '.builds', '12345678');
    mkdirSync(path.dirname(builds), { recursive: true });
    writeFileSync(builds, 'not a folder');
    await expect(threaded.publish('12345678')).rejects.toThrow(/EEXIST|ENOTDIR/);

    expect(await threaded.publish('87654321')).toBe('published');
    expect(await liveBuild(sitesDirOf(config), '87654321')).not.toBe(before);
    rmSync(builds);
    expect(await threaded.publish('12345678')).toBe('published');
  });

  it('fail the job of a thread that dies, and replace the thread', async () => {
    const { config } = await store();
    const threaded = await createThreadedPublisher({
      config,
      threads: 1,
      threadEntry: path.join(import.meta.dirname, 'support', 'crashing-render-thread.mjs'),
    });
    cleanups.push(() => threaded.close());
    await expect(threaded.publish('66666666')).rejects.toThrow(/render thread exited with code 1/);
    // The one thread died; a new one takes the next job.
    expect(await threaded.publish('12345678')).toBe('published');
  });

  it('stop a render past its time budget, keep the live site, and go on publishing (issue 23)', async () => {
    const { config } = await store();
    const threaded = await createThreadedPublisher({
      config,
      threads: 1,
      renderTimeoutMs: 2000,
      threadEntry: path.join(import.meta.dirname, 'support', 'slow-render-thread.mjs'),
    });
    cleanups.push(() => threaded.close());
    await threaded.publish('12345678');
    const before = await liveBuild(sitesDirOf(config), '12345678');

    // 66666666 renders for ever on the pool's only thread: without a budget every other company
    // would wait behind it.
    const stuck = threaded.publish('66666666');
    const waiting = threaded.publish('12345678');
    await expect(stuck).rejects.toThrow(/took longer than 2 s/);
    expect(await waiting).toBe('published');
    expect(await liveBuild(sitesDirOf(config), '12345678')).not.toBe(before);
  }, 60_000);
});
