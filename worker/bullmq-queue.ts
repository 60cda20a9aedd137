// The publish queue on BullMQ (Redis), for any number of worker processes. One job per company at a
// time comes from BullMQ's deduplication with keepLastIfActive (README.md says what was verified in
// BullMQ 6.7's scripts); the database's publish state covers Redis outages and lost jobs.
import { randomUUID } from 'node:crypto';
import type { JobsOptions } from 'bullmq';
import { markPublishWanted, unpublishedInBatches } from '../db';
import { bullmq, isConnectionError, type PublishJobData, startBullmqConsumer } from './bullmq-consumer';
import { trackCalls } from './call-tracker';
import { describeError } from './publish-job';
import type { PublishLane, PublishQueue, ResolvedQueueOptions } from './publish-queue';
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

/** BullMQ priorities (lower runs first) of the two lanes. Both are prioritized: BullMQ takes a job
 *  without a priority before any prioritized one. */
const LANE_PRIORITY: Readonly<Record<PublishLane, number>> = { owner: 1, bulk: 10 };

/** A company's job options: one job per company at a time (README.md), retries, retention, the lane's
 *  priority. Shared with the bulk enqueue of `npm run rebuild`, so a rebuilt company's job collapses
 *  with a save's. `followUp: false` collapses into a running job without storing a follow-up, so it
 *  never overwrites an owner's stored follow-up with a bulk one; what it would have published stays
 *  unpublished, and the next recovery sweep enqueues it. */
export function publishJobOptions(
  cvr: string,
  attempts: number,
  backoffMs: number,
  lane: PublishLane,
  { followUp = true }: { followUp?: boolean } = {},
): JobsOptions {
  return {
    // While the company's job waits, a new request collapses into it; while it runs, BullMQ stores one
    // follow-up (the latest request's options, lane included) and creates it only when the running job
    // completes or finally fails.
    deduplication: { id: deduplicationId(cvr), keepLastIfActive: followUp },
    priority: LANE_PRIORITY[lane],
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

  // A bulk request (the sweeps) never stores a follow-up over a running job: it could overwrite an
  // owner's. The company stays unpublished, and the next recovery sweep enqueues it.
  const jobOptions = (cvr: string, lane: PublishLane): JobsOptions => ({
    ...publishJobOptions(cvr, attempts, backoffMs, lane, { followUp: lane === 'owner' }),
    // Our own id tells whether BullMQ created this job or collapsed the request into an existing one.
    jobId: `${lane}-${cvr}-${randomUUID()}`,
  });

  let closed = false;
  let redisDown = false;
  const calls = trackCalls();

  /** An owner's request collapsed into the company's existing job: if that job waits (or waits for a
   *  retry) in the bulk lane, it moves to the owner lane, so the owner's edit does not wait behind the
   *  rebuild's backlog. changePriority is one atomic script: on a running job it only records the
   *  priority, on a job that is gone it fails, and either way nothing else changes. */
  async function promote(jobId: string): Promise<void> {
    const job = await queue.getJob(jobId);
    if (!job || job.priority === LANE_PRIORITY.owner) return;
    await job.changePriority({ priority: LANE_PRIORITY.owner }).catch(() => {});
  }

  /** Adds the company's job; returns why not when Redis could not take it. */
  async function enqueue(cvr: string, lane: PublishLane): Promise<string | null> {
    if (closed) return 'the queue is closed';
    if (!(await producer.whenReady())) {
      redisDown = true;
      return 'Redis is unavailable';
    }
    try {
      const opts = jobOptions(cvr, lane);
      const job = await withTimeout(
        queue.add(PUBLISH_JOB_NAME, { cvr }, opts),
        ENQUEUE_TIMEOUT_MS,
        'enqueue',
      );
      if (lane === 'owner' && job.id && job.id !== opts.jobId) {
        // The request is in (collapsed into the job); a failed promotion only costs the owner a wait.
        await withTimeout(promote(job.id), ENQUEUE_TIMEOUT_MS, 'promote').catch((error: unknown) =>
          log.debug({ err: error, cvr }, 'could not move the job to the owner lane'),
        );
      }
      return null;
    } catch (error) {
      redisDown = true;
      return describeError(error);
    }
  }

  /** enqueue() for callers: a Redis outage is logged, never thrown (the publish is recorded). */
  async function enqueueOrLog(cvr: string, lane: PublishLane): Promise<void> {
    const problem = await enqueue(cvr, lane);
    if (problem && !closed) {
      log.warn({ cvr, reason: problem }, 'publish recorded but not enqueued; recovery enqueues it later');
    }
  }

  const publishQueue: PublishQueue = {
    requestPublish: (cvr, lane = 'owner') =>
      calls.tracked(async () => {
        await markPublishWanted(db, cvr);
        await enqueueOrLog(cvr, lane);
      }),

    enqueue: (cvr, lane = 'owner') => calls.tracked(() => enqueueOrLog(cvr, lane)),

    recover: () =>
      calls.tracked(async () => {
        if (closed) return 0;
        let enqueued = 0;
        let problem: string | null = null;
        // A page at a time: a backlog of 100,000 companies never sits in memory at once.
        for await (const batch of unpublishedInBatches(db)) {
          const problems = await Promise.all(batch.map((state) => enqueue(state.companyCvr, 'bulk')));
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
        if (calls.pending === 0) {
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
