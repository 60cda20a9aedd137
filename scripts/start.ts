// npm start — the whole product on one machine: build the templates if needed, migrate, seed a
// fresh database with demo companies, publish what is unpublished, serve every host, and print
// where to look. Stops cleanly on SIGINT/SIGTERM. PROCESS_ROLE picks what this process does:
// `both` (default) serves and publishes, `web` only serves (and enqueues), `worker` only publishes.
import { listCompanies } from '../db';
import { createLogger } from '../lib/logger';
import { pathSiteUrl, productOrigin, subdomainOrigin } from '../rules/site-url';
import { startProductStack } from '../server';
import { configOrExit, databaseOrExit, describeDatabase, fail, migrateOrExit } from './cli';
import { ensureBuild } from './ensure-build';
import { seedIfEmpty } from './seed/seed-demo';

const config = configOrExit();
await ensureBuild().catch((error: Error) => fail(`Building the templates failed: ${error.message}`));
if (config.processRole === 'worker') {
  await import('./worker');
} else {
  await startWeb();
}

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

  const base = productOrigin(config.publicHost.replace(/:\d+$/, `:${server.port}`));
  const host = config.publicHost.replace(/:\d+$/, `:${server.port}`);
  const lines = [
    '',
    `Mesterside is running on ${base}`,
    `  database: ${describeDatabase(config.database)}${applied.length ? ` (applied ${applied.join(', ')})` : ''}`,
    `  queue: ${config.redisUrl ? 'BullMQ on Redis' : 'in-process'}   role: ${config.processRole}   storage: ${config.storageDir}`,
    `  health:  ${base}/api/health`,
    `  landing: ${base}/   new site: ${base}/onboarding   admin: ${base}/admin`,
  ];
  if (seeded.length) lines.push(`  seeded ${seeded.length} fictional demo companies`);
  const companies = await listCompanies(db);
  if (companies.length) {
    lines.push('  company sites:');
    for (const company of companies.slice(0, 5)) {
      lines.push(
        `    ${company.name.padEnd(28)} ${pathSiteUrl(company.cvr, host)}   ${subdomainOrigin(company.subdomain, host)}/`,
      );
    }
    if (companies.length > 5) lines.push(`    … and ${companies.length - 5} more`);
  }
  console.log(`${lines.join('\n')}\n`);

  let stopping = false;
  async function stop(signal: string) {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    await close();
    await db.destroy();
    process.exit(0);
  }
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}
