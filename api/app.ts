// Builds the HTTP application: shared middleware, the route groups under /api, one error handler.
// Takes its dependencies as arguments, so tests drive it through app.request() without a server.
import { Hono } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { markPublishWanted } from '../db';
import type { AppDeps, AppEnv } from './env';
import { handleError, handleNotFound } from './errors';
import { requestLog } from './middleware/request-log';
import { health } from './routes/health';

export type CreateAppDeps = Pick<AppDeps, 'db' | 'config' | 'logger'> &
  Partial<Pick<AppDeps, 'requestPublish' | 'now'>>;

export function createApp(input: CreateAppDeps): Hono<AppEnv> {
  const deps: AppDeps = {
    // Without a queue the need to publish is still recorded; a worker's recovery publishes it.
    requestPublish: async (cvr) => {
      await markPublishWanted(input.db, cvr);
    },
    now: () => new Date(),
    ...input,
  };
  const app = new Hono<AppEnv>();

  app.use(async (c, next) => {
    c.set('db', deps.db);
    c.set('config', deps.config);
    c.set('requestPublish', deps.requestPublish);
    c.set('now', deps.now);
    c.set('user', null);
    c.set('session', null);
    await next();
  });
  app.use(requestLog(deps.logger));
  app.use(
    secureHeaders({
      // JSON and the sites are same-origin only; nothing of ours is meant to be framed elsewhere.
      xFrameOptions: 'SAMEORIGIN',
      referrerPolicy: 'strict-origin-when-cross-origin',
      crossOriginResourcePolicy: 'same-origin',
    }),
  );

  const api = new Hono<AppEnv>();
  api.route('/health', health);
  app.route('/api', api);

  app.notFound(handleNotFound);
  app.onError(handleError);
  return app;
}
