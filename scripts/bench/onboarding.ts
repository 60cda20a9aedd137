// Onboarding latency: from POST /api/onboarding/create to the new company's site being served by the
// front server, over HTTP on loopback, by a client in an OS process of its own (client-process.ts),
// timed on its clock. The AI endpoint is the fake OpenAI server (it answers at once), so the figure
// is our own work: registry, two text requests, the transaction, the publish, serving.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { RateLimiter } from '../../api/middleware/rate-limit';
import type { OnboardingCreateResponse } from '../../contracts/onboarding';
import { migrateToLatest, openDatabase } from '../../db';
import { onPublishStamp, type PublishStep } from '../../generator/publish-trace';
import { loadConfig } from '../../lib/config';
import { createLogger } from '../../lib/logger';
import { startProductStack } from '../../server';
import { startFakeOpenAi } from '../../tests/support/fake-openai';
import { pollPage, request } from './client-jobs';
import { startClientProcess } from './client-process';
import { REGISTRY_FIXTURE } from './fixtures';
import { seedScale } from './scale/seed-scale';
import { scratchPostgres } from './scratch-database';
import { percentile } from './stats';

export interface OnboardingFigures {
  p50: number;
  p95: number;
  /** From the request to its 201 answer (the part before the site's publish and first visit). */
  answerP50: number;
  answerP95: number;
  runs: number;
  /** Median milliseconds from the request to the end of each step (ONBOARDING_STEPS), over the runs. */
  timeline: Record<OnboardingStep, number>;
}

/** Where an onboarding's time goes, as moments after its request: the 201, then the new site's
 *  publish (publish-trace.ts steps) and the first visit that got the site. */
const ONBOARDING_STEPS = [
  'job-start',
  'answered',
  'loaded',
  'rendered',
  'written',
  'swapped',
  'cache-dropped',
  'served',
] as const;
type OnboardingStep = (typeof ONBOARDING_STEPS)[number];

function isOnboardingStep(step: PublishStep): step is PublishStep & OnboardingStep {
  return (ONBOARDING_STEPS as readonly string[]).includes(step);
}

/** The timeline as one line: `job-start 19.1, answered 20.3, …` (ms after the request, medians). */
export function describeTimeline(timeline: Record<OnboardingStep, number>): string {
  return ONBOARDING_STEPS.map((step) => `${step} ${timeline[step]}`).join(', ');
}

const FIRST_CVR = 30_000_000;
const PAGES_WRITTEN = 3;
const PASSWORD = 'Benchmark-adgangskode-1';

export async function benchOnboarding(options: {
  runs: number;
  /** Companies already signed up (the scale fixture) before the first measured run; default none. */
  existingCompanies?: number;
  /** A PostgreSQL server to run on (a scratch database of its own); default SQLite. */
  postgresUrl?: string;
}): Promise<OnboardingFigures> {
  const fake = await startFakeOpenAi();
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-onboarding-'));
  const scratch = options.postgresUrl ? await scratchPostgres(options.postgresUrl, 'bench_onboarding') : null;
  const config = loadConfig({
    ...(scratch ? { DATABASE_URL: scratch.url } : {}),
    STORAGE_DIR: dir,
    LOG_LEVEL: 'silent',
    PORT: '0',
    OPENAI_API_KEY: 'test',
    OPENAI_BASE_URL: fake.baseUrl,
  });
  const logger = createLogger(config);
  const db = openDatabase(config.database);
  await migrateToLatest(db);
  if (options.existingCompanies) await seedScale(db, { companies: options.existingCompanies });

  const { server, close } = await startProductStack({
    config,
    db,
    logger,
    port: 0,
    redisUrl: null,
    onboarding: {
      registry: () => ({
        lookup: async (cvr) => ({ ...REGISTRY_FIXTURE, cvr, name: companyName(cvr) }),
      }),
      // Every run comes from 127.0.0.1; the production limit (10 an hour per IP) would refuse them.
      limiter: new RateLimiter({ name: 'bench-create', limit: Number.MAX_SAFE_INTEGER, windowMs: 60_000 }),
    },
  });
  const origin = `http://127.0.0.1:${server.port}`;
  const client = await startClientProcess();

  // One creation, timed from the request to the site's homepage answering 200 with the company name.
  const answers: number[] = [];
  /** Each run, by CVR: when it was requested, and when each step ended. */
  const moments = new Map<string, { requested: number; ended: Partial<Record<OnboardingStep, number>> }>();
  const stopStamps = onPublishStamp((stamp) => {
    const run = moments.get(stamp.cvr);
    if (run && isOnboardingStep(stamp.step)) run.ended[stamp.step] ??= stamp.at;
  });
  const createOnce = async (cvr: string): Promise<number> => {
    // The steps' stamps arrive while the request runs; its moments come with the answer.
    const run = { requested: Number.NaN, ended: {} as Partial<Record<OnboardingStep, number>> };
    moments.set(cvr, run);
    const response = await client.run(request, {
      url: `${origin}/api/onboarding/create`,
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify({
        cvr,
        email: `ejer-${cvr}@bench.example`,
        password: PASSWORD,
        passwordRepeat: PASSWORD,
        acceptPrivacy: true,
      }),
    });
    run.requested = client.toBenchClock(response.sent);
    run.ended.answered = client.toBenchClock(response.answered);
    answers.push(response.answered - response.sent);
    if (response.status !== 201) throw new Error(`create ${cvr}: ${response.status} ${response.text}`);
    const answer = JSON.parse(response.text) as OnboardingCreateResponse;
    const site = `${origin}${new URL(answer.url, origin).pathname}`;
    // Until published the front server redirects to /404; a redirect is not followed, so it never counts.
    const served = await client.run(pollPage, {
      url: site,
      text: companyName(cvr),
      timeoutMs: 30_000,
      manualRedirect: true,
    });
    run.ended.served = client.toBenchClock(served);
    return served - response.sent;
  };

  try {
    // One unmeasured creation first: module loading and JIT would otherwise land in the first sample.
    await createOnce(String(FIRST_CVR));
    answers.length = 0;
    moments.clear();
    const latencies: number[] = [];
    for (let run = 1; run <= options.runs; run++) {
      latencies.push(await createOnce(String(FIRST_CVR + run)));
    }
    // One chat completion per page onboarding writes (homepage, Om os, Ydelser), or the figure
    // measured another writer.
    const expected = PAGES_WRITTEN * (options.runs + 1);
    const completions = fake.requests.filter((request) => request.path === '/v1/chat/completions');
    if (completions.length !== expected) {
      throw new Error(`the fake OpenAI server saw ${completions.length} completions, not ${expected}`);
    }
    return {
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      answerP50: percentile(answers, 50),
      answerP95: percentile(answers, 95),
      runs: latencies.length,
      timeline: Object.fromEntries(
        ONBOARDING_STEPS.map((step) => {
          const after = [...moments.values()].flatMap(({ requested, ended }) => {
            const at = ended[step];
            return at === undefined ? [] : [at - requested];
          });
          return [step, Math.round(percentile(after, 50) * 100) / 100];
        }),
      ) as Record<OnboardingStep, number>,
    };
  } finally {
    stopStamps();
    await client.close();
    await close();
    await db.destroy();
    await scratch?.drop();
    await fake.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

function companyName(cvr: string): string {
  return `Bench Tømrer ${cvr} ApS`;
}
