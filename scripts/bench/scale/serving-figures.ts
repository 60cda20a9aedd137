// The 10,000-site half of the scale bench: the scale fixture rendered to disk by `npm run rebuild`
// (timed: rebuild_pages_per_s), then served by our front server and by nginx under the visitor-shaped
// load of static-mix.ts (static_mix_vs_nginx, with our server's memory).
import { execFile } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { migrateToLatest, openDatabase } from '../../../db';
import { sitesDirOf } from '../../../generator';
import { loadConfig } from '../../../lib/config';
import { seedScale } from './seed-scale';
import {
  compareMix,
  precompressedMirror,
  type StaticMixFigures,
  servedSites,
  startMixNginx,
  startOurServer,
  writeLogoFiles,
} from './static-mix';

const ROOT = path.resolve(import.meta.dirname, '..', '..', '..');
const run = promisify(execFile);

export interface ServingFigures extends StaticMixFigures {
  renderedPages: number;
  rebuildSeconds: number;
  pagesPerSecond: number;
}

export async function benchServingAtScale(options: {
  sites: number;
  workers: number;
  seconds: number;
  rounds: number;
  log: (line: string) => void;
}): Promise<ServingFigures> {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-serving-'));
  // nginx's workers run as an unprivileged user: they must be able to enter every folder.
  chmodSync(dir, 0o755);
  const env = { STORAGE_DIR: dir, LOG_LEVEL: 'silent', PUBLIC_HOST: 'localhost:3000' };
  const config = loadConfig(env);
  try {
    const db = openDatabase(config.database);
    await migrateToLatest(db);
    const seeded = await seedScale(db, { companies: options.sites });
    const logos = await db
      .selectFrom('companies')
      .select(['cvr', 'logo'])
      .where('logo', 'is not', null)
      .execute();
    await db.destroy();
    await writeLogoFiles(
      dir,
      logos.flatMap((row) => (row.logo ? [{ cvr: row.cvr, url: row.logo }] : [])),
    );
    const renderedPages = seeded.reduce((sum, company) => sum + company.pages.length, 0);
    options.log(
      `  serving: ${options.sites.toLocaleString('da-DK')} sites seeded; rendering ${renderedPages} pages`,
    );

    const started = performance.now();
    await run(process.execPath, [path.join(ROOT, 'scripts', 'rebuild', 'run.mjs')], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
      maxBuffer: 64 * 1024 * 1024,
    });
    const rebuildSeconds = (performance.now() - started) / 1000;
    options.log(`  serving: rendered in ${rebuildSeconds.toFixed(1)} s; preparing nginx's copies`);

    const hosts = new Map(seeded.map((company) => [company.cvr, `${company.subdomain}.localhost`]));
    const sites = servedSites(sitesDirOf(config), hosts);
    const mirror = path.join(dir, 'nginx-mirror');
    mkdirSync(mirror, { recursive: true });
    precompressedMirror(sitesDirOf(config), sites, mirror);

    const ourPort = 21_000 + (process.pid % 10_000);
    const nginxPort = ourPort + 1;
    const ours = await startOurServer({ ...env, PORT: String(ourPort) }, options.workers);
    const nginx = await startMixNginx({
      mirrorDir: mirror,
      storageDir: dir,
      sites,
      port: nginxPort,
      workers: options.workers,
    });
    try {
      options.log('  serving: measuring');
      const mix = await compareMix({
        sites,
        ourPort,
        ourPid: ours.pid ?? 0,
        nginxPort,
        nginxPid: nginx.pid,
        seconds: options.seconds,
        rounds: options.rounds,
        scriptDir: dir,
      });
      return {
        ...mix,
        renderedPages,
        rebuildSeconds: Math.round(rebuildSeconds * 10) / 10,
        pagesPerSecond: Math.round(renderedPages / rebuildSeconds),
      };
    } finally {
      ours.kill('SIGTERM');
      await new Promise((resolve) => ours.once('exit', resolve));
      await nginx.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
