// Per-company serialisation inside a transaction. A no-op UPDATE of a non-key column takes the row
// lock on PostgreSQL (SELECT … FOR UPDATE is not portable); SQLite already serialises writers.
import type { Db } from '../database';

/** Holds the company's row lock until the transaction ends; false when no company has that CVR. */
export async function lockCompany(trx: Db, cvr: string): Promise<boolean> {
  const result = await trx
    .updateTable('companies')
    .set((eb) => ({ updatedAt: eb.ref('updatedAt') }))
    .where('cvr', '=', cvr)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
