// The write-ahead log is checkpointed by the checkpointer thread, not by the commit that crosses
// SQLite's threshold on the thread that serves requests (issue 26).
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, expect, it } from 'vitest';
import { openDatabase } from './database';
import { CHECKPOINT_AT_BYTES } from './wal-checkpoint';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

it('checkpoints a growing log on its own thread while the writer only commits', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'wal-checkpoint-'));
  dirs.push(dir);
  const file = path.join(dir, 'app.db');
  const db = openDatabase({ dialect: 'sqlite', file });
  try {
    await sql`create table blobs (id integer primary key, body blob)`.execute(db);
    // The writer's own checkpoint now waits for 10,000 pages; 6 MB of log is far below that.
    const [setting] = (await sql<{ walAutocheckpoint: number }>`pragma wal_autocheckpoint`.execute(db)).rows;
    expect(setting?.walAutocheckpoint).toBe(10_000);
    const body = Buffer.alloc(64 * 1024, 7);
    for (let index = 0; index < 100; index++) {
      await sql`insert into blobs (body) values (${body})`.execute(db);
    }
    expect(statSync(`${file}-wal`).size).toBeGreaterThan(CHECKPOINT_AT_BYTES);

    // Until a checkpoint copies them, the rows live only in the log; the database file holds the
    // table's first pages. Within a few checks the thread has copied them in (the bound is generous:
    // the thread starts through tsx here, which took seconds on a loaded machine).
    const copied = 100 * body.length;
    const deadline = Date.now() + 20_000;
    while (statSync(file).size < copied && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(statSync(file).size).toBeGreaterThanOrEqual(copied);
    // The data is all there, read through the writer's connection.
    const [count] = (await sql<{ n: number }>`select count(*) as n from blobs`.execute(db)).rows;
    expect(count?.n).toBe(100);
  } finally {
    await db.destroy();
  }
}, 30_000);
