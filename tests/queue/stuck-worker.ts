// A worker process for the crash tests: it requests one publish and its render never ends, so the test
// can SIGKILL it mid-render. Prints `rendering <cvr>` when the render has started.
// Environment: STUCK_DB_FILE (SQLite), STUCK_CVR, STUCK_QUEUE, STUCK_REDIS_URL (empty: in-process),
// STUCK_LOCK_MS (BullMQ lock duration).
import { openDatabase } from '../../db';
import { createLogger } from '../../lib/logger';
import { createPublishQueue } from '../../worker';

const cvr = process.env.STUCK_CVR ?? '';
const db = openDatabase({ dialect: 'sqlite', file: process.env.STUCK_DB_FILE ?? '' });
const queue = createPublishQueue({
  db,
  logger: createLogger({ logLevel: 'silent' }),
  redisUrl: process.env.STUCK_REDIS_URL || null,
  queueName: process.env.STUCK_QUEUE ?? 'publish',
  lockDurationMs: Number(process.env.STUCK_LOCK_MS ?? 1000),
  recoverEveryMs: 0,
  render: (rendering) => {
    process.stdout.write(`rendering ${rendering}\n`);
    return new Promise(() => {});
  },
});
await queue.requestPublish(cvr);
