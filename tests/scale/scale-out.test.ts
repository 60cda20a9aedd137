// Scale-out as docs/deploy.md describes it: two web processes (PROCESS_ROLE=web) and two publish
// workers (PROCESS_ROLE=worker) on one PostgreSQL database, one Redis and one shared storage folder.
// A sign-up on one web process and a save on the other are each published by a worker and served by
// both web processes. A private Redis and a database of its own, so no other test takes the jobs.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { getTestEnvironment } from '../../lib/config';
import { privateRedis } from '../queue/redis-support';
import { postgresSkipReason } from '../support/databases';
import { type ProductRun, spawnProduct, stopAll, waitFor } from '../support/processes';

// Several processes start on a loaded two-core machine: generous.
const PROCESS_WAIT_MS = 90_000;

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  // The products first, while the Redis and database they use are still there.
  await stopAll();
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function scratchDatabase(): Promise<string> {
  const url = getTestEnvironment().databaseUrl;
  const name = `scale_out_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  cleanups.push(async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
  });
  const scratch = new URL(url);
  scratch.pathname = `/${name}`;
  return scratch.toString();
}

async function pageText(origin: string, pathname: string): Promise<string | null> {
  const response = await fetch(`${origin}${pathname}`, { redirect: 'manual' });
  return response.status === 200 ? response.text() : null;
}

describe.skipIf(postgresSkipReason !== '')(`scale-out${postgresSkipReason}`, () => {
  it('publishes a save on either web process by a worker, served by both', async () => {
    const storage = mkdtempSync(path.join(tmpdir(), 'scale-out-'));
    cleanups.push(() => rmSync(storage, { recursive: true, force: true }));
    const redis = await privateRedis();
    cleanups.push(() => redis.kill());
    await redis.start();
    const env = {
      STORAGE_DIR: storage,
      DATABASE_URL: await scratchDatabase(),
      REDIS_URL: redis.url,
      WEB_PROCESSES: '1',
    };
    const all: ProductRun[] = [];
    const start = async (role: 'web' | 'worker') => {
      const run = spawnProduct({ ...env, PROCESS_ROLE: role, LOG_LEVEL: 'info' });
      all.push(run);
      // Started one after another: the first migrates, the others find the schema in place.
      await waitFor(
        `the ${role} process`,
        () => (role === 'web' ? run.origin() !== '' : run.output().includes('publish worker started')),
        PROCESS_WAIT_MS,
        100,
        all,
      );
      return run;
    };
    const webA = await start('web');
    const webB = await start('web');
    const workers = [await start('worker'), await start('worker')];
    const [a, b] = [webA.origin(), webB.origin()];

    // A sign-up on web A: a worker publishes it, and both web processes serve it.
    const password = 'Tagrende-kode-42';
    const created = await fetch(`${a}/api/onboarding/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: a },
      body: JSON.stringify({
        cvr: '99000101',
        email: 'ejer@eksempel.dk',
        password,
        passwordRepeat: password,
        acceptPrivacy: true,
      }),
    });
    expect(created.status).toBe(201);
    for (const origin of [a, b]) {
      await waitFor(
        `${origin} to serve the new site`,
        async () => (await pageText(origin, '/99000101/')) !== null,
        PROCESS_WAIT_MS,
        100,
        all,
      );
    }

    // The owner saves on web B: the new text is live on both.
    const login = await fetch(`${b}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: b },
      body: JSON.stringify({ email: 'ejer@eksempel.dk', password }),
    });
    expect(login.status).toBe(200);
    const cookie = /mesterside_session=[^;]+/.exec(login.headers.get('set-cookie') ?? '')?.[0] ?? '';
    const pages = (await (await fetch(`${b}/api/pages`, { headers: { cookie } })).json()) as Array<{
      id: string;
      type: string;
    }>;
    const homepage = pages.find((page) => page.type === 'homepage');
    const text = 'Nyt tag på tre dage, gemt på web B.';
    const saved = await fetch(`${b}/api/pages/${homepage?.id}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', origin: b, cookie },
      body: JSON.stringify({ content: text }),
    });
    expect(saved.status).toBe(200);
    for (const origin of [a, b]) {
      await waitFor(
        `${origin} to serve the save`,
        async () => (await pageText(origin, '/99000101/'))?.includes(text) === true,
        PROCESS_WAIT_MS,
        100,
        all,
      );
    }

    // The workers rendered; the web processes did not.
    expect(workers.some((worker) => worker.output().includes('site published'))).toBe(true);
    expect(webA.output() + webB.output()).not.toContain('site published');
    expect(await Promise.all(all.map((run) => run.stop(30_000)))).toEqual(all.map(() => 0));
  }, 300_000);
});
