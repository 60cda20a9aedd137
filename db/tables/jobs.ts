// The one durable table of things to do later (issue 50 item 3): every mail, every reminder, the daily
// data-retention deletes. A row is a `kind` (whose handler api/jobs/runner.ts knows), a JSON `payload`
// and the time it is due (`runAt`). Life of a row:
//   - enqueue(db, kind, payload, { runAt, key }) writes it, inside the caller's transaction when the
//     job belongs to a change (a quote request and its mail are one commit). With a `key` the job has
//     a name: enqueueing the same key again replaces it (its payload and time), and cancel(db, key)
//     takes it back. That is how "a reminder at time T" is written (a tilbud about to expire, a booking
//     tomorrow): enqueue(db, 'booking-reminder', { … }, { runAt: T, key: `booking-reminder:${id}` }),
//     and cancel(db, `booking-reminder:${id}`) when the booking goes. Keys are `kind:cvr:…` so a
//     company's jobs can be found by prefix (cancelByPrefix, releaseByPrefix).
//   - A runner claims a due row for a lease (lockedUntil, compare-and-set on the row as read), so two
//     processes never run one job at once, and a process that dies mid-job leaves it due again when the
//     lease ends (lostLeases counts those). Done: the row is deleted (by the lease it holds: a row
//     replaced meanwhile is not). Failed: the error and the next try are written; after MAX_ATTEMPTS the
//     row stays as state 'failed' for the operator (api/routes/operator.ts) and /api/health.
import { randomUUID } from 'node:crypto';
import type { Db } from '../database';

export interface JobsTable {
  id: string;
  kind: string;
  key: string | null;
  /** JSON text. */
  payload: string;
  state: 'pending' | 'failed';
  runAt: string;
  lockedUntil: string | null;
  attempts: number;
  lostLeases: number;
  lastError: string | null;
  createdAt: string;
}

export interface Job<Payload = unknown> {
  id: string;
  kind: string;
  key: string | null;
  payload: Payload;
  state: 'pending' | 'failed';
  runAt: string;
  lockedUntil: string | null;
  attempts: number;
  lostLeases: number;
  lastError: string | null;
  createdAt: string;
}

export interface EnqueueOptions {
  /** When it is due (default: now). */
  runAt?: Date;
  /** Names the job: the same key replaces it; cancel(db, key) takes it back. */
  key?: string;
  now?: Date;
}

function toJob(row: JobsTable): Job {
  return {
    ...row,
    attempts: Number(row.attempts),
    lostLeases: Number(row.lostLeases),
    payload: JSON.parse(row.payload),
  };
}

// The runners of this process, woken by every enqueue (api/jobs/runner.ts). Module state that outlives
// a test file under `isolate: false`: only runners with a timer subscribe, and each unsubscribes on
// close, so a test's runner that only runs when told (everyMs 0) never hears another test's enqueue.
const enqueueListeners = new Set<() => void>();

/** Calls `listener` after every enqueue in this process; answers the unsubscribe. */
export function onEnqueue(listener: () => void): () => void {
  enqueueListeners.add(listener);
  return () => enqueueListeners.delete(listener);
}

/** Writes a job (or, with a key already there, replaces that job's payload and time, and its failures). */
export async function enqueue(
  db: Db,
  kind: string,
  payload: unknown,
  options: EnqueueOptions = {},
): Promise<void> {
  const now = options.now ?? new Date();
  const runAt = (options.runAt ?? now).toISOString();
  const values: JobsTable = {
    id: randomUUID(),
    kind,
    key: options.key ?? null,
    payload: JSON.stringify(payload ?? {}),
    state: 'pending',
    runAt,
    lockedUntil: null,
    attempts: 0,
    lostLeases: 0,
    lastError: null,
    createdAt: now.toISOString(),
  };
  await db
    .insertInto('jobs')
    .values(values)
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        kind: values.kind,
        payload: values.payload,
        state: 'pending',
        runAt,
        lockedUntil: null,
        attempts: 0,
        lostLeases: 0,
        lastError: null,
      }),
    )
    .execute();
  for (const listener of enqueueListeners) listener();
}

/** Writes the job named `options.key` unless it exists already (a recurring job keeps its time). */
export async function enqueueOnce(
  db: Db,
  kind: string,
  payload: unknown,
  options: EnqueueOptions & { key: string },
): Promise<void> {
  const now = options.now ?? new Date();
  await db
    .insertInto('jobs')
    .values({
      id: randomUUID(),
      kind,
      key: options.key,
      payload: JSON.stringify(payload ?? {}),
      state: 'pending',
      runAt: (options.runAt ?? now).toISOString(),
      lockedUntil: null,
      attempts: 0,
      lostLeases: 0,
      lastError: null,
      createdAt: now.toISOString(),
    })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
}

