// Owners first during a rebuild (issue 44 item 2): an owner's save → new HTML seen, from a client in a
// process of its own (client-jobs.ts saveThenServed), while every company's site is rebuilt, against
// the same saves on a quiet queue; and the rebuild's total time with those saves against without.
//
// The product's publishing stack (front server, queue, render threads) runs in this process, as in the
// publish bench. On BullMQ the rebuild is what `npm run rebuild` does with REDIS_URL: every company
// marked as wanting a publish, then its job added in bulk (scripts/rebuild/queue-rebuild.ts), here
// rendered by the stack's own worker. On the in-process queue the same marks are enqueued by the
// queue's recovery (the bulk lane too): what `npm start` does with a rebuild's backlog.
//
// The owner's company is the rebuild's last: its first save finds its job waiting at the back of the
// bulk lane and moves it to the owner lane.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { type Db, listPages, listPublishStatesOf, migrateToLatest, openDatabase } from '../../db';
import { onPublishStamp, type PublishStep } from '../../generator/publish-trace';
import { loadConfig } from '../../lib/config';
import { createLogger } from '../../lib/logger';
import { startProductStack } from '../../server';
import { deleteQueueKeys } from '../../tests/queue/redis-support';
import { markAllWanted } from '../rebuild/mark-wanted';
import { openQueueRebuild } from '../rebuild/queue-rebuild';
import { pollPage, saveThenServed } from './client-jobs';
import { CLIENT_PROCESS, startClientProcess } from './client-process';
import { createFixtureCompanies } from './fixtures';
import { signInOwner } from './preview';
import { percentile } from './stats';

export interface DuringRebuildFigures {
  companies: number;
  /** The owner's save → live, ms, on a quiet queue and while the rebuild runs. */
  quietP50: number;
  quietP95: number;
  duringP50: number;
  duringP95: number;
  ratio: number;
  saves: number;
  /** Where an owner's save → live went, during the rebuild and quiet: the queue's wait (enqueued →
   *  job start: what owners-first is about) and the job until the site was swapped (render and write,
   *  slower when the CPU is shared with the rebuild), p50/p95 ms. */
  breakdown: string;
  /** The rebuild's seconds (means over the rounds, which alternate which goes first) without the
   *  owner's saves and with them. */
  rebuildSeconds: number;
  rebuildWithSavesSeconds: number;
  /** with / without */
  rebuildSlowdown: number;
  rounds: number;
  client: string;
}

/** Between one save seen live and the owner's next save: an owner editing fast. */
const SAVE_PAUSE_MS = 300;
/** Between two polls of the owner's page. The publish bench polls every millisecond; here the polls
 *  are served by the process that also runs the rebuild's queue, and polls that tight would be a load
 *  of their own on the rebuild's time, which no owner's browser puts there. */
const POLL_PAUSE_MS = 5;

