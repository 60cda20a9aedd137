// Whether each company's public site is up to date. A save bumps wantedVersion in the same
// transaction as the data, so the need to publish survives a queue outage; the worker raises
// publishedVersion when a render of at least that version is live.
import type { Selectable } from 'kysely';
import type { Db } from '../database';

export interface PublishStateTable {
  companyCvr: string;
  wantedVersion: number;
  publishedVersion: number;
  lastError: string | null;
  lastAttemptAt: string | null;
  publishedAt: string | null;
  updatedAt: string;
}

export type PublishState = Selectable<PublishStateTable>;

/** Records that the company's site must be rendered again; returns the version wanted now. */
export async function markPublishWanted(db: Db, cvr: string, now = new Date()): Promise<number> {
  const row = await db
    .insertInto('publishState')
    .values({ companyCvr: cvr, wantedVersion: 1, publishedVersion: 0, updatedAt: now.toISOString() })
    .onConflict((conflict) =>
      conflict.column('companyCvr').doUpdateSet((eb) => ({
        wantedVersion: eb(eb.ref('publishState.wantedVersion'), '+', 1),
        updatedAt: now.toISOString(),
      })),
    )
    .returning('wantedVersion')
    .executeTakeFirstOrThrow();
  return row.wantedVersion;
}

export async function getPublishState(db: Db, cvr: string): Promise<PublishState | undefined> {
  return db.selectFrom('publishState').selectAll().where('companyCvr', '=', cvr).executeTakeFirst();
}

/** Marks `version` as live. Never moves backwards: a slow older render cannot undo a newer one. */
export async function markPublished(db: Db, cvr: string, version: number, now = new Date()): Promise<void> {
  const stamp = now.toISOString();
  await db
    .updateTable('publishState')
    .set({
      publishedVersion: version,
      lastError: null,
      lastAttemptAt: stamp,
      publishedAt: stamp,
      updatedAt: stamp,
    })
    .where('companyCvr', '=', cvr)
    .where('publishedVersion', '<', version)
    .execute();
}

export async function recordPublishFailure(
  db: Db,
  cvr: string,
  message: string,
  now = new Date(),
): Promise<void> {
  const stamp = now.toISOString();
  await db
    .updateTable('publishState')
    .set({ lastError: message.slice(0, 2000), lastAttemptAt: stamp, updatedAt: stamp })
    .where('companyCvr', '=', cvr)
    .execute();
}

/** Companies whose wanted version is not live yet: what to enqueue when the queue comes back. */
export async function listUnpublished(db: Db): Promise<PublishState[]> {
  return db
    .selectFrom('publishState')
    .selectAll()
    .whereRef('wantedVersion', '>', 'publishedVersion')
    .orderBy('updatedAt')
    .execute();
}

/** Sites whose last publish failed, newest attempt first (operator view; publish_state_failed_idx). */
export async function listFailedPublishes(
  db: Db,
  limit = 50,
): Promise<{ companyCvr: string; lastError: string; lastAttemptAt: string | null }[]> {
  const rows = await db
    .selectFrom('publishState')
    .select(['companyCvr', 'lastError', 'lastAttemptAt'])
    .where('lastError', 'is not', null)
    .orderBy('lastAttemptAt', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ ...row, lastError: row.lastError ?? '' }));
}
