// Re-renders many companies' sites as a pipeline: this thread reads each company and renders its
// pages with the Astro bundle, and writer threads compress and write the files (write-site.ts).
//
// Why not N threads that each do everything (the first design): every thread that renders loads its
// own copy of the Astro bundle and warms up its own JIT, and on a 2-core machine the optimizing
// compiler of two render threads took a sixth of all CPU time of a 1,000-company rebuild. Rendering
// is about two fifths of the work per company (brotli, gzip and the file system the rest), so one
// render thread keeps two writer threads busy; the writers load nothing but zlib and the file system.
// Measured on 2 cores, 1,000 companies in memory-backed storage: 5.6-6.3 s before, 4.7-5.0 s after.
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { type Db, openDatabase } from '../../db';
import {
  createLandingPublisher,
  removeSite,
  renderCompanySite,
  type SiteFile,
  sitesDirOf,
} from '../../generator';
import { type LandingRenderer, loadSiteRenderer, type SiteRenderer } from '../../generator/astro-renderer';
import type { Config } from '../../lib/config';
import { errorMessage } from '../../lib/errors';
import type { WriteRequest, WriteResult } from './rebuild-writer';

export interface RebuildResult {
  cvr: string;
  ok: boolean;
  pages: number;
  error?: string;
}

export interface RebuildOptions {
  config: Config;
  cvrs: readonly string[];
  /** Writer threads (compression and files); the calling thread renders. */
  concurrency: number;
  onResult?: (result: RebuildResult) => void;
}

export interface RebuildSummary {
  results: RebuildResult[];
  /** Why the landing page's company section could not be rendered, or null when it was. */
  landingError: string | null;
}

/**
 * Sites handed to one writer before the renderer waits: enough that a writer never idles while the
 * renderer's next site is on its way, few enough that rendered sites do not pile up in memory.
 */
const QUEUED_PER_WRITER = 3;

export function defaultConcurrency(): number {
  return Math.max(1, Math.min(os.availableParallelism(), 8));
}

export async function rebuildSites(options: RebuildOptions): Promise<RebuildSummary> {
  const { config } = options;
  const sitesDir = sitesDirOf(config);
  const db = openDatabase(config.database);
  const writers = new WriterPool(Math.max(1, Math.min(options.concurrency, options.cvrs.length)), sitesDir);
  try {
    const renderer = await loadSiteRenderer();
    const results: RebuildResult[] = [];
    const report = (result: RebuildResult) => {
      results.push(result);
      options.onResult?.(result);
    };
    const writing = new Set<Promise<void>>();
    for (const cvr of options.cvrs) {
      const rendered = await renderOne(db, config, renderer, sitesDir, cvr);
      if ('error' in rendered) {
        report(rendered);
        continue;
      }
      const job = writers.write(cvr, rendered.files).then(
        () => report({ cvr, ok: true, pages: rendered.pages }),
        (error: unknown) => report(failure(cvr, error)),
      );
      writing.add(job);
      void job.then(() => writing.delete(job));
      if (writers.full()) await writers.drained();
    }
    await Promise.all(writing);
    return { results, landingError: await renderLanding(db, config, sitesDir, renderer) };
  } finally {
    await writers.close();
    await db.destroy();
  }
}

/** The company's files and page count, or its failed result (nothing written). */
async function renderOne(
  db: Db,
  config: Config,
  renderer: SiteRenderer,
  sitesDir: string,
  cvr: string,
): Promise<{ files: SiteFile[]; pages: number } | (RebuildResult & { error: string })> {
  try {
    const rendered = await renderCompanySite(db, config.publicHost, renderer, cvr);
    if (rendered) return { files: rendered.files, pages: rendered.site.pages.length };
    // What publishing does for a company that no longer exists: its site goes offline.
    await removeSite(sitesDir, cvr);
    return { cvr, ok: false, pages: 0, error: 'company not found' };
  } catch (error) {
    return failure(cvr, error);
  }
}

/** Renders the landing page's company section once, after the companies; the error, or null. */
async function renderLanding(
  db: Db,
  config: Config,
  sitesDir: string,
  renderer: LandingRenderer,
): Promise<string | null> {
  try {
    await createLandingPublisher({ db, config, sitesDir, renderer }).refresh();
    return null;
  } catch (error) {
    return errorMessage(error);
  }
}

function failure(cvr: string, error: unknown): RebuildResult & { error: string } {
  return { cvr, ok: false, pages: 0, error: errorMessage(error) };
}

/**
 * The writer thread's module. From the sources (the bench's and tests' direct imports) the thread
 * needs tsx registered first; from the esbuild bundle `npm run rebuild` runs (scripts/rebuild/run.mjs),
 * the writer's own bundle sits beside this one as plain JavaScript.
 */
const WRITER_ENTRY = import.meta.url.endsWith('.ts')
  ? new URL('./rebuild-writer-entry.mjs', import.meta.url)
  : new URL('./rebuild-writer.mjs', import.meta.url);

interface Pending {
  resolve: () => void;
  reject: (error: Error) => void;
}

interface WriterThread {
  worker: Worker;
  pending: Map<number, Pending>;
  /** Set when the thread died: its sites and any later ones given to it fail with this. */
  failed?: Error;
}

/** Writer threads, each given the next site while it has the fewest queued. */
class WriterPool {
  private readonly threads: WriterThread[];
  private nextId = 0;
  private waiting: Array<() => void> = [];

  constructor(count: number, sitesDir: string) {
    this.threads = Array.from({ length: count }, () => {
      const worker = new Worker(WRITER_ENTRY, { workerData: { sitesDir } });
      const thread: WriterThread = { worker, pending: new Map() };
      worker.on('message', (result: WriteResult) => {
        const job = thread.pending.get(result.id);
        thread.pending.delete(result.id);
        if (result.error === undefined) job?.resolve();
        else job?.reject(new Error(result.error));
        this.waiting.shift()?.();
      });
      const failAll = (error: Error) => {
        thread.failed ??= error;
        for (const job of thread.pending.values()) job.reject(error);
        thread.pending.clear();
        for (const wake of this.waiting.splice(0)) wake();
      };
      worker.on('error', failAll);
      worker.on('exit', (code) => failAll(new Error(`a writer thread stopped (exit code ${code})`)));
      return thread;
    });
  }

  write(cvr: string, files: SiteFile[]): Promise<void> {
    const live = this.threads.filter((candidate) => !candidate.failed);
    const thread = live.reduce<WriterThread | undefined>(
      (least, candidate) => (least && least.pending.size <= candidate.pending.size ? least : candidate),
      undefined,
    );
    if (!thread) return Promise.reject(this.threads[0]?.failed ?? new Error('no writer thread'));
    const id = this.nextId++;
    return new Promise<void>((resolve, reject) => {
      thread.pending.set(id, { resolve, reject });
      const request: WriteRequest = { id, cvr, files };
      // Buffers arrive in the thread as copies; a rendered site is about 100 KB.
      thread.worker.postMessage(request);
    });
  }

  /** Every live writer has its share queued. */
  full(): boolean {
    const live = this.threads.filter((thread) => !thread.failed);
    return live.length > 0 && live.every((thread) => thread.pending.size >= QUEUED_PER_WRITER);
  }

  /** Resolves when a writer finishes a site (or fails). */
  drained(): Promise<void> {
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  async close(): Promise<void> {
    for (const thread of this.threads) thread.failed ??= new Error('the rebuild is over');
    await Promise.all(this.threads.map(({ worker }) => worker.terminate()));
  }
}
