// Publish latency: from requestPublish(cvr) after a saved edit to the new HTML being served by the
// front server, measured end to end over HTTP on loopback by a client on a thread of its own
// (client-thread.ts) that polls the page until it shows the new title.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { acceptedValue, listPages, migrateToLatest, openDatabase, updatePage } from '../../db';
import { onPublishStamp, type PublishStep, stampTime } from '../../generator/publish-trace';
import { loadConfig } from '../../lib/config';
import { createLogger } from '../../lib/logger';
import { startProductStack } from '../../server';
import { startBenchClient } from './client-thread';
import { createFixtureCompany } from './fixtures';
import { scratchPostgres } from './scratch-database';
import { percentile } from './stats';

export interface PublishFigures {
  p50: number;
  p95: number;
  runs: number;
  /** Median milliseconds of each step of a publish (BREAKDOWN), over the runs. */
  breakdown: Record<BreakdownPart, number>;
}

/**
 * One publish from the request to the new page served, cut where the steps end (publish-trace.ts):
 * queue (request → the worker starts the job), load (→ company and pages read, on a render thread
 * after the message reached it), render, write (files and the build folder), swap (the site's link),
 * cache drop (→ the front server's watch dropped the old files), served (→ a poll answered with the
 * new text). Landing is the landing page's refresh after the site, inside the job but after the site
 * is live; job end is the reply from the thread and recording the published version around it.
 */
const BREAKDOWN = [
  ['queue', 'requested', 'job-start'],
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

  const { server, queue, close } = await startProductStack({
    config,
    db,
    logger,
    port: 0,
    redisUrl: options.redisUrl,
    queueName: `bench-${process.pid}-${Date.now()}`,
    recoverEveryMs: 0,
  });
  const url = `http://127.0.0.1:${server.port}/${cvr}/`;
  const client = startBenchClient();
  /** When the page was first served with `text` (ms since the epoch, stampTime's clock). */
  const servedWith = (text: string, deadlineMs: number) => client.poll(url, text, deadlineMs);

  // Each run's stamps. A stamp belongs to the earliest run still without that step: the tail of one
  // run's job (landing, recording) may end after the next run was requested.
  type RunStamps = Partial<Record<PublishStep | 'requested' | 'served', number>>;
  const runs: RunStamps[] = [];
  const stopStamps = onPublishStamp((stamp) => {
    if (stamp.cvr !== cvr) return;
    const run = runs.find(
      (stamps) => stamps[stamp.step] === undefined && (stamp.step === 'job-start' || stamps['job-start']),
    );
    if (run) run[stamp.step] = stamp.at;
  });

  try {
    await queue.requestPublish(cvr);
    await servedWith(home.title, stampTime() + 30_000);
    const latencies: number[] = [];
    for (let run = 0; run < options.runs; run++) {
      const title = `Benchmark titel ${run} ${Date.now()}`;
      acceptedValue(await updatePage(db, cvr, home.id, { title }));
      const stamps: RunStamps = {};
      const started = stampTime();
      stamps.requested = started;
      runs.push(stamps);
      await queue.requestPublish(cvr);
      const served = await servedWith(title, started + 10_000);
      latencies.push(served - started);
      stamps.served = served;
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
