// The checkpointer thread (db/wal-checkpoint.ts starts it): one connection per database file it is
// asked about, each checkpointed PASSIVE (never waiting for a lock, never blocking a writer or a
// reader). Bundled beside the server (dist/server/wal-checkpointer.mjs); from the sources it starts
// through wal-checkpointer-entry.mjs.
import { parentPort } from 'node:worker_threads';
import Database from 'better-sqlite3';

/** What the main thread sends: checkpoint `file` now, or close its connection. */
export interface CheckpointerMessage {
  op: 'checkpoint' | 'close';
  file: string;
}

if (!parentPort) throw new Error('wal-checkpointer runs as a worker thread (db/wal-checkpoint.ts)');
const port = parentPort;
const open = new Map<string, Database.Database>();

port.on('message', ({ op, file }: CheckpointerMessage) => {
  if (op === 'close') {
    open.get(file)?.close();
    open.delete(file);
    return;
  }
  try {
    let database = open.get(file);
    if (!database) {
      database = new Database(file, { fileMustExist: true });
      open.set(file, database);
    }
    database.pragma('wal_checkpoint(PASSIVE)');
  } catch {
    // A file removed meanwhile, or a lock: the next check tries again; the safety net remains.
  }
  port.postMessage({ file });
});
