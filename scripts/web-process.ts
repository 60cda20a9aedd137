// A serving copy that `npm start` forks (WEB_PROCESSES above 1): no migrations, no publishing, just
// the front server and the API on the shared port. The primary (scripts/start.ts) forks it bundled
// on plain Node (dist/server/web-process.mjs, scripts/server-bundle.mjs): under tsx every copy
// carried the TypeScript loader, about 40 MB of its memory, for code that never changes while it runs.
import { createLogger } from '../lib/logger';
import { startProductStack } from '../server';
import { createForwardingQueue } from '../worker';
import { configOrExit, databaseOrExit, fail, stopOnSignals } from './cli';

const config = configOrExit();
const logger = createLogger(config);
const db = await databaseOrExit(config);
const { close } = await startProductStack({
  config,
  db,
  logger,
  role: 'web',
  // With Redis this copy enqueues on BullMQ itself; without, the primary's queue takes the work.
  ...(config.redisUrl ? {} : { queue: createForwardingQueue(db) }),
}).catch((error: Error) => fail(`Could not start on port ${config.port}: ${error.message}`));
stopOnSignals(logger, async () => {
  await close();
  await db.destroy();
});
