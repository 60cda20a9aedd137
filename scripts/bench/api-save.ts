// Page saves through the whole stack: a signed-in owner PUTs /api/pages/:id over HTTP to the front
// server on SQLite, from 10 concurrent connections, while each save queues a real publish in-process.
//
// The load comes from wrk (Debian's, as the static section uses) when it is installed, else from
// Node's fetch in a client process of its own (client-process.ts; BENCH_SAVE_CLIENT=node picks it),
// never from this process, which is the server's. A client is not free: on this 2-core machine the
// fetch client took about as much CPU per save as the server's answer, on the same two cores as the
// server's event loop and its render thread, so the same commit gave 1,125 saves/s with fetch (then
// on a thread of the server's process) and 1,650 with wrk (2026-11-26). The figures say which
// client made them (`api_page_save_client`); compare only figures of the same client.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createOwnerAccount } from '../../api/auth/accounts';
import { findPage, listPages, migrateToLatest, openDatabase } from '../../db';
import { loadConfig } from '../../lib/config';
import { createLogger } from '../../lib/logger';
import { startProductStack } from '../../server';
import { unlimitedRequests } from '../../server/request-limit';
import { timedRequests } from './client-jobs';
import { CLIENT_PROCESS, startClientProcess } from './client-process';
import { createFixtureCompany } from './fixtures';
import { seedScale } from './scale/seed-scale';
import { scratchPostgres } from './scratch-database';
import { percentile } from './stats';
import { haveCommand, wrkSaves } from './wrk';

export interface ApiSaveFigures {
  requestsPerSecond: number;
  p50: number;
  p95: number;
  requests: number;
  errors: number;
  concurrency: number;
  /** What made the load: wrk, or Node's fetch in a client process. */
  client: 'wrk' | typeof CLIENT_PROCESS;
}

export async function benchApiSave(options: {
  seconds: number;
  concurrency: number;
  /** Other companies in the database (the scale fixture); default none. */
  existingCompanies?: number;
  /** A PostgreSQL server to run on (a scratch database of its own); default SQLite. */
  postgresUrl?: string;
}): Promise<ApiSaveFigures> {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-api-'));
  const scratch = options.postgresUrl ? await scratchPostgres(options.postgresUrl, 'bench_api') : null;
  const config = loadConfig({
    STORAGE_DIR: dir,
    LOG_LEVEL: 'silent',
    PUBLIC_HOST: 'localhost:3000',
    ...(scratch ? { DATABASE_URL: scratch.url } : {}),
  });
  const logger = createLogger(config);
  const db = openDatabase(config.database);
  await migrateToLatest(db);
  if (options.existingCompanies) await seedScale(db, { companies: options.existingCompanies });
  const cvr = await createFixtureCompany(db);
  const email = 'ejer@bench.example';
  const password = 'Benchmark-adgangskode-1';
  await createOwnerAccount(db, { email, password }, new Date());
  await db.updateTable('companies').set({ companyEmail: email }).where('cvr', '=', cvr).execute();
  const page = (await listPages(db, cvr))[1];
  if (!page) throw new Error('fixture company has too few pages');

  // The bench measures the save path itself, so the per-company cap of 60 saves a minute is lifted.
  const { server, queue, close } = await startProductStack({
    config,
    db,
    logger,
    port: 0,
    redisUrl: null,
    maxSavesPerMinute: Number.POSITIVE_INFINITY,
    // Ten connections of one session, a thousand saves a second: one client on purpose.
    requestLimit: unlimitedRequests(),
  });
  const origin = `http://127.0.0.1:${server.port}`;
  const useWrk = process.env.BENCH_SAVE_CLIENT !== 'node' && (await haveCommand('wrk'));
  const client = useWrk ? null : await startClientProcess();
  try {
    const login = await fetch(`${origin}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify({ email, password }),
    });
    const cookie = /mesterside_session=[^;]+/.exec(login.headers.get('set-cookie') ?? '')?.[0];
    if (login.status !== 200 || !cookie) throw new Error(`login failed: ${login.status}`);

    const url = `${origin}/api/pages/${page.id}`;
    const headers = { 'content-type': 'application/json', origin, cookie };
    const common = { concurrency: options.concurrency };
    // Each save's title holds its number (`%d`, filled by wrk's Lua or client-jobs.ts), so every save
    // changes the page.
    const body = JSON.stringify({ title: 'Om os %d', content: 'Vi bygger og renoverer.\n\nRing i dag.' });
    if (!client) {
      const saves = await wrkSaves({
        url,
        headers,
        body,
        seconds: options.seconds,
        connections: options.concurrency,
        scriptDir: dir,
      });
      await queue.idle();
      // Every save must have changed the page (an unchanged one is answered without a write): the
      // title holds the number of the last request wrk sent.
      const last = Number((await findPage(db, cvr, page.id))?.title.replace('Om os ', ''));
      if (!(last >= saves.requests)) throw new Error(`wrk's saves did not all change the page (${last})`);
      return {
        ...common,
        requestsPerSecond: Math.round(saves.requests / options.seconds),
        p50: saves.p50,
        p95: saves.p95,
        requests: saves.requests,
        errors: saves.errors,
        client: 'wrk',
      };
    }
    const { latencies, errors } = await client.run(timedRequests, {
      spec: { url, method: 'PUT', headers, body },
      seconds: options.seconds,
      concurrency: options.concurrency,
    });
    await queue.idle();
    return {
      ...common,
      requestsPerSecond: Math.round(latencies.length / options.seconds),
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      requests: latencies.length,
      errors,
      client: CLIENT_PROCESS,
    };
  } finally {
    await client?.close();
    await close();
    await db.destroy();
    await scratch?.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}
