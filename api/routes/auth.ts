// /api/auth — log in, log out, who is signed in, and the password reset. Public: login is how one
// becomes an owner.
// Login is rate limited per client, per (e-mail, client) and, more slowly, per e-mail (LOGIN_LIMITS);
// a malformed request is refused before anything counts. A wrong password and an unknown e-mail
// answer alike.
import { Hono } from 'hono';
import {
  type Company,
  deleteSessionFamily,
  findCompanyByOwnerEmail,
  findUserById,
  normalizeEmail,
} from '../../db';
import type { Config } from '../../lib/config';
import { AppError } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import { createMailer, type Mailer } from '../../lib/mailer';
import { MESSAGES } from '../../rules/messages';
import { classifyHost } from '../../rules/request-target';
import { canonicalOrigin, productOrigin } from '../../rules/site-url';
import { confirmEmailChange } from '../auth/account-changes';
import { accountTokenState } from '../auth/account-tokens';
import { findOwnerByCredentials } from '../auth/accounts';
import { companyOfHost, hostOrigin, issueHandoff, redeemHandoff } from '../auth/handoff';
import { confirmPasswordReset, requestPasswordReset, resetTokenMessage } from '../auth/password-reset';
import { clearSessionCookie, createSession, setSessionCookie } from '../auth/sessions';
import type { AppEnv } from '../env';
import { errorBody } from '../errors';
import { requireJson } from '../middleware/origin-check';
import { clientIp, LOGIN_LIMITS, RESET_LIMITS, tooManyRequests } from '../middleware/rate-limit';
import {
  emailTokenSchema,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
  resetTokenSchema,
} from '../schemas/account';
import { loginSchema, type SessionInfo } from '../schemas/auth';
import { jsonBody } from '../schemas/json-body';

function sessionInfo(email: string, company: Company, publicHost: string): SessionInfo {
  return { email, companyName: company.name, siteUrl: `${canonicalOrigin(company, publicHost)}/` };
}

export interface AuthRoutesDeps {
  /** The mailer for reset links; tests may pass their own, production takes the configured one. */
  mailer?: (config: Config, logger: Logger) => Mailer;
}

