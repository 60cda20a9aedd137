// Whether each company's public site is up to date. A save bumps wantedVersion in the same
// transaction as the data, so the need to publish survives a queue outage; the worker raises
// publishedVersion when a render of at least that version is live.
// The same row counts the company's saves of the current minute (saveMinute, saveCount), shared by
// every web process through the database: a save's one upsert counts it and wants a publish
// (recordSave), inside the save's transaction, so a refused or failed save is not counted.
import { type Generated, type Selectable, sql } from 'kysely';
import { saveWindow } from '../../rules/limits';
import type { Db } from '../database';
import { prepared } from '../prepared';

export interface PublishStateTable {
  companyCvr: string;
  wantedVersion: number;
  publishedVersion: number;
  lastError: string | null;
  lastAttemptAt: string | null;
  publishedAt: string | null;
  updatedAt: string;
  /** Minutes since the epoch (UTC) of the window saveCount counts (migration 0018). */
  saveMinute: Generated<number>;
  /** The company's saves in that minute. */
  saveCount: Generated<number>;
  /** The next free booking time the live homepage shows or a publish was asked to show (issue 52,
   *  migration 0036): an ISO instant, '' for none, null before the first publish that knew of it. */
  nextFreeShown: string | null;
}

export type PublishState = Selectable<PublishStateTable>;

/** Records that the company's site must be rendered again; returns the version wanted now. */
export async function markPublishWanted(db: Db, cvr: string, now = new Date()): Promise<number> {
  const row = (await upsertWanted(db, cvr, now.toISOString())).rows[0];
  if (!row) throw new Error('the publish state upsert returned no row');
  return row.wantedVersion;
}

/**
 * A save of `cvr` at `now`: counts it in its minute and records that the site must be rendered
 * again, in one statement. Returns the saves in `now`'s minute (this one included) and the version
 * wanted now.
 */
export async function recordSave(
  db: Db,
  cvr: string,
  now = new Date(),
): Promise<{ saves: number; wantedVersion: number }> {
  const row = (await upsertSave(db, cvr, now.toISOString(), saveWindow(now))).rows[0];
  if (!row) throw new Error('the save upsert returned no row');
  return { saves: Number(row.saveCount), wantedVersion: row.wantedVersion };
}

/**
 * Notes `shown` (an ISO instant, '' for none) as the next free time the company's homepage is to
 * show; true when it held another, and the caller then asks for a publish. One conditional update:
 * of many requests that find the same new time at once, one gets true.
 */
