// The publish queue on BullMQ (Redis), for any number of worker processes. One job per company at a
// time comes from BullMQ's deduplication with keepLastIfActive (README.md says what was verified in
// BullMQ 6.7's scripts); the database's publish state covers Redis outages and lost jobs.
import type { JobsOptions } from 'bullmq';
import { markPublishWanted, unpublishedInBatches } from '../db';
import { bullmq, isConnectionError, type PublishJobData, startBullmqConsumer } from './bullmq-consumer';
import { describeError } from './publish-job';
import type { PublishQueue, ResolvedQueueOptions } from './publish-queue';
import { startRecoverySweep } from './recovery-sweep';
import { createRedisProducer, withTimeout } from './redis-producer';

/** Namespaces every key of the queue in a Redis shared with other applications. */
export const QUEUE_PREFIX = 'mesterside';
/** The name every publish job is added under (`npm run rebuild` adds them in bulk under it too). */
export const PUBLISH_JOB_NAME = 'publish-site';
const ENQUEUE_TIMEOUT_MS = 1000;
const IDLE_POLL_MS = 25;

/** The deduplication id that makes a company's jobs one at a time. */
function deduplicationId(cvr: string): string {
  return `site:${cvr}`;
}

/** A company's job options: one job per company at a time (README.md), retries, retention. Shared with
 *  the bulk enqueue of `npm run rebuild`, so a rebuilt company's job collapses with a save's. */
export function publishJobOptions(cvr: string, attempts: number, backoffMs: number): JobsOptions {
  return {
    // While the company's job waits, a new request collapses into it; while it runs, BullMQ stores one
    // follow-up and creates it only when the running job completes or finally fails.
    deduplication: { id: deduplicationId(cvr), keepLastIfActive: true },
    attempts,
    backoff: { type: 'exponential', delay: backoffMs },
    removeOnComplete: { age: 3600, count: 1000 },
    removeOnFail: { age: 7 * 24 * 3600, count: 1000 },
  };
}

export function createBullmqQueue(options: ResolvedQueueOptions, redisUrl: string): PublishQueue {
  const { db, logger, queueName, attempts, backoffMs } = options;
  const log = logger.child({ queue: queueName, kind: 'bullmq' });

  const producer = createRedisProducer(redisUrl);
  const { Queue } = bullmq();
  const queue = new Queue<PublishJobData>(queueName, { connection: producer.client, prefix: QUEUE_PREFIX });
  queue.on('error', (error) => {
    if (isConnectionError(error)) log.debug({ err: error }, 'queue connection error');
    else log.warn({ err: error }, 'queue error');
  });
  const consumer = options.consume ? startBullmqConsumer(options, redisUrl, QUEUE_PREFIX, log) : undefined;

  const jobOptions = (cvr: string): JobsOptions => publishJobOptions(cvr, attempts, backoffMs);

  let closed = false;
  let redisDown = false;
  let pendingCalls = 0;

  async function tracked<T>(work: () => Promise<T>): Promise<T> {
    pendingCalls += 1;
    try {
      return await work();
    } finally {
      pendingCalls -= 1;
    }
  }

  /** Adds the company's job; returns why not when Redis could not take it. */
  async function enqueue(cvr: string): Promise<string | null> {
    if (closed) return 'the queue is closed';
    if (!(await producer.whenReady())) {
      redisDown = true;
      return 'Redis is unavailable';
    }
    try {
      await withTimeout(queue.add(PUBLISH_JOB_NAME, { cvr }, jobOptions(cvr)), ENQUEUE_TIMEOUT_MS, 'enqueue');
      return null;
    } catch (error) {
      redisDown = true;
      return describeError(error);
    }
  }

  /** enqueue() for callers: a Redis outage is logged, never thrown (the publish is recorded). */
  async function enqueueOrLog(cvr: string): Promise<void> {
    const problem = await enqueue(cvr);
    if (problem && !closed) {
      log.warn({ cvr, reason: problem }, 'publish recorded but not enqueued; recovery enqueues it later');
    }
  }

  const publishQueue: PublishQueue = {
    requestPublish: (cvr) =>
      tracked(async () => {
        await markPublishWanted(db, cvr);
        await enqueueOrLog(cvr);
      }),

    enqueue: (cvr) => tracked(() => enqueueOrLog(cvr)),

    recover: () =>
      tracked(async () => {
        if (closed) return 0;
        let enqueued = 0;
        let problem: string | null = null;
        // A page at a time: a backlog of 100,000 companies never sits in memory at once.
        for await (const batch of unpublishedInBatches(db)) {
          const problems = await Promise.all(batch.map((state) => enqueue(state.companyCvr)));
          enqueued += problems.filter((found) => found === null).length;
          problem = problems.find((found) => found !== null) ?? null;
          if (problem) break;
        }
        if (problem && !closed) {
          log.warn({ enqueued, reason: problem }, 'recovery stopped: Redis unavailable');
        } else if (enqueued) {
          log.info({ count: enqueued }, 'recovered unpublished sites');
        }
        return enqueued;
      }),

    idle: async () => {
      while (!closed) {
        if (pendingCalls === 0) {
          const counts = await queue
            .getJobCounts('waiting', 'active', 'delayed', 'prioritized', 'waiting-children')
            .catch(() => null);
          if (counts && Object.values(counts).every((count) => count === 0)) return;
        }
        await new Promise((resolve) => setTimeout(resolve, IDLE_POLL_MS));
      }
    },

    reachable: () => !closed && !redisDown && producer.client.status !== 'end',

    close: async () => {
      if (closed) return;
      closed = true;
      sweep.stop();
      await consumer?.close(() => producer.client.status === 'ready');
      // The queue has nothing of its own to finish; never wait long on a Redis that is gone.
      await withTimeout(queue.close(), 1000, 'closing the queue').catch(() => {});
      await producer.close();
    },
  };

  const sweep = startRecoverySweep(publishQueue, options.recoverEveryMs, log);

  // Report an outage once; when the connection is ready again, enqueue what was recorded meanwhile.
  producer.client.on('error', (error) => {
    if (redisDown || closed) return;
    redisDown = true;
    log.warn({ err: error }, 'Redis unavailable; publishes are recorded and enqueued when it is back');
  });
  producer.client.on('close', () => {
    if (redisDown || closed) return;
    redisDown = true;
    log.warn('Redis connection lost; publishes are recorded and enqueued when it is back');
  });
  producer.client.on('ready', () => {
    if (!redisDown || closed) return;
    redisDown = false;
    log.info('Redis is back; enqueueing what is unpublished');
    sweep.runNow('redis ready');
  });

  return publishQueue;
}
