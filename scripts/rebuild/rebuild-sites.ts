// The render function of a local `npm run rebuild` (a RenderSite, run by the publish job like any
// worker's): this thread reads each company and renders its pages with the Astro bundle, and writer
// threads compress and write the files (write-site.ts). Several jobs in flight keep it a pipeline.
//
// Why not N threads that each do everything (the first design): every thread that renders loads its
// own copy of the Astro bundle and warms up its own JIT, and on a 2-core machine the optimizing
// compiler of two render threads took a sixth of all CPU time of a 1,000-company rebuild. Rendering
// is about two fifths of the work per company (brotli, gzip and the file system the rest), so one
// render thread keeps two writer threads busy; the writers load nothing but zlib and the file system.
// Measured on 2 cores, 1,000 companies in memory-backed storage: 5.6-6.3 s before, 4.7-5.0 s after.
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import type { Db } from '../../db';
import {
  type BuildInputs,
  createLandingPublisher,
  removeSite,
  renderCompanySite,
  type SiteFile,
  sitesDirOf,
} from '../../generator';
import { loadSiteRenderer } from '../../generator/astro-renderer';
import type { Config } from '../../lib/config';
import { errorMessage } from '../../lib/errors';
import type { RenderSite } from '../../worker';
import type { WriteRequest, WriteResult } from './rebuild-writer';

/** Sites handed to one writer before a render waits: enough that a writer never idles while the
 *  renderer's next site is on its way, few enough that rendered sites do not pile up in memory. */
export const QUEUED_PER_WRITER = 3;

export function defaultConcurrency(): number {
  return Math.max(1, Math.min(os.availableParallelism(), 8));
}

/** The local rebuild's render function and what goes with it. */
export interface PipelineRender {
  /** A `RenderSite` for the publish job: renders here, compresses and writes in a writer thread. */
  render: RenderSite;
  /** Pages of the company's last successful render (0 if none). */
  pagesOf(cvr: string): number;
  /** Renders the landing page's company section; the error, or null when it was rendered. */
  refreshLanding(): Promise<string | null>;
  close(): Promise<void>;
}

export async function createPipelineRender(
  config: Pick<Config, 'publicHost' | 'storageDir'> & Partial<Pick<Config, 'precompress'>>,
  db: Db,
  writerThreads: number,
): Promise<PipelineRender> {
  const sitesDir = sitesDirOf(config);
  const renderer = await loadSiteRenderer();
  // The .br/.gz copies every server reads (PRECOMPRESS=0 leaves them out), as a publish writes them.
  const writers = new WriterPool(Math.max(1, writerThreads), sitesDir, config.precompress ?? true);
  const pages = new Map<string, number>();
  return {
    async render(cvr) {
      const rendered = await renderCompanySite(db, config.publicHost, renderer, cvr);
      if (!rendered) {
        // What publishing does for a company that no longer exists: its site goes offline.
        await removeSite(sitesDir, cvr);
        return 'gone';
      }
      await writers.write(cvr, rendered.files, rendered.inputs);
      pages.set(cvr, rendered.site.pages.length);
      return 'published';
    },
    pagesOf: (cvr) => pages.get(cvr) ?? 0,
    async refreshLanding() {
      try {
        await createLandingPublisher({ db, config, sitesDir, renderer }).refresh();
        return null;
      } catch (error) {
        return errorMessage(error);
      }
    },
    close: () => writers.close(),
  };
}

/**
 * The writer thread's module. From the sources (the bench's and tests' direct imports) the thread
 * needs tsx registered first; from the server bundle `npm run rebuild` runs (dist/server/, see
 * scripts/server-bundle.mjs), the writer's own bundle sits beside this code as plain JavaScript.
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

  constructor(count: number, sitesDir: string, precompress: boolean) {
    this.threads = Array.from({ length: count }, () => {
      const worker = new Worker(WRITER_ENTRY, { workerData: { sitesDir, precompress } });
      const thread: WriterThread = { worker, pending: new Map() };
      worker.on('message', (result: WriteResult) => {
        const job = thread.pending.get(result.id);
        thread.pending.delete(result.id);
        if (result.error === undefined) job?.resolve();
        else job?.reject(new Error(result.error));
      });
      const failAll = (error: Error) => {
        thread.failed ??= error;
        for (const job of thread.pending.values()) job.reject(error);
        thread.pending.clear();
      };
      worker.on('error', failAll);
      worker.on('exit', (code) => failAll(new Error(`a writer thread stopped (exit code ${code})`)));
      return thread;
    });
  }

  write(cvr: string, files: SiteFile[], inputs: BuildInputs | undefined): Promise<void> {
    const live = this.threads.filter((candidate) => !candidate.failed);
    const thread = live.reduce<WriterThread | undefined>(
      (least, candidate) => (least && least.pending.size <= candidate.pending.size ? least : candidate),
      undefined,
    );
    if (!thread) return Promise.reject(this.threads[0]?.failed ?? new Error('no writer thread'));
    const id = this.nextId++;
    return new Promise<void>((resolve, reject) => {
      thread.pending.set(id, { resolve, reject });
      const request: WriteRequest = inputs ? { id, cvr, files, inputs } : { id, cvr, files };
      // Buffers arrive in the thread as copies; a rendered site is about 100 KB.
      thread.worker.postMessage(request);
    });
  }

  async close(): Promise<void> {
    for (const thread of this.threads) thread.failed ??= new Error('the rebuild is over');
    await Promise.all(this.threads.map(({ worker }) => worker.terminate()));
  }
}
