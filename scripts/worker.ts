// npm run worker — a publish worker process: renders the sites that the BullMQ queue at REDIS_URL asks
// for until SIGTERM/SIGINT, then lets running renders finish and exits 0. Any number may run at once.
// `npm start` with PROCESS_ROLE=worker runs this too.
import { createLogger } from '../lib/logger';
import { lowerHelperThreads } from '../lib/thread-priority';
import { startPublishWorker } from '../server/product-stack';
import { buildOrExit, configOrExit, databaseOrExit, fail, migrateOrExit } from './cli';

const config = configOrExit();
const redisUrl =
  config.redisUrl ??
  fail(
    'REDIS_URL is not set: without Redis the in-process publish queue runs inside `npm start`; no worker needed.',
  );
await buildOrExit();
const logger = createLogger(config);
const db = await databaseOrExit(config);
await migrateOrExit(db);

const worker = await startPublishWorker({ config, db, logger, redisUrl }).catch(async (error: Error) => {
  await db.destroy().catch(() => {});
  return fail(`Could not load the site renderer: ${error.message}`);
});
// It serves nothing: what works for its renders yields to whatever serves on the machine.
lowerHelperThreads();
// Jobs that died with an in-process queue or a lost Redis are still unpublished in the database.
const recovered = await worker.queue.recover();
logger.info({ redis: hidePassword(redisUrl), recovered }, 'publish worker started');

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'publish worker stopping; running renders finish first');
  await worker.close();
  await db.destroy();
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));

function hidePassword(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}
