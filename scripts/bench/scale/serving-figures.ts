// The 10,000-site half of the scale bench: the scale fixture rendered to disk by `npm run rebuild`
// (timed: rebuild_pages_per_s), then served by our front server and by nginx under the visitor-shaped
// load of static-mix.ts (static_mix_vs_nginx, with our server's memory), and then by nginx running
// the configuration `npm run proxy-config -- nginx` generates (the engine shape, over the routing
// tree) against a hand-written minimal nginx over the same folders (static_mix_engine_vs_reference).
import { execFile, spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { migrateToLatest, openDatabase } from '../../../db';
import { sitesDirOf } from '../../../generator';
import { COMPRESS_MIN_BYTES } from '../../../generator/site-model';
import { loadConfig } from '../../../lib/config';
import { nginxConfig } from '../../../server/engine-config';
import { hostRoutingOf, rebuildHostRoutes } from '../../../server/host-routes';
import { BROTLI_OPTIONS, GZIP_LEVEL } from '../../../server/static-file-cache';
import { missingForNginxBench, waitForNginx } from '../nginx';
import { seedScale } from './seed-scale';
import {
  alternateMix,
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
  /** The generated nginx configuration (the engine shape) against the hand-written reference. */
  engineRps: number;
  referenceRps: number;
  engineVsReference: number;
  engineRssMb: number;
  referenceRssMb: number;
}

/** Writes the `.br`/`.gz` copies a publish writes beside each live site's text files (where the
 *  publish or the front server's first pass has not already), so the engines get them. */
function precompressInPlace(sitesDir: string, cvrs: string[]): void {
  for (const cvr of cvrs) {
    const dir = path.join(sitesDir, cvr);
    const files = new Set(readdirSync(dir));
    for (const file of files) {
      if (!/\.(html|xml|txt)$/.test(file) || (files.has(`${file}.br`) && files.has(`${file}.gz`))) continue;
      const body = readFileSync(path.join(dir, file));
      if (body.length < COMPRESS_MIN_BYTES) continue;
      writeFileSync(path.join(dir, `${file}.br`), brotliCompressSync(body, BROTLI_OPTIONS));
      writeFileSync(path.join(dir, `${file}.gz`), gzipSync(body, { level: GZIP_LEVEL }));
    }
  }
}

/** nginx running the generated configuration, unprivileged-style (`-p DIR -c FILE`). */
async function startEngineNginx(
  dir: string,
  settings: Parameters<typeof nginxConfig>[0],
): Promise<{ pid: number; stop: () => Promise<void> }> {
  const prefix = path.join(dir, 'engine-nginx');
  mkdirSync(prefix, { recursive: true });
  const file = path.join(prefix, 'nginx.conf');
  writeFileSync(file, nginxConfig(settings));
  const child = spawn('nginx', ['-p', prefix, '-c', file, '-g', 'daemon off;'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let said = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    said = (said + chunk.toString()).slice(-2000);
  });
  await waitForNginx(child, settings.listen).catch((error: Error) => {
    child.kill('SIGKILL');
    throw new Error(`${error.message}\n${said}`);
  });
  return {
    pid: child.pid ?? 0,
    stop: async () => {
      if (child.exitCode !== null) return;
      child.kill('SIGQUIT');
      await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}

export async function benchServingAtScale(options: {
  sites: number;
  workers: number;
  seconds: number;
  rounds: number;
  log: (line: string) => void;
}): Promise<ServingFigures> {
  // Before the long rebuild: without Debian's brotli module neither nginx would start.
  const missing = missingForNginxBench();
  if (missing) throw new Error(missing);
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
    await run(process.execPath, [path.join(ROOT, 'scripts', 'run.mjs'), 'rebuild'], {
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

      // The engine shape: the generated nginx.conf over storage/routes (written by the app at
      // start; again here so the figure never depends on its timing), against a minimal hand-written
      // nginx mapping the same hosts to the same folders, both with the copies a publish writes.
      options.log('  serving: the generated nginx configuration against a hand-written one');
      precompressInPlace(
        sitesDirOf(config),
        sites.map((site) => site.cvr),
      );
      const routesDb = openDatabase(config.database);
      try {
        await rebuildHostRoutes(routesDb, hostRoutingOf(config));
      } finally {
        await routesDb.destroy();
      }
      const enginePort = ourPort + 2;
      const referencePort = ourPort + 3;
      const engine = await startEngineNginx(dir, {
        publicHost: env.PUBLIC_HOST,
        storageDir: dir,
        app: `127.0.0.1:${ourPort}`,
        listen: enginePort,
        assetsDir: path.join(ROOT, 'dist', 'site', 'client'),
      });
      const reference = await startMixNginx({
        mirrorDir: sitesDirOf(config),
        storageDir: dir,
        sites,
        port: referencePort,
        workers: options.workers,
      }).catch(async (error: Error) => {
        await engine.stop();
        throw error;
      });
      let engineMix: Awaited<ReturnType<typeof alternateMix>>;
      try {
        engineMix = await alternateMix({
          sites,
          a: { name: 'engine', port: enginePort, pid: engine.pid },
          b: { name: 'reference', port: referencePort, pid: reference.pid },
          seconds: options.seconds,
          rounds: options.rounds,
          scriptDir: dir,
        });
      } finally {
        await engine.stop();
        await reference.stop();
      }
      return {
        ...mix,
        engineRps: engineMix.a,
        referenceRps: engineMix.b,
        engineVsReference: engineMix.ratio,
        engineRssMb: engineMix.aRssMb,
        referenceRssMb: engineMix.bRssMb,
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
