// One structured log line per request (method, path, status, duration), with a request id that is
// also returned as X-Request-Id so a user's report can be found in the logs.
import { randomUUID } from 'node:crypto';
import { createMiddleware } from 'hono/factory';
import type { Logger } from '../../lib/logger';
import type { AppEnv } from '../env';

export function requestLog(logger: Logger) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const started = performance.now();
    const requestId = randomUUID();
    c.set('requestId', requestId);
    c.set('logger', logger.child({ requestId }));
    c.header('X-Request-Id', requestId);
    await next();
    const durationMs = Math.round((performance.now() - started) * 10) / 10;
    const line = { method: c.req.method, path: c.req.path, status: c.res.status, durationMs };
    if (c.res.status >= 500) c.get('logger').error(line, 'request');
    else c.get('logger').info(line, 'request');
  });
}
