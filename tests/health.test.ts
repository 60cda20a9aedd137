// GET /api/health on the running product: `degraded`, with which part is wrong in `problems`, when the
// publish queue's Redis is unreachable or a company's publishes keep failing; `ok` again once the
// cause is gone. The answer is public: no CVR and no internal error text, only in the log (issue 23).
// (The sites folder deleted is a fault case: tests/faults/sites-folder-deleted.test.ts.)
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type Db, getPublishState } from '../db';
import type { Config } from '../lib/config';
import { seedDemoCompanies } from '../scripts/seed/seed-demo';
import type { ProductStack, ProductStackOptions } from '../server';
import { privateRedis } from './queue/redis-support';
import { apartFromFacts } from './support/health';
import { startTestStack } from './support/stack';

const cleanups: Array<() => Promise<void> | void> = [];
/** The running product's log lines. */
let logs: Record<string, unknown>[] = [];

afterEach(async () => {
  logs = [];
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

interface Health {
  status: string;
  problems: string[];
  queue: { status: string };
  publishes: { status: string };
}

async function product(
  options: Partial<ProductStackOptions> = {},
): Promise<{ config: Config; db: Db; stack: ProductStack; health: () => Promise<Health> }> {
  // support/stack.ts: no Redis unless given, renders on this thread (a render thread costs about
  // 0.4 s of CPU to start: tests/README.md, "Current profile").
  const test = await startTestStack({ serve: 'product', env: { LOG_LEVEL: 'warn' }, product: options });
  cleanups.push(test.close);
  logs = test.logs;
  const stack = test.product;
  const health = async () => {
    const response = await fetch(`http://127.0.0.1:${stack.server.port}/api/health`);
    expect(response.status).toBe(200);
    return apartFromFacts((await response.json()) as Health);
  };
  return { config: test.config, db: test.db, stack, health };
}

async function eventually<T>(what: string, read: () => Promise<T>, check: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const value = await read();
    if (check(value)) return value;
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('GET /api/health', () => {
  it('says degraded while the queue’s Redis is unreachable, and ok when it is back', async () => {
    const redis = await privateRedis();
    cleanups.push(() => redis.kill());
    await redis.start();
    // A web process: it only enqueues, so its health depends on reaching Redis.
    const { health } = await product({ role: 'web', redisUrl: redis.url });
    await eventually('ok', health, (answer) => answer.status === 'ok');

    await redis.kill();
    const down = await eventually('degraded', health, (answer) => answer.status === 'degraded');
    expect(down.problems).toEqual(['the publish queue (Redis) is unreachable']);
    expect(down.queue).toEqual({ status: 'unreachable' });

    await redis.start();
    await eventually('ok again', health, (answer) => answer.status === 'ok');
  });

  it('says degraded while a company’s publishes keep failing, naming it only in the log, and ok once it publishes', async () => {
    const { config, db, stack, health } = await product();
    await seedDemoCompanies(db);
    await stack.queue.recover();
    await stack.queue.idle();
    expect((await health()).status).toBe('ok');

    // A file where the company's build folders go: every render of it fails to write.
    const builds = path.join(config.storageDir, 'sites', '.builds', '87654321');
    rmSync(builds, { recursive: true, force: true });
    mkdirSync(path.dirname(builds), { recursive: true });
    writeFileSync(builds, 'not a folder');
    await stack.queue.requestPublish('87654321');
    const failing = await eventually('degraded', health, (answer) => answer.status === 'degraded');
    expect(failing.problems).toEqual(['publishes failing']);
    expect(failing.publishes).toEqual({ status: 'failing' });
    // Nothing a stranger could learn from: no CVR, no error text, no path.
    const text = JSON.stringify(failing);
    for (const secret of ['87654321', 'EEXIST', 'ENOTDIR', config.storageDir])
      expect(text).not.toContain(secret);
    // The operator finds them in the log.
    const logged = logs.map((line) => JSON.stringify(line)).join('\n');
    expect(logged).toContain('health check: publishes failing');
    expect(logged).toContain('87654321');
    expect(logged).toMatch(/EEXIST|ENOTDIR/);

    // The cause removed, the next retry publishes; health follows within its cache time.
    rmSync(builds, { force: true });
    await eventually(
      'the publish',
      async () => getPublishState(db, '87654321'),
      (state) => state !== undefined && state.publishedVersion === state.wantedVersion,
    );
    await eventually('ok again', health, (answer) => answer.status === 'ok');
    // Retries back off over seconds and health caches the failing list for 5 s.
  }, 60_000);
});
