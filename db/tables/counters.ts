// Running totals that would otherwise cost a COUNT(*) over a growing table. Each is changed in the
// same transaction as the rows it counts (see insertCompany and deleteCompany).
import type { Db } from '../database';

export interface CountersTable {
  name: string;
  value: number;
}

export type CounterName = 'companies';

export async function readCounter(db: Db, name: CounterName): Promise<number> {
  const row = await db.selectFrom('counters').select('value').where('name', '=', name).executeTakeFirst();
  return Number(row?.value ?? 0);
}

/** Adds `delta` (negative to subtract) to the counter; call it inside the change's transaction. */
export async function addToCounter(db: Db, name: CounterName, delta: number): Promise<void> {
  await db
    .insertInto('counters')
    .values({ name, value: delta })
    .onConflict((conflict) =>
      conflict.column('name').doUpdateSet((eb) => ({ value: eb(eb.ref('counters.value'), '+', delta) })),
    )
    .execute();
}
