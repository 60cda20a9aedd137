// A worker process killed mid-render (SIGKILL) loses nothing: BullMQ's stalled-job check hands the job
// to another worker once the dead one's lock expires; the in-process queue has recover() at start.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Db, getPublishState, insertCompany } from '../../db';
import { openMigratedDatabase } from '../support/migrated-database';
import { type Run, spawnScript, waitFor } from '../support/processes';
import { type QueueKind, setUpQueueHarness } from './queue-harness';
import { redisSkipReason, TEST_REDIS_URL } from './redis-support';

const CVR = '12121212';
const LOCK_MS = 800;
const started: Run[] = [];

/** Starts the stuck worker (in a process group of its own) and resolves
 *  once its render has begun. */
async function startStuckWorker(env: Record<string, string>): Promise<Run> {
  // The test's whole environment, as before: the harness's queue settings come from it.
  const run = spawnScript('tests/queue/stuck-worker.ts', {
    ...(process.env as Record<string, string>),
    ...env,
  });
  started.push(run);
  await waitFor('the stuck worker to render', () => run.output().includes(`rendering ${CVR}`), 15_000, 20, [
    run,
  ]);
  return run;
}

/** SIGKILLs the worker's process group. */
async function killHard(run: Run): Promise<void> {
  await run.stop(0);
}

async function waitForPublished(db: Db, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const state = await getPublishState(db, CVR);
    if (state && state.publishedVersion >= state.wantedVersion) return;
    if (Date.now() > deadline)
      throw new Error(`not published within ${timeoutMs} ms: ${JSON.stringify(state)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function crashSuite(kind: QueueKind) {
  let dir = '';
  let file = '';
  let db: Db;
  beforeEach(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'mesterside-crash-'));
    file = path.join(dir, 'test.db');
    db = await openMigratedDatabase({ dialect: 'sqlite', file });
    await insertCompany(db, { cvr: CVR, name: 'Firma Crash' });
  });
  afterEach(async () => {
    // A test that failed before its kill must not leave a worker behind.
    for (const run of started.splice(0)) {
      if (run.running()) await killHard(run);
    }
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });
  const harness = setUpQueueHarness(kind, () => db);

  it('publishes after a worker was killed mid-render', async () => {
    const child = await startStuckWorker({
      STUCK_DB_FILE: file,
      STUCK_CVR: CVR,
      STUCK_QUEUE: harness.queueName(),
      STUCK_REDIS_URL: kind === 'bullmq' ? TEST_REDIS_URL : '',
      STUCK_LOCK_MS: String(LOCK_MS),
    });
    await killHard(child);
    expect(await getPublishState(db, CVR)).toMatchObject({ wantedVersion: 1, publishedVersion: 0 });

    const fake = harness.fake();
    const queue = harness.open(fake, { lockDurationMs: LOCK_MS });
    // BullMQ needs no help: the stalled check finds the dead worker's job. In-process jobs died with
    // the process; what starts a queue calls recover().
    if (kind === 'in-process') expect(await queue.recover()).toBe(1);
    await waitForPublished(db, 10_000);
    expect(fake.calls(CVR)).toBeGreaterThanOrEqual(1);
  });
}

describe('worker killed mid-render (in-process)', () => crashSuite('in-process'));
describe.skipIf(redisSkipReason !== '')(`worker killed mid-render (bullmq)${redisSkipReason}`, () =>
  crashSuite('bullmq'),
);
