// Builds the HTTP application: shared middleware, the route groups under /api, one error handler.
// Takes its dependencies as arguments, so tests drive it through app.request() without a server.
import { Hono } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import type { AppDeps, AppEnv } from './env';
import { handleError, handleNotFound } from './errors';
import { requestLog } from './middleware/request-log';
import { health } from './routes/health';

export function createApp(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.use(async (c, next) => {
    c.set('db', deps.db);
    c.set('config', deps.config);
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
