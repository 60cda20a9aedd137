// `workers` forks processes that share one port: run as a real entry script (tests/support/
// front-workers.ts, bundled for the run), the way npm start would.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type Run, spawnScript } from '../tests/support/processes';
import { rawRequest, writeFakeSite } from '../tests/support/site-folders';

let child: Run | undefined;
let dir: string | undefined;

afterEach(async () => {
  await child?.stop(0);
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('startFrontServer with workers', () => {
  it('serves from several processes on one port and stops them all', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'mesterside-workers-'));
    const storage = path.join(dir, 'storage');
    writeFakeSite(path.join(storage, 'sites'), '12345678', { 'index.html': 'hello from a worker' });
    // The bundle on plain node: killing the child kills the primary, and its workers exit with it.
    child = spawnScript('tests/support/front-workers.ts', {
      PORT: '0',
      STORAGE_DIR: storage,
      LOG_LEVEL: 'silent',
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
