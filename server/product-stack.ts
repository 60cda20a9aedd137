// The whole product on one database: the site publisher, the publish queue (BullMQ with a Redis URL,
// in-process without), the API wired to that queue, and the front server. `npm start` runs this, and
// so do the benchmarks, so they measure what production runs.
//
// A process plays one of three roles (PROCESS_ROLE): `both` (the default, zero setup) serves and
// publishes; `web` serves and only enqueues; `worker` only publishes (startPublishWorker, also
// `npm run worker`). Wherever publishing runs, renders run on worker threads
// (generator/render-pool.ts), so a big site being published never stalls the visitors of others.
import { Redis } from 'ioredis';
import { type CreateAppDeps, createApp } from '../api/app';
import { startUploadSweep } from '../api/images/upload-sweep';
import { createMailOutbox } from '../api/mail-outbox';
import { LimitStore } from '../api/middleware/rate-limit';
import type { SiteLeadRoutesDeps } from '../api/routes/site-leads';
import { configuredResolver, verificationTxtFound } from '../api/services/domain-dns';
import { DOMAIN_RECHECK_EVERY_MS, recheckCustomDomains } from '../api/services/domain-verification';
import { threadedPreview } from '../api/services/preview';
import type { Db } from '../db';
import { createSitePublisher, createThreadedPublisher, liveBuildTime, sitesDirOf } from '../generator';
import type { Config } from '../lib/config';
import type { Logger } from '../lib/logger';
import { createPublishQueue, type PublishQueue } from '../worker';
import { type SelfHeal, startSelfHeal } from '../worker/self-heal';
import { type RunningFrontServer, startFrontServer } from './front-server';
import { hostRoutingOf, rebuildHostRoutes, syncHostRoute } from './host-routes';
import type { RequestLimit } from './request-limit';

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
  /** Default: `web` when config.processRole is `web`, else `both`. */
  role?: 'web' | 'both';
  /** Publishing options (role `both`). */
  publishing?: PublishingOptions;
  /** Role `web`: the queue to enqueue on, instead of a BullMQ producer (a web process forked by
   *  `npm start` forwards to its primary: worker/forwarding-queue.ts). */
  queue?: PublishQueue;
  /** Default rules/limits.ts; only the save benchmark lifts it. */
  maxSavesPerMinute?: number;
  /** The quote form's limits to replace (api/routes/site-leads.ts); only the lead benchmark lifts
   *  the per-company one. */
  leadLimits?: SiteLeadRoutesDeps['limits'];
  /** Previews per company per 10 s; default rules/limits.ts (only the preview benchmark lifts it). */
  maxPreviewsPerWindow?: number;
  /** The whole API's per-client request limit (server/request-limit.ts); default rules/limits.ts's
   *  (the benchmarks that are one client on purpose lift it). */
  requestLimit?: RequestLimit;
  /** Prefix of the rate limits' Redis keys (tests use their own); default `mesterside:limit`. */
  limitPrefix?: string;
  /** Entry of the render threads (publishing and previews); default generator/render-pool.ts's. A
   *  stack started from the sources passes the server bundle's thread when it knows it is current. */
  renderThreadEntry?: string;
}

interface PublishingOptions {
  /** Render threads; 0 renders on this thread (tests: no thread to start, and a database a thread
   *  cannot open, such as a PostgreSQL test schema, still publishes). Default RENDER_THREADS. */
  renderThreads?: number;
  /** Period of the self-healing sweep (worker/self-heal.ts); default 10 minutes. */
  healEveryMs?: number;
  /** Period of the check that the sites folder still exists; default 2 s. */
  healCheckEveryMs?: number;
  /** Period of the host routes' rebuild between sweeps (worker/self-heal.ts); default 5 minutes. */
  routesEveryMs?: number;
  /** Entry of the render threads; default generator/render-pool.ts's. */
  threadEntry?: string;
}

export interface ProductStack {
  server: RunningFrontServer;
  queue: PublishQueue;
  /** Stops serving, then lets running renders finish. The database stays open: the caller owns it. */
  close(): Promise<void>;
}

