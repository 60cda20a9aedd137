// The producer's own Redis connection. Requests must never wait on a Redis that is down: the offline
// queue is off, so a command fails at once while disconnected, and the connection keeps reconnecting by
// itself. `whenReady()` tells whether Redis can take a command now.
import { Redis } from 'ioredis';

/** How long a request waits for the very first connection of a freshly started process. */
const FIRST_CONNECT_WAIT_MS = 1000;

export interface RedisProducer {
  client: Redis;
  /** True when connected; a fresh process waits a moment for its first connection. */
  whenReady(): Promise<boolean>;
  /** Closes the connection without waiting on a Redis that is down. */
  close(): Promise<void>;
}

export function reconnectDelay(times: number): number {
  return Math.min(times * 250, 2000);
}

export function createRedisProducer(redisUrl: string): RedisProducer {
  const client = new Redis(redisUrl, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 3000,
    retryStrategy: reconnectDelay,
  });
  // Only a process's first connection is worth waiting for; after that, or once it failed, a
  // disconnected Redis is down and a request must not wait for it.
  let waitForConnection = true;
  let firstConnection: Promise<boolean> | undefined;
  client.on('ready', () => {
    waitForConnection = false;
  });
  client.on('error', () => {
    waitForConnection = false;
  });

  return {
    client,
    whenReady() {
      if (client.status === 'ready') return Promise.resolve(true);
      if (!waitForConnection || client.status === 'end') return Promise.resolve(false);
      firstConnection ??= new Promise<boolean>((resolve) => {
        const settle = (ready: boolean) => {
          clearTimeout(timer);
          client.off('ready', onReady);
          client.off('error', onError);
          waitForConnection = false;
          resolve(ready);
        };
        const onReady = () => settle(true);
        const onError = () => settle(false);
        const timer = setTimeout(onError, FIRST_CONNECT_WAIT_MS);
        client.on('ready', onReady);
        client.on('error', onError);
      });
      return firstConnection;
    },
    async close() {
      if (client.status === 'ready') {
        await client.quit().catch(() => client.disconnect());
      } else {
        client.disconnect();
      }
    },
  };
}

/** Rejects when `promise` has not settled within `ms`. */
export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
