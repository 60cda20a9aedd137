// CPU per operation of the owner's write path (issue 26): a page save, a publish and an onboarding,
// each run one after another through the real app, and the process's CPU time divided by the count.
// Wall-clock latency swings with whatever else the machine runs; CPU time per operation barely does,
// so this is the figure to quote when a change to the save or publish path claims to make it cheaper.
//
// - save (app): PUT /api/pages/:id through app.request(), no HTTP, no publish (the web role's queue
//   only records it): the API's own work, session lookup to JSON answer.
// - save (http): the same over HTTP on loopback through the front server, client included.
// - refusals (issue 44), over HTTP the same way: a preview refused by the preview limit (what each
//   request of a flooding client cost before: the session's lookup, the body read and validated), and
//   a save refused by the whole API's request limit (the front server's 429, nothing read), and the
//   floor: the same client with the front server's least answer, the share no refusal can avoid.
// - publish: a title changed in the database, requestPublish, until the in-process queue is idle:
//   the job, the render thread's load, render, write and swap, the landing refresh, the cache drop.
// - onboarding: POST /api/onboarding/create (fake registry and OpenAI server in this process), until
//   its publish is done.
// Each figure is the median over rounds of (CPU of the round / operations of the round), in µs, for
// the whole process (every thread: render threads, libuv's pool) and for the main thread alone
// (the event loop every request of the process waits behind). On PostgreSQL the server's own CPU is
// in another process and not counted.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createApp } from '../../api/app';
import { createOwnerAccount } from '../../api/auth/accounts';
import { RateLimiter } from '../../api/middleware/rate-limit';
import { acceptedValue, listPages, migrateToLatest, openDatabase, updatePage } from '../../db';
import { loadConfig } from '../../lib/config';
import { createLogger } from '../../lib/logger';
import { API_REQUEST_LIMITS } from '../../rules/limits';
import { startProductStack } from '../../server';
import type { ProductStackOptions } from '../../server/product-stack';
import { RequestLimit, unlimitedRequests } from '../../server/request-limit';
import { startFakeOpenAi } from '../../tests/support/fake-openai';
import type { PublishQueue } from '../../worker';
import { createFixtureCompany, REGISTRY_FIXTURE } from './fixtures';
import { scratchPostgres } from './scratch-database';
import { percentile } from './stats';

interface CpuFigure {
  /** Median µs of CPU per operation, the whole process. */
  processUs: number;
  /** Median µs of CPU per operation on the main thread. */
  mainUs: number;
  /** Median wall-clock ms per operation (noisy on a shared machine). */
  wallMs: number;
}

export interface SaveCpuFigures {
  saveApp: CpuFigure;
  saveHttp: CpuFigure;
  /** A preview refused by the preview limit (session lookup and body read first), over HTTP. */
  previewRefusedHttp: CpuFigure;
  /** A save refused by the whole API's request limit in the front server, over HTTP. */
  requestLimitRefusedHttp: CpuFigure;
  /** The least answer over HTTP (a bodiless 404 from the front server): the client's and Node's share. */
  floorHttp: CpuFigure;
  publish: CpuFigure;
  onboarding: CpuFigure;
  rounds: number;
  perRound: { saves: number; publishes: number; onboardings: number };
}

/** Nanoseconds this thread has run on a CPU (Linux schedstat); null elsewhere. */
function threadCpuNs(): number | null {
  try {
    return Number(readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[0]);
  } catch {
    return null;
  }
}

interface Sample {
  processUs: number;
  mainUs: number;
  wallMs: number;
}

/** Runs `operation` `count` times in a row; CPU and wall time per operation. */
async function measure(count: number, operation: (index: number) => Promise<void>): Promise<Sample> {
  const cpu = process.cpuUsage();
  const main = threadCpuNs();
  const started = performance.now();
  for (let index = 0; index < count; index++) await operation(index);
  const wallMs = (performance.now() - started) / count;
  const used = process.cpuUsage(cpu);
  const mainAfter = threadCpuNs();
  return {
    processUs: (used.user + used.system) / count,
    mainUs: main === null || mainAfter === null ? Number.NaN : (mainAfter - main) / 1000 / count,
    wallMs,
  };
}

function median(samples: Sample[]): CpuFigure {
  const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;
  return {
    processUs: round(
      percentile(
        samples.map((sample) => sample.processUs),
        50,
      ),
      0,
    ),
    mainUs: round(
      percentile(
        samples.map((sample) => sample.mainUs),
        50,
      ),
      0,
    ),
    wallMs: round(
      percentile(
        samples.map((sample) => sample.wallMs),
        50,
      ),
      3,
    ),
  };
}