export async function claimNextFreeShown(db: Db, cvr: string, shown: string): Promise<boolean> {
  const result = await db
    .updateTable('publishState')
    .set({ nextFreeShown: shown })
    .where('companyCvr', '=', cvr)
    .where((eb) => eb.or([eb('nextFreeShown', 'is', null), eb('nextFreeShown', '!=', shown)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** What a publish rendered as the next free time (an ISO instant, '' for none). */
export async function recordNextFreeShown(db: Db, cvr: string, shown: string): Promise<void> {
  await db.updateTable('publishState').set({ nextFreeShown: shown }).where('companyCvr', '=', cvr).execute();
}

/** Forgets every save count (a restore: the counts are rate-limit state, not data). */
export async function clearSaveRates(db: Db): Promise<void> {
  await db.updateTable('publishState').set({ saveMinute: 0, saveCount: 0 }).execute();
}

export async function getPublishState(db: Db, cvr: string): Promise<PublishState | undefined> {
  return (await selectPublishState(db, cvr)).rows[0];
}

/** Marks `version` as live. Never moves backwards: a slow older render cannot undo a newer one. */
export async function markPublished(db: Db, cvr: string, version: number, now = new Date()): Promise<void> {
  await updatePublished(db, cvr, version, now.toISOString());
}

// Every save and every publish runs these: built once (prepared.ts).
const upsertWanted = prepared((db: Db, cvr: string, stamp: string) =>
  db
    .insertInto('publishState')
    .values({ companyCvr: cvr, wantedVersion: 1, publishedVersion: 0, updatedAt: stamp })
    .onConflict((conflict) =>
      conflict.column('companyCvr').doUpdateSet((eb) => ({
        wantedVersion: eb(eb.ref('publishState.wantedVersion'), '+', 1),
        updatedAt: stamp,
      })),
    )
    .returning('wantedVersion'),
);

// A new minute starts the count again at 1. Every expression reads the row as it was before the
// update, so the window compared is the stored one.
const upsertSave = prepared((db: Db, cvr: string, stamp: string, minute: number) =>
  db
    .insertInto('publishState')
    .values({
      companyCvr: cvr,
      wantedVersion: 1,
      publishedVersion: 0,
      updatedAt: stamp,
      saveMinute: minute,
      saveCount: 1,
    })
    .onConflict((conflict) =>
      conflict.column('companyCvr').doUpdateSet((eb) => ({
        wantedVersion: eb(eb.ref('publishState.wantedVersion'), '+', 1),
        updatedAt: stamp,
        saveCount: sql<number>`case when publish_state.save_minute = ${minute} then publish_state.save_count + 1 else 1 end`,
        saveMinute: minute,
      })),
    )
    .returning(['wantedVersion', 'saveCount']),
);

const selectPublishState = prepared((db: Db, cvr: string) =>
  db.selectFrom('publishState').selectAll().where('companyCvr', '=', cvr),
);

const updatePublished = prepared((db: Db, cvr: string, version: number, stamp: string) =>
  db
    .updateTable('publishState')
    .set({
      publishedVersion: version,
      lastError: null,
      lastAttemptAt: stamp,
      publishedAt: stamp,
      updatedAt: stamp,
    })
    .where('companyCvr', '=', cvr)
    .where('publishedVersion', '<', version),
);

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

/** Where the previous page of listUnpublished ended. */
export interface UnpublishedCursor {
  updatedAt: string;
  companyCvr: string;
}

/**
 * Companies whose wanted version is not live yet (what to enqueue when the queue comes back), oldest
 * first, at most `limit` from after `cursor`. A partial index holds only these rows, so a page costs
 * the same with 100 companies or 100,000.
 */
export async function listUnpublished(
  db: Db,
  page: { limit?: number; after?: UnpublishedCursor } = {},
): Promise<PublishState[]> {
  let query = db
    .selectFrom('publishState')
    .selectAll()
    .whereRef('wantedVersion', '>', 'publishedVersion')
    .orderBy('updatedAt')
    .orderBy('companyCvr')
    .limit(page.limit ?? 1000);
  const { after } = page;
  if (after) {
    query = query.where((eb) =>
      eb.or([
        eb('updatedAt', '>', after.updatedAt),
        eb.and([eb('updatedAt', '=', after.updatedAt), eb('companyCvr', '>', after.companyCvr)]),
      ]),
    );
  }
  return query.execute();
}

/** Every unpublished company, a page of `batch` at a time (for the recovery sweep). */
export async function* unpublishedInBatches(db: Db, batch = 500): AsyncGenerator<PublishState[]> {
  let after: UnpublishedCursor | undefined;
  for (;;) {
    const page = await listUnpublished(db, { limit: batch, ...(after ? { after } : {}) });
    if (page.length) yield page;
    const last = page.at(-1);
    if (!last || page.length < batch) return;
    after = { updatedAt: last.updatedAt, companyCvr: last.companyCvr };
  }
}

/** A company and where its site stands, for sweeps that visit every company. */
export interface CompanySiteState {
  cvr: string;
  wantedVersion: number | null;
  publishedVersion: number | null;
  publishedAt: string | null;
}

/** One page of companies in CVR order, after `afterCvr` ('' for the first), with their publish state. */
export async function listCompanySiteStates(
  db: Db,
  afterCvr: string,
  limit: number,
): Promise<CompanySiteState[]> {
  return db
    .selectFrom('companies')
    .leftJoin('publishState', 'publishState.companyCvr', 'companies.cvr')
    .select([
      'companies.cvr as cvr',
      'publishState.wantedVersion as wantedVersion',
      'publishState.publishedVersion as publishedVersion',
      'publishState.publishedAt as publishedAt',
    ])
    .where('companies.cvr', '>', afterCvr)
    .orderBy('companies.cvr')
    .limit(limit)
    .execute();
}

/** The publish states of the given companies (one query; the caller batches). */
export async function listPublishStatesOf(db: Db, cvrs: readonly string[]): Promise<PublishState[]> {
  if (cvrs.length === 0) return [];
  return db.selectFrom('publishState').selectAll().where('companyCvr', 'in', cvrs).execute();
}

/** Companies whose latest publish attempt failed and whose wanted version is not live, newest first. */
export async function listFailingPublishes(db: Db, limit: number): Promise<PublishState[]> {
  return db
    .selectFrom('publishState')
    .selectAll()
    .where('lastError', 'is not', null)
    .whereRef('wantedVersion', '>', 'publishedVersion')
    .orderBy('lastAttemptAt', 'desc')
    .limit(limit)
    .execute();
}

/** Sites whose last publish failed, newest attempt first, as the operator view lists them: the same
 *  rows as listFailingPublishes (a success clears lastError), with only what the view shows. */
export async function listFailedPublishes(
  db: Db,
  limit = 50,
): Promise<{ companyCvr: string; lastError: string; lastAttemptAt: string | null }[]> {
  const rows = await listFailingPublishes(db, limit);
  return rows.map(({ companyCvr, lastError, lastAttemptAt }) => ({
    companyCvr,
    lastError: lastError ?? '',
    lastAttemptAt,
  }));
}
