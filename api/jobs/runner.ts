// Runs the jobs of db/tables/jobs.ts (issue 50 item 3): one runner per serving process, a handler per
// job kind. A timer looks for due jobs every `everyMs`; `wake()` (the route that just queued a mail)
// and, in process, every enqueue look sooner. Each due job is claimed for a lease, so two processes
// never run one job at once and a process killed mid-job leaves it due again when the lease ends (the
// next runner then runs it: a mail is delayed, never lost). A handler that throws is retried after
// 30 s, doubling up to an hour; after MAX_ATTEMPTS the job is kept as 'failed' for the operator.
// close() stops the timer, awaits the job in flight, and rejects with what went wrong in that last
// run: nothing is swallowed (a job's own failure is written on its row, and logged).
import { claimJob, completeJob, type Db, dueJobs, type Job, onEnqueue, rescheduleJob } from '../../db';
import { errorMessage } from '../../lib/errors';
import type { Logger } from '../../lib/logger';

/** What a handler answers: a mail went out ('sent'), nothing (more) to do ('done'), wait without it
 *  counting as a failure, or run again at a time (a recurring job: the count of attempts starts over). */
export type JobResult = 'sent' | 'done' | { waitMs: number; reason: string } | { nextRunAt: Date };

export type JobHandler = (job: Job) => Promise<JobResult>;

export interface JobRunner {
  /** Runs what is due soon: at once (after the current request answered), or `afterMs` later. */
  wake(afterMs?: number): void;
  /** Runs every job due now; answers how many mails went out. */
  runDue(): Promise<number>;
  close(): Promise<void>;
}

export interface JobRunnerOptions {
  db: Db;
  logger: Logger;
  handlers: Readonly<Record<string, JobHandler>>;
  now?: () => Date;
  /** How long a claimed job is this runner's (default two minutes). */
  leaseMs?: number;
  /** Period of the look for due jobs; 0: only wake() and runDue() run them (tests). */
  everyMs?: number;
  maxAttempts?: number;
}

const LEASE_MS = 2 * 60 * 1000;
const FIRST_RETRY_MS = 30_000;
export const MAX_RETRY_MS = 60 * 60 * 1000;
/** 30 s doubling to an hour: about a day and a half of tries before a job is 'failed'. */
const MAX_ATTEMPTS = 40;
const EVERY_MS = 15_000;
/** An enqueue wakes the runner this much later: the enqueueing transaction has committed by then. */
const ENQUEUE_WAKE_MS = 50;

/** How the logs name a job: its kind in words ('welcome-mail': "welcome mail"). */
export function jobName(job: Pick<Job, 'kind'>): string {
  return job.kind.replaceAll('-', ' ');
}

/** The pause after the `attempts`-th failed try. */
export function retryDelayMs(attempts: number): number {
  return Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));
}

export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const { db, logger, handlers } = options;
  const now = options.now ?? (() => new Date());
  const leaseMs = options.leaseMs ?? LEASE_MS;
  const maxAttempts = options.maxAttempts ?? MAX_ATTEMPTS;
  let running: Promise<number> | null = null;
  let again = false;
  let closed = false;

  /** Runs one claimed job and writes what came of it; answers whether a mail went out. */
  async function runClaimed(job: Job, lease: string, at: Date): Promise<boolean> {
    const attempts = job.attempts + 1;
    const described = { job: job.id, kind: job.kind, key: job.key, attempts };
    const name = jobName(job);
    let result: JobResult;
    try {
      const handler = handlers[job.kind];
      if (!handler) throw new Error(`no handler for job kind '${job.kind}'`);
      result = await handler(job);
    } catch (error) {
      const failed = attempts >= maxAttempts;
      const runAt = new Date(at.getTime() + retryDelayMs(attempts));
      logger.warn(
        { err: error, ...described, runAt, failed },
        failed ? `${name} failed for good` : `${name} failed; will retry`,
      );
      await rescheduleJob(db, job.id, lease, {
        runAt,
        error: errorMessage(error),
        ...(failed ? { state: 'failed' as const } : {}),
      });
      return false;
    }
    if (result === 'sent' || result === 'done') {
      await completeJob(db, job.id, lease);
      logger.info(described, result === 'sent' ? `${name} sent` : `${name} done`);
      return result === 'sent';
    }
    if ('waitMs' in result) {
      // Waiting is no failure: the attempt does not count.
      await rescheduleJob(db, job.id, lease, {
        runAt: new Date(at.getTime() + result.waitMs),
        error: result.reason,
        attempts: job.attempts,
      });
      logger.info({ ...described, reason: result.reason }, `${name} waits`);
      return false;
    }
    await rescheduleJob(db, job.id, lease, { runAt: result.nextRunAt, error: null, attempts: 0 });
    return false;
  }

  async function runAll(): Promise<number> {
    let sent = 0;
    // Each pass takes a batch; a job that ran is gone or due later, so the passes end.
    for (let pass = 0; pass < 1000 && !closed; pass++) {
      const due = await dueJobs(db, now());
      let ran = 0;
      for (const job of due) {
        if (closed) break;
        const at = now();
        const lease = await claimJob(db, job, at, leaseMs);
        if (!lease) continue;
        ran++;
        if (await runClaimed(job, lease, at)) sent++;
      }
      // Nothing due, or everything due taken by another process: the next look will do.
      if (ran === 0) break;
    }
    return sent;
  }

  function runDue(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    const run = runAll().finally(() => {
      if (running === run) running = null;
      if (again && !closed) {
        again = false;
        background();
      }
    });
    running = run;
    return run;
  }

  /** A run nobody awaits: what goes wrong is logged (and close() rejects with it if it was the last). */
  function background(): void {
    runDue().catch((error: unknown) => logger.error({ err: error }, 'job run failed'));
  }

  const timers: NodeJS.Timeout[] = [];
  let unsubscribe = () => {};
  if (options.everyMs !== 0) {
    const timer = setInterval(background, options.everyMs ?? EVERY_MS);
    timer.unref();
    timers.push(timer);
    // Whatever a restart left undone runs now.
    setTimeout(background, 0).unref();
    unsubscribe = onEnqueue(() => setTimeout(background, ENQUEUE_WAKE_MS).unref());
  }

  return {
    wake: (afterMs = 0) => {
      if (closed) return;
      if (afterMs > 0) setTimeout(background, afterMs).unref();
      else setImmediate(background);
    },
    runDue,
    close: async () => {
      closed = true;
      unsubscribe();
      for (const timer of timers) clearInterval(timer);
      // The job in flight finishes (its row written); if that run failed, the caller hears it.
      if (running) await running;
    },
  };
}
