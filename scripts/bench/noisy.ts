// Noisy neighbour: a visitor's latency on one company's site while another company's owner, with a
// 300-page site of ~50,000 characters a page, saves twice a second, against the same visitor with
// no saves. The product runs as `npm start` ships it, in processes of its own (shipped-product.ts:
// a primary that publishes on its render threads, one serving copy per core), and nothing of it runs
// here; no client shares it either (issue 44): the visitor is wrk (scripts/bench/visitor.lua: one
// connection, a request every 20 ms), and the owner is the bench's client process (client-process.ts,
// client-jobs.ts steadySaves), signed in and saving through the API (PUT /api/pages/:id) as the
// editor does. The product keeps its cap of 60 saves a minute: the bench forgets the counts before
// each round of saves (clearSaveRates, as a restore does), and a round saves fewer. The site was
// written through the repositories, so its 300 pages and 50,000 characters a page are past the API's
// limits. Quiet and noisy rounds alternate.
// A second noisy kind has the big site's owner change what every page shows (the company's phone)
// twice a second instead (issue 44): each publish then renders all 300 pages, and the figure says
// whether a whole-site render leaves the visitors of other sites their CPU (render threads' priority,
// nothing of the render on the serving thread).
// A third kind of round has the big site's owner previewing instead (issue 27): a second wrk POSTs
// drafts of the 50,000-character homepage to /api/pages/:id/preview at the editor's fastest pace (an
// owner typing without a pause: the next draft 300 ms after the last answer, the editor's debounce),
// under the preview limit as shipped, each rendered with the 300-page menu on the preview's render
// thread, against the same visitor.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  acceptedValue,
  clearSaveRates,
  getPublishState,
  insertCompany,
  insertPage,
  listPages,
  markPublishWanted,
  migrateToLatest,
  openDatabase,
} from '../../db';
import { loadConfig } from '../../lib/config';
import { type SteadySaves, steadySaves } from './client-jobs';
import { startClientProcess } from './client-process';
import { createFixtureCompany } from './fixtures';
import { signInOwner } from './preview';
import { startShippedProduct, waitUntilPublished } from './shipped-product';
import { median } from './stats';

const run = promisify(execFile);
const VISITOR_SCRIPT = path.join(import.meta.dirname, 'visitor.lua');
const BIG_CVR = '29999999';
const SAVE_EVERY_MS = 500;

export interface NoisyFigures {
  quietP95Ms: number;
  noisyP95Ms: number;
  ratio: number;
  quietRequests: number;
  noisyRequests: number;
  /** Publishes of the big site that completed during the noisy rounds. */
  bigPublishes: number;
  /** The visitor's p95 while the big site's owner changes what every page shows, its ratio to quiet,
   *  and the publishes of the big site meanwhile (each renders every page). */
  siteEditP95Ms: number;
  siteEditRatio: number;
  siteEditPublishes: number;
  pages: number;
  pageChars: number;
  /** The visitor's p95 while the big site's owner previews back to back, and its ratio to quiet. */
  previewingP95Ms: number;
  previewRatio: number;
  /** Previews answered during the previewing rounds, and how many were not 200 (the limit's 429s). */
  previews: number;
  previewErrors: number;
  /** The machine's 1-minute load average at the start and at the end (others share it). */
  loadAverage: string;
}

