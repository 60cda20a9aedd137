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
// A fourth kind (issue 44) has a third company's owner flood the API: a wrk of several connections
// POSTing previews and PUTting saves with the owner's cookie as fast as it gets answers, against the
// shipped limits (the whole API's request limit first, server/request-limit.ts). Meanwhile a fourth
// company's owner saves a page about once a second and watches it go live from a process of its own
// (publish-client.mjs). Its quiet rounds are the same visitor and the same publishing owner without
// the flood; the figures are the visitor's p95 and that owner's publish p95 against them. Each client
// names its own address in X-Forwarded-For (the product trusts loopback, as behind the shipped Caddy
// or nginx configuration), so the flood and the owners are different clients, as they are for real.
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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
import { createFixtureCompanies, createFixtureCompany } from './fixtures';
import { signInOwner } from './preview';
import { startShippedProduct, waitUntilPublished } from './shipped-product';
import { median, percentile } from './stats';

const run = promisify(execFile);
const VISITOR_SCRIPT = path.join(import.meta.dirname, 'visitor.lua');
const BIG_CVR = '29999999';
const SAVE_EVERY_MS = 500;
const PUBLISH_CLIENT = path.join(import.meta.dirname, 'publish-client.mjs');
/** Between one publish seen and the owner's next save: under the 60 saves a minute of a company. */
const PUBLISH_PAUSE_MS = 1_100;
/** The flooding client's connections. */
const FLOOD_CONNECTIONS = 8;
/** The clients' addresses (documentation ranges), trusted from loopback as behind a proxy. */
const FLOODER_ADDRESS = '203.0.113.7';
const PUBLISHER_ADDRESS = '198.51.100.20';

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
  /** The API flood rounds: the visitor's p95 with the flood and without it (the same publishing
   *  owner in both), and their ratio. */
  apiQuietP95Ms: number;
  apiFloodP95Ms: number;
  apiFloodRatio: number;
  /** The other owner's save → live p95 without and with the flood, their ratio, and the publishes. */
  publishQuietP95Ms: number;
  publishFloodP95Ms: number;
  publishFloodRatio: number;
  publishes: string;
  /** The flood's requests per second, how many of them were refused (429), and this process's CPU
   *  (the product's processes') per flood request beyond the quiet rounds', in µs. */
  floodRps: number;
  floodRefused: number;
  floodRequests: number;
  floodCpuPerRequestUs: number;
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
  // Every client is on loopback; each names its own address, as a proxy in front would.
  const env = { STORAGE_DIR: dir, LOG_LEVEL: 'warn', TRUST_PROXY: '127.0.0.1,::1' };
  const db = openDatabase(loadConfig(env).database);
  await migrateToLatest(db);
  const visited = await createFixtureCompany(db); // the visited company: its pages are the visitors' load
  // The API flood rounds: the flooding owner's company and the publishing owner's.
  const [floodCvr, publisherCvr] = await createFixtureCompanies(db, 2, 1);
  if (!floodCvr || !publisherCvr) throw new Error('no fixture companies for the flood');
  await seedBigSite(db, pages, pageChars);
  const bigPages = await listPages(db, BIG_CVR);
  /** Until the product has published every save so far (its queue is in its own process). */
  const idle = () => waitUntilPublished(db, [visited, BIG_CVR, floodCvr, publisherCvr]);

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
    const floodPage = (await listPages(db, floodCvr))[1];
    const publisherPage = (await listPages(db, publisherCvr))[1];
    if (!floodPage || !publisherPage) throw new Error('the flood companies have too few pages');
    const flooder = floodScript(dir, {
      origin: api,
      cookie: await signInOwner(db, api, floodCvr, 'ejer@oversvoemmer.example'),
      previewPath: `/api/pages/${floodPage.id}/preview`,
      savePath: `/api/pages/${floodPage.id}`,
    });
    const publisher: PublisherOptions = {
      api,
      origin: api,
      cookie: await signInOwner(db, api, publisherCvr, 'ejer@udgiver.example'),
      forwardedFor: PUBLISHER_ADDRESS,
      pageId: publisherPage.id,
      siteUrl: `${api}/${publisherCvr}/${publisherPage.slug}`,
      pauseMs: PUBLISH_PAUSE_MS,
    };

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
    const apiQuiet: Visit[] = [];
    const apiFlood: Visit[] = [];
    const publishQuiet: number[] = [];
    const publishFlood: number[] = [];
    let publishErrors = 0;
    const flooded = { requests: 0, refused: 0, seconds: 0 };
    const cpu = { quietUs: 0, quietSeconds: 0, floodUs: 0, floodSeconds: 0 };
    const productCpu = () => processTreeCpuUs(product.pid);
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

      // The API flood's quiet half: the visitor and the publishing owner alone.
      await idle();
      let tag = `r${round}q`;
      let cpuBefore = productCpu();
      let publishing = publish({ ...publisher, tag, seconds: options.seconds });
      apiQuiet.push(await visit(url, options.seconds));
      let seen = await publishing;
      cpu.quietUs += productCpu() - cpuBefore;
      cpu.quietSeconds += options.seconds;
      publishQuiet.push(...seen.latencies);
      publishErrors += seen.errors;
      await idle();
      // The flood: it starts first and ends after the visitor and the publishing owner.
      await clearSaveRates(db);
      tag = `r${round}f`;
      cpuBefore = productCpu();
      const flood = floodApi(api, flooder, options.seconds + 1);
      publishing = publish({ ...publisher, tag, seconds: options.seconds });
      apiFlood.push(await visit(url, options.seconds));
      seen = await publishing;
      const floodAnswers = await flood;
      cpu.floodUs += productCpu() - cpuBefore;
      cpu.floodSeconds += options.seconds + 1;
      flooded.requests += floodAnswers.requests;
      flooded.refused += floodAnswers.refused;
      flooded.seconds += options.seconds + 1;
      publishFlood.push(...seen.latencies);
      publishErrors += seen.errors;
    }
    await idle();

    const quietP95 = median(quiet.map((v) => v.p95Ms));
    const noisyP95 = median(noisy.map((v) => v.p95Ms));
    const previewingP95 = median(previewing.map((v) => v.p95Ms));
    const siteEditP95 = median(siteEdits.map((v) => v.p95Ms));
    const apiQuietP95 = median(apiQuiet.map((v) => v.p95Ms));
    const apiFloodP95 = median(apiFlood.map((v) => v.p95Ms));
    const publishQuietP95 = percentile(publishQuiet, 95);
    const publishFloodP95 = percentile(publishFlood, 95);
    const ratio = (a: number, b: number) => Math.round((a / b) * 100) / 100;
    // The server's CPU a second beyond the quiet rounds', per flood request.
    const extraCpuUs =
      cpu.floodUs - (cpu.quietUs / Math.max(1, cpu.quietSeconds)) * Math.max(1, cpu.floodSeconds);
    return {
      apiQuietP95Ms: apiQuietP95,
      apiFloodP95Ms: apiFloodP95,
      apiFloodRatio: ratio(apiFloodP95, apiQuietP95),
      publishQuietP95Ms: publishQuietP95,
      publishFloodP95Ms: publishFloodP95,
      publishFloodRatio: ratio(publishFloodP95, publishQuietP95),
      publishes: `${publishQuiet.length} quiet, ${publishFlood.length} flood, ${publishErrors} failed`,
      floodRps: Math.round(flooded.requests / Math.max(1, flooded.seconds)),
      floodRefused: flooded.refused,
      floodRequests: flooded.requests,
      floodCpuPerRequestUs: Math.round(extraCpuUs / Math.max(1, flooded.requests)),

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

interface PublisherOptions {
  api: string;
  origin: string;
  cookie: string;
  forwardedFor: string;
  pageId: string;
  siteUrl: string;
  pauseMs: number;
}

/** The publishing owner for `seconds`, in a process of its own: each save → live latency in ms. */
async function publish(
  options: PublisherOptions & { tag: string; seconds: number },
): Promise<{ latencies: number[]; errors: number }> {
  const { stdout } = await run(process.execPath, [PUBLISH_CLIENT, JSON.stringify(options)], {
    timeout: (options.seconds + 60) * 1000,
  });
  return JSON.parse(stdout) as { latencies: number[]; errors: number };
}

/** wrk's script for the flooding owner: previews and saves in turn, each save a new title. */
function floodScript(
  dir: string,
  target: { origin: string; cookie: string; previewPath: string; savePath: string },
): string {
  const file = path.join(dir, 'flood.lua');
  const lua = (text: string) => JSON.stringify(text);
  const content = longText(2_000, 1);
  const preview = JSON.stringify({ title: 'Udkast til en ny overskrift', content });
  // %d: the request's number, so each save changes the page (a save that changes nothing is free).
  const save = JSON.stringify({ title: 'Gemt nr %d', content });
  writeFileSync(
    file,
    [
      'local n = 0',
      `local headers = { ["Content-Type"] = "application/json", ["Origin"] = ${lua(target.origin)},`,
      `  ["Cookie"] = ${lua(target.cookie)}, ["X-Forwarded-For"] = ${lua(FLOODER_ADDRESS)} }`,
      'request = function()',
      '  n = n + 1',
      `  if n % 2 == 0 then return wrk.format("POST", ${lua(target.previewPath)}, headers, ${lua(preview)}) end`,
      `  return wrk.format("PUT", ${lua(target.savePath)}, headers, string.format(${lua(save)}, n))`,
      'end',
      'done = function(summary, latency, requests)',
      '  io.write(string.format("FLOOD %d %d\\n", summary.requests, summary.errors.status))',
      'end',
      '',
    ].join('\n'),
  );
  return file;
}

/** The flooding owner for `seconds`: wrk's connections sending as fast as they get answers. */
async function floodApi(
  origin: string,
  script: string,
  seconds: number,
): Promise<{ requests: number; refused: number }> {
  const { stdout } = await run(
    'wrk',
    ['-t1', `-c${FLOOD_CONNECTIONS}`, `-d${seconds}s`, '-s', script, origin],
    { timeout: (seconds + 30) * 1000 },
  );
  const match = /FLOOD (\d+) (\d+)/.exec(stdout);
  if (!match) throw new Error(`the flood's wrk gave no figures:\n${stdout}`);
  return { requests: Number(match[1]), refused: Number(match[2]) };
}

/** CPU µs of `pid` and every process below it (the product's primary and its serving copies), from
 *  /proc: their user and system time so far. */
function processTreeCpuUs(pid: number): number {
  let ticks = 0;
  const seen = new Set<number>();
  const visitTree = (id: number) => {
    if (seen.has(id)) return;
    seen.add(id);
    try {
      // Fields after the command's closing parenthesis: utime and stime are 14 and 15 (1-based).
      const fields = readFileSync(`/proc/${id}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      ticks += Number(fields[11] ?? 0) + Number(fields[12] ?? 0);
      for (const task of readdirSync(`/proc/${id}/task`)) {
        const children = readFileSync(`/proc/${id}/task/${task}/children`, 'utf8').trim();
        for (const child of children ? children.split(' ') : []) visitTree(Number(child));
      }
    } catch {
      // gone meanwhile
    }
  };
  visitTree(pid);
  return ticks * 10_000; // USER_HZ is 100 on Linux.
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
