// Static serving: requests per second of our front server for one company page by Host header,
// against nginx serving the same files, with the same wrk load, in the same run. Ours runs as
// `npm start` ships it (scripts/start.ts: a publishing primary and one serving copy per core).
import type { ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { migrateToLatest, openDatabase } from '../../db';
import { sitesDirOf } from '../../generator';
import { loadConfig } from '../../lib/config';
import { createFixtureCompany } from './fixtures';
import { startNginx } from './nginx';
import { startOurServer } from './scale/static-mix';
import { median } from './stats';
import { wrkRequestsPerSecond } from './wrk';

const PAGE = 'om-os';

export interface StaticFigures {
  workers: number;
  ours: number;
  nginx: number;
  ratio: number;
  pageBytes: number;
}

export async function benchStatic(options: {
  workers: number;
  seconds: number;
  rounds: number;
}): Promise<StaticFigures> {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-static-'));
  // nginx's workers run as an unprivileged user: they must be able to enter the folder.
  chmodSync(dir, 0o755);
  const env = { STORAGE_DIR: dir, LOG_LEVEL: 'silent', PUBLIC_HOST: 'localhost:3000' };
  const config = loadConfig(env);
  const db = openDatabase(config.database);
  await migrateToLatest(db);
  const cvr = await createFixtureCompany(db);
  await db.destroy();

  // The product publishes the company itself (it is marked as wanting a publish), as after a sign-up;
  // nginx then serves the very build folder ours serves.
  const ourPort = 20_000 + (process.pid % 20_000);
  const nginxPort = ourPort + 1;
  const ours = await startOurServer({ ...env, PORT: String(ourPort) }, options.workers);
  const host = 'bench0.localhost';
  const ourUrl = `http://127.0.0.1:${ourPort}/${PAGE}`;
  await waitForPage(ourUrl, host);
  const siteDir = realpathSync(path.join(sitesDirOf(config), cvr));
  const nginx = await startNginx(siteDir, nginxPort, options.workers);
  try {
    const nginxUrl = `http://127.0.0.1:${nginxPort}/${PAGE}`;
    const pageBytes = await bodyBytes(ourUrl, host);
    const nginxBytes = await bodyBytes(nginxUrl);
    if (pageBytes !== nginxBytes || pageBytes === 0)
      throw new Error(`pages differ: ${pageBytes} vs ${nginxBytes} bytes`);
    // Warm both, then alternate rounds so drift on a shared machine hits both alike.
    await wrkRequestsPerSecond({ url: ourUrl, host, seconds: 1 });
    await wrkRequestsPerSecond({ url: nginxUrl, seconds: 1 });
    const ourRuns: number[] = [];
    const nginxRuns: number[] = [];
    for (let round = 0; round < options.rounds; round++) {
      ourRuns.push(await wrkRequestsPerSecond({ url: ourUrl, host, seconds: options.seconds }));
      nginxRuns.push(await wrkRequestsPerSecond({ url: nginxUrl, seconds: options.seconds }));
    }
    const oursRps = median(ourRuns);
    const nginxRps = median(nginxRuns);
    return {
      workers: options.workers,
      ours: Math.round(oursRps),
      nginx: Math.round(nginxRps),
      ratio: Math.round((oursRps / nginxRps) * 1000) / 1000,
      pageBytes,
    };
  } finally {
    await stopChild(ours);
    await nginx.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
}

async function waitForPage(url: string, host: string): Promise<void> {
  for (let waited = 0; waited < 60_000; waited += 100) {
    if (
      await bodyBytes(url, host).then(
        () => true,
        () => false,
      )
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} was not published within a minute`);
}

/** The body length of a GET, over node:http because fetch drops a Host header. */
function bodyBytes(url: string, host?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: host ? { host } : {} }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
      });
      res.on('end', () =>
        res.statusCode === 200 ? resolve(bytes) : reject(new Error(`${url}: ${res.statusCode}`)),
      );
    });
    req.on('error', reject);
    req.end();
  });
}
