// The job runner over the jobs table (issue 50 item 3), on both dialects: a reminder at a time T runs
// at T and not before, its key replaces or cancels it; a failing job backs off (30 s doubling, capped)
// and is kept as 'failed' with its last error after the last attempt; a wait does not count; a
// recurring job puts itself back; two runners at once run each job once; an enqueue wakes a runner;
// close() awaits the job in flight and says when that run failed.
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { cancel, enqueue, findJob, jobCounts, troubledJobs } from '../../db';
import { createLogger } from '../../lib/logger';
import { describeEachDialect } from '../../tests/support/databases';
import { createJobRunner, type JobHandler, MAX_RETRY_MS, retryDelayMs } from './runner';

const logger = createLogger({ logLevel: 'silent' });
const T0 = new Date(Date.UTC(2026, 11, 7, 9, 0));

describeEachDialect('the job runner', (use) => {
  function runner(
    handlers: Record<string, JobHandler>,
    clock: { now: Date },
    extra: { maxAttempts?: number } = {},
  ) {
    return createJobRunner({ db: use().db, logger, handlers, now: () => clock.now, everyMs: 0, ...extra });
  }

  it('runs a reminder at its time, not before; its key replaces it or takes it back', async () => {
    const { db } = use();
    const clock = { now: T0 };
    const ran: unknown[] = [];
    const jobs = runner(
      {
        'booking-reminder': async (job) => {
          ran.push(job.payload);
          return 'sent';
        },
      },
      clock,
    );
    const tomorrow = new Date(T0.getTime() + 86_400_000);
    await enqueue(
      db,
      'booking-reminder',
      { booking: 1 },
      { runAt: tomorrow, key: 'booking-reminder:1', now: T0 },
    );
    await enqueue(
      db,
      'booking-reminder',
      { booking: 2 },
      { runAt: tomorrow, key: 'booking-reminder:2', now: T0 },
    );
    // Moved an hour later, with a new payload: one job, not two.
    const later = new Date(tomorrow.getTime() + 3_600_000);
    await enqueue(
      db,
      'booking-reminder',
      { booking: 1, moved: true },
      { runAt: later, key: 'booking-reminder:1', now: T0 },
    );
    expect(await cancel(db, 'booking-reminder:2')).toBe(true);
    expect(await cancel(db, 'booking-reminder:2')).toBe(false);
    clock.now = tomorrow;
    expect(await jobs.runDue()).toBe(0);
    clock.now = later;
    expect(await jobs.runDue()).toBe(1);
    expect(ran).toEqual([{ booking: 1, moved: true }]);
    expect(await jobs.runDue()).toBe(0);
    await jobs.close();
  });

  it('backs off 30 s doubling to an hour, and keeps a job that never succeeds as failed, with its error', async () => {
    const { db } = use();
    const clock = { now: T0 };
    const jobs = runner(
      { 'lead-mail': async () => Promise.reject(new Error('ECONNREFUSED 127.0.0.1:25')) },
      clock,
      {
        maxAttempts: 4,
      },
    );
    await enqueue(db, 'lead-mail', { leadId: 'x' }, { key: 'lead-mail:1:x', now: T0 });
    const delays: number[] = [];
    for (let attempt = 1; attempt <= 4; attempt++) {
      await jobs.runDue();
      const job = await findJob(db, 'lead-mail:1:x');
      expect(job).toMatchObject({ attempts: attempt, lastError: 'ECONNREFUSED 127.0.0.1:25' });
      delays.push(new Date(job?.runAt ?? 0).getTime() - clock.now.getTime());
      clock.now = new Date(job?.runAt ?? 0);
    }
    expect(delays.slice(0, 3)).toEqual([30_000, 60_000, 120_000]);
    expect(retryDelayMs(40)).toBe(MAX_RETRY_MS);
    expect((await findJob(db, 'lead-mail:1:x'))?.state).toBe('failed');
    // Failed stays failed: no runner tries it again; the operator and /api/health see it.
    clock.now = new Date(clock.now.getTime() + 86_400_000);
    await jobs.runDue();
    expect((await findJob(db, 'lead-mail:1:x'))?.attempts).toBe(4);
    expect(await jobCounts(db, clock.now)).toMatchObject({ failed: 1 });
    const [troubled] = await troubledJobs(db, clock.now);
    expect(troubled).toMatchObject({
      kind: 'lead-mail',
      state: 'failed',
      lastError: 'ECONNREFUSED 127.0.0.1:25',
    });
    await jobs.close();
  });

  it('does not count a wait as a failure, and puts a recurring job back with its attempts cleared', async () => {
    const { db } = use();
    const clock = { now: T0 };
    const day = 86_400_000;
    const jobs = runner(
      {
        waiting: async () => ({ waitMs: 3_600_000, reason: 'the owner has not confirmed the login e-mail' }),
        daily: async () => ({ nextRunAt: new Date(clock.now.getTime() + day) }),
      },
      clock,
    );
    await enqueue(db, 'waiting', {}, { key: 'waiting', now: T0 });
    await enqueue(db, 'daily', {}, { key: 'daily', now: T0 });
    await jobs.runDue();
    expect(await findJob(db, 'waiting')).toMatchObject({
      attempts: 0,
      runAt: new Date(T0.getTime() + 3_600_000).toISOString(),
    });
    expect(await findJob(db, 'daily')).toMatchObject({
      attempts: 0,
      runAt: new Date(T0.getTime() + day).toISOString(),
    });
    await jobs.close();
  });

  it('runs each job once when two runners look at the same time', async () => {
    const { db } = use();
    const clock = { now: T0 };
    const runs = new Map<string, number>();
    const handler: JobHandler = async (job) => {
      const id = (job.payload as { n: string }).n;
      runs.set(id, (runs.get(id) ?? 0) + 1);
      await new Promise((resolve) => setTimeout(resolve, 5));
      return 'sent';
    };
    for (let n = 0; n < 30; n++) await enqueue(db, 'mail', { n: String(n) }, { now: T0 });
    const one = runner({ mail: handler }, clock);
    const two = runner({ mail: handler }, clock);
    const [a, b] = await Promise.all([one.runDue(), two.runDue()]);
    expect(a + b).toBe(30);
    expect([...runs.values()].every((count) => count === 1)).toBe(true);
    expect(runs.size).toBe(30);
    await Promise.all([one.close(), two.close()]);
  });

  it('wakes on an enqueue in this process, and close() awaits the job in flight', async () => {
    const { db } = use();
    let finished = false;
    const jobs = createJobRunner({
      db,
      logger,
      everyMs: 60_000,
      handlers: {
        slow: async () => {
          await new Promise((resolve) => setTimeout(resolve, 300));
          finished = true;
          return 'done';
        },
      },
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    await enqueue(db, 'slow', {}, { key: 'slow' });
    for (let waited = 0; waited < 5000 && !(await findJob(db, 'slow'))?.lockedUntil; waited += 20)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await findJob(db, 'slow'))?.lockedUntil).not.toBeNull();
    await jobs.close();
    expect(finished).toBe(true);
    expect(await findJob(db, 'slow')).toBeUndefined();
  });

  it('rejects close() with what went wrong in the last run, instead of swallowing it', async () => {
    const { db } = use();
    let started = () => {};
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    const jobs = createJobRunner({
      db,
      logger,
      everyMs: 0,
      handlers: {
        // The job table goes away under the runner: its result cannot be written.
        vanish: async () => {
          started();
          await sql`drop table jobs`.execute(db);
          return 'done';
        },
      },
    });
    await enqueue(db, 'vanish', {}, {});
    const run = jobs.runDue();
    run.catch(() => {});
    await running;
    await expect(jobs.close()).rejects.toThrow(/jobs/);
    await expect(run).rejects.toThrow(/jobs/);
  });
});
