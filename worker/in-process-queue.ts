// The publish queue without Redis: jobs live in this process's memory. It keeps BullMQ's semantics
// (one job per company; a request during a render leaves one follow-up; retries with exponential
// backoff). Memory does not survive a restart; the database's publish state does, so the owner calls
// recover() at start to re-enqueue what a crash or a restart dropped.
import { markPublishWanted, unpublishedInBatches } from '../db';
import { retryDelay, runPublishJob } from './publish-job';
import type { PublishQueue, ResolvedQueueOptions } from './publish-queue';
import { startRecoverySweep } from './recovery-sweep';

interface WaitingJob {
  cvr: string;
  attempt: number;
}

export function createInProcessQueue(options: ResolvedQueueOptions): PublishQueue {
  const { db, logger, consume, concurrency, attempts, backoffMs } = options;
  const log = logger.child({ queue: options.queueName, kind: 'in-process' });

  // A company is in at most one of `waiting`, `active` and `delayed` at a time; `followUp` marks an
  // active company that was requested again during its render.
  const waiting: WaitingJob[] = [];
  const active = new Set<string>();
  const followUp = new Set<string>();
  const delayed = new Map<string, NodeJS.Timeout>();
  const running = new Set<Promise<void>>();
  let pendingCalls = 0;
  let closed = false;
  let idleWaiters: Array<() => void> = [];

  function isIdle(): boolean {
    return pendingCalls === 0 && waiting.length === 0 && active.size === 0 && delayed.size === 0;
  }

  function notifyIfIdle(): void {
    if (!isIdle()) return;
    const waiters = idleWaiters;
    idleWaiters = [];
    for (const resolve of waiters) resolve();
  }

  function enqueue(cvr: string): void {
    if (closed || !consume) return;
    if (active.has(cvr)) {
      followUp.add(cvr);
      return;
    }
    if (delayed.has(cvr) || waiting.some((job) => job.cvr === cvr)) return;
    waiting.push({ cvr, attempt: 1 });
    pump();
  }

  function pump(): void {
    while (!closed && active.size < concurrency) {
      const job = waiting.shift();
      if (!job) break;
      start(job);
    }
  }

  function start({ cvr, attempt }: WaitingJob): void {
    active.add(cvr);
    const run = (async () => {
      try {
        await runPublishJob(options, cvr, { attempt, attempts });
      } catch {
        if (attempt < attempts && !closed) {
          // The retry reads the wanted version afresh, so it also covers any follow-up request.
          followUp.delete(cvr);
          const timer = setTimeout(
            () => {
              delayed.delete(cvr);
              if (closed) return;
              waiting.push({ cvr, attempt: attempt + 1 });
              pump();
            },
            retryDelay(backoffMs, attempt),
          );
          delayed.set(cvr, timer);
        }
      } finally {
        active.delete(cvr);
        if (followUp.delete(cvr) && !closed) waiting.push({ cvr, attempt: 1 });
        pump();
        notifyIfIdle();
      }
    })();
    running.add(run);
    void run.finally(() => running.delete(run));
  }

  async function tracked<T>(work: () => Promise<T>): Promise<T> {
    pendingCalls += 1;
    try {
      return await work();
    } finally {
      pendingCalls -= 1;
      notifyIfIdle();
    }
  }

  const queue: PublishQueue = {
    requestPublish: (cvr) =>
      tracked(async () => {
        await markPublishWanted(db, cvr);
        enqueue(cvr);
      }),

    enqueue: async (cvr) => {
      enqueue(cvr);
    },

    recover: () =>
      tracked(async () => {
        if (closed) return 0;
        let count = 0;
        for await (const batch of unpublishedInBatches(db)) {
          for (const state of batch) enqueue(state.companyCvr);
          count += batch.length;
        }
        if (count) log.info({ count }, 'recovered unpublished sites');
        return consume ? count : 0;
      }),

    reachable: () => !closed,

    idle: () => (isIdle() ? Promise.resolve() : new Promise<void>((resolve) => idleWaiters.push(resolve))),

    close: async () => {
      closed = true;
      sweep.stop();
      for (const timer of delayed.values()) clearTimeout(timer);
      delayed.clear();
      waiting.length = 0;
      followUp.clear();
      await Promise.all(running);
      notifyIfIdle();
    },
  };

  const sweep = startRecoverySweep(queue, options.recoverEveryMs, log);
  return queue;
}
