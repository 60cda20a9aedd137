// PROCESS_ROLE on the real entry point: `npm start` as a web process renders nothing (its saves
// wait in Redis), and `npm start` as a worker process publishes them; the web process then serves
// the sites. Both stop cleanly on SIGTERM. A private Redis, so no other test's worker takes the jobs.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { privateRedis } from './queue/redis-support';
import { spawnProduct, stopAll, waitFor } from './support/processes';

// Several processes start on a loaded two-core machine: generous.
const PROCESS_WAIT_MS = 90_000;

const cleanups: Array<() => Promise<void> | void> = [];

afterEach(async () => {
  // The products first, while the Redis and database they use are still there.
  await stopAll();
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('PROCESS_ROLE', () => {
  it('runs web and worker as separate processes on one Redis', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'roles-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const redis = await privateRedis();
    cleanups.push(() => redis.kill());
    await redis.start();
    const env = { STORAGE_DIR: dir, REDIS_URL: redis.url };

    const web = spawnProduct({ ...env, PROCESS_ROLE: 'web', LOG_LEVEL: 'info' });
    await waitFor('the web process', () => web.origin() !== '', PROCESS_WAIT_MS, 100, [web]);
    const origin = web.origin();
    expect(web.output()).toContain('role: web');
    const home = () => fetch(`${origin}/12345678/`, { redirect: 'manual' });
    // The demo companies were seeded and their publishes enqueued, but nobody renders them: no
    // site yet, the product's 404 page (issue 49).
    expect((await home()).status).toBe(404);

    const worker = spawnProduct({ ...env, PROCESS_ROLE: 'worker', LOG_LEVEL: 'info' });
    await waitFor('the worker to publish', async () => (await home()).status === 200, PROCESS_WAIT_MS, 100, [
      web,
      worker,
    ]);
    expect(await (await home()).text()).toContain('Demo Tømrer');
    expect(worker.output()).toContain('publish worker started');
    expect(web.output()).not.toContain('site published');

    expect(await Promise.all([web.stop(30_000), worker.stop(30_000)])).toEqual([0, 0]);
  }, 240_000);
});
