// One publish job, the same for both queue implementations: note the wanted version, render from fresh
// data, then mark that version live. A failure is recorded on the company and rethrown for a retry.

import type { Db } from '../db';
import { getPublishState, markPublished, recordPublishFailure } from '../db';
import { publishStamp } from '../generator/publish-trace';
import type { Logger } from '../lib/logger';
import type { RenderOutcome, RenderSite } from './publish-queue';

export interface PublishJobContext {
  db: Db;
  logger: Logger;
  render: RenderSite;
}

export interface PublishAttempt {
  /** 1 for the first try. */
  attempt: number;
  attempts: number;
}

export async function runPublishJob(
  { db, logger, render }: PublishJobContext,
  cvr: string,
  { attempt, attempts }: PublishAttempt,
): Promise<RenderOutcome> {
  publishStamp(cvr, 'job-start');
  const log = logger.child({ cvr, attempt });
  const started = Date.now();
  try {
    // Read before rendering: a save that lands during the render bumps the wanted version past this
    // one, so the company stays unpublished and its follow-up job renders again.
    const wantedVersion = (await getPublishState(db, cvr))?.wantedVersion ?? 0;
    const outcome = await render(cvr);
    if (outcome === 'gone') {
      log.info('company no longer exists; nothing to publish');
      return outcome;
    }
    await markPublished(db, cvr, wantedVersion);
    publishStamp(cvr, 'job-done');
    log.debug({ version: wantedVersion, ms: Date.now() - started }, 'publish job done');
    return outcome;
  } catch (error) {
    const message = describeError(error);
    await recordPublishFailure(db, cvr, message).catch((recordError: unknown) => {
      log.error({ err: recordError }, 'could not record the publish failure');
    });
    const final = attempt >= attempts;
    log[final ? 'error' : 'warn'](
      { err: error, attempts },
      final ? 'publish failed; giving up until the next recovery' : 'publish failed; will retry',
    );
    throw error;
  }
}

/** Exponential backoff as BullMQ computes it: `backoffMs` after the first failure, doubling after each. */
export function retryDelay(backoffMs: number, failedAttempts: number): number {
  return Math.round(backoffMs * 2 ** (failedAttempts - 1));
}

export function describeError(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}
