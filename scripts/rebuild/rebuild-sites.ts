// Re-renders many companies' sites, spread over worker threads (rendering is CPU-bound, and each
// thread loads the Astro bundle and opens the database once). One thread means no threads at all.
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { type Db, openDatabase } from '../../db';
import { createLandingPublisher, createSitePublisher, sitesDirOf } from '../../generator';
import { loadSiteRenderer } from '../../generator/astro-renderer';
import type { Config } from '../../lib/config';

export interface RebuildResult {
  cvr: string;
  ok: boolean;
  pages: number;
  error?: string;
}

export interface RebuildOptions {
  config: Config;
  cvrs: readonly string[];
  concurrency: number;
  onResult?: (result: RebuildResult) => void;
}

/**
 * The worker thread's module. From the sources (tests, the bench's direct calls) the thread needs
 * tsx registered first; from the esbuild bundle `npm run rebuild` runs (scripts/rebuild/run.mjs),
 * the thread's own bundle sits beside this one as plain JavaScript.
 */
const THREAD_ENTRY = import.meta.url.endsWith('.ts')
  ? new URL('./rebuild-thread-entry.mjs', import.meta.url)
  : new URL('./rebuild-thread.mjs', import.meta.url);

/**
 * Companies in flight per thread: while one waits for the file system (mkdir, symlink swap, pruning
 * the old build), the next one renders. Measured: a thread sat idle a fifth of its time with one.
 */
const IN_FLIGHT_PER_THREAD = 2;

export function defaultConcurrency(): number {
  return Math.max(1, Math.min(os.availableParallelism(), 8));
}

export async function rebuildSites(options: RebuildOptions): Promise<RebuildResult[]> {
  const threads = Math.max(1, Math.min(options.concurrency, options.cvrs.length));
  if (threads === 1) return rebuildInline(options);

  const results: RebuildResult[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: threads }, async () => {
      const worker = new Worker(THREAD_ENTRY, { workerData: { config: options.config } });
      try {
        await new Promise<void>((resolve, reject) => {
          let inFlight = 0;
          let finished = false;
          const feed = () => {
            if (finished) return;
            const cvr = options.cvrs[next++];
            if (cvr !== undefined) {
              inFlight++;
              worker.postMessage({ cvr });
            } else if (inFlight === 0) {
              finished = true;
              worker.postMessage({ done: true });
            }
          };
          worker.on('message', (message: { ready?: true } & Partial<RebuildResult>) => {
            if (message.ready) {
              for (let slot = 0; slot < IN_FLIGHT_PER_THREAD; slot++) feed();
              return;
            }
            inFlight--;
            const result = message as RebuildResult;
            results.push(result);
            options.onResult?.(result);
            feed();
          });
          worker.once('error', reject);
          worker.once('exit', (code) =>
            code === 0 ? resolve() : reject(new Error(`rebuild thread exited ${code}`)),
          );
        });
      } finally {
        await worker.terminate();
      }
    }),
  );
  return results;
}

async function rebuildInline(options: RebuildOptions): Promise<RebuildResult[]> {
  const db = openDatabase(options.config.database);
  try {
    const publish = await publisherFor(db, options.config);
    const results: RebuildResult[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: IN_FLIGHT_PER_THREAD }, async () => {
        for (let cvr = options.cvrs[next++]; cvr !== undefined; cvr = options.cvrs[next++]) {
          const result = await publish(cvr);
          results.push(result);
          options.onResult?.(result);
        }
      }),
    );
    return results;
  } finally {
    await db.destroy();
  }
}

/** Publishes one company and reports the outcome instead of throwing. */
export async function publisherFor(db: Db, config: Config): Promise<(cvr: string) => Promise<RebuildResult>> {
  // The landing page is rendered once after the whole rebuild (scripts/rebuild.ts), not per company.
  const publisher = await createSitePublisher({ db, config, refreshLanding: false });
  return async (cvr) => {
    try {
      const pages = await db
        .selectFrom('pages')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('companyCvr', '=', cvr)
        .executeTakeFirstOrThrow();
      const outcome = await publisher.publish(cvr);
      if (outcome === 'gone') return { cvr, ok: false, pages: 0, error: 'company not found' };
      return { cvr, ok: true, pages: Number(pages.count) };
    } catch (error) {
      return { cvr, ok: false, pages: 0, error: error instanceof Error ? error.message : String(error) };
    }
  };
}

/** Renders the landing page's company section once, after the companies; the error, or null. */
export async function rebuildLanding(config: Config): Promise<string | null> {
  const db = openDatabase(config.database);
  try {
    const renderer = await loadSiteRenderer();
    await createLandingPublisher({ db, config, sitesDir: sitesDirOf(config), renderer }).refresh();
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    await db.destroy();
  }
}
