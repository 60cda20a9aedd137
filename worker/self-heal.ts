// Self-healing sites: the database says what should be live, the sites folder what is. At start
// and periodically this pages through every company (in batches, so 100,000 companies cost a few
// hundred small queries, never one big one) and publishes again each company whose live folder is
// missing or older than its last publish (a deleted or restored-from-old sites folder, a lost disk).
// A company never published is left alone: nothing has asked for its site yet.
// A live site written in an earlier Danish year is stale too (issue 48 item 7): what a site says
// depends on the year (the håndværkerfradrag block's year and figures), so within one sweep period of
// New Year's midnight in Copenhagen every site is published again, and a page never says "i 2026" in
// 2027. The render memo keeps that cheap: a site whose documents did not change is linked, not rendered.
// Between sweeps a cheap check notices the whole sites folder vanishing and sweeps at once.
// Companies that still wait for a publish are left to the queue's recovery sweep.
import { stat } from 'node:fs/promises';
import { type Db, listCompanySiteStates, markPublishWanted } from '../db';
import type { Logger } from '../lib/logger';
import { danishYear } from '../rules/tax-deduction';
import type { PublishQueue } from './publish-queue';

export interface SelfHealOptions {
  db: Db;
  queue: Pick<PublishQueue, 'enqueue'>;
  /** The sites folder; its disappearance triggers a sweep. */
  sitesDir: string;
  /** When the company's live site was written; undefined when it has none. */
  liveSince(cvr: string): Promise<Date | undefined>;
  logger: Logger;
  /** Period of the full sweep; default 10 minutes; 0: only at start and when the folder vanishes. */
  everyMs?: number;
  /** Period of the check that the sites folder exists; default 2 s; 0 disables it. */
  checkEveryMs?: number;
  /** Companies per query; default 500. */
  batchSize?: number;
  /** Rebuilds the engines' host routes from the database (server/host-routes.ts) on every sweep
   *  and every `routesEveryMs`: the tree heals with the sites, and a site past its trial grace
   *  leads to the inactive page here, without a publish or a restart. */
  rebuildRoutes?: () => Promise<number>;
  /** Period of the routes rebuild between sweeps; default 5 minutes, so a site past its grace days
   *  leaves nginx and Caddy well within 10 minutes (the Node server decides per request); 0: only
   *  with the sweep. */
  routesEveryMs?: number;
  /** The clock (tests set the year); default the system's. */
  now?: () => Date;
}

export interface SelfHeal {
  /** Sweeps now (or joins the sweep running now); resolves with how many sites were re-enqueued. */
  sweep(): Promise<number>;
  stop(): void;
}

/**
 * A live build is written before its publish is marked, by at most the time a render takes to
 * write and swap; anything older than the last publish by more than this is stale.
 */
const PUBLISH_SLACK_MS = 60_000;
const DEFAULTS = { everyMs: 600_000, checkEveryMs: 2000, batchSize: 500, routesEveryMs: 300_000 } as const;

export function startSelfHeal(options: SelfHealOptions): SelfHeal {
  const { db, queue, logger } = options;
  const log = logger.child({ sweep: 'self-heal' });
  const batchSize = Math.max(1, options.batchSize ?? DEFAULTS.batchSize);
  let running: Promise<number> | null = null;
  let stopped = false;
  let folderWasThere = true;

  const now = options.now ?? (() => new Date());

  async function isStale(cvr: string, publishedAt: string | null, year: number): Promise<boolean> {
    const live = await options.liveSince(cvr);
    if (!live) return true;
    if (danishYear(live) < year) return true;
    return publishedAt !== null && live.getTime() < Date.parse(publishedAt) - PUBLISH_SLACK_MS;
  }

  let routing: Promise<void> | null = null;

  /** One rebuild of the host routes (or the one running now). Never fails: a routing failure must
   *  not stop the sites from healing; it is logged and tried again on the next round. */
  function rebuildRoutes(): Promise<void> {
    const rebuild = options.rebuildRoutes;
    if (!rebuild) return Promise.resolve();
    routing ??= rebuild()
      .then(
        (changed) => {
          if (changed) log.info({ count: changed }, 'host routes brought in line with the database');
        },
        (error: unknown) => log.warn({ err: error }, 'rebuilding the host routes failed'),
      )
      .finally(() => {
        routing = null;
      });
    return routing;
  }

  async function sweepAll(): Promise<number> {
    await rebuildRoutes();
    let healed = 0;
    let after = '';
    const year = danishYear(now());
    while (!stopped) {
      const batch = await listCompanySiteStates(db, after, batchSize);
      for (const state of batch) {
        if (stopped) break;
        // Never published (nothing asked for a site yet), or waiting for a publish that the queue's
        // recovery sweep takes care of.
        const published = state.publishedVersion ?? 0;
        if (published === 0 || (state.wantedVersion ?? 0) > published) continue;
        if (!(await isStale(state.cvr, state.publishedAt, year))) continue;
        // Recorded first, so the publish survives a queue outage like any other.
        await markPublishWanted(db, state.cvr);
        await queue.enqueue(state.cvr, 'bulk');
        healed += 1;
      }
      const last = batch.at(-1);
      if (!last || batch.length < batchSize) break;
      after = last.cvr;
    }
    if (healed) log.warn({ count: healed }, 'sites missing or stale on disk; publishing them again');
    return healed;
  }

  function sweep(): Promise<number> {
    running ??= sweepAll().finally(() => {
      running = null;
    });
    return running;
  }

  function sweepLogged(): void {
    sweep().catch((error: unknown) => log.warn({ err: error }, 'self-heal sweep failed'));
  }

  const everyMs = options.everyMs ?? DEFAULTS.everyMs;
  const checkEveryMs = options.checkEveryMs ?? DEFAULTS.checkEveryMs;
  const routesEveryMs = options.rebuildRoutes ? (options.routesEveryMs ?? DEFAULTS.routesEveryMs) : 0;
  const timers = [
    everyMs > 0 ? setInterval(sweepLogged, everyMs) : undefined,
    routesEveryMs > 0 ? setInterval(() => void rebuildRoutes(), routesEveryMs) : undefined,
    checkEveryMs > 0
      ? setInterval(() => {
          void stat(options.sitesDir).then(
            () => {
              folderWasThere = true;
            },
            () => {
              if (!folderWasThere) return;
              folderWasThere = false;
              log.warn(
                { sitesDir: options.sitesDir },
                'the sites folder is gone; publishing every site again',
              );
              sweepLogged();
            },
          );
        }, checkEveryMs)
      : undefined,
  ];
  for (const timer of timers) timer?.unref();
  sweepLogged();

  return {
    sweep,
    stop() {
      stopped = true;
      for (const timer of timers) if (timer) clearInterval(timer);
    },
  };
}
