// Redis for the queue tests: the shared server at TEST_REDIS_URL (never flushed; each test has its own
// queue name and deletes that queue's keys afterwards) and private servers a test may kill at will.
import { createServer } from 'node:net';
import { Redis } from 'ioredis';
import { getTestEnvironment } from '../../lib/config';
import { QUEUE_PREFIX } from '../../worker';
import { type Run, spawnProcess, waitFor } from '../support/processes';

const testEnv = getTestEnvironment();
export const TEST_REDIS_URL = testEnv.redisUrl;
const ci = testEnv.ci;

async function probeRedis(): Promise<string | null> {
  const client = new Redis(TEST_REDIS_URL, {
    lazyConnect: true,
    connectTimeout: 2000,
    retryStrategy: () => null,
  });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.ping();
    return null;
  } catch (error) {
    return (error as Error).message || String(error);
  } finally {
    client.disconnect();
  }
}

/** Why the shared Redis cannot be used, or null when it answers. Under CI a missing Redis fails. */
const redisProblem = await probeRedis();
if (redisProblem && ci) throw new Error(`Redis is required under CI but unreachable at ${TEST_REDIS_URL}`);
export const redisSkipReason = redisProblem
  ? ` (skipped: Redis unreachable at ${TEST_REDIS_URL}: ${redisProblem})`
  : '';

/** A queue name no other test uses (queue names may not contain ':'). */
export function uniqueQueueName(label: string): string {
  return `test-${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}

/** Deletes every key of the queue, deduplication keys included. */
export async function deleteQueueKeys(queueName: string, url = TEST_REDIS_URL): Promise<void> {
  const client = new Redis(url, { maxRetriesPerRequest: 1 });
  try {
    let cursor = '0';
    do {
      const [next, keys] = await client.scan(cursor, 'MATCH', `${QUEUE_PREFIX}:${queueName}:*`, 'COUNT', 500);
      cursor = next;
      if (keys.length) await client.del(...keys);
    } while (cursor !== '0');
  } finally {
    await client.quit().catch(() => client.disconnect());
  }
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface PrivateRedis {
  url: string;
  /** Starts the server (again) on its port; resolves once it accepts connections. */
  start(): Promise<void>;
  /** SIGKILLs the server; resolves once it has exited. */
  kill(): Promise<void>;
}

/** A redis-server of the test's own, without persistence, that it may kill and restart. */
export async function privateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  let server: Run | undefined;
  const instance: PrivateRedis = {
    url: `redis://127.0.0.1:${port}`,
    async start() {
      const run = spawnProcess('redis-server', [
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--save',
        '',
        '--appendonly',
        'no',
        '--daemonize',
        'no',
      ]);
      server = run;
      await waitFor(
        `redis-server to start: ${run.output()}`,
        () => run.stdout().includes('Ready to accept connections'),
        5000,
        20,
        [run],
      );
    },
    async kill() {
      const run = server;
      server = undefined;
      await run?.stop(0);
    },
  };
  return instance;
}