/** Takes back the job named `key` (a reminder no longer wanted); answers whether there was one. */
export async function cancel(db: Db, key: string): Promise<boolean> {
  const result = await db.deleteFrom('jobs').where('key', '=', key).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Takes back every job whose key starts with `prefix` (a deleted request's mails). */
export async function cancelByPrefix(db: Db, prefix: string): Promise<number> {
  const result = await db.deleteFrom('jobs').where('key', 'like', `${prefix}%`).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Takes back every job of the company `cvr` (keys `kind:cvr` or `kind:cvr:…`): it is deleted. */
export async function cancelCompanyJobs(db: Db, cvr: string): Promise<number> {
  const result = await db
    .deleteFrom('jobs')
    .where((eb) => eb.or([eb('key', 'like', `%:${cvr}:%`), eb('key', 'like', `%:${cvr}`)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Makes the waiting (not leased) jobs whose key starts with `prefix` due now. */
export async function releaseByPrefix(db: Db, prefix: string, now: Date): Promise<void> {
  await db
    .updateTable('jobs')
    .set({ runAt: now.toISOString() })
    .where('key', 'like', `${prefix}%`)
    .where('state', '=', 'pending')
    .where('lockedUntil', 'is', null)
    .execute();
}

/** The pending jobs due at `now` and not held by a live lease, oldest due first. */
export async function dueJobs(db: Db, now: Date, limit = 20): Promise<Job[]> {
  const at = now.toISOString();
  const rows = await db
    .selectFrom('jobs')
    .selectAll()
    .where('state', '=', 'pending')
    .where('runAt', '<=', at)
    .where((eb) => eb.or([eb('lockedUntil', 'is', null), eb('lockedUntil', '<=', at)]))
    .orderBy('runAt')
    .orderBy('createdAt')
    .limit(limit)
    .execute();
  return rows.map(toJob);
}

/** The job as it is now (tests, the operator). */
export async function findJob(db: Db, key: string): Promise<Job | undefined> {
  const row = await db.selectFrom('jobs').selectAll().where('key', '=', key).executeTakeFirst();
  return row ? toJob(row) : undefined;
}

/**
 * Takes `job` (as dueJobs read it) for `leaseMs`: answers the lease (the claim's token for the calls
 * below), or null when another process took it first or it changed meanwhile. A job whose previous
 * lease ran out (its runner died) counts one more lost lease.
 */
export async function claimJob(db: Db, job: Job, now: Date, leaseMs: number): Promise<string | null> {
  const lease = new Date(now.getTime() + leaseMs).toISOString();
  let query = db
    .updateTable('jobs')
    .set({
      lockedUntil: lease,
      attempts: job.attempts + 1,
      lostLeases: job.lockedUntil === null ? job.lostLeases : job.lostLeases + 1,
    })
    .where('id', '=', job.id)
    .where('state', '=', 'pending')
    .where('attempts', '=', job.attempts)
    .where('runAt', '=', job.runAt);
  query =
    job.lockedUntil === null
      ? query.where('lockedUntil', 'is', null)
      : query.where('lockedUntil', '=', job.lockedUntil);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1 ? lease : null;
}

/** Done: the row goes (unless it was replaced or re-leased meanwhile). */
export async function completeJob(db: Db, id: string, lease: string): Promise<void> {
  await db.deleteFrom('jobs').where('id', '=', id).where('lockedUntil', '=', lease).execute();
}

export interface Reschedule {
  runAt: Date;
  error?: string | null;
  /** Start the count of attempts again (a recurring job that ran, a wait that was no failure). */
  attempts?: number;
  /** 'failed': give up and keep the row for the operator. */
  state?: 'pending' | 'failed';
}

/** Lets go of the lease: due again at `runAt` (or failed for good), with the error of this attempt. */
export async function rescheduleJob(db: Db, id: string, lease: string, change: Reschedule): Promise<void> {
  await db
    .updateTable('jobs')
    .set({
      runAt: change.runAt.toISOString(),
      lockedUntil: null,
      state: change.state ?? 'pending',
      ...(change.error === undefined
        ? {}
        : { lastError: change.error === null ? null : change.error.slice(0, 500) }),
      ...(change.attempts === undefined ? {} : { attempts: change.attempts }),
    })
    .where('id', '=', id)
    .where('lockedUntil', '=', lease)
    .execute();
}

/** A pending job this many attempts in (or lost leases), or this long overdue, is stuck. */
const STUCK_ATTEMPTS = 3;
const STUCK_OVERDUE_MS = 60 * 60 * 1000;

/** Jobs that need a look: failed for good, or stuck; newest trouble first. Never the payload's text. */
export async function troubledJobs(db: Db, now: Date, limit = 100): Promise<Job[]> {
  const overdue = new Date(now.getTime() - STUCK_OVERDUE_MS).toISOString();
  const rows = await db
    .selectFrom('jobs')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb('state', '=', 'failed'),
        eb('attempts', '>=', STUCK_ATTEMPTS),
        eb('lostLeases', '>=', STUCK_ATTEMPTS),
        eb('runAt', '<', overdue),
      ]),
    )
    .orderBy('runAt', 'desc')
    .limit(limit)
    .execute();
  return rows.map(toJob);
}

/** The counts /api/health reports: pending jobs, failed ones, and the oldest due pending one. */
export async function jobCounts(
  db: Db,
  now: Date,
): Promise<{ pending: number; failed: number; due: number; oldestDueAt: string | null }> {
  const at = now.toISOString();
  const row = await db
    .selectFrom('jobs')
    .select((eb) => [
      eb.fn.count<number | string>('id').filterWhere('state', '=', 'pending').as('pending'),
      eb.fn.count<number | string>('id').filterWhere('state', '=', 'failed').as('failed'),
      eb.fn
        .count<number | string>('id')
        .filterWhere((w) => w.and([w('state', '=', 'pending'), w('runAt', '<=', at)]))
        .as('due'),
      eb.fn
        .min<string | null>('runAt')
        .filterWhere((w) => w.and([w('state', '=', 'pending'), w('runAt', '<=', at)]))
        .as('oldestDueAt'),
    ])
    .executeTakeFirst();
  return {
    pending: Number(row?.pending ?? 0),
    failed: Number(row?.failed ?? 0),
    due: Number(row?.due ?? 0),
    oldestDueAt: row?.oldestDueAt ?? null,
  };
}
