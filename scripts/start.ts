// npm start — the whole product on one machine: migrate, seed a fresh database with demo companies,
// serve, and print where to look. Stops cleanly on SIGINT/SIGTERM.
import { createApp } from '../api/app';
import { listen } from '../api/server';
import { listCompanies } from '../db';
import { createLogger } from '../lib/logger';
import { configOrExit, databaseOrExit, describeDatabase, fail, migrateOrExit } from './cli';
import { seedIfEmpty } from './seed/seed-demo';

const config = configOrExit();
const logger = createLogger(config);
const db = await databaseOrExit(config);
const applied = await migrateOrExit(db);
const seeded = await seedIfEmpty(db);

const app = createApp({ db, config, logger });
const server = await listen(app, config.port).catch((error: Error) => {
  fail(`Could not listen on port ${config.port}: ${error.message}`);
});

const base = `http://localhost:${server.port}`;
const lines = [
  '',
  `Mesterside is running on ${base}`,
  `  database: ${describeDatabase(config.database)}${applied.length ? ` (applied ${applied.join(', ')})` : ''}`,
  `  queue: ${config.redisUrl ? 'Redis' : 'in-process'}   storage: ${config.storageDir}`,
  `  health:  ${base}/api/health`,
];
if (seeded.length) lines.push(`  seeded ${seeded.length} fictional demo companies`);
const companies = await listCompanies(db);
if (companies.length) {
  lines.push('  company sites (served once the publishing pipeline lands):');
  for (const company of companies.slice(0, 5)) {
    lines.push(
      `    ${company.name.padEnd(30)} ${base}/${company.cvr}   http://${company.subdomain}.localhost:${server.port}`,
    );
  }
}
console.log(`${lines.join('\n')}\n`);

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'shutting down');
  await server.close();
  await db.destroy();
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
