// The whole product on one database: the site publisher, the publish queue (BullMQ with a Redis URL,
// in-process without), the API wired to that queue, and the front server. `npm start` runs this, and
// so do the benchmarks, so they measure what production runs.
import { type CreateAppDeps, createApp } from '../api/app';
import { startUploadSweep } from '../api/images/upload-sweep';
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
  /** Default rules/limits.ts; only the save benchmark lifts it. */
  maxSavesPerMinute?: number;
}

export interface ProductStack {
  server: RunningFrontServer;
  queue: PublishQueue;
  /** Stops serving, then lets running renders finish. The database stays open: the caller owns it. */
  close(): Promise<void>;
}

export async function startProductStack(options: ProductStackOptions): Promise<ProductStack> {
  const { config, db, logger } = options;
  const publisher = await createSitePublisher({ db, config, logger });
  const queue = createPublishQueue({
    db,
    logger,
    redisUrl: options.redisUrl === undefined ? config.redisUrl : options.redisUrl,
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
      ...(options.onboarding ? { onboarding: options.onboarding } : {}),
      ...(options.maxSavesPerMinute === undefined ? {} : { maxSavesPerMinute: options.maxSavesPerMinute }),
    });
    const server = await startFrontServer({
      config,
      db,
      apiApp: app,
      logger,
      port: options.port ?? config.port,
    });
    // `/` shows the companies as they are now, even when nothing waits to be published.
    publisher.landing
      ?.refresh()
      .catch((error: unknown) => logger.error({ err: error }, 'landing page render failed'));
    // Upload temp files a crashed request left behind: at start and every 10 minutes.
    const uploadSweep = startUploadSweep(config.storageDir, logger);
    return {
      server,
      queue,
      close: async () => {
        uploadSweep.stop();
        await server.close();
        await queue.close();
      },
    };
  } catch (error) {
    await queue.close();
    throw error;
  }
}
