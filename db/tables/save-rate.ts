// The save_rate table: how many saves a company made in the current minute, counted in the database
// so every web process (on every machine) shares one count. One row per company, reset when a new
// minute starts; the counter is bumped inside the save's transaction, so a refused or failed save is
// not counted.
import { sql } from 'kysely';
import { saveWindow } from '../../rules/limits';
import type { Db } from '../database';
import { prepared } from '../prepared';

export interface SaveRateTable {
  companyCvr: string;
  windowMinute: number;
  saveCount: number;
}

/** Forgets every count (a restore: the counts are rate-limit state, not data). */
export async function clearSaveRates(db: Db): Promise<void> {
  await db.deleteFrom('saveRate').execute();
}

/** Counts one save of `cvr` at `now`; returns the saves in `now`'s minute, this one included. */
export async function countSave(db: Db, cvr: string, now = new Date()): Promise<number> {
  const minute = saveWindow(now);
  const row = (await upsertSaveCount(db, cvr, minute)).rows[0];
  if (!row) throw new Error('the save count upsert returned no row');
  return Number(row.saveCount);
}

// Every save runs it: built once (prepared.ts).
const upsertSaveCount = prepared((db: Db, cvr: string, minute: number) =>
  db
    .insertInto('saveRate')
    .values({ companyCvr: cvr, windowMinute: minute, saveCount: 1 })
    .onConflict((conflict) =>
      conflict.column('companyCvr').doUpdateSet({
        saveCount: sql<number>`case when save_rate.window_minute = ${minute} then save_rate.save_count + 1 else 1 end`,
        windowMinute: minute,
      }),
    )
    .returning('saveCount'),
);
