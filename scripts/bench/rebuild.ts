// Rebuild throughput: `npm run rebuild` of N fixture companies of five pages, against a plain
// `astro build` of the same pages (the reference ARCHITECTURE.md measured), in the same run.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { migrateToLatest, openDatabase } from '../../db';
import { loadSiteModel } from '../../generator';
import { loadConfig } from '../../lib/config';
import { createFixtureCompanies } from './fixtures';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const DATA_DIR = path.join(ROOT, 'scripts', 'bench', 'astro-static', '.data');
const run = promisify(execFile);

export interface RebuildFigures {
  companies: number;
  pages: number;
  rebuildSeconds: number;
  astroBuildSeconds: number;
  pagesPerSecond: number;
  ratio: number;
  concurrency: number;
}

export async function benchRebuild(options: {
  companies: number;
  concurrency: number;
}): Promise<RebuildFigures> {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-rebuild-'));
  const env = { STORAGE_DIR: dir, LOG_LEVEL: 'silent', PUBLIC_HOST: 'localhost:3000' };
  const config = loadConfig(env);
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

    const childEnv = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env };
    const rebuildSeconds = await timed(() =>
      // What `npm run rebuild` runs.
      run(process.execPath, ['scripts/rebuild/run.mjs', '--concurrency', String(options.concurrency)], {
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
          env: { ...childEnv, ASTRO_TELEMETRY_DISABLED: '1' },
          maxBuffer: 64 * 1024 * 1024,
        },
      ),
    );
    return {
      companies: cvrs.length,
      pages,
      rebuildSeconds: round(rebuildSeconds),
      astroBuildSeconds: round(astroBuildSeconds),
      pagesPerSecond: Math.round(pages / rebuildSeconds),
      ratio: round(rebuildSeconds / astroBuildSeconds),
      concurrency: options.concurrency,
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

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
