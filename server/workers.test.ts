// `workers` forks processes that share one port: run as a real entry script, the way npm start would.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type Run, spawnProcess } from '../tests/support/processes';
import { rawRequest, writeFakeSite } from './test-support';

const ROOT = path.resolve(import.meta.dirname, '..');

let child: Run | undefined;
let dir: string | undefined;

afterEach(async () => {
  await child?.stop(0);
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const ENTRY = (root: string) => `
import cluster from 'node:cluster';
import { openDatabase } from '${root}/db/index.ts';
import { loadConfig } from '${root}/lib/config.ts';
import { createLogger } from '${root}/lib/logger.ts';
import { startFrontServer } from '${root}/server/front-server.ts';

const config = loadConfig(process.env);
const logger = createLogger(config);
const db = openDatabase(config.database);
const server = await startFrontServer({
  config,
  db,
  logger,
  apiApp: { fetch: () => new Response(String(process.pid)) },
  marketingDir: process.env.STORAGE_DIR,
  host: '127.0.0.1',
  workers: 2,
});
if (cluster.isPrimary) {
  console.log('PORT ' + server.port);
  process.on('SIGTERM', () => void server.close().then(() => process.exit(0)));
}
`;

describe('startFrontServer with workers', () => {
  // Node compiles the sources through tsx in the primary and both workers: generous on a busy machine.
  it('serves from several processes on one port and stops them all', { timeout: 90_000 }, async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'mesterside-workers-'));
    const storage = path.join(dir, 'storage');
    writeFakeSite(path.join(storage, 'sites'), '12345678', { 'index.html': 'hello from a worker' });
    const entry = path.join(dir, 'entry.mts');
    writeFileSync(entry, ENTRY(ROOT));
    // Node itself with tsx's loader (not the tsx wrapper), so killing the child kills the primary,
    // and the primary's workers exit with it.
    child = spawnProcess(process.execPath, ['--import', 'tsx', entry], {
      env: { PORT: '0', STORAGE_DIR: storage, LOG_LEVEL: 'silent' },
    });
    const running = child.child;
    const port = await new Promise<number>((resolve, reject) => {
      let out = '';
      running.stdout?.on('data', (chunk) => {
        out += chunk.toString();
        const match = /PORT (\d+)/.exec(out);
        if (match) resolve(Number(match[1]));
      });
      running.once('exit', (code) => reject(new Error(`entry exited with ${code}`)));
    });

    const page = await rawRequest(port, { path: '/12345678/', host: 'localhost' });
    expect(page.body.toString()).toBe('hello from a worker');
    const pids = new Set<string>();
    for (let attempt = 0; attempt < 20 && pids.size < 2; attempt++) {
      pids.add((await rawRequest(port, { path: '/api/pid', host: 'localhost' })).body.toString());
    }
    expect(pids.size).toBe(2);
    expect(pids.has(String(running.pid))).toBe(false);

    const exited = new Promise<number | null>((resolve) => running.once('exit', resolve));
    running.kill('SIGTERM');
    expect(await exited).toBe(0);
    await expect(rawRequest(port, { path: '/12345678/', host: 'localhost' })).rejects.toThrow();
  });
});
