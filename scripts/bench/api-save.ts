// Page saves through the whole stack: a signed-in owner PUTs /api/pages/:id over HTTP to the front
// server on SQLite, with concurrent clients on a thread of their own (client-thread.ts), while each
// save queues a real publish in-process.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createOwnerAccount } from '../../api/auth/accounts';
import { listPages, migrateToLatest, openDatabase } from '../../db';
import { loadConfig } from '../../lib/config';
import { createLogger } from '../../lib/logger';
import { startProductStack } from '../../server';
import { startBenchClient } from './client-thread';
import { createFixtureCompany } from './fixtures';
import { seedScale } from './scale/seed-scale';
import { scratchPostgres } from './scratch-database';
import { percentile } from './stats';

export interface ApiSaveFigures {
  requestsPerSecond: number;
  p50: number;
  p95: number;
  requests: number;
  errors: number;
  concurrency: number;
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
  });
  const origin = `http://127.0.0.1:${server.port}`;
  const client = startBenchClient();
  try {
    const login = await fetch(`${origin}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify({ email, password }),
    });
    const cookie = /mesterside_session=[^;]+/.exec(login.headers.get('set-cookie') ?? '')?.[0];
    if (login.status !== 200 || !cookie) throw new Error(`login failed: ${login.status}`);

    const { latencies, errors } = await client.saves({
      url: `${origin}/api/pages/${page.id}`,
      headers: { 'content-type': 'application/json', origin, cookie },
      seconds: options.seconds,
      concurrency: options.concurrency,
    });
    await queue.idle();
    return {
      requestsPerSecond: Math.round(latencies.length / options.seconds),
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      requests: latencies.length,
      errors,
      concurrency: options.concurrency,
    };
  } finally {
    await client.close();
    await close();
    await db.destroy();
    await scratch?.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}
