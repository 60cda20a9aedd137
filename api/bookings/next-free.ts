// The homepage's "Næste ledige tid" kept true by the booking routes (issue 52 item 6): a publish
// renders the time free then (generator/load-site.ts); when the customer's booking page, a booking, a
// move or a cancel finds another time free first, the site is published again. The time the live
// site shows (or a publish was last asked to show) is kept in publish_state (claimNextFreeShown), so
// a flood of visits that find the same new time asks for one publish, and visits that find the time
// shown ask for none.
import {
  type Company,
  claimNextFreeShown,
  getPublishState,
  markPublishWanted,
  nextFreeStart,
} from '../../db';
import type { AppDeps } from '../env';

/** Asks for a publish of the company's site when its next free time is not the one it shows. */
export async function refreshNextFree(
  deps: Pick<AppDeps, 'db' | 'now' | 'enqueuePublish' | 'logger'>,
  company: Company,
): Promise<void> {
  const { db, logger } = deps;
  const now = deps.now();
  const next = (await nextFreeStart(db, company, now))?.toISOString() ?? '';
  const state = await getPublishState(db, company.cvr);
  // A site never published has no state: its first publish renders the time.
  if (!state || state.nextFreeShown === next) return;
  if (!(await claimNextFreeShown(db, company.cvr, next))) return;
  try {
    await markPublishWanted(db, company.cvr, now);
    await deps.enqueuePublish(company.cvr);
  } catch (error) {
    // The booking stands; the next visit that finds another time asks again.
    logger.error({ err: error, cvr: company.cvr }, 'publish request for the next free time failed');
  }
}
