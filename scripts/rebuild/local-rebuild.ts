// A rebuild without Redis: the companies' publish jobs run here, a few at a time, through the same
// version-checked job a worker runs (worker/publish-job.ts), with an injected render function.
//
// One thing differs from a worker: a running `npm start` has its own in-process queue, so a save can
// be published by the server while this process renders the same company. Whichever swaps its folder
// last is live; if that is this process with data read before the save, an older render would stay
// live while publish_state says the save is published. So a job here notes the wanted version before
// it runs and runs again when a save moved it meanwhile: the last swap of a company is then always of
// a render that began after the company's last save. (On BullMQ one job per company at a time holds
// across processes, so the queue path needs none of this.)
import { type Db, getPublishState } from '../../db';
import { errorMessage } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import type { RenderSite } from '../../worker';
import { retryDelay, runPublishJob } from '../../worker/publish-job';

export interface RebuildResult {
  cvr: string;
  ok: boolean;
  /** 'gone': the company was deleted meanwhile (its site is removed). */
  outcome?: 'published' | 'gone';
  error?: string;
}

export interface LocalRebuildOptions {
  db: Db;
  logger: Logger;
  render: RenderSite;
  cvrs: readonly string[];
  /** Jobs in flight at once. */
  concurrency: number;
  /** Tries per company, the first included; default 3. */
  attempts?: number;
  /** First retry delay, doubling; default 250 ms. */
  backoffMs?: number;
  onResult?: (result: RebuildResult) => void;
}

export async function runLocalRebuild(options: LocalRebuildOptions): Promise<RebuildResult[]> {
  const results: RebuildResult[] = [];
  let next = 0;
  const slot = async () => {
    while (next < options.cvrs.length) {
      const cvr = options.cvrs[next++] as string;
      const result = await rebuildOne(options, cvr);
      results.push(result);
      options.onResult?.(result);
    }
  };
  const slots = Math.max(1, Math.min(options.concurrency, options.cvrs.length));
  await Promise.all(Array.from({ length: slots }, slot));
  return results;
}

async function rebuildOne(options: LocalRebuildOptions, cvr: string): Promise<RebuildResult> {
  const { db, logger, render } = options;
  const attempts = Math.max(1, options.attempts ?? 3);
  const backoffMs = options.backoffMs ?? 250;
  let attempt = 1;
  for (;;) {
    const before = (await getPublishState(db, cvr))?.wantedVersion;
    try {
      const outcome = await runPublishJob({ db, logger, render }, cvr, { attempt, attempts });
      if (outcome === 'gone') return { cvr, ok: true, outcome };
      const after = (await getPublishState(db, cvr))?.wantedVersion;
      // A save landed while this render ran: render again (see the header), not counted as a try.
      if (after === before) return { cvr, ok: true, outcome };
    } catch (error) {
      if (attempt >= attempts) return { cvr, ok: false, error: errorMessage(error) };
      await new Promise((resolve) => setTimeout(resolve, retryDelay(backoffMs, attempt)));
      attempt += 1;
    }
  }
}
