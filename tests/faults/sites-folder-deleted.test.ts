// Fault: the sites folder (STORAGE_DIR/sites) is deleted while the product runs, and while it is
// stopped. `/api/health` must say so, and every published site must come back by itself: in the
// running process (its sites-folder check triggers the self-healing sweep) and after a restart (the
// sweep at start). The product runs as `npm start` ships it: render threads, in-process queue.
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type Db, getPublishState } from '../../db';
import { loadConfig } from '../../lib/config';
import { seedDemoCompanies } from '../../scripts/seed/seed-demo';
import type { ProductStack } from '../../server';
import { apartFromFacts } from '../support/health';
import { openMigratedDatabase } from '../support/migrated-database';
import { startTestStack } from '../support/stack';

const DEMO_CVRS = ['12345678', '87654321', '11223344'];
const cleanups: Array<() => Promise<void> | void> = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** The product over the test's store (support/stack.ts: no Redis, renders on this thread); a second
 *  start goes on with the same folder and database, as a restart does. */
async function start(dir: string, db: Db): Promise<ProductStack> {
  const { product, close } = await startTestStack({
    serve: 'product',
    env: { STORAGE_DIR: dir },
    database: { db, dialect: 'sqlite' },
    // Long enough that the health request right after the deletion sees the folder missing.
    product: { publishing: { healCheckEveryMs: 1500 } },
  });
  cleanups.push(close);
  return product;
}

function get(port: number, pathname: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: pathname }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

async function eventually(what: string, check: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Every demo company's home page answers 200 with its own name. */
async function allSitesServed(port: number): Promise<boolean> {
  for (const cvr of DEMO_CVRS) {
    const page = await get(port, `/${cvr}/`);
    if (page.status !== 200 || !page.body.includes('Demo')) return false;
  }
  return true;
}

async function health(port: number): Promise<{ status: string; problems: string[]; sites: unknown }> {
  const answer = await get(port, '/api/health');
  expect(answer.status).toBe(200);
  return apartFromFacts(JSON.parse(answer.body));
}

describe('fault: the sites folder is deleted', () => {
  it('reports degraded with the reason, and the sites come back by themselves, running and after a restart', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'fault-sites-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const config = loadConfig({ STORAGE_DIR: dir, LOG_LEVEL: 'silent', PORT: '0' });
    const sitesDir = path.join(dir, 'sites');
    const db = await openMigratedDatabase(config.database);
    cleanups.push(() => db.destroy());
    await seedDemoCompanies(db);

    let stack = await start(dir, db);
    await stack.queue.recover();
    await stack.queue.idle();
    expect(await allSitesServed(stack.server.port)).toBe(true);
    expect(await health(stack.server.port)).toMatchObject({ status: 'ok', problems: [] });
    const versions = await Promise.all(DEMO_CVRS.map((cvr) => getPublishState(db, cvr)));

    // While it runs.
    rmSync(sitesDir, { recursive: true, force: true });
    const degraded = await health(stack.server.port);
    expect(degraded.status).toBe('degraded');
    expect(degraded.problems).toEqual(['the sites folder is missing']);
    expect(degraded.sites).toEqual({ status: 'missing' });
    expect((await get(stack.server.port, `/${DEMO_CVRS[0]}/`)).status).toBe(404);

    await eventually('the sites to come back', () => allSitesServed(stack.server.port));
    await stack.queue.idle();
    expect(await health(stack.server.port)).toMatchObject({ status: 'ok', problems: [] });
    // Healing records a publish like a save does, so a queue outage cannot lose it either.
    for (const [index, cvr] of DEMO_CVRS.entries()) {
      const state = await getPublishState(db, cvr);
      expect(state?.publishedVersion).toBe((versions[index]?.publishedVersion ?? 0) + 1);
    }

    // While it is stopped: the sweep at start brings them back.
    await stack.close();
    rmSync(sitesDir, { recursive: true, force: true });
    stack = await start(dir, db);
    await eventually('the sites to come back after a restart', () => allSitesServed(stack.server.port));
    await stack.queue.idle();
    expect(await health(stack.server.port)).toMatchObject({ status: 'ok', problems: [] });
    // Two product starts and two full heals: longer than the default on a loaded two-core machine.
  }, 90_000);
});
