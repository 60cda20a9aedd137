// Publishing on worker threads: a bounded pool of render threads (render-thread.ts), each with its
// own database connection and Astro bundle. A 300-page site takes seconds to render and write; on
// the event loop that serves visitors that stalled every other company's site (issue 15), here it
// costs the serving thread one message each way. Same contract as createSitePublisher's publish():
// the site is live when it resolves, then the landing page is refreshed (coalesced across the pool,
// one landing render at a time per process).
// Each render has a time budget (RENDER_TIMEOUT_MS): a site that takes longer has its thread stopped
// and replaced, so no page of one tenant holds a thread other tenants wait for (issue 23). Its job
// fails like any failed render: the live site stays as it was, the failure is recorded, the queue
// retries it with backoff.
// A whole site's render shared between two threads (site-files.ts RenderElsewhere) crosses this
// thread as parcels (v8-serialized bytes in a transferred ArrayBuffer): the thread that serves
// visitors moves them on without copying or reading them. Cloned here, a 300-page site's model and
// half its pages were about 25 MB copied into and out of this thread's heap at each such render.
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { deserialize, serialize } from 'node:v8';
import { Worker } from 'node:worker_threads';
import type { Config } from '../lib/config';
import type { Logger } from '../lib/logger';
import { projectRoot } from '../lib/project-root';
import { coalesceLandingRenders, type LandingPublisher, landingAfterPublish } from './landing';
import { publishStamp, replayStamps, type StepStamps } from './publish-trace';
import type { SiteDocument } from './site-files';
import { type SiteModel, sitesDirOf } from './site-model';

export interface ThreadedPublisherOptions {
  config: Config;
  /** Render threads; default 2, at most the cores. Each holds the Astro bundle and a site in memory. */
  threads?: number;
  logger?: Logger;
  /** PostgreSQL schema of the database the threads open (tests); default the URL's search path. */
  schema?: string;
  /** The thread's entry module; default the bundled thread beside this module, else the tsx entry. */
  threadEntry?: string | URL;
  /** How long one render may take before its thread is stopped; default RENDER_TIMEOUT_MS. */
  renderTimeoutMs?: number;
}

export interface ThreadedPublisher {
  /** Renders and swaps in the company's site on a thread while `alongside` (what goes with the site,
   *  such as its host routes) runs, then refreshes the landing page. */
  publish(cvr: string, alongside?: () => Promise<void>): Promise<'published' | 'gone'>;
  landing: LandingPublisher;
  /** Renders one page of a site model given whole (a draft: nothing is read or written) on a thread. */
  preview(site: SiteModel, pageId: string): Promise<string>;
  /** Waits for running renders, then stops the threads. */
  close(): Promise<void>;
}

/** What a thread is started with (workerData). */
export interface RenderThreadData {
  config: Config;
  schema?: string;
}

/** What a thread is asked to do: a job of the pool, or the answer to its own ShareRequest. */
export type ThreadRequest = JobRequest | ShareAnswer;

export type JobRequest =
  | { id: number; op: 'publish'; cvr: string }
  | { id: number; op: 'landing'; written: string | null }
  | { id: number; op: 'preview'; site: SiteModel; pageId: string }
  /** Part of another thread's site render (site-files.ts RenderElsewhere): a DocumentsParcel. */
  | { id: number; op: 'documents'; cvr: string; parcel: ArrayBuffer };

/** What a 'documents' parcel holds. */
export interface DocumentsParcel {
  site: SiteModel;
  documents: SiteDocument[];
}

/** The answer to a thread's ShareRequest: a parcel of the bodies (Uint8Array[]), or null when no
 *  thread could take them. */
interface ShareAnswer {
  shareId: number;
  parcel: ArrayBuffer | null;
}

/** A publishing thread asks for part of its site to be rendered on an idle thread. */
interface ShareRequest {
  share: { shareId: number; cvr: string; documents: number; parcel: ArrayBuffer };
}

/** `value` as bytes in an ArrayBuffer of their own, to transfer to another thread. */
export function pack(value: unknown): ArrayBuffer {
  const bytes = serialize(value);
  const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
  return (
    whole ? bytes.buffer : bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength)
  ) as ArrayBuffer;
}

/** The value a `pack` parcel holds. */
export function unpack<T>(parcel: ArrayBuffer): T {
  return deserialize(new Uint8Array(parcel)) as T;
}

/** A thread's answer to one request. */
interface JobReply {
  id: number;
  outcome?: 'published' | 'gone';
  written?: string | null;
  /** A preview's HTML. */
  html?: string;
  error?: string;
  /** A publish's step stamps (generator/publish-trace.ts). */
  stamps?: StepStamps;
  /** A published company's record as its landing card sees it (landing.ts companyKey). */
  companyKey?: string;
  /** Rendered documents of a 'documents' request, in its order: a parcel of Uint8Array[]. */
  parcel?: ArrayBuffer;
}

export type ThreadReply = { ready: true } | { startError: string } | ShareRequest | JobReply;

