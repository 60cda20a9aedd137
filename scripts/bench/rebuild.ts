// Rebuild throughput: `npm run rebuild` of N fixture companies of five pages, against a plain
// `astro build` of the same pages (the reference ARCHITECTURE.md measured), in the same run: the two
// alternate for a few rounds, each round into fresh folders, and the medians are reported.
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { migrateToLatest, openDatabase } from '../../db';
import { loadSiteModel } from '../../generator';
import { loadConfig } from '../../lib/config';
import { createFixtureCompanies } from './fixtures';
import { median } from './stats';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const DATA_DIR = path.join(ROOT, 'scripts', 'bench', 'astro-static', '.data');
const run = promisify(execFile);

export interface RebuildFigures {
  companies: number;
  pages: number;
  rebuildSeconds: number;
  astroBuildSeconds: number;
  pagesPerSecond: number;
  /** The median of the rounds' ratios. */
  ratio: number;
  /** Each round's seconds, in order, to show the spread. */
  rebuildRounds: number[];
  astroBuildRounds: number[];
  concurrency: number;
  rounds: number;
}

export async function benchRebuild(options: {
  companies: number;
  concurrency: number;
  rounds: number;
}): Promise<RebuildFigures> {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-rebuild-'));
  const seedDir = path.join(dir, 'seed');
  const env = { STORAGE_DIR: seedDir, LOG_LEVEL: 'silent', PUBLIC_HOST: 'localhost:3000' };
  const config = loadConfig(env);
  if (config.database.dialect !== 'sqlite') throw new Error('the rebuild bench runs on SQLite');
  const seedFile = config.database.file;
  mkdirSync(seedDir);
  const db = openDatabase(config.database);
  try {
    await migrateToLatest(db);
    const cvrs = await createFixtureCompanies(db, options.companies);
    const sites = [];
    for (const cvr of cvrs) sites.push(await loadSiteModel(db, cvr, config.publicHost));
    const pages = sites.reduce((sum, site) => sum + (site?.pages.length ?? 0), 0);
    mkdirSync(DATA_DIR, { recursive: true });
    writeFileSync(path.join(DATA_DIR, 'sites.json'), JSON.stringify(sites));
    await db.destroy();

    const rebuildTimes: number[] = [];
    const astroTimes: number[] = [];
    const ratios: number[] = [];
    for (let round = 0; round < options.rounds; round++) {
      // A fresh store (the seeded database, no sites yet) and a fresh astro output folder each round.
      // Nothing is deleted until the end: on this machine's ext4 (no journal) every file created
      // within minutes of a mass delete in the same block group pays for a scan past the deleted
      // inodes, which made a round after a cleanup two to three times slower than the one before.
      const storeDir = path.join(dir, `round-${round}`);
      mkdirSync(storeDir);
      copyFileSync(seedFile, path.join(storeDir, path.basename(seedFile)));
      const childEnv = {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        ...env,
        STORAGE_DIR: storeDir,
      };
      const rebuildSeconds = await timed(() =>
        // What `npm run rebuild` runs.
        run(process.execPath, ['scripts/run.mjs', 'rebuild', '--concurrency', String(options.concurrency)], {
          cwd: ROOT,
          env: childEnv,
          maxBuffer: 64 * 1024 * 1024,
        }),
      );
      const astroBuildSeconds = await timed(() =>
        run(
          path.join(ROOT, 'node_modules', '.bin', 'astro'),
          ['build', '--root', 'scripts/bench/astro-static'],
          {
            cwd: ROOT,
            env: {
              ...childEnv,
              ASTRO_TELEMETRY_DISABLED: '1',
              BENCH_ASTRO_OUT_DIR: path.join(DATA_DIR, `dist-${round}`),
            },
            maxBuffer: 64 * 1024 * 1024,
          },
        ),
      );
      rebuildTimes.push(rebuildSeconds);
      astroTimes.push(astroBuildSeconds);
      ratios.push(rebuildSeconds / astroBuildSeconds);
    }
    const rebuildSeconds = median(rebuildTimes);
    return {
      companies: cvrs.length,
      pages,
      rebuildSeconds,
      astroBuildSeconds: median(astroTimes),
      pagesPerSecond: Math.round(pages / rebuildSeconds),
      ratio: medianRatio(ratios),
      concurrency: options.concurrency,
      rounds: options.rounds,
      rebuildRounds: rebuildTimes.map((seconds) => Math.round(seconds * 100) / 100),
      astroBuildRounds: astroTimes.map((seconds) => Math.round(seconds * 100) / 100),
    };
  } finally {
    await db.destroy().catch(() => {});
    rmSync(dir, { recursive: true, force: true });
    rmSync(DATA_DIR, { recursive: true, force: true });
  }
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return (performance.now() - started) / 1000;
}

/** The median ratio to three decimals (stats.median keeps two). */
function medianRatio(ratios: readonly number[]): number {
  const sorted = [...ratios].sort((a, b) => a - b);
  return Math.round((sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN) * 1000) / 1000;
}
