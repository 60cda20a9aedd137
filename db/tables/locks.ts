// Per-company serialisation inside a transaction. A no-op UPDATE of a non-key column takes the row
// lock on PostgreSQL (SELECT … FOR UPDATE is not portable); SQLite already serialises writers.
import { AppError } from '../../lib/errors';
import { MESSAGES } from '../../rules/messages';
import type { Db } from '../database';

export async function lockCompany(trx: Db, cvr: string): Promise<void> {
  const result = await trx
    .updateTable('companies')
    .set((eb) => ({ updatedAt: eb.ref('updatedAt') }))
    .where('cvr', '=', cvr)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw new AppError('not_found', MESSAGES.companyNotFound);
}
