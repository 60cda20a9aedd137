// npm start — the whole product on one machine: build the templates if needed, migrate, seed a
// fresh database with demo companies, publish what is unpublished, serve every host, and print
// where to look (bundled: scripts/run.mjs runs dist/server/start.mjs). Stops cleanly on
// SIGINT/SIGTERM. PROCESS_ROLE picks what this process does: `both` (default) serves and publishes,
// `web` only serves (and enqueues), `worker` only publishes.
//
// WEB_PROCESSES (default: one per core) processes serve HTTP on the shared port (node:cluster). With
// more than one, this process is their primary: it migrates, seeds and publishes (render threads, the
// queue, self-healing) and serves nothing itself; the forked copies run scripts/web-process.ts,
// bundled, and only serve. Without Redis they hand each publish to the primary's in-process queue
// over IPC (worker/forwarding-queue.ts); with Redis they enqueue on BullMQ themselves.
import cluster from 'node:cluster';
import { type Db, listCompanies } from '../db';
import type { Config } from '../lib/config';
import { createLogger, type Logger } from '../lib/logger';
import { lowerHelperThreads } from '../lib/thread-priority';
import { pathSiteUrl, productOrigin, subdomainOrigin } from '../rules/site-url';
import { startProductStack } from '../server';
import { type EngineVisits, startEngineVisits } from '../server/engine-visits';
import { forkWebProcesses } from '../server/front-server';
import { hostRoutingOf } from '../server/host-routes';
import { startPublishWorker } from '../server/product-stack';
import { isPublishMessage } from '../worker';
import {
  buildOrExit,
  configOrExit,
  databaseOrExit,
  describeDatabase,
  fail,
  migrateOrExit,
  stopOnSignals,
} from './cli';
import { WEB_PROCESS_ENTRY } from './ensure-build';
import { seedIfEmpty } from './seed/seed-demo';

const config = configOrExit();
await buildOrExit();
if (config.processRole === 'worker') await import('./worker');
else if (config.webProcesses > 1) await startPrimary();
else await startWeb();

/** One process that serves, and publishes too unless PROCESS_ROLE=web. */
async function startWeb(): Promise<void> {
  const logger = createLogger(config);
  const db = await databaseOrExit(config);
  const applied = await migrateOrExit(db);
  const seeded = await seedIfEmpty(db);

  // The worker runs in this process by default (render threads); with REDIS_URL, `npm run worker`
  // processes may help, and PROCESS_ROLE=web leaves all rendering to them.
  const { server, queue, close } = await startProductStack({ config, db, logger }).catch((error: Error) =>
    fail(`Could not start on port ${config.port}: ${error.message}`),
  );
  await queue.recover();
  const views = await countEngineViews(db, logger);
  // The handlers come before the line that says the product runs: whoever reads that line may stop
  // it at once, and a SIGTERM before them would kill the process instead of closing it.
  stopOnSignals(logger, async () => {
    await views?.close();
    await close();
    await db.destroy();
  });
  await printAddresses(db, config, server.port, { applied, seeded: seeded.length, processes: 1 });
}

/** The primary of WEB_PROCESSES serving copies: it prepares the database and publishes. */
async function startPrimary(): Promise<void> {
  const logger = createLogger(config);
  const db = await databaseOrExit(config);
  const applied = await migrateOrExit(db);
  const seeded = await seedIfEmpty(db);
  const publishing =
    config.processRole === 'both'
      ? await startPublishWorker({ config, db, logger, redisUrl: config.redisUrl }).catch((error: Error) =>
          fail(`Could not load the site renderer: ${error.message}`),
        )
      : undefined;
  // The primary serves nothing: what works for its renders yields to the serving copies.
  if (publishing) lowerHelperThreads();
  if (publishing) {
    cluster.on('message', (_worker, message: unknown) => {
      if (isPublishMessage(message)) void publishing.queue.enqueue(message.cvr, message.lane ?? 'owner');
    });
  }
  const web = await forkWebProcesses(config.webProcesses, logger, WEB_PROCESS_ENTRY).catch((error: Error) =>
    fail(`Could not start on port ${config.port}: ${error.message}`),
  );
  await publishing?.queue.recover();
  const views = await countEngineViews(db, logger);
  // Before the line that says the product runs (see startWeb).
  stopOnSignals(logger, async () => {
    await views?.close();
    await web.close();
    await publishing?.close();
    await db.destroy();
  });
  await printAddresses(db, config, web.port, {
    applied,
    seeded: seeded.length,
    processes: config.webProcesses,
  });
}

/** Where nginx serves the sites, the page views it logs (ENGINE_ACCESS_LOG): one reader a machine. */
function countEngineViews(db: Db, logger: Logger): Promise<EngineVisits | undefined> {
  if (config.engineAccessLog === null) return Promise.resolve(undefined);
  return startEngineVisits({
    db,
    logger,
    logFile: config.engineAccessLog,
    routesDir: hostRoutingOf(config).routesDir,
  });
}

async function printAddresses(
  db: Db,
  settings: Config,
  port: number,
  started: { applied: string[]; seeded: number; processes: number },
): Promise<void> {
  const base = productOrigin(settings.publicHost.replace(/:\d+$/, `:${port}`));
  const host = settings.publicHost.replace(/:\d+$/, `:${port}`);
  const { applied, seeded, processes } = started;
  const lines = [
    '',
    `Mesterside is running on ${base}`,
    `  database: ${describeDatabase(settings.database)}${applied.length ? ` (applied ${applied.join(', ')})` : ''}`,
    `  queue: ${settings.redisUrl ? 'BullMQ on Redis' : 'in-process'}   role: ${settings.processRole}   web processes: ${processes}   storage: ${settings.storageDir}`,
    `  health:  ${base}/api/health`,
    `  landing: ${base}/   new site: ${base}/onboarding   admin: ${base}/admin`,
  ];
  if (seeded) lines.push(`  seeded ${seeded} fictional demo companies`);
  const companies = await listCompanies(db, { limit: 6 });
  if (companies.length) {
    lines.push('  company sites:');
    for (const company of companies.slice(0, 5)) {
      lines.push(
        `    ${company.name.padEnd(28)} ${pathSiteUrl(company.cvr, host)}   ${subdomainOrigin(company.subdomain, host)}/`,
      );
    }
    if (companies.length > 5) lines.push('    … and more');
  }
  console.log(`${lines.join('\n')}\n`);
}