export function createAuthRoutes(deps: AuthRoutesDeps = {}) {
  const makeMailer = deps.mailer ?? createMailer;
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

  // POST /api/auth/password-reset – e-mail a one-time link to choose a new password ("Glemt password?")
  auth.post('/password-reset', requireJson, jsonBody(passwordResetRequestSchema), async (c) => {
    const { email } = c.req.valid('json');
    const { limits, config, logger } = c.var;
    const client = clientIp(c);
    if (client !== null) {
      const wait = await limits.hit(RESET_LIMITS.perClient, client);
      if (wait > 0) return tooManyRequests(c, wait);
    }
    // Per e-mail whether or not it has an account, so the limit tells nothing either.
    const wait = await limits.hit(RESET_LIMITS.perEmail, normalizeEmail(email));
    if (wait > 0) return tooManyRequests(c, wait);
    await requestPasswordReset(
      {
        db: c.var.db,
        mailer: makeMailer(config, logger),
        logger,
        publicHost: config.publicHost,
        now: c.var.now(),
      },
      email,
    );
    return c.json({ message: MESSAGES.passwordResetSent });
  });

  // POST /api/auth/password-reset/check – is this link still good? (the reset screen asks first)
  auth.post('/password-reset/check', requireJson, jsonBody(resetTokenSchema), async (c) => {
    const { token } = c.req.valid('json');
    const { state } = await accountTokenState(c.var.db, token, 'password_reset', c.var.now());
    return c.json({ state, message: resetTokenMessage(state) });
  });

  // POST /api/auth/password-reset/confirm – set the new password, end every session, sign in here
  auth.post('/password-reset/confirm', requireJson, jsonBody(passwordResetConfirmSchema), async (c) => {
    const { token, password } = c.req.valid('json');
    const now = c.var.now();
    const user = await confirmPasswordReset(c.var.db, token, password, now);
    const company = await findCompanyByOwnerEmail(c.var.db, user.email);
    if (!company) throw new AppError('not_found', MESSAGES.loadCompanyFailed);
    const { token: sessionToken, session } = await createSession(c.var.db, user.id, now);
    setSessionCookie(c, sessionToken, new Date(session.expiresAt), c.var.config.publicHost);
    return c.json(sessionInfo(user.email, company, c.var.config.publicHost));
  });

  // POST /api/auth/email-change/confirm – the link sent to a new login e-mail: make it the login
  auth.post('/email-change/confirm', requireJson, jsonBody(emailTokenSchema), async (c) => {
    const { token } = c.req.valid('json');
    const email = await confirmEmailChange(c.var.db, token, c.var.now());
    return c.json({ email, message: MESSAGES.emailChanged });
  });

  // GET /api/auth/handoff/start – on a company host: go and ask the main host for a hand-off
  auth.get('/handoff/start', (c) => {
    const host = c.req.header('host') ?? '';
    return c.redirect(
      `${productOrigin(c.var.config.publicHost)}/api/auth/handoff?to=${encodeURIComponent(host)}`,
      302,
    );
  });

  // GET /api/auth/handoff?to=<host> – on the main host: send a signed-in owner to their own
  // subdomain or verified domain with a one-minute hand-off token; anyone else back to its login
  auth.get('/handoff', async (c) => {
    const to = (c.req.query('to') ?? '').trim().toLowerCase();
    const { db, config } = c.var;
    const cvr = await companyOfHost(db, to, config.publicHost);
    if (cvr === null) throw new AppError('not_found', MESSAGES.notFound);
    const user = c.get('user');
    const session = c.get('session');
    const company = user ? await findCompanyByOwnerEmail(db, user.email) : undefined;
    if (!user || !session || company?.cvr !== cvr) {
      return c.redirect(`${hostOrigin(to)}/admin?handoff=none`, 302);
    }
    const token = await issueHandoff(db, { userId: user.id, sessionId: session.id, host: to }, c.var.now());
    c.header('Cache-Control', 'no-store');
    c.header('Referrer-Policy', 'no-referrer');
    return c.redirect(`${hostOrigin(to)}/admin#handoff=${token}`, 302);
  });

  // POST /api/auth/handoff/redeem – on the company host: a session of its own from the hand-off
  auth.post('/handoff/redeem', requireJson, jsonBody(resetTokenSchema), async (c) => {
    const { token } = c.req.valid('json');
    const now = c.var.now();
    const redeemed = await redeemHandoff(c.var.db, token, c.req.header('host') ?? '', now);
    if (!redeemed) throw new AppError('unauthorized', MESSAGES.unauthorized);
    const user = await findUserById(c.var.db, redeemed.userId);
    const company = user ? await findCompanyByOwnerEmail(c.var.db, user.email) : undefined;
    if (!user || !company) throw new AppError('unauthorized', MESSAGES.unauthorized);
    const { token: sessionToken, session } = await createSession(c.var.db, user.id, now, redeemed.parentId);
    setSessionCookie(c, sessionToken, new Date(session.expiresAt), c.var.config.publicHost);
    return c.json(sessionInfo(user.email, company, c.var.config.publicHost));
  });

  // POST /api/auth/logout – end this login on every host (this session, the session it was handed
  // off from, and the sessions handed off from that) and clear this host's cookie
  auth.post('/logout', async (c) => {
    const session = c.get('session');
    if (session) await deleteSessionFamily(c.var.db, session);
    clearSessionCookie(c, c.var.config.publicHost);
    return c.body(null, 204);
  });

  // GET /api/auth/session – who is signed in, for the admin's auth guard
  auth.get('/session', async (c) => {
    const user = c.get('user');
    if (!user) {
      // On a company's own host the admin may fetch a session from the main host (hand-off).
      const mode = classifyHost(c.req.header('host') ?? '', c.var.config.publicHost);
      const handoff = mode && mode.mode !== 'main' ? { handoff: '/api/auth/handoff/start' } : {};
      return c.json({ ...errorBody('unauthorized', MESSAGES.unauthorized), ...handoff }, 401);
    }
    const company = await findCompanyByOwnerEmail(c.var.db, user.email);
    if (!company) throw new AppError('not_found', MESSAGES.loadCompanyFailed);
    return c.json(sessionInfo(user.email, company, c.var.config.publicHost));
  });

  return auth;
}
