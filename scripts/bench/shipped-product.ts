// The product as `npm start` ships it, for a bench that measures what a visitor of shape 1
// (docs/deploy.md) gets: `node scripts/run.mjs start` (the server bundle on plain Node) over a storage
// folder the bench prepared, with WEB_PROCESSES at its default (one serving copy per core beside the
// primary that publishes). The bench talks to it over HTTP and reads its database; nothing of the
// product runs in the bench's process.
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { type Db, getPublishState } from '../../db';
import { waitForPort } from './nginx';

const ROOT = path.resolve(import.meta.dirname, '..', '..');

export interface ShippedProduct {
  port: number;
  /** The primary's process id (its serving copies are its children). */
  pid: number;
  /** SIGTERM, as a service manager stops it; resolves once it exited. */
  stop(): Promise<void>;
}

/** A port nothing listens on now. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (!address || typeof address === 'string') throw new Error('no free port');
  return address.port;
}

/**
 * Starts `npm start`'s process with `env` (STORAGE_DIR and the like) on a free port. It stays in the
 * bench's process group and watches the bench as its launcher (scripts/launcher.mjs), so it ends
 * with the bench however the bench ends.
 */
export async function startShippedProduct(env: Record<string, string>): Promise<ShippedProduct> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['scripts/run.mjs', 'start'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  try {
    await Promise.race([
      waitForPort(port, '127.0.0.1', 120_000),
      exited.then(() => {
        throw new Error(`npm start's process ended before it served (${child.exitCode})`);
      }),
    ]);
  } catch (error) {
    await stop();
    throw error;
  }
  return { port, pid: child.pid ?? 0, stop };
}

/** Until every company in `cvrs` has its wanted version live (the product's queue is in another
 *  process: its database says when it is done). */
export async function waitUntilPublished(db: Db, cvrs: string[], timeoutMs = 120_000): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const states = await Promise.all(cvrs.map((cvr) => getPublishState(db, cvr)));
    if (states.every((state) => state && state.publishedVersion >= state.wantedVersion)) return;
    if (performance.now() > deadline) throw new Error(`not published within ${timeoutMs / 1000} s`);
    await sleep(20);
  }
}
