// Per-test plumbing for queue tests: a unique queue name, queues opened with test-sized timings, and
// afterwards every held render released, every queue closed and the queue's Redis keys deleted.
import { afterEach, beforeEach } from 'vitest';
import type { Db } from '../../db';
import { createLogger } from '../../lib/logger';
import { createPublishQueue, type PublishQueue, type PublishQueueOptions } from '../../worker';
import { createFakeRender, type FakeRender } from './fake-render';
import { deleteQueueKeys, TEST_REDIS_URL, uniqueQueueName } from './redis-support';

export type QueueKind = 'in-process' | 'bullmq';

export const silentLogger = createLogger({ logLevel: 'silent' });

export interface QueueHarness {
  queueName(): string;
  fake(): FakeRender;
  open(render: FakeRender, overrides?: Partial<PublishQueueOptions>): PublishQueue;
}

export function setUpQueueHarness(kind: QueueKind, db: () => Db): QueueHarness {
  let name = '';
  const fakes: FakeRender[] = [];
  const queues: PublishQueue[] = [];

  beforeEach(() => {
    name = uniqueQueueName(kind);
  });

  afterEach(async () => {
    for (const fake of fakes.splice(0)) fake.releaseAll();
    await Promise.all(queues.splice(0).map((queue) => queue.close()));
    if (kind === 'bullmq') await deleteQueueKeys(name);
  });

  return {
    queueName: () => name,
    fake() {
      const fake = createFakeRender();
      fakes.push(fake);
      return fake;
    },
    open(render, overrides = {}) {
      const queue = createPublishQueue({
        db: db(),
        logger: silentLogger,
        render: render.render,
        redisUrl: kind === 'bullmq' ? TEST_REDIS_URL : null,
        queueName: name,
        backoffMs: 20,
        recoverEveryMs: 0,
        lockDurationMs: 5000,
        ...overrides,
      });
      queues.push(queue);
      return queue;
    },
  };
}
