// Two API processes share one Redis-backed limit: the 20 login attempts a client may make in
// 15 minutes are 20 across both, not 20 each. Real child processes, real HTTP, the shared Redis
// under a key prefix of this test's own (deleted afterwards).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { redisSkipReason, TEST_REDIS_URL } from '../queue/redis-support';
import { requestFrom } from '../support/forwarding-proxy';
import { openMigratedDatabase } from '../support/migrated-database';
import { spawnScript, waitFor } from '../support/processes';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function startProcess(env: Record<string, string>, prefix: string): Promise<number> {
  const run = spawnScript('tests/support/limit-process.ts', { LOG_LEVEL: 'silent', ...env }, [prefix]);
  // Stopped before the Redis keys are deleted (cleanups run in reverse).
  cleanups.push(async () => {
    await run.stop();
  });
  let port = 0;
  await waitFor(
    'the limit process to listen',
    () => {
      port = Number(/listening (\d+)/.exec(run.stdout())?.[1] ?? 0);
      return port > 0;
    },
    30_000,
    50,
    [run],
  );
  return port;
}

describe(`rate limits in Redis${redisSkipReason}`, () => {
  it.skipIf(redisSkipReason !== '')('two processes count one client together', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'limits-redis-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const file = path.join(dir, 'app.db');
    const db = await openMigratedDatabase({ dialect: 'sqlite', file });
    await db.destroy();

    const prefix = `test-limits-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
    const redis = new Redis(TEST_REDIS_URL);
    cleanups.push(async () => {
      const keys = await redis.keys(`${prefix}:*`);
      if (keys.length > 0) await redis.del(...keys);
      redis.disconnect();
    });

    const env = { DATABASE_URL: file, REDIS_URL: TEST_REDIS_URL, STORAGE_DIR: dir, PORT: '0' };
    const ports = await Promise.all([startProcess(env, prefix), startProcess(env, prefix)]);
    const login = (port: number, attempt: number) =>
      requestFrom('127.0.0.2', `http://127.0.0.1:${port}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: `http://127.0.0.1:${port}` },
        body: JSON.stringify({ email: `gaet-${attempt}@eksempel.dk`, password: 'forkert-kode' }),
      });

    const statuses: number[] = [];
    for (let attempt = 0; attempt < 20; attempt++) {
      statuses.push((await login(ports[attempt % 2] as number, attempt)).status);
    }
    expect(statuses).toEqual(Array(20).fill(401));
    // The 21st attempt is refused by both processes: each saw only 10 itself.
    for (const port of ports) {
      const refused = await login(port, 99);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    // Another client is counted apart.
    const other = await requestFrom('127.0.0.3', `http://127.0.0.1:${ports[0]}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: `http://127.0.0.1:${ports[0]}` },
      body: JSON.stringify({ email: 'gaet@eksempel.dk', password: 'forkert-kode' }),
    });
    expect(other.status).toBe(401);
    expect(await redis.keys(`${prefix}:login-client:*`)).not.toHaveLength(0);
  });
});
