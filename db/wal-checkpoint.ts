// Checkpoints of SQLite's write-ahead log on a thread of their own (issue 26). SQLite copies the log
// back into the database file (and syncs it) inside the commit that crosses `wal_autocheckpoint`
// pages, so one save in every hundred or so blocked the thread that serves every request while it
// did, with an fsync: 6,000 sequential saves through the app gave p95 5.1-7.6 ms and a worst of
// 170-190 ms with it, against p95 3.1-3.3 ms and a worst of 37-44 ms with checkpoints off (on a
// machine loaded by other work). Here a process's main connection only watches the log's size, and
// a checkpointer thread with a connection of its own checkpoints it PASSIVE (never waiting for a
// lock, never blocking a writer or reader). The commit's own checkpoint stays as a safety net far
// beyond the thread's threshold, for a checkpointer that cannot keep up or did not start.
import { existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isMainThread, Worker } from 'node:worker_threads';
import type SQLite from 'better-sqlite3';
import { projectRoot } from '../lib/project-root';
import type { CheckpointerMessage } from './wal-checkpointer';

/** A log this big is checkpointed by the thread (SQLite's own default threshold: 1,000 pages). */
export const CHECKPOINT_AT_BYTES = 4 * 1024 * 1024;
/** The commit's own checkpoint, now only a safety net: 10,000 pages of 4 KB. */
const SAFETY_NET_PAGES = 10_000;
/** The log is cut back to this when SQLite starts it over, so its size says how much is new. */
const LOG_KEPT_BYTES = 1024 * 1024;
/** How often the log's size is looked at: a burst of saves writes a few MB of log a second. */
const CHECK_EVERY_MS = 100;

const HERE = path.dirname(fileURLToPath(import.meta.url));
// The thread beside a bundle (dist/server/wal-checkpointer.mjs), else the sources' tsx entry.
const ENTRY = existsSync(path.join(HERE, 'wal-checkpointer.mjs'))
  ? path.join(HERE, 'wal-checkpointer.mjs')
  : path.join(projectRoot(HERE), 'db', 'wal-checkpointer-entry.mjs');

let checkpointer: Worker | undefined;
const running = new Set<string>();

/** The process's one checkpointer thread, started by the first log worth checkpointing. */
function thread(): Worker {
  if (!checkpointer) {
    const worker = new Worker(ENTRY);
    worker.on('message', ({ file }: { file: string }) => running.delete(file));
    // A thread that failed leaves the commit's own checkpoint; the next check starts another.
    worker.on('error', () => {});
    worker.on('exit', () => {
      if (checkpointer === worker) checkpointer = undefined;
      running.clear();
    });
    worker.unref();
    checkpointer = worker;
  }
  return checkpointer;
}

/**
 * Moves the checkpoints of `database` (the connection of `file`) to the checkpointer thread. Only a
 * main thread's connection does: the render threads' connections only read, and never checkpoint.
 */
export function checkpointInBackground(database: SQLite.Database, file: string): void {
  if (!isMainThread || file === ':memory:' || file === '') return;
  database.pragma(`wal_autocheckpoint = ${SAFETY_NET_PAGES}`);
  database.pragma(`journal_size_limit = ${LOG_KEPT_BYTES}`);
  const log = `${file}-wal`;
  let looking = false;
  const timer = setInterval(() => {
    if (looking || running.has(file)) return;
    looking = true;
    stat(log)
      .then((found) => {
        if (found.size < CHECKPOINT_AT_BYTES) return;
        running.add(file);
        thread().postMessage({ op: 'checkpoint', file } satisfies CheckpointerMessage);
      })
      .catch(() => {})
      .finally(() => {
        looking = false;
      });
  }, CHECK_EVERY_MS);
  timer.unref();
  const close = database.close.bind(database);
  database.close = () => {
    clearInterval(timer);
    checkpointer?.postMessage({ op: 'close', file } satisfies CheckpointerMessage);
    return close();
  };
}
