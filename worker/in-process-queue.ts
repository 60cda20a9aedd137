// The publish queue without Redis: jobs live in this process's memory. It keeps BullMQ's semantics
// (one job per company; a request during a render leaves one follow-up; retries with exponential
// backoff). Memory does not survive a restart; the database's publish state does, so the owner calls
// recover() at start to re-enqueue what a crash or a restart dropped. Owners' jobs always start before
// bulk ones (PublishLane).
import { type Db, markPublishWanted, unpublishedInBatches } from '../db';
import type { Logger } from '../lib/logger';
import { trackCalls } from './call-tracker';
import { retryDelay, runPublishJob } from './publish-job';
import type { PublishLane, PublishQueue, ResolvedQueueOptions } from './publish-queue';
import { startRecoverySweep } from './recovery-sweep';

interface WaitingJob {
  cvr: string;
  attempt: number;
}

export function createInProcessQueue(options: ResolvedQueueOptions): PublishQueue {
  const { db, logger, consume, concurrency, attempts, backoffMs } = options;
  const log = logger.child({ queue: options.queueName, kind: 'in-process' });

  // A company is in at most one of `waiting`, `active` and `delayed` at a time; `followUp` marks an
  // active company that was requested again during its render. Each of them knows the company's
  // lane: an owner's request moves a bulk job to the owner lane, and nothing ever moves one back.
  const waiting: Record<PublishLane, WaitingJob[]> = { owner: [], bulk: [] };
  const waitingLane = new Map<string, PublishLane>();
  const active = new Set<string>();
  const followUp = new Map<string, PublishLane>();
  const delayed = new Map<string, { timer: NodeJS.Timeout; lane: PublishLane }>();
  const running = new Set<Promise<void>>();
  const calls = trackCalls(notifyIfIdle);
  let closed = false;
  let idleWaiters: Array<() => void> = [];

  function isIdle(): boolean {
    return calls.pending === 0 && waitingLane.size === 0 && active.size === 0 && delayed.size === 0;
  }

  function notifyIfIdle(): void {
    if (!isIdle()) return;
    const waiters = idleWaiters;
    idleWaiters = [];
    for (const resolve of waiters) resolve();
  }

  const higher = (a: PublishLane | undefined, b: PublishLane): PublishLane => (a === 'owner' ? a : b);

  function addWaiting(job: WaitingJob, lane: PublishLane): void {
    waiting[lane].push(job);
    waitingLane.set(job.cvr, lane);
  }

  function enqueue(cvr: string, lane: PublishLane): void {
    if (closed || !consume) return;
    if (active.has(cvr)) {
      followUp.set(cvr, higher(followUp.get(cvr), lane));
      return;
    }
    const retry = delayed.get(cvr);
    if (retry) {
      retry.lane = higher(retry.lane, lane);
      return;
    }
    const queued = waitingLane.get(cvr);
    if (queued === 'bulk' && lane === 'owner') {
      // An owner's save of a company the rebuild has not reached yet: it goes first, as one job.
      const index = waiting.bulk.findIndex((job) => job.cvr === cvr);
      const [job] = index < 0 ? [] : waiting.bulk.splice(index, 1);
      addWaiting(job ?? { cvr, attempt: 1 }, 'owner');
    } else if (queued === undefined) {
      addWaiting({ cvr, attempt: 1 }, lane);
    }
    pump();
  }

  function pump(): void {
    while (!closed && active.size < concurrency) {
      const job = waiting.owner.shift() ?? waiting.bulk.shift();
      if (!job) break;
      const lane = waitingLane.get(job.cvr) ?? 'owner';
      waitingLane.delete(job.cvr);
      start(job, lane);
    }
  }

  function start({ cvr, attempt }: WaitingJob, lane: PublishLane): void {
    active.add(cvr);
    const run = (async () => {
      try {
        await runPublishJob(options, cvr, { attempt, attempts });
      } catch {
        if (attempt < attempts && !closed) {
          // The retry reads the wanted version afresh, so it also covers any follow-up request.
          const retry = {
            lane: higher(followUp.get(cvr), lane),
            timer: setTimeout(
              () => {
                delayed.delete(cvr);
                if (closed) return;
                addWaiting({ cvr, attempt: attempt + 1 }, retry.lane);
                pump();
              },
              retryDelay(backoffMs, attempt),
            ),
          };
          followUp.delete(cvr);
          delayed.set(cvr, retry);
        }
      } finally {
        active.delete(cvr);
        const next = followUp.get(cvr);
        followUp.delete(cvr);
        if (next && !closed) addWaiting({ cvr, attempt: 1 }, next);
        pump();
        notifyIfIdle();
      }
    })();
    running.add(run);
    void run.finally(() => running.delete(run));
  }

  const queue: PublishQueue = {
    requestPublish: (cvr, lane = 'owner') =>
      calls.tracked(async () => {
        await markPublishWanted(db, cvr);
        enqueue(cvr, lane);
      }),

    enqueue: async (cvr, lane = 'owner') => {
      enqueue(cvr, lane);
    },

    recover: () =>
      calls.tracked(async () => {
        if (closed) return 0;
        const count = await enqueueUnpublished(db, log, (cvr) => enqueue(cvr, 'bulk'));
        return consume ? count : 0;
      }),

    reachable: () => !closed,

    idle: () => (isIdle() ? Promise.resolve() : new Promise<void>((resolve) => idleWaiters.push(resolve))),

    close: async () => {
      closed = true;
      sweep.stop();
      for (const { timer } of delayed.values()) clearTimeout(timer);
      delayed.clear();
      waiting.owner.length = 0;
      waiting.bulk.length = 0;
      waitingLane.clear();
      followUp.clear();
      await Promise.all(running);
      notifyIfIdle();
    },
  };

  const sweep = startRecoverySweep(queue, options.recoverEveryMs, log);
  return queue;
}

/** Enqueues every company the database says is unpublished, a page at a time; returns how many. */
async function enqueueUnpublished(db: Db, log: Logger, enqueue: (cvr: string) => void): Promise<number> {
  let count = 0;
  for await (const batch of unpublishedInBatches(db)) {
    for (const state of batch) enqueue(state.companyCvr);
    count += batch.length;
  }
  if (count) log.info({ count }, 'recovered unpublished sites');
  return count;
}
