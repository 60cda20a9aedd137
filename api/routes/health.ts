// GET /api/health — whether this instance can serve, and whether the product is healthy around it.
// `error` (503): the database does not answer within two seconds. `degraded` (200): it serves, but
// something visitors will notice is wrong, named in `problems`: the sites folder is missing, the
// publish queue (Redis) is unreachable, publishes are failing, a mail or reminder job failed for good
// (db/tables/jobs.ts), or a fact in `rules/` (the
// håndværkerfradrag table, a guarantee scheme's terms) is due for review or out of date
// (`rules/fact-freshness.ts`; the operator view names which). Monitors poll this often, so the
// one query that grows with the product (failing publishes) is cached for a few seconds and runs on
// a partial index; the rest is a ping, a stat and a flag.
// The answer is public: it says ok or not per part and nothing more (issue 23: it listed failing
// companies' CVRs and the internal error text). The details go to the log, and failing publishes with
// their errors are in the operator view (/api/operator).
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import { jobCounts, listFailingPublishes, pingDatabase } from '../../db';
import { FACTS_PROBLEM, factsState } from '../../rules/fact-freshness';
import type { AppEnv } from '../env';
import { answer, routeGroup } from '../openapi';

const PING_TIMEOUT_MS = 2000;
const FAILING_CACHE_MS = 5000;
/** Failing companies named in the log; the count says how many there are beyond them. */
const FAILING_LISTED = 10;

export interface HealthChecks {
  /** The sites folder visitors are served from; default `<STORAGE_DIR>/sites`. */
  sitesDir?: string;
  /** The publish queue this process enqueues to; absent: not checked. */
  queue?: { kind: 'bullmq' | 'in-process'; reachable: () => boolean };
}

interface FailingPublishes {
  count: number;
  companies: string[];
  lastError: string | null;
}

const status = (...values: [string, ...string[]]) => z.object({ status: z.enum(values) });

/** What monitors read; `problems` names in English which part is wrong, without details. */
const healthSchema = z.object({
  status: z.enum(['ok', 'degraded', 'error']),
  problems: z.array(z.string()),
  database: status('ok', 'unreachable'),
  sites: status('ok', 'missing').optional(),
  queue: status('ok', 'unreachable').optional(),
  publishes: status('ok', 'failing', 'unknown').optional(),
  facts: status('ok', 'due', 'stale').optional(),
  /** Mails and reminders (the job table): 'failed' once a job gave up after its last attempt. */
  jobs: status('ok', 'failed', 'unknown').optional(),
});

const check = createRoute({
  method: 'get',
  path: '/',
  tags: ['system'],
  summary: 'Whether this instance can serve, and what around it is degraded',
  responses: {
    200: answer(healthSchema, 'Serving: ok, or degraded with the problems named'),
    503: answer(healthSchema, 'The database does not answer within two seconds'),
  },
});

export function createHealthRoutes(checks: HealthChecks = {}): OpenAPIHono<AppEnv> {
  const health = routeGroup<AppEnv>();
  let failing: { at: number; value: Promise<FailingPublishes> } | null = null;
  let jobs: { at: number; value: Promise<number> } | null = null;

  health.openapi(check, async (c) => {
    const { db, config, logger } = c.var;
    const dialect = config.database.dialect;
    const started = performance.now();
    try {
      await withTimeout(pingDatabase(db), PING_TIMEOUT_MS);
    } catch (error) {
      logger.warn({ err: error }, 'health check: database unreachable');
      return c.json(
        { status: 'error', problems: ['database unreachable'], database: { status: 'unreachable' } },
        503,
      );
    }
    const latencyMs = Math.round((performance.now() - started) * 10) / 10;
    logger.debug({ dialect, latencyMs }, 'health check: database answered');
    const problems: string[] = [];

    const sitesDir = checks.sitesDir ?? path.join(config.storageDir, 'sites');
    const sitesThere = await stat(sitesDir).then(
      (found) => found.isDirectory(),
      () => false,
    );
    if (!sitesThere) {
      problems.push('the sites folder is missing');
      logger.warn({ sitesDir }, 'health check: the sites folder is missing');
    }

    const queueReachable = checks.queue?.reachable() ?? true;
    if (!queueReachable) {
      problems.push('the publish queue (Redis) is unreachable');
      logger.warn({ kind: checks.queue?.kind }, 'health check: the publish queue is unreachable');
    }

    const now = Date.now();
    if (!failing || now - failing.at > FAILING_CACHE_MS) {
      const value = listFailingPublishes(db, FAILING_LISTED + 1).then((rows) => {
        const found = {
          count: rows.length,
          companies: rows.slice(0, FAILING_LISTED).map((row) => row.companyCvr),
          lastError: rows[0]?.lastError ?? null,
        };
        // Once per cache period, not per poll.
        if (found.count > 0) logger.warn(found, 'health check: publishes failing');
        return found;
      });
      // A failed query is not cached: the next request asks again.
      value.catch(() => {
        failing = null;
      });
      failing = { at: now, value };
    }
    const publishes = await failing.value.catch(() => null);
    if (publishes === null) problems.push('publish state unreadable');
    else if (publishes.count > 0) problems.push('publishes failing');

    // Jobs kept as 'failed' (a mail that never went out): the operator view lists them with their errors.
    if (!jobs || now - jobs.at > FAILING_CACHE_MS) {
      const value = jobCounts(db, c.var.now()).then(({ failed }) => {
        if (failed > 0) logger.warn({ failed }, 'health check: jobs failed');
        return failed;
      });
      value.catch(() => {
        jobs = null;
      });
      jobs = { at: now, value };
    }
    const failedJobs = await jobs.value.catch(() => null);
    if (failedJobs === null) problems.push('job table unreadable');
    else if (failedJobs > 0) problems.push('jobs failed');

    const facts = factsState(c.var.now());
    if (facts !== 'ok') problems.push(FACTS_PROBLEM[facts]);

    return c.json(
      {
        status: problems.length ? 'degraded' : 'ok',
        problems,
        database: { status: 'ok' },
        sites: { status: sitesThere ? 'ok' : 'missing' },
        queue: { status: queueReachable ? 'ok' : 'unreachable' },
        publishes: { status: publishes === null ? 'unknown' : publishes.count > 0 ? 'failing' : 'ok' },
        facts: { status: facts },
        jobs: { status: failedJobs === null ? 'unknown' : failedJobs > 0 ? 'failed' : 'ok' },
      },
      200,
    );
  });
  return health;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
