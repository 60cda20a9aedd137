// Running totals that would otherwise cost a COUNT(*) over a growing table. Each is changed in the
// same transaction as the rows it counts (see insertCompany and deleteCompany).
import type { Db } from '../database';
import { prepared } from '../prepared';

export interface CountersTable {
  name: string;
  value: number;
}

export type CounterName = 'companies';

// The landing page's refresh after every publish reads it: built once (prepared.ts).
const selectCounter = prepared((db: Db, name: CounterName) =>
  db.selectFrom('counters').select('value').where('name', '=', name),
);

export async function readCounter(db: Db, name: CounterName): Promise<number> {
  const row = (await selectCounter(db, name)).rows[0];
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
