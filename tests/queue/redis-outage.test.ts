// A Redis outage loses no publish: requests during it are recorded in the database and resolve at
// once, and when the server is back the queue enqueues them by itself and the worker reconnects.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Db, getPublishState, insertCompany } from '../../db';
import { createLogger } from '../../lib/logger';
import { createPublishQueue, type PublishQueue } from '../../worker';
import { createTestDatabase } from '../support/databases';
import { createFakeRender } from './fake-render';
import { deleteQueueKeys, type PrivateRedis, privateRedis, uniqueQueueName } from './redis-support';

const companies = Array.from({ length: 10 }, (_, index) => String(40000000 + index));

async function unpublished(db: Db, cvrs: string[]): Promise<string[]> {
  const left: string[] = [];
  for (const cvr of cvrs) {
    const state = await getPublishState(db, cvr);
    if (!state || state.wantedVersion < 1 || state.publishedVersion < state.wantedVersion) left.push(cvr);
  }
  return left;
}

describe('publish queue (bullmq) during a Redis outage', () => {
  let db: Db;
  let drop: () => Promise<void>;
  let redis: PrivateRedis;
  let queue: PublishQueue | undefined;
  const logLines: string[] = [];

  beforeEach(async () => {
    ({ db, drop } = await createTestDatabase('sqlite'));
    for (const cvr of companies) await insertCompany(db, { cvr, name: `Firma ${cvr}` });
    redis = await privateRedis();
    await redis.start();
  });

  afterEach(async () => {
    await queue?.close();
    await redis.kill();
    await drop();
  });

  it('records requests while Redis is down and publishes everything once it is back', async () => {
    const queueName = uniqueQueueName('outage');
    const fake = createFakeRender();
    fake.delayMs(20);
    queue = createPublishQueue({
      db,
      logger: createLogger({ logLevel: 'warn' }, { write: (line: string) => logLines.push(line) }),
      render: fake.render,
      redisUrl: redis.url,
      queueName,
      backoffMs: 20,
      // No sweep: the reconnection alone must bring the recorded requests back.
      recoverEveryMs: 0,
      lockDurationMs: 2000,
    });

    // Two renders run and three jobs wait when Redis dies; those three vanish with its data.
    const before = companies.slice(0, 5);
    for (const cvr of before) fake.hold(cvr);
    for (const cvr of before) await queue.requestPublish(cvr);
    await fake.waitForCalls(before[0] as string, 1);
    await fake.waitForCalls(before[1] as string, 1);
    await redis.kill();

    for (const cvr of companies.slice(5)) {
      const started = Date.now();
      await queue.requestPublish(cvr);
      expect(Date.now() - started, `requestPublish(${cvr}) during the outage`).toBeLessThan(2000);
      expect((await getPublishState(db, cvr))?.wantedVersion).toBe(1);
    }
    expect(logLines.some((line) => line.includes('not enqueued'))).toBe(true);
    // The running renders finish during the outage; only the database hears of it.
    fake.releaseAll();

    await redis.start();
    const deadline = Date.now() + 15_000;
    let left = await unpublished(db, companies);
    while (left.length && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      left = await unpublished(db, companies);
    }
    expect(left).toEqual([]);
    for (const cvr of companies) expect(fake.maxOverlap(cvr), cvr).toBe(1);

    await queue.close();
    queue = undefined;
    await deleteQueueKeys(queueName, redis.url);
  });

  it('close() during an outage waits for the running render and does not hang', async () => {
    const fake = createFakeRender();
    const cvr = companies[0] as string;
    queue = createPublishQueue({
      db,
      logger: createLogger({ logLevel: 'silent' }),
      render: fake.render,
      redisUrl: redis.url,
      queueName: uniqueQueueName('outage-close'),
      recoverEveryMs: 0,
    });
    fake.hold(cvr);
    await queue.requestPublish(cvr);
    await fake.waitForCalls(cvr, 1);
    await redis.kill();

    let closed = false;
    const closing = queue.close().then(() => {
      closed = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(closed).toBe(false);
    fake.release(cvr);
    const started = Date.now();
    await closing;
    expect(Date.now() - started).toBeLessThan(2000);
    expect(await getPublishState(db, cvr)).toMatchObject({ wantedVersion: 1, publishedVersion: 1 });
    queue = undefined;
  });
});