/** A queue that only records (the web role's, without anything consuming): saves publish nothing. */
const recordingQueue: PublishQueue = {
  requestPublish: async () => {},
  enqueue: async () => {},
  recover: async () => 0,
  reachable: () => true,
  idle: async () => {},
  close: async () => {},
};

const PASSWORD = 'Benchmark-adgangskode-1';

export async function benchSaveCpu(options: {
  rounds: number;
  saves: number;
  publishes: number;
  onboardings: number;
  /** A PostgreSQL server to run on (a scratch database of its own); default SQLite. */
  postgresUrl?: string;
  log?: (line: string) => void;
}): Promise<SaveCpuFigures> {
  const fake = await startFakeOpenAi();
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-savecpu-'));
  const scratch = options.postgresUrl ? await scratchPostgres(options.postgresUrl, 'bench_savecpu') : null;
  const config = loadConfig({
    STORAGE_DIR: dir,
    LOG_LEVEL: 'silent',
    PUBLIC_HOST: 'localhost:3000',
    OPENAI_API_KEY: 'test',
    OPENAI_BASE_URL: fake.baseUrl,
    ...(scratch ? { DATABASE_URL: scratch.url } : {}),
  });
  const logger = createLogger(config);
  const db = openDatabase(config.database);
  await migrateToLatest(db);
  const cvr = await createFixtureCompany(db);
  const email = 'ejer@bench.example';
  await createOwnerAccount(db, { email, password: PASSWORD }, new Date());
  await db.updateTable('companies').set({ companyEmail: email }).where('cvr', '=', cvr).execute();
  const pages = await listPages(db, cvr);
  const page = pages[1];
  const home = pages.find((candidate) => candidate.type === 'homepage');
  if (!page || !home) throw new Error('fixture company has too few pages');
  const log = options.log ?? (() => {});

  const saveApp: Sample[] = [];
  const saveHttp: Sample[] = [];
  const previewLimited: Sample[] = [];
  const gateLimited: Sample[] = [];
  const floorHttp: Sample[] = [];
  const publish: Sample[] = [];
  const onboarding: Sample[] = [];
  let counter = 0;
  const body = () =>
    JSON.stringify({ title: `Om os ${counter++}`, content: 'Vi bygger og renoverer.\n\nRing i dag.' });

  // Saves: a web process whose queue only records, so no publish runs beside them.
  const webProcess = (options: Partial<ProductStackOptions>) =>
    startProductStack({
      config,
      db,
      logger,
      port: 0,
      redisUrl: null,
      role: 'web',
      queue: recordingQueue,
      ...options,
    });
  const web = await webProcess({
    maxSavesPerMinute: Number.POSITIVE_INFINITY,
    // Every preview is the preview limit's refusal.
    maxPreviewsPerWindow: 0,
    requestLimit: unlimitedRequests(),
  });
  const app = createApp({
    db,
    config,
    logger,
    answerCheck: 'strip',
    maxSavesPerMinute: Number.POSITIVE_INFINITY,
  });
  // The same, with a request limit that refuses every request of a session, at once: the figure is
  // the refusal's own cost, not its pause.
  const guarded = await webProcess({
    requestLimit: new RequestLimit({
      ...API_REQUEST_LIMITS,
      session: { burst: 0, perSecond: 1, inFlight: 1 },
      refusalPauseMs: 0,
    }),
  });
  const agents = new Map(
    [web.server.port, guarded.server.port].map((port) => [
      port,
      new http.Agent({ keepAlive: true, maxSockets: 1 }),
    ]),
  );
  try {
    const host = `127.0.0.1:${web.server.port}`;
    const login = await fetch(`http://${host}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: `http://${host}` },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    const cookie = /mesterside_session=[^;]+/.exec(login.headers.get('set-cookie') ?? '')?.[0];
    if (login.status !== 200 || !cookie) throw new Error(`login failed: ${login.status}`);

    const viaApp = async () => {
      const response = await app.request(`http://localhost:3000/api/pages/${page.id}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', origin: 'http://localhost:3000', cookie },
        body: body(),
      });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`save answered ${response.status}`);
    };
    /** One request over HTTP with the owner's cookie, on the kept-alive connection of `port`. */
    const viaHttp = (port: number, method: string, path: string, expected: number) => () =>
      new Promise<void>((resolve, reject) => {
        const payload = body();
        const request = http.request(
          {
            host: '127.0.0.1',
            port,
            path,
            method,
            agent: agents.get(port),
            headers: {
              'content-type': 'application/json',
              'content-length': Buffer.byteLength(payload),
              origin: `http://${host}`,
              cookie,
            },
          },
          (response) => {
            response.on('data', () => {});
            response.on('end', () =>
              response.statusCode === expected
                ? resolve()
                : reject(new Error(`${method} ${path} answered ${response.statusCode}`)),
            );
          },
        );
        request.on('error', reject);
        request.end(payload);
      });
    const saveOverHttp = viaHttp(web.server.port, 'PUT', `/api/pages/${page.id}`, 200);
    // What a flood's refusal cost before issue 44: the preview limit's 429, after the session's
    // lookup and the body's validation.
    const previewRefused = viaHttp(web.server.port, 'POST', `/api/pages/${page.id}/preview`, 429);
    // The request limit's 429, written by the front server before the app sees the request.
    const gateRefused = viaHttp(guarded.server.port, 'PUT', `/api/pages/${page.id}`, 429);
    // The floor: the client and Node's HTTP with the least answer the front server writes (Caddy's
    // certificate question without a domain, a bodiless 404), for what a refusal costs beyond it.
    const floor = viaHttp(web.server.port, 'GET', '/_tls/ask', 404);

    // One unmeasured round of each first: module loading and JIT.
    await measure(options.saves, viaApp);
    await measure(options.saves, saveOverHttp);
    await measure(options.saves, previewRefused);
    await measure(options.saves, gateRefused);
    await measure(options.saves, floor);
    for (let round = 0; round < options.rounds; round++) {
      saveApp.push(await measure(options.saves, viaApp));
      saveHttp.push(await measure(options.saves, saveOverHttp));
      previewLimited.push(await measure(options.saves, previewRefused));
      gateLimited.push(await measure(options.saves, gateRefused));
      floorHttp.push(await measure(options.saves, floor));
      log(
        `savecpu round ${round + 1}: save app ${saveApp.at(-1)?.processUs.toFixed(0)} µs, http ${saveHttp.at(-1)?.processUs.toFixed(0)} µs, refused by the preview limit ${previewLimited.at(-1)?.processUs.toFixed(0)} µs, by the request limit ${gateLimited.at(-1)?.processUs.toFixed(0)} µs, floor ${floorHttp.at(-1)?.processUs.toFixed(0)} µs`,
      );
    }
  } finally {
    for (const agent of agents.values()) agent.destroy();
    await web.close();
    await guarded.close();
  }

  // Publishes and onboardings: a process that serves and publishes (render threads, in-process queue).
  const both = await startProductStack({
    config,
    db,
    logger,
    port: 0,
    redisUrl: null,
    recoverEveryMs: 0,
    onboarding: {
      registry: () => ({
        lookup: async (lookupCvr) => ({
          ...REGISTRY_FIXTURE,
          cvr: lookupCvr,
          name: `Bench Tømrer ${lookupCvr} ApS`,
        }),
      }),
      limiter: new RateLimiter({ name: 'bench-create', limit: Number.MAX_SAFE_INTEGER, windowMs: 60_000 }),
    },
  });
  try {
    const { queue } = both;
    const origin = `http://127.0.0.1:${both.server.port}`;
    await queue.requestPublish(cvr);
    await queue.idle();
    let title = 0;
    const publishOnce = async () => {
      acceptedValue(await updatePage(db, cvr, home.id, { title: `Benchmark titel ${title++}` }));
      await queue.requestPublish(cvr);
      await queue.idle();
    };
    let nextCvr = 30_000_000;
    const onboardOnce = async () => {
      const newCvr = String(nextCvr++);
      const response = await fetch(`${origin}/api/onboarding/create`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin },
        body: JSON.stringify({
          cvr: newCvr,
          email: `ejer-${newCvr}@bench.example`,
          password: PASSWORD,
          passwordRepeat: PASSWORD,
          acceptPrivacy: true,
        }),
      });
      await response.arrayBuffer();
      if (response.status !== 201) throw new Error(`onboarding answered ${response.status}`);
      await queue.idle();
    };
    await measure(options.publishes, publishOnce);
    await measure(Math.min(2, options.onboardings), onboardOnce);
    for (let round = 0; round < options.rounds; round++) {
      publish.push(await measure(options.publishes, publishOnce));
      onboarding.push(await measure(options.onboardings, onboardOnce));
      log(
        `savecpu round ${round + 1}: publish ${publish.at(-1)?.processUs.toFixed(0)} µs, onboarding ${onboarding.at(-1)?.processUs.toFixed(0)} µs`,
      );
    }
  } finally {
    await both.close();
    await db.destroy();
    await scratch?.drop();
    await fake.close();
    rmSync(dir, { recursive: true, force: true });
  }
  return {
    saveApp: median(saveApp),
    saveHttp: median(saveHttp),
    previewRefusedHttp: median(previewLimited),
    requestLimitRefusedHttp: median(gateLimited),
    floorHttp: median(floorHttp),
    publish: median(publish),
    onboarding: median(onboarding),
    rounds: options.rounds,
    perRound: { saves: options.saves, publishes: options.publishes, onboardings: options.onboardings },
  };
}
