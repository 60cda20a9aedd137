// /api/auth — log in, log out, and who is signed in. Public: login is how one becomes an owner.
// Login is rate limited per client, per (e-mail, client) and, more slowly, per e-mail (LOGIN_LIMITS);
// a malformed request is refused before anything counts. A wrong password and an unknown e-mail
// answer alike.
import { Hono } from 'hono';
import { type Company, findCompanyByOwnerEmail, normalizeEmail } from '../../db';
import { AppError } from '../../lib/errors';
import { MESSAGES } from '../../rules/messages';
import { canonicalOrigin } from '../../rules/site-url';
import { findOwnerByCredentials } from '../auth/accounts';
import { clearSessionCookie, createSession, invalidateSession, setSessionCookie } from '../auth/sessions';
import type { AppEnv } from '../env';
import { requireJson } from '../middleware/origin-check';
import { clientIp, LOGIN_LIMITS, tooManyRequests } from '../middleware/rate-limit';
import { loginSchema, type SessionInfo } from '../schemas/auth';
import { jsonBody } from '../schemas/json-body';

function sessionInfo(email: string, company: Company, publicHost: string): SessionInfo {
  return { email, companyName: company.name, siteUrl: `${canonicalOrigin(company, publicHost)}/` };
}

export function createAuthRoutes() {
  const auth = new Hono<AppEnv>();

  // POST /api/auth/login – check e-mail and password, start a session, set its cookie
  auth.post('/login', requireJson, jsonBody(loginSchema), async (c) => {
    const { email, password } = c.req.valid('json');
    const { limits } = c.var;
    const client = clientIp(c);
    const emailKey = normalizeEmail(email);
    // Without a socket (app.request() in tests) the pair still has a key of its own.
    const pairKey = `${emailKey} ${client ?? 'unknown'}`;

    if (client !== null) {
      const wait = await limits.hit(LOGIN_LIMITS.perClient, client);
      if (wait > 0) return tooManyRequests(c, wait);
    }
    const pairWait = await limits.retryAfterSeconds(LOGIN_LIMITS.failuresPerEmailAndClient, pairKey);
    if (pairWait > 0) return tooManyRequests(c, pairWait);
    const known = (await limits.retryAfterSeconds(LOGIN_LIMITS.knownClient, pairKey)) > 0;
    if (!known) {
      const emailWait = await limits.retryAfterSeconds(LOGIN_LIMITS.failuresPerEmail, emailKey);
      if (emailWait > 0) return tooManyRequests(c, emailWait);
    }

    const user = await findOwnerByCredentials(c.var.db, email, password);
    if (!user) {
      await limits.hit(LOGIN_LIMITS.failuresPerEmailAndClient, pairKey);
      await limits.hit(LOGIN_LIMITS.failuresPerEmail, emailKey);
      throw new AppError('unauthorized', MESSAGES.loginFailed);
    }
    const company = await findCompanyByOwnerEmail(c.var.db, user.email);
    if (!company) throw new AppError('not_found', MESSAGES.loadCompanyFailed);

    await limits.reset(LOGIN_LIMITS.failuresPerEmailAndClient, pairKey);
    if (!known) await limits.hit(LOGIN_LIMITS.knownClient, pairKey);
    const { token, session } = await createSession(c.var.db, user.id, c.var.now());
    setSessionCookie(c, token, new Date(session.expiresAt), c.var.config.publicHost);
    return c.json(sessionInfo(user.email, company, c.var.config.publicHost));
  });

  // POST /api/auth/logout – end this session and clear its cookie
  auth.post('/logout', async (c) => {
    const session = c.get('session');
    if (session) await invalidateSession(c.var.db, session.id);
    clearSessionCookie(c, c.var.config.publicHost);
    return c.body(null, 204);
  });

  // GET /api/auth/session – who is signed in, for the admin's auth guard
  auth.get('/session', async (c) => {
    const user = c.get('user');
    if (!user) throw new AppError('unauthorized', MESSAGES.unauthorized);
    const company = await findCompanyByOwnerEmail(c.var.db, user.email);
    if (!company) throw new AppError('not_found', MESSAGES.loadCompanyFailed);
    return c.json(sessionInfo(user.email, company, c.var.config.publicHost));
  });

  return auth;
}
