// The one write path for an owner's change that visitors will see: the change and "publish wanted"
// commit in ONE transaction, so a stored change is never left without a publish record (and a
// failed record never leaves a stored change). The enqueue follows the commit; a failure there is
// only logged (the change is stored and recorded), and the queue's recovery sweep publishes it.
import { type Db, recordSave } from '../../db';
import { AppError } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import { MAX_SAVES_PER_MINUTE } from '../../rules/limits';
import { MESSAGES } from '../../rules/messages';

/** What a change answers when it changed nothing: no save is counted and nothing is published. */
export class Unchanged<T> {
  constructor(readonly value: T) {}
}

export interface ChangeDeps {
  db: Db;
  /** The publish queue's enqueue(): after the commit. Its contract is never to throw; a throw is
   *  caught and logged here all the same, so a committed change is always answered as saved. */
  enqueuePublish: (cvr: string) => Promise<void>;
  now: () => Date;
  logger?: Logger;
  /** Default MAX_SAVES_PER_MINUTE; the save benchmark lifts it to measure the save path itself. */
  maxSavesPerMinute?: number;
}

/**
 * Runs `change` on a transaction, counts the save (at most MAX_SAVES_PER_MINUTE per company, shared by
 * every process through the database; one more is a 429 that stores nothing), records that `cvr`'s
 * site must be published, commits, enqueues. A change that answers Unchanged (a save of what is
 * already stored) is none of that: it neither counts nor publishes (issue 23).
 */
export async function commitChange<T>(
  deps: ChangeDeps,
  cvr: string,
  change: (trx: Db) => Promise<T | Unchanged<T>>,
): Promise<T> {
  const result = await deps.db.transaction().execute(async (trx) => {
    const value = await change(trx);
    if (value instanceof Unchanged) return value;
    // One upsert counts the save and wants the publish; over the limit, the throw rolls both back.
    const { saves } = await recordSave(trx, cvr, deps.now());
    if (saves > (deps.maxSavesPerMinute ?? MAX_SAVES_PER_MINUTE)) {
      throw new AppError('rate_limited', MESSAGES.tooManySaves);
    }
    return value;
  });
  if (result instanceof Unchanged) return result.value;
  try {
    await deps.enqueuePublish(cvr);
  } catch (error) {
    // The wanted version is committed with the change: the recovery sweep enqueues it later.
    deps.logger?.error({ err: error, cvr }, 'publish enqueue after a committed change failed');
  }
  return result;
}
