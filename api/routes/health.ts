// GET /api/health — whether this instance can serve: the database must answer within two seconds.
import { Hono } from 'hono';
import { pingDatabase } from '../../db';
import type { AppEnv } from '../env';

const PING_TIMEOUT_MS = 2000;

export const health = new Hono<AppEnv>();

// GET /api/health – report database reachability
health.get('/', async (c) => {
  const started = performance.now();
  try {
    await withTimeout(pingDatabase(c.var.db), PING_TIMEOUT_MS);
    const latencyMs = Math.round((performance.now() - started) * 10) / 10;
    return c.json({
      status: 'ok',
      database: { status: 'ok', dialect: c.var.config.database.dialect, latencyMs },
    });
  } catch (error) {
    c.var.logger.warn({ err: error }, 'health check: database unreachable');
    return c.json(
      { status: 'error', database: { status: 'unreachable', dialect: c.var.config.database.dialect } },
      503,
    );
  }
});

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
