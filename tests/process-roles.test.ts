// PROCESS_ROLE on the real entry point: `npm start` as a web process renders nothing (its saves
// wait in Redis), and `npm start` as a worker process publishes them; the web process then serves
// the sites. Both stop cleanly on SIGTERM. A private Redis, so no other test's worker takes the jobs.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { privateRedis } from './queue/redis-support';

const ROOT = path.resolve(import.meta.dirname, '..');
const TSX = path.join(ROOT, 'node_modules', '.bin', 'tsx');
const cleanups: Array<() => Promise<void> | void> = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

interface Run {
  child: ChildProcess;
  output: () => string;
  exit: Promise<number | null>;
}

function start(env: Record<string, string>): Run {
  const child = spawn(TSX, ['scripts/start.ts'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', PORT: '0', LOG_LEVEL: 'info', ...env },
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  cleanups.push(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  return { child, output: () => output, exit };
}

async function until(what: string, check: () => boolean | Promise<boolean>, runs: Run[]): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!(await check())) {
    if (Date.now() > deadline || runs.some((run) => run.child.exitCode !== null)) {
      throw new Error(`gave up waiting for ${what}:\n${runs.map((run) => run.output()).join('\n---\n')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('PROCESS_ROLE', () => {
  it('runs web and worker as separate processes on one Redis', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'roles-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const redis = await privateRedis();
    cleanups.push(() => redis.kill());
    await redis.start();
    const env = { STORAGE_DIR: dir, REDIS_URL: redis.url };

    const web = start({ ...env, PROCESS_ROLE: 'web' });
    await until('the web process', () => /running on http:\/\/localhost:\d+/.test(web.output()), [web]);
    const origin = /running on (http:\/\/localhost:\d+)/.exec(web.output())?.[1] ?? '';
    expect(web.output()).toContain('role: web');
    const home = () => fetch(`${origin}/12345678/`, { redirect: 'manual' });
    // The demo companies were seeded and their publishes enqueued, but nobody renders them.
    expect((await home()).status).toBe(302);

    const worker = start({ ...env, PROCESS_ROLE: 'worker' });
    await until('the worker to publish', async () => (await home()).status === 200, [web, worker]);
    expect(await (await home()).text()).toContain('Demo Tømrer');
    expect(worker.output()).toContain('publish worker started');
    expect(web.output()).not.toContain('site published');

    web.child.kill('SIGTERM');
    worker.child.kill('SIGTERM');
    expect(await web.exit).toBe(0);
    expect(await worker.exit).toBe(0);
  }, 90_000);
});