export async function benchDuringRebuild(options: {
  redisUrl: string | null;
  companies: number;
  rounds: number;
  log: (line: string) => void;
}): Promise<DuringRebuildFigures> {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-during-rebuild-'));
  const config = loadConfig({ STORAGE_DIR: dir, LOG_LEVEL: 'silent', PORT: '0' });
  const logger = createLogger(config);
  const db = openDatabase(config.database);
  await migrateToLatest(db);
  const cvrs = await createFixtureCompanies(db, options.companies);
  const owner = cvrs.at(-1) as string;
  const home = (await listPages(db, owner)).find((page) => page.type === 'homepage');
  if (!home) throw new Error('fixture company has no homepage');
  const queueName = `prio_bench_${process.pid}_${Date.now()}`;

  const { server, queue, close } = await startProductStack({
    config,
    db,
    logger,
    port: 0,
    redisUrl: options.redisUrl,
    queueName,
    recoverEveryMs: 0,
    maxSavesPerMinute: Number.POSITIVE_INFINITY,
  });
  const origin = `http://127.0.0.1:${server.port}`;
  const url = `${origin}/${owner}/`;
  const client = await startClientProcess();
  let saveNumber = 0;
  // The owner's company's publish stamps (publish-trace.ts; the stack runs in this process).
  const stamps: Array<{ step: PublishStep; at: number }> = [];
  const stopStamps = onPublishStamp((stamp) => {
    if (stamp.cvr === owner) stamps.push({ step: stamp.step, at: stamp.at });
  });
  const parts = { during: new Parts(), quiet: new Parts() };

  /** One save of the owner's home page title, seen live: ms. */
  async function ownerSave(into: Parts): Promise<number> {
    const title = `Ejerens titel ${++saveNumber} ${Date.now()}`;
    const seen = await client.run(saveThenServed, {
      save: {
        url: `${origin}/api/pages/${home?.id}`,
        method: 'PUT',
        headers: { 'content-type': 'application/json', origin, cookie },
        body: JSON.stringify({ title }),
      },
      page: { url, text: title, timeoutMs: 120_000, pauseMs: POLL_PAUSE_MS },
    });
    const after = (step: PublishStep, from: number | undefined) =>
      from === undefined ? undefined : stamps.find((stamp) => stamp.step === step && stamp.at >= from)?.at;
    const enqueued = after('enqueued', client.toBenchClock(seen.sent));
    const started = after('job-start', enqueued);
    const swapped = after('swapped', started);
    if (enqueued !== undefined && started !== undefined && swapped !== undefined) {
      into.queue.push(started - enqueued);
      into.job.push(swapped - started);
    }
    stamps.length = 0;
    return seen.served - seen.sent;
  }

  async function rebuild(withSaves: boolean): Promise<{ seconds: number; latencies: number[] }> {
    const started = performance.now();
    const versions = await markAllWanted(db, cvrs);
    if (options.redisUrl) {
      const bulk = openQueueRebuild(options.redisUrl, queueName);
      await bulk.enqueueAll(cvrs);
      await bulk.close();
    } else {
      await queue.recover();
    }
    let done = false;
    const latencies: number[] = [];
    const saving = withSaves
      ? (async () => {
          while (!done) {
            latencies.push(await ownerSave(parts.during));
            await sleep(SAVE_PAUSE_MS);
          }
        })()
      : Promise.resolve();
    await untilRebuilt(db, versions);
    const seconds = (performance.now() - started) / 1000;
    done = true;
    await saving;
    await queue.idle();
    return { seconds, latencies };
  }

  let cookie = '';
  try {
    cookie = await signInOwner(db, origin, owner, 'ejer@bench.example');
    // Every site live once before the rounds: a rebuild replaces sites, as after a template change.
    await markAllWanted(db, cvrs);
    await queue.recover();
    await queue.idle();
    await client.run(pollPage, { url, text: home.title, timeoutMs: 60_000 });

    const quiet: number[] = [];
    const during: number[] = [];
    const plain: number[] = [];
    const withSaves: number[] = [];
    for (let round = 0; round < options.rounds; round++) {
      // Alternating which goes first: every rebuild replaces every site, and on this machine's ext4
      // files created soon after a mass delete are slower to create, so the second of a pair pays more.
      const first = await rebuild(round % 2 === 1);
      const second = await rebuild(round % 2 === 0);
      const [alone, busy] = round % 2 === 0 ? [first, second] : [second, first];
      plain.push(alone.seconds);
      withSaves.push(busy.seconds);
      during.push(...busy.latencies);
      // As many quiet saves as the rebuild saw, at the same pace.
      for (let save = 0; save < Math.max(10, busy.latencies.length); save++) {
        quiet.push(await ownerSave(parts.quiet));
        await sleep(SAVE_PAUSE_MS);
      }
      options.log(
        `  during rebuild (${options.redisUrl ? 'bullmq' : 'in-process'}): rebuild ${alone.seconds.toFixed(2)} s ` +
          `alone, ${busy.seconds.toFixed(2)} s with ${busy.latencies.length} saves (p95 ` +
          `${percentile(busy.latencies, 95)} ms, quiet ${percentile(quiet, 95)} ms)`,
      );
    }
    const rebuildSeconds = round2(mean(plain));
    const rebuildWithSavesSeconds = round2(mean(withSaves));
    const quietP95 = percentile(quiet, 95);
    const duringP95 = percentile(during, 95);
    return {
      companies: cvrs.length,
      quietP50: percentile(quiet, 50),
      quietP95,
      duringP50: percentile(during, 50),
      duringP95,
      ratio: round2(duringP95 / quietP95),
      saves: during.length,
      breakdown: `during: ${parts.during.describe()}; quiet: ${parts.quiet.describe()}`,
      rebuildSeconds,
      rebuildWithSavesSeconds,
      rebuildSlowdown: round2(rebuildWithSavesSeconds / rebuildSeconds),
      rounds: options.rounds,
      client: CLIENT_PROCESS,
    };
  } finally {
    stopStamps();
    await client.close();
    await close();
    await db.destroy();
    if (options.redisUrl) await deleteQueueKeys(queueName, options.redisUrl);
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Until every company reached the version its mark gave it (read in pages of 1,000). Every 100 ms:
 *  the reads run on the main thread of the process that also serves the owner's polls and hands out
 *  the jobs, at normal priority against render threads at nice 19, so more often would be a load on
 *  the saves measured during the rebuild that the quiet saves do not have. */
async function untilRebuilt(db: Db, versions: ReadonlyMap<string, number>): Promise<void> {
  const pending = new Map(versions);
  while (pending.size) {
    const cvrs = [...pending.keys()];
    for (let start = 0; start < cvrs.length; start += 1000) {
      for (const state of await listPublishStatesOf(db, cvrs.slice(start, start + 1000))) {
        if (state.publishedVersion >= (pending.get(state.companyCvr) ?? 0)) pending.delete(state.companyCvr);
      }
    }
    if (pending.size) await sleep(100);
  }
}

class Parts {
  readonly queue: number[] = [];
  readonly job: number[] = [];
  describe(): string {
    const pair = (samples: number[]) => `${percentile(samples, 50)}/${percentile(samples, 95)}`;
    return `queue ${pair(this.queue)}, job to swap ${pair(this.job)}`;
  }
}

function mean(values: readonly number[]): number {
  return values.reduce((sum, value) => sum + value, 0) / values.length;
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}
