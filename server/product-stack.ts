// The whole product on one database: the site publisher, the publish queue (BullMQ with a Redis URL,
// in-process without), the API wired to that queue, and the front server. `npm start` runs this, and
// so do the benchmarks, so they measure what production runs.
import { Redis } from 'ioredis';
import { type CreateAppDeps, createApp } from '../api/app';
import { LimitStore } from '../api/middleware/rate-limit';
import { configuredResolver, verificationTxtFound } from '../api/routes/domain';
import { DOMAIN_RECHECK_EVERY_MS, recheckCustomDomains } from '../api/services/domain-verification';
import type { Db } from '../db';
import { createSitePublisher } from '../generator';
import type { Config } from '../lib/config';
import type { Logger } from '../lib/logger';
import { createPublishQueue, type PublishQueue } from '../worker';
import { type RunningFrontServer, startFrontServer } from './front-server';

export interface ProductStackOptions {
  config: Config;
  db: Db;
  logger: Logger;
  /** Default config.port; 0 picks a free port. */
  port?: number;
  /** Default config.redisUrl. */
  redisUrl?: string | null;
  queueName?: string;
  /** Period of the queue's recovery sweep; 0 disables it. */
  recoverEveryMs?: number;
  /** The onboarding's outside services, when not the ones the configuration selects. */
  onboarding?: CreateAppDeps['onboarding'];
  /** Prefix of the rate limits' Redis keys (tests use their own); default `mesterside:limit`. */
  limitPrefix?: string;
}

export interface ProductStack {
  server: RunningFrontServer;
  queue: PublishQueue;
  /** Stops serving, then lets running renders finish. The database stays open: the caller owns it. */
  close(): Promise<void>;
}

export async function startProductStack(options: ProductStackOptions): Promise<ProductStack> {
  const { config, db, logger } = options;
  const redisUrl = options.redisUrl === undefined ? config.redisUrl : options.redisUrl;
  const publisher = await createSitePublisher({ db, config, logger });
  // With Redis, every process counts rate limits in one place. No offline queue: while Redis is
  // away a count fails fast and the limit falls back to this process's memory.
  const limitRedis = redisUrl
    ? new Redis(redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1 })
    : null;
  limitRedis?.on('error', (error: unknown) => logger.warn({ err: error }, 'rate limit store: Redis error'));
  const limits = new LimitStore({
    ...(limitRedis ? { redis: limitRedis } : {}),
    ...(options.limitPrefix === undefined ? {} : { prefix: options.limitPrefix }),
  });
  const queue = createPublishQueue({
    db,
    logger,
    redisUrl,
    render: (cvr) => publisher.publish(cvr),
    ...(options.queueName === undefined ? {} : { queueName: options.queueName }),
    ...(options.recoverEveryMs === undefined ? {} : { recoverEveryMs: options.recoverEveryMs }),
  });
  try {
    const app = createApp({
      db,
      config,
      logger,
      enqueuePublish: (cvr) => queue.enqueue(cvr),
      limits,
      ...(options.onboarding ? { onboarding: options.onboarding } : {}),
    });
    const server = await startFrontServer({
      config,
      db,
      apiApp: app,
      logger,
      port: options.port ?? config.port,
    });
    // Custom domains are re-checked periodically: a verified domain whose TXT record is gone for
    // days goes back to pending (api/services/domain-verification.ts).
    const resolver = configuredResolver(config);
    const recheck = () =>
      recheckCustomDomains(
        { db, logger, now: () => new Date(), enqueuePublish: (cvr) => queue.enqueue(cvr) },
        (company) => verificationTxtFound(resolver, company),
      ).catch((error: unknown) => logger.error({ err: error }, 'custom domain re-check failed'));
    const recheckTimer = setInterval(recheck, DOMAIN_RECHECK_EVERY_MS);
    recheckTimer.unref();
    // `/` shows the companies as they are now, even when nothing waits to be published.
    publisher.landing
      ?.refresh()
      .catch((error: unknown) => logger.error({ err: error }, 'landing page render failed'));
    return {
      server,
      queue,
      close: async () => {
        clearInterval(recheckTimer);
        await server.close();
        await queue.close();
        limitRedis?.disconnect();
      },
    };
  } catch (error) {
    await queue.close();
    limitRedis?.disconnect();
    throw error;
  }
}
