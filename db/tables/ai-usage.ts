// AI generations per company per Copenhagen calendar day (the spec's aiUsage {date, count}). The
// increment is one upsert that refuses to pass the limit, so parallel requests cannot overspend.
import { sql } from 'kysely';
import type { Db } from '../database';

export interface AiUsageTable {
  companyCvr: string;
  usageDate: string;
  usageCount: number;
}

export async function getAiUsage(db: Db, cvr: string, day: string): Promise<number> {
  const row = await db
    .selectFrom('aiUsage')
    .select('usageCount')
    .where('companyCvr', '=', cvr)
    .where('usageDate', '=', day)
    .executeTakeFirst();
  return row?.usageCount ?? 0;
}

/** Counts one generation for the day; returns the new count, or null when the limit was reached. */
export async function takeAiUse(db: Db, cvr: string, day: string, limit: number): Promise<number | null> {
  const row = await db
    .insertInto('aiUsage')
    .values({ companyCvr: cvr, usageDate: day, usageCount: 1 })
    .onConflict((conflict) =>
      conflict
        .columns(['companyCvr', 'usageDate'])
        .doUpdateSet({ usageCount: sql<number>`ai_usage.usage_count + 1` })
        .where('aiUsage.usageCount', '<', limit),
    )
    .returning('usageCount')
    .executeTakeFirst();
  return row && row.usageCount <= limit ? row.usageCount : null;
}

/** Gives one use back, e.g. when the provider failed before anything was produced. */
export async function returnAiUse(db: Db, cvr: string, day: string): Promise<void> {
  await db
    .updateTable('aiUsage')
    .set({ usageCount: sql<number>`usage_count - 1` })
    .where('companyCvr', '=', cvr)
    .where('usageDate', '=', day)
    .where('usageCount', '>', 0)
    .execute();
}
