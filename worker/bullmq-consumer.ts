// The consuming half of the BullMQ queue: a BullMQ Worker that runs publish jobs, and a shutdown that
// lets running renders finish without ever hanging on a Redis that is down.
import { createRequire } from 'node:module';
import type { Job } from 'bullmq';
import { errorMessage } from '../lib/errors';
import type { Logger } from '../lib/logger';
import { runPublishJob } from './publish-job';
import type { ResolvedQueueOptions } from './publish-queue';
import { reconnectDelay } from './redis-producer';

// BullMQ (about 19 MB of a process's memory) is loaded only when a queue on Redis is made: a process
// on the in-process queue, such as every serving copy of `npm start` on its defaults, never needs it.
const requirePackage = createRequire(import.meta.url);

/** The bullmq package, loaded on first use. */
export function bullmq(): typeof import('bullmq') {
  return requirePackage('bullmq') as typeof import('bullmq');
}

export interface PublishJobData {
  cvr: string;
}

export interface BullmqConsumer {
  /** Stops fetching jobs and resolves once the running renders are done and the connections closed.
   *  `redisUp` tells whether waiting for BullMQ to report finished jobs to Redis makes sense. */
  close(redisUp: () => boolean): Promise<void>;
}

/** After the renders finished, how long BullMQ may take to report them to Redis. */
const REPORT_GRACE_MS = 2000;

export function isConnectionError(error: unknown): boolean {
  const message = errorMessage(error);
  return /ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|ENOTFOUND|EHOSTUNREACH|Connection is closed|Stream isn't writeable|MaxRetriesPerRequest/i.test(
    message,
  );
}

export function startBullmqConsumer(
  options: ResolvedQueueOptions,
  redisUrl: string,
  prefix: string,
  log: Logger,
): BullmqConsumer {
  // Renders running in this process, and jobs whose outcome BullMQ has not yet written to Redis.
  const running = new Set<Promise<unknown>>();
  const unreported = new Set<string>();

  const { UnrecoverableError, Worker } = bullmq();
  const worker = new Worker<PublishJobData>(
    options.queueName,
    async (job: Job<PublishJobData>) => {
      const cvr = job.data?.cvr;
      if (typeof cvr !== 'string' || cvr === '') throw new UnrecoverableError('publish job without a CVR');
      if (job.id) unreported.add(job.id);
      const run = runPublishJob(options, cvr, {
        attempt: job.attemptsMade + 1,
        attempts: job.opts.attempts ?? options.attempts,
      });
      const settled = run.catch(() => {});
      running.add(settled);
      void settled.finally(() => running.delete(settled));
      return run;
    },
    {
      // BullMQ makes its own connections (one of them blocking) from these options; they reconnect
      // by themselves, forever, when Redis comes back.
      connection: { url: redisUrl, maxRetriesPerRequest: null, retryStrategy: reconnectDelay },
      prefix,
      concurrency: options.concurrency,
      // A worker that dies stops renewing its jobs' locks; once a lock expires, the stalled check of
      // any other worker (every stalledInterval) puts the job back in the queue.
      lockDuration: options.lockDurationMs,
      stalledInterval: options.lockDurationMs,
    },
  );
  worker.on('completed', (job) => unreported.delete(job.id ?? ''));
  worker.on('failed', (job) => unreported.delete(job?.id ?? ''));
  worker.on('error', (error) => {
    if (isConnectionError(error)) log.debug({ err: error }, 'worker connection error');
    else log.warn({ err: error }, 'worker error');
  });

  return {
    async close(redisUp) {
      // BullMQ's graceful close() waits on Redis and hangs while it is down, so shut down in steps
      // that never do: stop fetching, let the renders finish (their result is in the database), give
      // BullMQ a moment to report them, then close without waiting. A job whose report did not reach
      // Redis stays active there and is taken over as stalled: rendered again, never lost.
      await worker.pause(true);
      while (running.size) await Promise.all(running);
      const deadline = Date.now() + REPORT_GRACE_MS;
      while (unreported.size && redisUp() && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      await worker.close(true);
    },
  };
}