interface Job {
  request: JobRequest;
  resolve(reply: JobReply): void;
  reject(error: Error): void;
}

interface Slot {
  worker: Worker;
  job: Job | null;
  /** Stops the thread when its job runs past the budget. */
  deadline: ReturnType<typeof setTimeout> | null;
}

const DEFAULT_THREADS = 2;
/** A render's time budget. A 300-page site renders and writes in a few seconds on a busy machine. */
const RENDER_TIMEOUT_MS = 30_000;
const RESTART_DELAY_MS = 5000;
/** The render threads' nice value: the lowest priority, so they run on what the serving threads
 *  leave (render-thread.ts). */
export const RENDER_THREAD_NICE = 19;
const HERE = path.dirname(fileURLToPath(import.meta.url));
// From a bundle in dist/ (the server bundle dist/server/, or a test's bundle), the bundled thread
// beside it (plain Node, no TypeScript loader in every thread); from generator/, the tsx entry. A
// caller running from the sources that has a bundled thread it knows to be current passes it as
// `threadEntry` (the tests do: a thread started through tsx costs about 0.5 s more CPU, measured
// 720 ms against 230 ms, and the suite's in-process stacks start dozens of them).
const DEFAULT_ENTRY = existsSync(path.join(HERE, 'render-thread.mjs'))
  ? path.join(HERE, 'render-thread.mjs')
  : path.join(projectRoot(HERE), 'generator', 'render-thread-entry.mjs');

/** What the pool's parts share: its threads, the jobs waiting for one, and how it was started. */
interface Pool {
  readonly data: RenderThreadData;
  readonly entry: string | URL;
  readonly log: Logger | undefined;
  readonly timeoutMs: number;
  readonly waiting: Job[];
  readonly slots: Slot[];
  nextId: number;
  closed: boolean;
}

export async function createThreadedPublisher(options: ThreadedPublisherOptions): Promise<ThreadedPublisher> {
  const size = Math.max(1, Math.min(options.threads ?? DEFAULT_THREADS, os.availableParallelism()));
  const pool: Pool = {
    data: {
      config: options.config,
      ...(options.schema ? { schema: options.schema } : {}),
    },
    entry: options.threadEntry ?? DEFAULT_ENTRY,
    log: options.logger?.child({ pool: 'render' }),
    timeoutMs: options.renderTimeoutMs ?? RENDER_TIMEOUT_MS,
    waiting: [],
    slots: [],
    nextId: 1,
    closed: false,
  };
  const started = await Promise.allSettled(Array.from({ length: size }, () => startThread(pool)));
  for (const result of started) if (result.status === 'fulfilled') pool.slots.push(result.value);
  const failure = started.find((result) => result.status === 'rejected');
  if (failure) {
    pool.closed = true;
    await Promise.all(pool.slots.map((slot) => slot.worker.terminate()));
    throw failure.reason;
  }
  return publisherOf(pool, sitesDirOf(options.config));
}

/** Starts a thread and resolves once it has loaded the templates (or rejects with why not). */
function startThread(pool: Pool): Promise<Slot> {
  const worker = new Worker(pool.entry, { workerData: pool.data });
  const slot: Slot = { worker, job: null, deadline: null };
  return new Promise((resolve, reject) => {
    let started = false;
    worker.on('message', (reply: ThreadReply) => {
      if ('ready' in reply) {
        started = true;
        resolve(slot);
        pump(pool);
      } else if ('startError' in reply) {
        reject(new Error(reply.startError));
        void worker.terminate();
      } else if ('share' in reply) {
        share(pool, slot, reply.share);
      } else {
        const job = slot.job;
        finish(slot);
        job?.resolve(reply);
        pump(pool);
      }
    });
    const lost = (error: Error) => {
      if (!started) return reject(error);
      threadLost(pool, slot, error);
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`render thread exited with code ${code}`)));
  });
}

/** A thread that crashes (out of memory, a bug) fails its job, which the queue retries, and is
 *  replaced by a fresh one. */
function threadLost(pool: Pool, slot: Slot, error: Error): void {
  const index = pool.slots.indexOf(slot);
  if (index === -1) return;
  pool.slots.splice(index, 1);
  const job = slot.job;
  finish(slot);
  job?.reject(error);
  if (pool.closed) return;
  pool.log?.error({ err: error }, 'render thread died; starting another');
  replace(pool);
}

/** Starts a thread in place of one that died; keeps trying while it cannot start. */
function replace(pool: Pool): void {
  startThread(pool)
    .then((fresh) => {
      if (pool.closed) return void fresh.worker.terminate();
      pool.slots.push(fresh);
      pump(pool);
    })
    .catch((error: unknown) => {
      pool.log?.error({ err: error }, 'render thread did not start; trying again');
      if (!pool.closed) setTimeout(() => replace(pool), RESTART_DELAY_MS).unref();
    });
}

function finish(slot: Slot): void {
  if (slot.deadline) clearTimeout(slot.deadline);
  slot.deadline = null;
  slot.job = null;
}

