// Counts that every process of the product must share (issue 48): one row per (limit, key) with the
// points counted in its current window and when that window ends. Two users:
// - the rate limits' store without Redis (api/middleware/rate-limit.ts, LimitStore with `db`): N web
//   processes on one database count one allowance, not N;
// - budgets that must hold whatever runs (the lead photos' bytes per company and per client per day,
//   api/leads/photo-quota.ts), taken only when they fit (`takeWithinCap`).
// Each change is one upsert, atomic on both dialects, so concurrent processes never lose a count.
// A window that has ended is started afresh by the next hit; rows of ended windows are swept.
import { sql } from 'kysely';
import type { Db } from '../database';

export interface LimitCountsTable {
  name: string;
  key: string;
  points: number;
  windowEndsAt: string;
}

export interface WindowCount {
  /** The points counted in the window (this hit included). */
  points: number;
  windowEndsAt: Date;
}

/** The upsert's SET: a window that ended at `now` starts again with the hit's points and end. */
function restartOrAdd(nowIso: string) {
  return {
    points: sql<number>`case when limit_counts.window_ends_at <= ${nowIso} then excluded.points else limit_counts.points + excluded.points end`,
    windowEndsAt: sql<string>`case when limit_counts.window_ends_at <= ${nowIso} then excluded.window_ends_at else limit_counts.window_ends_at end`,
  };
}

/**
 * Adds `points` to the key's count in its window (a new window of `windowMs` if none is running) and
 * answers the count after the hit: the caller compares it with its limit.
 */
export async function countInWindow(
  db: Db,
  name: string,
  key: string,
  points: number,
  windowMs: number,
  now: Date,
): Promise<WindowCount> {
  const nowIso = now.toISOString();
  const row = await db
    .insertInto('limitCounts')
    .values({ name, key, points, windowEndsAt: new Date(now.getTime() + windowMs).toISOString() })
    .onConflict((oc) => oc.columns(['name', 'key']).doUpdateSet(restartOrAdd(nowIso)))
    .returning(['points', 'windowEndsAt'])
    .executeTakeFirstOrThrow();
  return { points: Number(row.points), windowEndsAt: new Date(row.windowEndsAt) };
}

/**
 * Adds `points` to the key's count only if the count stays within `cap` (a window ending at
 * `windowEndsAt` is started when none is running): answers the count after, or null when it would
 * not fit (nothing is counted then). One statement, so two processes can never both take the last room.
 */
export async function takeWithinCap(
  db: Db,
  name: string,
  key: string,
  points: number,
  cap: number,
  windowEndsAt: Date,
  now: Date,
): Promise<number | null> {
  if (points > cap) return null;
  const nowIso = now.toISOString();
  const row = await db
    .insertInto('limitCounts')
    .values({ name, key, points, windowEndsAt: windowEndsAt.toISOString() })
    .onConflict((oc) =>
      oc
        .columns(['name', 'key'])
        .doUpdateSet(restartOrAdd(nowIso))
        .where((eb) =>
          eb.or([
            eb('limitCounts.windowEndsAt', '<=', nowIso),
            eb(sql<number>`limit_counts.points + excluded.points`, '<=', cap),
          ]),
        ),
    )
    .returning('points')
    .executeTakeFirst();
  return row ? Number(row.points) : null;
}

/** Gives back `points` taken in the window running now (a failed store after takeWithinCap). */
export async function giveBack(db: Db, name: string, key: string, points: number, now: Date): Promise<void> {
  await db
    .updateTable('limitCounts')
    .set({ points: sql<number>`case when points > ${points} then points - ${points} else 0 end` })
    .where('name', '=', name)
    .where('key', '=', key)
    .where('windowEndsAt', '>', now.toISOString())
    .execute();
}

/** The key's count in the window running at `now`, or null when none is. Counts nothing. */
export async function readWindowCount(
  db: Db,
  name: string,
  key: string,
  now: Date,
): Promise<WindowCount | null> {
  const row = await db
    .selectFrom('limitCounts')
    .select(['points', 'windowEndsAt'])
    .where('name', '=', name)
    .where('key', '=', key)
    .where('windowEndsAt', '>', now.toISOString())
    .executeTakeFirst();
  return row ? { points: Number(row.points), windowEndsAt: new Date(row.windowEndsAt) } : null;
}

/** Forgets the key's count. */
export async function forgetCount(db: Db, name: string, key: string): Promise<void> {
  await db.deleteFrom('limitCounts').where('name', '=', name).where('key', '=', key).execute();
}

/** Deletes up to `limit` rows whose window ended before `now`; answers how many. */
export async function sweepEndedCounts(db: Db, now: Date, limit = 1000): Promise<number> {
  const ended = db
    .selectFrom('limitCounts')
    .select(['name', 'key'])
    .where('windowEndsAt', '<', now.toISOString())
    .limit(limit);
  const rows = await ended.execute();
  if (rows.length === 0) return 0;
  let deleted = 0;
  for (const row of rows) {
    const result = await db
      .deleteFrom('limitCounts')
      .where('name', '=', row.name)
      .where('key', '=', row.key)
      .where('windowEndsAt', '<', now.toISOString())
      .executeTakeFirst();
    deleted += Number(result.numDeletedRows);
  }
  return deleted;
}