/** The publishing half of a process: renderer, consuming queue and self-healing sweep. */
export interface PublishWorker {
  queue: PublishQueue;
  selfHeal: SelfHeal;
  close(): Promise<void>;
}

export interface PublishWorkerOptions extends PublishingOptions {
  config: Config;
  db: Db;
  logger: Logger;
  redisUrl: string | null;
  queueName?: string;
  recoverEveryMs?: number;
}

/** Starts publishing: render threads, a consuming queue, its recovery and the self-healing sweep.
 *  The caller runs `queue.recover()` once it is ready (npm start does after the server listens). */
export async function startPublishWorker(options: PublishWorkerOptions): Promise<PublishWorker> {
  const { config, db, logger } = options;
  const routing = hostRoutingOf(config);
  const publisher =
    options.renderThreads === 0
      ? { ...(await createSitePublisher({ db, config, logger })), close: async () => {} }
      : await createThreadedPublisher({
          config,
          logger,
          threads: options.renderThreads ?? config.renderThreads,
          ...(options.threadEntry === undefined ? {} : { threadEntry: options.threadEntry }),
        });
  const queue = createPublishQueue({
    db,
    logger,
    redisUrl: options.redisUrl,
    // Every change a visitor sees is published (api/services/commit-change.ts), so the publish is
    // where the engines' host routes follow it: sign-up, domain verified or lost, a deletion.
    // The routes are synced while the site renders (render-pool.ts), never failing the publish.
    render: (cvr) =>
      publisher.publish(cvr, () =>
        syncHostRoute(db, routing, cvr).catch((error: unknown) =>
          logger.error({ err: error, cvr }, 'host route sync failed; the self-healing sweep retries'),
        ),
      ),
    consume: true,
    ...(options.queueName === undefined ? {} : { queueName: options.queueName }),
    ...(options.recoverEveryMs === undefined ? {} : { recoverEveryMs: options.recoverEveryMs }),
  });
  const sitesDir = sitesDirOf(config);
  const selfHeal = startSelfHeal({
    db,
    queue,
    sitesDir,
    liveSince: (cvr) => liveBuildTime(sitesDir, cvr),
    rebuildRoutes: () => rebuildHostRoutes(db, routing),
    logger,
    ...(options.healEveryMs === undefined ? {} : { everyMs: options.healEveryMs }),
    ...(options.healCheckEveryMs === undefined ? {} : { checkEveryMs: options.healCheckEveryMs }),
    ...(options.routesEveryMs === undefined ? {} : { routesEveryMs: options.routesEveryMs }),
  });
  // `/` shows the companies as they are now, even when nothing waits to be published.
  publisher.landing
    ?.refresh()
    .catch((error: unknown) => logger.error({ err: error }, 'landing page render failed'));
  // Custom domains are re-checked periodically, by whoever publishes (once per cluster): a verified
  // domain whose TXT record is gone for days goes back to pending (api/services/domain-verification.ts).
  const resolver = configuredResolver(config);
  const recheck = () =>
    recheckCustomDomains(
      { db, logger, now: () => new Date(), enqueuePublish: (cvr) => queue.enqueue(cvr, 'bulk') },
      (company) => verificationTxtFound(resolver, company),
    ).catch((error: unknown) => logger.error({ err: error }, 'custom domain re-check failed'));
  const recheckTimer = setInterval(recheck, DOMAIN_RECHECK_EVERY_MS);
  recheckTimer.unref();
  return {
    queue,
    selfHeal,
    close: async () => {
      clearInterval(recheckTimer);
      selfHeal.stop();
      await queue.close();
      await publisher.close();
    },
  };
}

