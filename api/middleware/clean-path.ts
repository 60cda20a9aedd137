// Refuses an API path that names nothing any route could find: percent-escapes that are not UTF-8
// (`/api/pages/%ff`) or that decode to a control character (`/api/pages/%00`). Such an id reached the
// handlers as it was, where PostgreSQL refused a NUL with an error the owner saw as a 500; it now gets
// the JSON 404 of any unknown API path (issue 23).
import { createMiddleware } from 'hono/factory';
import { AppError } from '../../lib/errors';
import { MESSAGES } from '../../rules/messages';
import type { AppEnv } from '../env';

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const CONTROL = /[\u0000-\u001f\u007f]/;

export const cleanPath = createMiddleware<AppEnv>(async (c, next) => {
  const raw = c.req.url.slice(c.req.url.indexOf('/', c.req.url.indexOf('//') + 2)).split(/[?#]/)[0] ?? '';
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    throw new AppError('not_found', MESSAGES.notFound);
  }
  if (CONTROL.test(decoded)) throw new AppError('not_found', MESSAGES.notFound);
  await next();
});
