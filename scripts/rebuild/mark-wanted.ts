// The first step of every rebuild: record that each company's site must be rendered again
// (markPublishWanted, the same record a save writes), in batches of one transaction each so 100,000
// companies take a few hundred commits, not 100,000. Once recorded, nothing is lost: a queue outage
// or a stopped rebuild leaves them unpublished, and every worker's recovery sweep enqueues them.
import { type Db, existingCvrs, listCompanyCvrs, markPublishWanted } from '../../db';

const BATCH = 500;

/** Every company's CVR, in a stable order (only the column needed: there may be 100,000 rows). */
export function allCompanyCvrs(db: Db): Promise<string[]> {
  return listCompanyCvrs(db);
}

/** The given CVRs split into those that are companies and those that are not. */
export async function splitKnown(
  db: Db,
  cvrs: readonly string[],
): Promise<{ known: string[]; unknown: string[] }> {
  const found = new Set<string>();
  for (let start = 0; start < cvrs.length; start += BATCH) {
    const batch = cvrs.slice(start, start + BATCH);
    for (const cvr of await existingCvrs(db, batch)) found.add(cvr);
  }
  const unique = [...new Set(cvrs)];
  return { known: unique.filter((cvr) => found.has(cvr)), unknown: unique.filter((cvr) => !found.has(cvr)) };
}

/** Marks each company as wanting a publish; returns the version each must reach. */
export async function markAllWanted(
  db: Db,
  cvrs: readonly string[],
  onBatch?: (marked: number) => void,
): Promise<Map<string, number>> {
  const versions = new Map<string, number>();
  for (let start = 0; start < cvrs.length; start += BATCH) {
    const batch = cvrs.slice(start, start + BATCH);
    await db.transaction().execute(async (trx) => {
      for (const cvr of batch) versions.set(cvr, await markPublishWanted(trx, cvr));
    });
    onBatch?.(versions.size);
  }
  return versions;
}
