// `npm run worker` as it runs in production: the real entry point in a child process, with the real
// generator, on a private Redis (the default queue name must not meet other tests' workers).
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type Db, getPublishState, insertCompany } from '../../db';
import { SITE_FILES } from '../../generator';
import { createPublishQueue, type PublishQueue } from '../../worker';
import { openMigratedDatabase } from '../support/migrated-database';
import { type Run, spawnScript, stopAll, waitFor } from '../support/processes';
import { silentLogger } from './queue-harness';
import { type PrivateRedis, privateRedis } from './redis-support';

const dirs: string[] = [];
const cleanups: Array<() => Promise<void>> = [];

afterEach(async () => {
  await stopAll(0);
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** `npm run worker` with only `env`: no outside DATABASE_URL, REDIS_URL etc. leaks into the child. */
function startWorker(env: Record<string, string>): Run {
  return spawnScript('scripts/worker.ts', env);
}

function until(run: Run, what: string, check: () => boolean | Promise<boolean>, timeoutMs = 15_000) {
  return waitFor(what, check, timeoutMs, 50, [run]);
}

describe('npm run worker', () => {
  it('exits 1 with one line when REDIS_URL is not set', async () => {
    const run = startWorker({ REDIS_URL: '' });
    expect(await run.exit).toBe(1);
    expect(run.output().trim().split('\n')).toEqual([
      'REDIS_URL is not set: without Redis the in-process publish queue runs inside `npm start`; no worker needed.',
    ]);
  });

  it('publishes what the web process enqueues and stops cleanly on SIGTERM', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'mesterside-worker-'));
    dirs.push(dir);
    const file = path.join(dir, 'app.db');
    const db: Db = await openMigratedDatabase({ dialect: 'sqlite', file });
    cleanups.push(() => db.destroy());
    await insertCompany(db, { cvr: '13131313', name: 'Demo Worker ApS' });
    const redis: PrivateRedis = await privateRedis();
    cleanups.push(() => redis.kill());
    await redis.start();

    const run = startWorker({
      REDIS_URL: redis.url,
      DATABASE_URL: file,
      STORAGE_DIR: dir,
      LOG_LEVEL: 'info',
    });
    await until(run, 'the worker to start', () => run.output().includes('publish worker started'));

    // The web process: a producer only.
    const web: PublishQueue = createPublishQueue({
      db,
      logger: silentLogger,
      render: async () => {
        throw new Error('the producer must not render');
      },
      redisUrl: redis.url,
      consume: false,
      recoverEveryMs: 0,
    });
    cleanups.push(() => web.close());
    await web.requestPublish('13131313');

    await until(run, 'the site to be published', async () => {
      const state = await getPublishState(db, '13131313');
      return state?.publishedVersion === 1;
    });
    // The company has no pages yet; its live folder holds at least the site's 404 page.
    expect(existsSync(path.join(dir, 'sites', '13131313', SITE_FILES.notFound))).toBe(true);

    expect(await run.stop(30_000)).toBe(0);
    expect(run.output()).toContain('publish worker stopping');
  });
});
