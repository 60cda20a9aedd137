// The publish queue's contract and its factory. Two implementations keep the same job semantics
// (see README.md): BullMQ on Redis when REDIS_URL is set, and an in-process queue otherwise.
import type { Db } from '../db';
import { publishStamp } from '../generator/publish-trace';
import type { Logger } from '../lib/logger';
import { createBullmqQueue } from './bullmq-queue';
import { createInProcessQueue } from './in-process-queue';

/** Who asked for a publish. 'owner': an owner's save (the API); it always goes ahead of 'bulk': the
 *  work nobody is waiting on at a screen (`npm run rebuild`, the recovery and self-healing sweeps,
 *  the custom-domain re-check). A request of either lane for a company whose job waits in the bulk
 *  lane moves that job to the owner lane. */
export type PublishLane = 'owner' | 'bulk';

/** 'gone': the company no longer exists, so the job is done and never retried. */
export type RenderOutcome = 'published' | 'gone';

/** Renders one company's site from fresh data; throws when the render failed. */
export type RenderSite = (cvr: string) => Promise<RenderOutcome>;

export interface PublishQueue {
  /** Records the need to publish (markPublishWanted in the db, so nothing is lost to a queue outage)
   *  and enqueues a render. Never throws because Redis is down: the record is enough; recovery enqueues
   *  it later. Database errors (e.g. an unknown company) do propagate. Lane 'owner' unless told. */
  requestPublish(cvr: string, lane?: PublishLane): Promise<void>;
  /** Enqueues a render for a change whose need to publish is already recorded (markPublishWanted ran
   *  in the change's own transaction: api/services/commit-change.ts). Never throws: a failure is
   *  logged, and the recovery sweep enqueues the company later. Lane 'owner' unless told. */
  enqueue(cvr: string, lane?: PublishLane): Promise<void>;
  /** Enqueues every company whose wanted version is not live (listUnpublished), in the bulk lane.
   *  Returns how many were enqueued (0 while Redis is down). */
  recover(): Promise<number>;
  /** Resolves when nothing is queued or running (for tests and the bench). Best effort on BullMQ: the
   *  queue's waiting, active and delayed counts are 0 and no request of this instance is in flight. */
  idle(): Promise<void>;
  /** Whether the queue can take work now: false while Redis is known to be down (health check). */
  reachable(): boolean;
  /** Stops taking work, lets running renders finish, stops the sweep and closes connections. */
  close(): Promise<void>;
}

export interface PublishQueueOptions {
  db: Db;
  logger: Logger;
  render: RenderSite;
  /** null selects the in-process implementation. */
  redisUrl: string | null;
  /** Default 'publish'; tests pass unique names. */
  queueName?: string;
  /** Default true; false = producer only (the web process when workers run separately). */
  consume?: boolean;
  /** Different companies rendered at once by this process; default 2. */
  concurrency?: number;
  /** Tries per job, the first included; default 5. */
  attempts?: number;
  /** First retry delay, doubling each time; default 1000. */
  backoffMs?: number;
  /** Period of the recovery sweep; default 30_000; 0 disables it. */
  recoverEveryMs?: number;
  /** BullMQ only: how long a job stays locked to a worker that stopped renewing it (crashed), which is
   *  also the stalled-job check interval; default 30_000. Tests set it low. */
  lockDurationMs?: number;
}

/** Options with every default filled in, as the implementations receive them. */
export type ResolvedQueueOptions = Required<Omit<PublishQueueOptions, 'redisUrl'>>;

export const QUEUE_DEFAULTS = {
  queueName: 'publish',
  consume: true,
  concurrency: 2,
  attempts: 5,
  backoffMs: 1000,
  recoverEveryMs: 30_000,
  lockDurationMs: 30_000,
} as const;

export function createPublishQueue(options: PublishQueueOptions): PublishQueue {
  const { redisUrl, ...rest } = options;
  const resolved: ResolvedQueueOptions = {
    db: rest.db,
    logger: rest.logger,
    render: rest.render,
    queueName: rest.queueName ?? QUEUE_DEFAULTS.queueName,
    consume: rest.consume ?? QUEUE_DEFAULTS.consume,
    concurrency: Math.max(1, rest.concurrency ?? QUEUE_DEFAULTS.concurrency),
    attempts: Math.max(1, rest.attempts ?? QUEUE_DEFAULTS.attempts),
    backoffMs: Math.max(0, rest.backoffMs ?? QUEUE_DEFAULTS.backoffMs),
    recoverEveryMs: Math.max(0, rest.recoverEveryMs ?? QUEUE_DEFAULTS.recoverEveryMs),
    lockDurationMs: Math.max(1, rest.lockDurationMs ?? QUEUE_DEFAULTS.lockDurationMs),
  };
  const queue = redisUrl ? createBullmqQueue(resolved, redisUrl) : createInProcessQueue(resolved);
  // Where a publish starts for the publish bench's breakdown (publish-trace.ts: a call when nobody
  // listens): both kinds of queue, whatever asked.
  return {
    ...queue,
    requestPublish: (...args) => {
      publishStamp(args[0], 'enqueued');
      return queue.requestPublish(...args);
    },
    enqueue: (...args) => {
      publishStamp(args[0], 'enqueued');
      return queue.enqueue(...args);
    },
  };
}