/** A render past its budget: fail its job now, stop its thread and start another. */
function overrun(pool: Pool, slot: Slot): void {
  const job = slot.job;
  const index = pool.slots.indexOf(slot);
  if (!job || index === -1) return;
  // Out of the pool before it exits, so no job is given to it (and `threadLost` ignores its exit).
  pool.slots.splice(index, 1);
  finish(slot);
  const { request } = job;
  const what =
    request.op === 'publish'
      ? `site ${request.cvr}`
      : request.op === 'preview'
        ? `preview of ${request.site.company.cvr}`
        : request.op === 'documents'
          ? `part of site ${request.cvr}`
          : 'landing page';
  const error = new Error(`rendering the ${what} took longer than ${pool.timeoutMs / 1000} s; stopped`);
  pool.log?.error({ ...(job.request.op === 'publish' ? { cvr: job.request.cvr } : {}) }, error.message);
  job.reject(error);
  void slot.worker.terminate();
  if (!pool.closed) replace(pool);
}

/**
 * A thread rendering a whole site asks another to render part of it: an idle thread takes it when no
 * job waits (waiting jobs come first); otherwise the asking thread renders it all itself. The part is
 * a job like any other, with its time budget; a failed part is answered with null and rendered by
 * the thread that asked.
 */
function share(pool: Pool, from: Slot, { shareId, cvr, documents, parcel }: ShareRequest['share']): void {
  // Moved, not copied: the parcels pass this thread untouched.
  const answer = (bodies: ArrayBuffer | null) =>
    from.worker.postMessage({ shareId, parcel: bodies } satisfies ShareAnswer, bodies ? [bodies] : []);
  const helper =
    pool.waiting.length === 0 && !pool.closed
      ? pool.slots.find((slot) => slot !== from && slot.job === null)
      : undefined;
  if (!helper) {
    answer(null);
    return;
  }
  start(
    pool,
    helper,
    {
      request: { id: pool.nextId++, op: 'documents', cvr, parcel },
      resolve: (reply) => {
        answer(reply.parcel ?? null);
        pool.log?.debug({ cvr, documents }, 'site render shared with another thread');
      },
      reject: () => answer(null),
    },
    [parcel],
  );
}

function start(pool: Pool, slot: Slot, job: Job, transfer: ArrayBuffer[] = []): void {
  slot.job = job;
  slot.deadline = setTimeout(() => overrun(pool, slot), pool.timeoutMs);
  slot.deadline.unref();
  slot.worker.postMessage(job.request, transfer);
}

function pump(pool: Pool): void {
  for (const slot of pool.slots) {
    if (slot.job !== null) continue;
    const job = pool.waiting.shift();
    if (!job) return;
    start(pool, slot, job);
  }
}

function run(pool: Pool, request: JobRequest): Promise<JobReply> {
  if (pool.closed) return Promise.reject(new Error('the render pool is closed'));
  return new Promise((resolve, reject) => {
    pool.waiting.push({ request, resolve, reject });
    pump(pool);
  });
}

/** The publisher the pool's callers hold: landing renders coalesced, a site, a preview, and close. */
function publisherOf(pool: Pool, sitesDir: string): ThreadedPublisher {
  const landing = coalesceLandingRenders(async (written) => {
    const reply = await run(pool, { id: pool.nextId++, op: 'landing', written });
    if (reply.error !== undefined) throw new Error(reply.error);
    return reply.written ?? null;
  });
  const afterPublish = landingAfterPublish(landing, sitesDir, pool.log);

  return {
    landing,
    async publish(cvr, alongside) {
      // What goes with the site (its host routes) is brought in line while the site renders, so a new
      // company's subdomain leads to its site from the moment of the swap, as its /<cvr> address does.
      const beside = alongside?.();
      // Awaited below once the site is live; a rejection while the render fails is not unhandled.
      beside?.catch(() => {});
      const reply = await run(pool, { id: pool.nextId++, op: 'publish', cvr });
      if (reply.error !== undefined || reply.outcome === undefined) {
        throw new Error(reply.error ?? 'the render thread gave no outcome');
      }
      replayStamps(cvr, reply.stamps);
      publishStamp(cvr, 'thread-done');
      await Promise.all([
        afterPublish(cvr, reply.companyKey).then(() => publishStamp(cvr, 'landing-done')),
        beside,
      ]);
      return reply.outcome;
    },
    async preview(site, pageId) {
      const reply = await run(pool, { id: pool.nextId++, op: 'preview', site, pageId });
      if (reply.error !== undefined || reply.html === undefined) {
        throw new Error(reply.error ?? 'the render thread gave no page');
      }
      return reply.html;
    },
    async close() {
      pool.closed = true;
      for (const job of pool.waiting.splice(0)) job.reject(new Error('the render pool is closed'));
      // Running renders finish (their sites are then live and consistent); then the threads stop.
      while (pool.slots.some((slot) => slot.job !== null)) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      await Promise.all(pool.slots.splice(0).map((slot) => slot.worker.terminate()));
    },
  };
}
