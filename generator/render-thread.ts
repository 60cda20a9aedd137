// One render thread of the pool (render-pool.ts): its own database connection and its own copy of
// the Astro bundle. It renders a company's site (or the landing page), writes it and swaps it in,
// so the page rendering, the file writes and any compression never run on the event loop that
// serves visitors. It answers each request with its outcome; a failure leaves the live site as it was.
import os from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase } from '../db';
import { errorMessage } from '../lib/errors';
import { createLogger } from '../lib/logger';
import { loadSiteRenderer } from './astro-renderer';
import { publishCompanySite, RENDER_MEMO_BYTES, sitesDirOf } from './index';
import { companyKey, renderLandingOnce } from './landing';
import { stampCollector } from './publish-trace';
import { RenderMemo } from './render-memo';
import {
  type DocumentsParcel,
  type JobRequest,
  pack,
  RENDER_THREAD_NICE,
  type RenderThreadData,
  type ThreadReply,
  type ThreadRequest,
  unpack,
} from './render-pool';
import { type RenderElsewhere, renderDocuments } from './site-files';
import { removeSite } from './write-site';

const port = parentPort;
if (!port) throw new Error('render-thread must run as a worker thread');
// On Linux a nice value belongs to a thread (/proc/<pid>/task/<tid>/stat shows this one's, the
// process's other threads stay at 0): this one yields the cores to the thread serving visitors
// whenever both want one, and takes all the idle time there is. On the shared 2 cores, short runs of
// `npm run bench -- --only noisy` (a 300-page site saving twice a second) gave a visitor's p95 ratio
// of 3.1 with render threads at nice 0 and about 1 at nice 10; full runs swung from 0.96 to 8.6 with
// the other developers' load. Nice 19 since issue 44 (measured there). Elsewhere this is best effort.
try {
  os.setPriority(RENDER_THREAD_NICE);
} catch {
  // Not permitted or not supported: render at normal priority.
}
const { config, schema } = workerData as RenderThreadData;
const logger = createLogger(config).child({ thread: 'render' });
const db = openDatabase(config.database, schema ? { schema } : {});
const sitesDir = sitesDirOf(config);
const memo = new RenderMemo(RENDER_MEMO_BYTES);

let renderer: Awaited<ReturnType<typeof loadSiteRenderer>>;

// Parts of this thread's site renders that another thread was asked to render (render-pool.ts share).
const shared = new Map<number, (parcel: ArrayBuffer | null) => void>();
let nextShare = 1;
const elsewhere: RenderElsewhere = (site, documents) =>
  new Promise((resolve) => {
    const shareId = nextShare++;
    shared.set(shareId, (parcel) =>
      resolve(
        parcel
          ? unpack<Uint8Array[]>(parcel).map((body) =>
              Buffer.from(body.buffer, body.byteOffset, body.byteLength),
            )
          : null,
      ),
    );
    const parcel = pack({ site, documents } satisfies DocumentsParcel);
    const share = { shareId, cvr: site.company.cvr, documents: documents.length, parcel };
    port.postMessage({ share } satisfies ThreadReply, [parcel]);
  });
try {
  renderer = await loadSiteRenderer();
  port.on('message', (request: ThreadRequest) => {
    if ('shareId' in request) {
      shared.get(request.shareId)?.(request.parcel);
      shared.delete(request.shareId);
      return;
    }
    void handle(request).then((reply) =>
      port.postMessage(reply, 'parcel' in reply && reply.parcel ? [reply.parcel] : []),
    );
  });
  port.postMessage({ ready: true } satisfies ThreadReply);
} catch (error) {
  await db.destroy().catch(() => {});
  port.postMessage({ startError: errorMessage(error) } satisfies ThreadReply);
}

async function handle(request: JobRequest): Promise<ThreadReply> {
  try {
    if (request.op === 'documents') {
      const { site, documents } = unpack<DocumentsParcel>(request.parcel);
      return { id: request.id, parcel: pack(await renderDocuments(site, renderer, documents)) };
    }
    if (request.op === 'preview') {
      const page = request.site.pages.find((candidate) => candidate.id === request.pageId) ?? null;
      return { id: request.id, html: await renderer.renderPage({ site: request.site, page }) };
    }
    if (request.op === 'landing') {
      const deps = { db, config, sitesDir, renderer };
      return { id: request.id, written: await renderLandingOnce(deps, request.written) };
    }
    const started = performance.now();
    const { stamps, stamp } = stampCollector();
    const rendered = await publishCompanySite(db, config.publicHost, renderer, sitesDir, request.cvr, {
      stamp,
      memo,
      elsewhere,
      precompress: config.precompress,
    });
    if (!rendered) {
      await removeSite(sitesDir, request.cvr);
      return { id: request.id, outcome: 'gone' };
    }
    logger.info(
      { cvr: request.cvr, pages: rendered.site.pages.length, ms: Math.round(performance.now() - started) },
      'site published',
    );
    return { id: request.id, outcome: 'published', stamps, companyKey: companyKey(rendered.site.company) };
  } catch (error) {
    return { id: request.id, error: errorMessage(error) };
  }
}
