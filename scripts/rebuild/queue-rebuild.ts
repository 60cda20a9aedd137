// A rebuild on BullMQ (REDIS_URL): every company's publish job goes to the shared queue in bulk,
// with the deduplication id and options a save's job has (worker/bullmq-queue.ts), so a company with
// a job waiting gets no second one and every `npm run worker` on every machine takes a share. Progress
// is read from publish_state (has each company reached the version this rebuild marked?) and the
// queue's counts (is anything left that could still publish the rest?).
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { type Db, listPublishStatesOf } from '../../db';
import { PUBLISH_JOB_NAME, publishJobOptions, QUEUE_DEFAULTS, QUEUE_PREFIX } from '../../worker';
import type { RebuildResult } from './local-rebuild';

const ADD_BATCH = 1000;
const READ_BATCH = 1000;
/** Idle polls in a row (nothing waiting, delayed or running) before the rest counts as failed. */
const IDLE_POLLS_TO_GIVE_UP = 3;

export interface QueueRebuild {
  /** Adds every company's job; throws when Redis cannot take them (the marks stay: recovery). */
  enqueueAll(cvrs: readonly string[]): Promise<void>;
  /** Polls until every company reached its version or nothing is left that could get it there. */
  waitUntilDone(options: {
    db: Db;
    versions: ReadonlyMap<string, number>;
    pollMs?: number;
    onProgress?: (done: number) => void;
    /** Called once when no worker has been connected to the queue for a while. */
    onNoWorker?: () => void;
  }): Promise<RebuildResult[]>;
  close(): Promise<void>;
}

export function openQueueRebuild(
  redisUrl: string,
  queueName: string = QUEUE_DEFAULTS.queueName,
): QueueRebuild {
  const connection = new Redis(redisUrl, { maxRetriesPerRequest: 3, connectTimeout: 3000 });
  connection.on('error', () => {});
  const queue = new Queue(queueName, { connection, prefix: QUEUE_PREFIX });
  queue.on('error', () => {});
  // The bulk lane: an owner's save goes ahead of every job of the rebuild (worker/README.md).
  const options = (cvr: string) =>
    publishJobOptions(cvr, QUEUE_DEFAULTS.attempts, QUEUE_DEFAULTS.backoffMs, 'bulk');

  return {
    async enqueueAll(cvrs) {
      for (let start = 0; start < cvrs.length; start += ADD_BATCH) {
        const batch = cvrs.slice(start, start + ADD_BATCH);
        await queue.addBulk(
          batch.map((cvr) => ({ name: PUBLISH_JOB_NAME, data: { cvr }, opts: options(cvr) })),
        );
      }
    },

    async waitUntilDone({ db, versions, pollMs: given, onProgress, onNoWorker }) {
      // Each poll reads every pending company's state: poll less often when there are many.
      const pollMs = given ?? (versions.size > 5000 ? 2000 : 500);
      const pending = new Map(versions);
      const results: RebuildResult[] = [];
      let idlePolls = 0;
      let workerlessPolls = 0;
      let warned = false;
      for (;;) {
        for (const result of await settled(db, pending)) {
          pending.delete(result.cvr);
          results.push(result);
        }
        onProgress?.(results.length);
        if (pending.size === 0) return results;
        const counts = await queue
          .getJobCounts('waiting', 'active', 'delayed', 'prioritized', 'waiting-children')
          .catch(() => null);
        // Redis unreachable: keep waiting (the marks are safe; workers recover when it is back).
        if (counts) {
          const busy = Object.values(counts).some((count) => count > 0);
          idlePolls = busy ? 0 : idlePolls + 1;
          if (idlePolls >= IDLE_POLLS_TO_GIVE_UP) {
            // Nothing queued could publish the rest: each one's job finally failed (or was lost).
            for (const result of await settled(db, pending)) {
              pending.delete(result.cvr);
              results.push(result);
            }
            for (const result of await failures(db, pending)) results.push(result);
            onProgress?.(results.length);
            return results;
          }
          const workers = busy ? await queue.getWorkersCount().catch(() => 1) : 1;
          workerlessPolls = workers === 0 ? workerlessPolls + 1 : 0;
          if (!warned && workerlessPolls * pollMs >= 3000) {
            warned = true;
            onNoWorker?.();
          }
        }
        await new Promise((resolve) => setTimeout(resolve, pollMs));
      }
    },

    async close() {
      await queue.close().catch(() => {});
      await connection.quit().catch(() => connection.disconnect());
    },
  };
}

/** Companies of `pending` that reached their version, or are gone (deleted meanwhile). */
async function settled(db: Db, pending: ReadonlyMap<string, number>): Promise<RebuildResult[]> {
  const results: RebuildResult[] = [];
  const cvrs = [...pending.keys()];
  for (let start = 0; start < cvrs.length; start += READ_BATCH) {
    const batch = cvrs.slice(start, start + READ_BATCH);
    const rows = await listPublishStatesOf(db, batch);
    const published = new Map(rows.map((row) => [row.companyCvr, row.publishedVersion]));
    for (const cvr of batch) {
      const version = published.get(cvr);
      if (version === undefined) results.push({ cvr, ok: true, outcome: 'gone' });
      else if (version >= (pending.get(cvr) ?? 0)) results.push({ cvr, ok: true, outcome: 'published' });
    }
  }
  return results;
}

async function failures(db: Db, pending: ReadonlyMap<string, number>): Promise<RebuildResult[]> {
  const results: RebuildResult[] = [];
  const cvrs = [...pending.keys()];
  for (let start = 0; start < cvrs.length; start += READ_BATCH) {
    const rows = await listPublishStatesOf(db, cvrs.slice(start, start + READ_BATCH));
    for (const row of rows) {
      results.push({
        cvr: row.companyCvr,
        ok: false,
        error: row.lastError ?? 'not published (its job was lost; the recovery sweep enqueues it again)',
      });
    }
  }
  return results;
}
