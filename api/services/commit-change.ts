// The one write path for an owner's change that visitors will see: the change and "publish wanted"
// commit in ONE transaction, so a stored change is never left without a publish record (and a
// failed record never leaves a stored change). The enqueue follows the commit; it never throws, and
// a change it could not enqueue is published by the queue's recovery sweep.
import { type Db, markPublishWanted } from '../../db';

export interface ChangeDeps {
  db: Db;
  /** The publish queue's enqueue(): after the commit, never throws. */
  enqueuePublish: (cvr: string) => Promise<void>;
  now: () => Date;
}

/** Runs `change` on a transaction, records that `cvr`'s site must be published, commits, enqueues. */
export async function commitChange<T>(
  deps: ChangeDeps,
  cvr: string,
  change: (trx: Db) => Promise<T>,
): Promise<T> {
  const result = await deps.db.transaction().execute(async (trx) => {
    const value = await change(trx);
    await markPublishWanted(trx, cvr, deps.now());
    return value;
  });
  await deps.enqueuePublish(cvr);
  return result;
}
