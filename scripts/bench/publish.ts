// Publish latency as an owner feels it (issue 44): from the save sent (PUT /api/pages/:id, signed in)
// to the first answer with the new HTML, both moments on the clock of a client in an OS process of
// its own (client-process.ts, client-jobs.ts saveThenServed), which sends the save and then polls
// the page over HTTP on loopback until it shows the new title. The server runs in this process, where
// its publish stamps (publish-trace.ts) are heard; they are lined up with the client's moments by the
// clock offset measured when the client started (a fraction of a millisecond).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { listPages, migrateToLatest, openDatabase } from '../../db';
import { onPublishStamp, type PublishStep } from '../../generator/publish-trace';
import { loadConfig } from '../../lib/config';
import { createLogger } from '../../lib/logger';
import { startProductStack } from '../../server';
import { unlimitedRequests } from '../../server/request-limit';
import { pollPage, saveThenServed } from './client-jobs';
import { CLIENT_PROCESS, startClientProcess } from './client-process';
import { createFixtureCompany } from './fixtures';
import { signInOwner } from './preview';
import { scratchPostgres } from './scratch-database';
import { percentile } from './stats';

export interface PublishFigures {
  p50: number;
  p95: number;
  runs: number;
  /** Median milliseconds of each step of a publish (BREAKDOWN), over the runs. */
  breakdown: Record<BreakdownPart, number>;
  /** The client that saved and polled, and how well its clock lines up with the server's. */
  client: string;
  clockRoundTripMs: number;
}

/**
 * One publish from the save sent to the new page served, cut where the steps end (publish-trace.ts):
 * save (the client sent the PUT → the API committed it and enqueued the publish), queue (→ the worker
 * starts the job), load (→ company and pages read, on a render thread after the message reached it),
 * render, write (files and the build folder), swap (the site's link), cache drop (→ the front
 * server's watch dropped the old files), served (→ the client got the answer with the new text).
 * Landing is the landing page's refresh after the site, inside the job but after the site is live;
 * job end is the reply from the thread and recording the published version around it.
 */
const BREAKDOWN = [
  ['save', 'requested', 'enqueued'],
  ['queue', 'enqueued', 'job-start'],
  ['load', 'job-start', 'loaded'],
  ['render', 'loaded', 'rendered'],
  ['write', 'rendered', 'written'],
  ['swap', 'written', 'swapped'],
  ['cache drop', 'swapped', 'cache-dropped'],
  ['served', 'cache-dropped', 'served'],
  ['landing', 'thread-done', 'landing-done'],
  ['job end', 'swapped', 'job-done'],
] as const;
type BreakdownPart = (typeof BREAKDOWN)[number][0];

/** The breakdown as one line: `queue 0.4 load 2.1 …` (ms, medians). */
export function describeBreakdown(breakdown: Record<BreakdownPart, number>): string {
  return BREAKDOWN.map(([part]) => `${part} ${breakdown[part]}`).join(', ');
}

export async function benchPublish(options: {
  redisUrl: string | null;
  runs: number;
  /** A PostgreSQL server to run on (a scratch database of its own); default SQLite. */
  postgresUrl?: string;
}): Promise<PublishFigures> {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-publish-'));
  const scratch = options.postgresUrl ? await scratchPostgres(options.postgresUrl, 'bench_publish') : null;
  const config = loadConfig({
    STORAGE_DIR: dir,
    LOG_LEVEL: 'silent',
    PORT: '0',
    ...(scratch ? { DATABASE_URL: scratch.url } : {}),
  });
  const logger = createLogger(config);
  const db = openDatabase(config.database);
  await migrateToLatest(db);
  const cvr = await createFixtureCompany(db);
  const home = (await listPages(db, cvr)).find((page) => page.type === 'homepage');
  if (!home) throw new Error('fixture company has no homepage');

  // The owner saves as often as the bench asks: the per-company cap of 60 saves a minute is lifted,
  // and so is the API's per-session request limit (10 a second after 100; a run is one save).
  const { server, queue, close } = await startProductStack({
    config,
    db,
    logger,
    port: 0,
    redisUrl: options.redisUrl,
    queueName: `bench-${process.pid}-${Date.now()}`,
    recoverEveryMs: 0,
    maxSavesPerMinute: Number.POSITIVE_INFINITY,
    requestLimit: unlimitedRequests(),
  });
  const origin = `http://127.0.0.1:${server.port}`;
  const url = `${origin}/${cvr}/`;
  const client = await startClientProcess();

  // Each run's stamps. A stamp belongs to the earliest run still without that step: the tail of one
  // run's job (landing, recording) may end after the next run's save was enqueued.
  type RunStamps = Partial<Record<PublishStep | 'requested' | 'served', number>>;
  const runs: RunStamps[] = [];
  const stopStamps = onPublishStamp((stamp) => {
    if (stamp.cvr !== cvr) return;
    const run = runs.find(
      (stamps) => stamps[stamp.step] === undefined && (stamp.step === 'enqueued' || stamps.enqueued),
    );
    if (run) run[stamp.step] = stamp.at;
  });

  try {
    const cookie = await signInOwner(db, origin, cvr, 'ejer@bench.example');
    await queue.requestPublish(cvr);
    await client.run(pollPage, { url, text: home.title, timeoutMs: 30_000 });
    const latencies: number[] = [];
    for (let run = 0; run < options.runs; run++) {
      const title = `Benchmark titel ${run} ${Date.now()}`;
      const stamps: RunStamps = {};
      runs.push(stamps);
      const seen = await client.run(saveThenServed, {
        save: {
          url: `${origin}/api/pages/${home.id}`,
          method: 'PUT',
          headers: { 'content-type': 'application/json', origin, cookie },
          body: JSON.stringify({ title }),
        },
        page: { url, text: title, timeoutMs: 10_000 },
      });
      latencies.push(seen.served - seen.sent);
      stamps.requested = client.toBenchClock(seen.sent);
      stamps.served = client.toBenchClock(seen.served);
    }
    await queue.idle();
    const parts = new Map<BreakdownPart, number[]>(BREAKDOWN.map(([part]) => [part, []]));
    for (const stamps of runs) {
      for (const [part, from, to] of BREAKDOWN) {
        const start = stamps[from];
        const end = stamps[to];
        if (start !== undefined && end !== undefined)
          parts.get(part)?.push(Math.round((end - start) * 100) / 100);
      }
    }
    const breakdown = Object.fromEntries(
      BREAKDOWN.map(([part]) => [part, percentile(parts.get(part) ?? [], 50)]),
    ) as Record<BreakdownPart, number>;
    return {
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      runs: latencies.length,
      breakdown,
      client: CLIENT_PROCESS,
      clockRoundTripMs: client.clockRoundTripMs,
    };
  } finally {
    stopStamps();
    await client.close();
    await close();
    await db.destroy();
    await scratch?.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}
