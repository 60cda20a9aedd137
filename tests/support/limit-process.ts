// One API process for the shared-limit tests: the real app on the database and Redis the environment
// names (DATABASE_URL, REDIS_URL), its rate limits counted in Redis under the key prefix given as the
// first argument, or without REDIS_URL in the database (as the product stack counts them then).
// Prints `listening <port>` once it serves.
import { Redis } from 'ioredis';
import { createApp } from '../../api/app';
import { LimitStore } from '../../api/middleware/rate-limit';
import { openDatabase } from '../../db';
import { getConfig } from '../../lib/config';
import { createLogger } from '../../lib/logger';
import { startFrontServer } from '../../server';

const config = getConfig();
const redis = config.redisUrl
  ? new Redis(config.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1 })
  : null;
if (redis) {
  await new Promise<void>((resolve, reject) => {
    redis.once('ready', () => resolve());
    redis.once('error', reject);
  });
}
const db = openDatabase(config.database);
const prefix = process.argv[2] ?? 'test-limit';
const limits = new LimitStore(redis ? { redis, prefix } : { db, prefix });
const logger = createLogger(config);
const server = await startFrontServer({
  config,
  db,
  logger,
  apiApp: createApp({ db, config, logger, limits }),
  port: 0,
});
process.stdout.write(`listening ${server.port}\n`);
process.on('SIGTERM', () => {
  void server.close().then(async () => {
    redis?.disconnect();
    await db.destroy();
    process.exit(0);
  });
});