export async function startProductStack(options: ProductStackOptions): Promise<ProductStack> {
  const { config, db, logger } = options;
  const role = options.role ?? (config.processRole === 'web' ? 'web' : 'both');
  const redisUrl = options.redisUrl === undefined ? config.redisUrl : options.redisUrl;
  const common = {
    ...(options.queueName === undefined ? {} : { queueName: options.queueName }),
    ...(options.recoverEveryMs === undefined ? {} : { recoverEveryMs: options.recoverEveryMs }),
    ...(options.renderThreadEntry === undefined ? {} : { threadEntry: options.renderThreadEntry }),
  };
  const worker =
    role === 'both'
      ? await startPublishWorker({ config, db, logger, redisUrl, ...common, ...options.publishing })
      : undefined;
  // A web-only process enqueues; `npm run worker` processes (or PROCESS_ROLE=worker) render.
  const queue =
    worker?.queue ??
    options.queue ??
    createPublishQueue({
      db,
      logger,
      redisUrl,
      consume: false,
      render: () => Promise.reject(new Error('this process does not render (PROCESS_ROLE=web)')),
      ...common,
    });
  // Every process counts rate limits in one place: Redis where it runs (no offline queue: while Redis
  // is away a count fails fast and the limit falls back to this process's memory), else the database
  // all the web processes share (issue 48).
  const limitRedis = redisUrl
    ? new Redis(redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1 })
    : null;
  limitRedis?.on('error', (error: unknown) => logger.warn({ err: error }, 'rate limit store: Redis error'));
  const limits = new LimitStore({
    ...(limitRedis ? { redis: limitRedis } : { db }),
    ...(options.limitPrefix === undefined ? {} : { prefix: options.limitPrefix }),
  });
  // Quote-request and welcome mails: every serving process sends what is due (one process takes each).
  const mailOutbox = createMailOutbox({ db, config, logger });
  // Live previews render on a thread of their own, never behind a publish (api/services/preview.ts).
  const previewRenderer = threadedPreview({
    config,
    logger,
    ...(options.renderThreadEntry === undefined ? {} : { threadEntry: options.renderThreadEntry }),
  });
  try {
    const app = createApp({
      db,
      config,
      logger,
      enqueuePublish: (cvr) => queue.enqueue(cvr),
      limits,
      // A key outside an answer's schema is dropped and logged, never a customer's 500.
      answerCheck: 'strip',
      health: {
        sitesDir: sitesDirOf(config),
        queue: { kind: redisUrl ? 'bullmq' : 'in-process', reachable: () => queue.reachable() },
      },
      leads: { outbox: mailOutbox, ...(options.leadLimits ? { limits: options.leadLimits } : {}) },
      reviews: { outbox: mailOutbox },
      nudgeMail: () => mailOutbox.nudge(),
      previewRenderer,
      ...(options.maxPreviewsPerWindow === undefined
        ? {}
        : { maxPreviewsPerWindow: options.maxPreviewsPerWindow }),
      onboarding: { ...options.onboarding, outbox: mailOutbox },
      ...(options.maxSavesPerMinute === undefined ? {} : { maxSavesPerMinute: options.maxSavesPerMinute }),
    });
    const server = await startFrontServer({
      config,
      db,
      apiApp: app,
      logger,
      port: options.port ?? config.port,
      ...(options.requestLimit ? { requestLimit: options.requestLimit } : {}),
    });
    // Upload temp files a crashed request left behind: at start and every 10 minutes.
    const uploadSweep = startUploadSweep(config.storageDir, logger);
    return {
      server,
      queue,
      close: async () => {
        uploadSweep.stop();
        await server.close();
        // The job in flight finishes; if it failed, the close says so, after the rest has closed.
        const mailClosed = await mailOutbox.close().then(
          () => null,
          (error: unknown) => error,
        );
        await previewRenderer.close();
        if (worker) await worker.close();
        else await queue.close();
        limitRedis?.disconnect();
        if (mailClosed) throw mailClosed;
      },
    };
  } catch (error) {
    await mailOutbox
      .close()
      .catch((cause: unknown) => logger.error({ err: cause }, 'mail outbox close failed'));
    await previewRenderer.close();
    if (worker) await worker.close();
    else await queue.close();
    limitRedis?.disconnect();
    throw error;
  }
}
