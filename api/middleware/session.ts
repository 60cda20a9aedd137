// Reads the session cookie on every /api request: a valid session sets c.get('user') and
// c.get('session'), anything else leaves them null (and clears a cookie that no longer opens a session).
// A session extended by this request gets its cookie sent again with the new expiry. Either way the
// token is known to the front server's per-session limit from then on, and a dead one forgotten.
import { getCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import { knownSessionsOf } from '../auth/known-sessions';
import { clearSessionCookie, SESSION_COOKIE, setSessionCookie, validateSessionToken } from '../auth/sessions';
import type { AppEnv } from '../env';

export const sessionMiddleware = createMiddleware<AppEnv>(async (c, next) => {
  const token = getCookie(c, SESSION_COOKIE);
  if (token) {
    const valid = await validateSessionToken(c.get('db'), token, c.get('now')());
    if (valid) {
      c.set('user', valid.user);
      c.set('session', valid.session);
      c.set('ownerCompany', valid.companyRow);
      if (valid.extended) {
        setSessionCookie(c, token, new Date(valid.session.expiresAt), c.get('config').publicHost);
      } else {
        // The front server's per-session limit counts only tokens found here (auth/known-sessions.ts).
        knownSessionsOf(c.get('db')).add(token);
      }
    } else {
      clearSessionCookie(c, c.get('config').publicHost);
    }
  }
  await next();
});