export async function benchNoisy(options: {
  seconds: number;
  rounds: number;
  pages?: number;
  pageChars?: number;
}): Promise<NoisyFigures> {
  const pages = options.pages ?? 300;
  const pageChars = options.pageChars ?? 50_000;
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-noisy-'));
  const env = { STORAGE_DIR: dir, LOG_LEVEL: 'warn' };
  const db = openDatabase(loadConfig(env).database);
  await migrateToLatest(db);
  const visited = await createFixtureCompany(db); // the visited company: its pages are the visitors' load
  await seedBigSite(db, pages, pageChars);
  const bigPages = await listPages(db, BIG_CVR);
  /** Until the product has published every save so far (its queue is in its own process). */
  const idle = () => waitUntilPublished(db, [visited, BIG_CVR]);

  // Both sites are unpublished: the product publishes them as it starts (its recovery).
  const product = await startShippedProduct(env).catch(async (error: unknown) => {
    await db.destroy();
    throw error;
  });
  const owner = await startClientProcess().catch(async (error: unknown) => {
    await product.stop();
    await db.destroy();
    throw error;
  });
  try {
    await idle();
    const api = `http://127.0.0.1:${product.port}`;
    const url = `${api}/om-os`;
    // Warm: the visitor's page is loaded and compressed once.
    await visit(url, 1);
    const bigHome = bigPages[0];
    if (!bigHome) throw new Error('the big site has no pages');
    const cookie = await signInOwner(db, api, BIG_CVR, 'ejer@storsnakkeren.example');
    const previewer = previewScript(dir, api, cookie);
    const previewUrl = `${api}/api/pages/${bigHome.id}/preview`;
    // Warm: the preview's render thread starts at the first preview.
    await preview(previewUrl, previewer, 1);

    // An owner's saves (client-jobs.ts steadySaves), each through the API: the change and "publish
    // wanted" commit together, the enqueue follows. A page's title, a page after another, or the
    // company's phone, which every page shows.
    const headers = { 'content-type': 'application/json', origin: api, cookie };
    const edits = {
      page: {
        method: 'PUT',
        urls: bigPages.map((page) => `${api}/api/pages/${page.id}`),
        bodies: [JSON.stringify({ title: 'Side gemt %d' })],
      },
      company: {
        method: 'PUT',
        urls: [`${api}/api/company/settings`],
        bodies: Array.from({ length: 100 }, (_, n) =>
          JSON.stringify({ phone: `70 20 ${String(n).padStart(2, '0')} 40` }),
        ),
      },
    };
    const wanted = async () => (await getPublishState(db, BIG_CVR))?.wantedVersion ?? 0;
    const saveWhileVisiting = async (edit: keyof typeof edits): Promise<Visit> => {
      await clearSaveRates(db);
      const before = await wanted();
      const saving = owner.start(steadySaves, { everyMs: SAVE_EVERY_MS, headers, ...edits[edit] });
      try {
        return await visit(url, options.seconds);
      } finally {
        checkSaves(await saving.stop(), (await wanted()) - before);
      }
    };

    const quiet: Visit[] = [];
    const noisy: Visit[] = [];
    const siteEdits: Visit[] = [];
    const previewing: Visit[] = [];
    const previewed = { answered: 0, errors: 0 };
    const published = async () => (await getPublishState(db, BIG_CVR))?.publishedVersion ?? 0;
    let bigPublishes = 0;
    let siteEditPublishes = 0;
    const loadBefore = os.loadavg()[0] ?? 0;
    for (let round = 0; round < options.rounds; round++) {
      await idle();
      quiet.push(await visit(url, options.seconds));
      let before = await published();
      noisy.push(await saveWhileVisiting('page'));
      await idle();
      bigPublishes += (await published()) - before;
      before = await published();
      siteEdits.push(await saveWhileVisiting('company'));
      await idle();
      siteEditPublishes += (await published()) - before;
      const burst = preview(previewUrl, previewer, options.seconds + 1);
      previewing.push(await visit(url, options.seconds));
      const answered = await burst;
      previewed.answered += answered.requests;
      previewed.errors += answered.errors;
    }
    await idle();

    const quietP95 = median(quiet.map((v) => v.p95Ms));
    const noisyP95 = median(noisy.map((v) => v.p95Ms));
    const previewingP95 = median(previewing.map((v) => v.p95Ms));
    const siteEditP95 = median(siteEdits.map((v) => v.p95Ms));
    return {
      siteEditP95Ms: siteEditP95,
      siteEditRatio: Math.round((siteEditP95 / quietP95) * 100) / 100,
      siteEditPublishes,
      previewingP95Ms: previewingP95,
      previewRatio: Math.round((previewingP95 / quietP95) * 100) / 100,
      previews: previewed.answered,
      previewErrors: previewed.errors,
      quietP95Ms: quietP95,
      noisyP95Ms: noisyP95,
      ratio: Math.round((noisyP95 / quietP95) * 100) / 100,
      quietRequests: quiet.reduce((sum, v) => sum + v.requests, 0),
      noisyRequests: noisy.reduce((sum, v) => sum + v.requests, 0),
      bigPublishes,
      pages,
      pageChars,
      loadAverage: `${loadBefore.toFixed(1)} → ${(os.loadavg()[0] ?? 0).toFixed(1)}`,
    };
  } finally {
    await owner.close();
    await product.stop();
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Every save the owner sent must have been stored and have changed the site (each bumps the
 *  version a publish must reach), or the round measured fewer publishes than it claims. */
function checkSaves(saves: SteadySaves, changes: number): void {
  if (saves.errors > 0) {
    throw new Error(`${saves.errors} of the owner's ${saves.sent} saves failed: ${saves.firstError}`);
  }
  if (changes !== saves.saved) {
    throw new Error(`the owner's ${saves.saved} saves changed the site ${changes} times`);
  }
}

export interface Visit {
  p95Ms: number;
  requests: number;
}

/** One visitor for `seconds` on the fixture company's subdomain (bench0.localhost). */
export async function visit(url: string, seconds: number): Promise<Visit> {
  const { stdout } = await run(
    'wrk',
    ['-t1', '-c1', `-d${seconds}s`, '-H', 'Host: bench0.localhost', '-s', VISITOR_SCRIPT, url],
    { timeout: (seconds + 30) * 1000 },
  );
  const read = (name: string) => Number(new RegExp(`${name} (\\d+)`).exec(stdout)?.[1] ?? Number.NaN);
  if (read('ERRORS') > 0) throw new Error(`the visitor saw errors:\n${stdout}`);
  return { p95Ms: Math.round(read('P95_US') / 10) / 100, requests: read('REQUESTS') };
}

/** wrk's script for the previewing owner: the same draft POSTed with the owner's cookie. */
function previewScript(dir: string, origin: string, cookie: string): string {
  const file = path.join(dir, 'previewer.lua');
  const body = JSON.stringify({ title: 'Udkast til en ny overskrift', subtitle: 'Forhåndsvisning' });
  const lua = (text: string) => JSON.stringify(text);
  writeFileSync(
    file,
    [
      'wrk.method = "POST"',
      `wrk.body = ${lua(body)}`,
      'wrk.headers["Content-Type"] = "application/json"',
      `wrk.headers["Origin"] = ${lua(origin)}`,
      `wrk.headers["Cookie"] = ${lua(cookie)}`,
      // The editor's debounce: a draft 300 ms after the owner's last key, one preview at a time.
      'function delay() return 300 end',
      '',
    ].join('\n'),
  );
  return file;
}

/** The previewing owner for `seconds`: one connection, the next draft 300 ms after each answer. */
async function preview(url: string, script: string, seconds: number): Promise<Visit & { errors: number }> {
  const { stdout } = await run('wrk', ['-t1', '-c1', `-d${seconds}s`, '-s', script, url], {
    timeout: (seconds + 30) * 1000,
  });
  const requests = Number(/(\d+) requests in/.exec(stdout)?.[1] ?? Number.NaN);
  const errors = Number(/Non-2xx or 3xx responses: (\d+)/.exec(stdout)?.[1] ?? 0);
  return { p95Ms: Number.NaN, requests, errors };
}

/** A plausible Danish paragraph, repeated to `chars` characters, in paragraphs. */
function longText(chars: number, n: number): string {
  const paragraph =
    `Afsnit ${n}: vi har arbejdet med tag, vinduer og tilbygninger i mere end tyve år, og vi tager ` +
    'os tid til at forklare hver del af opgaven, før vi går i gang. Tilbuddet er skriftligt og fast, ' +
    'vi holder de aftalte tider, og pladsen efterlades ryddet og fejet hver eneste dag.';
  const parts: string[] = [];
  let length = 0;
  while (length < chars) {
    parts.push(paragraph);
    length += paragraph.length + 2;
  }
  return parts.join('\n\n').slice(0, chars);
}

/** The big owner's site, written through the repositories (no API caps apply). */
async function seedBigSite(db: ReturnType<typeof openDatabase>, pages: number, chars: number) {
  await db.transaction().execute(async (trx) => {
    acceptedValue(
      await insertCompany(trx, {
        cvr: BIG_CVR,
        name: 'Storsnakkeren Byg ApS',
        city: 'Odense C',
        zipcode: '5000',
        subdomain: 'storsnakkeren',
      }),
    );
    for (let index = 0; index < pages; index++) {
      await insertPage(trx, BIG_CVR, {
        pageName: index === 0 ? 'Forside' : `Side ${index}`,
        ...(index === 0
          ? { type: 'homepage' as const, layout: 'hero' as const }
          : { layout: 'text' as const }),
        title: `Side ${index} om vores arbejde`,
        content: longText(chars, index),
      });
    }
    await markPublishWanted(trx, BIG_CVR);
  });
}
