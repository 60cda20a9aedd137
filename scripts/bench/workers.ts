// Workers that add up: the same `npm run rebuild` through BullMQ, rendered by one `npm run worker`
// process and then by two, on one SQLite file and a Redis database of the bench's own. The rounds
// alternate (one, two, one, two …) over the same store, and the medians' ratio is the speed-up.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Redis } from 'ioredis';
import { migrateToLatest, openDatabase } from '../../db';
import { loadConfig } from '../../lib/config';
import { createFixtureCompanies } from './fixtures';
import { median } from './stats';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const run = promisify(execFile);
/** A Redis database no test or product default uses, emptied before and after. */
const BENCH_REDIS_DB = 13;

export interface WorkersFigures {
  companies: number;
  oneWorkerSeconds: number;
  twoWorkersSeconds: number;
  speedup: number;
  rounds: number;
}

export async function benchWorkers(options: {
  companies: number;
  rounds: number;
  redisUrl: string;
  log: (line: string) => void;
}): Promise<WorkersFigures> {
  const redisUrl = new URL(options.redisUrl);
  redisUrl.pathname = `/${BENCH_REDIS_DB}`;
  const redis = new Redis(redisUrl.toString(), { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  await redis.flushdb();
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-workers-'));
  const env = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    STORAGE_DIR: dir,
    LOG_LEVEL: 'silent',
    PUBLIC_HOST: 'localhost:3000',
    REDIS_URL: redisUrl.toString(),
  };
  try {
    const db = openDatabase(loadConfig(env).database);
    await migrateToLatest(db);
    await createFixtureCompanies(db, options.companies);
    await db.destroy();

    const one: number[] = [];
    const two: number[] = [];
    for (let round = 0; round < options.rounds; round++) {
      for (const [count, times] of [
        [1, one],
        [2, two],
      ] as const) {
        const workers = await startWorkers(count, env);
        try {
          const started = performance.now();
          await run(process.execPath, ['scripts/run.mjs', 'rebuild'], {
            cwd: ROOT,
            env,
            maxBuffer: 64 * 1024 * 1024,
          });
          times.push((performance.now() - started) / 1000);
        } finally {
          await Promise.all(workers.map(stop));
        }
        options.log(`  workers: ${count} → ${times.at(-1)?.toFixed(1)} s`);
      }
    }
    const oneWorkerSeconds = median(one);
    const twoWorkersSeconds = median(two);
    return {
      companies: options.companies,
      oneWorkerSeconds,
      twoWorkersSeconds,
      speedup: Math.round((oneWorkerSeconds / twoWorkersSeconds) * 100) / 100,
      rounds: options.rounds,
    };
  } finally {
    await redis.flushdb().catch(() => {});
    redis.disconnect();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** `count` × `npm run worker`, each ready (its render threads loaded) before this returns. */
async function startWorkers(count: number, env: Record<string, string>): Promise<ChildProcess[]> {
  return Promise.all(
    Array.from({ length: count }, async () => {
      const child = spawn(path.join(ROOT, 'node_modules', '.bin', 'tsx'), ['scripts/worker.ts'], {
        cwd: ROOT,
        // The one line the worker logs at info once it takes jobs ('publish worker started').
        env: { ...env, LOG_LEVEL: 'info' },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      await new Promise<void>((resolve, reject) => {
        let seen = '';
        const timer = setTimeout(() => reject(new Error('npm run worker did not start in 120 s')), 120_000);
        child.stdout?.on('data', (chunk: Buffer) => {
          seen += chunk.toString();
          if (seen.includes('publish worker started')) {
            clearTimeout(timer);
            resolve();
          }
        });
        child.once('exit', (code) => reject(new Error(`npm run worker exited with ${code}`)));
      });
      child.stdout?.resume();
      return child;
    }),
  );
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}
