// /api/auth — log in, log out, who is signed in, and the password reset. Public: login is how one
// becomes an owner.
// Login is rate limited per client, per (e-mail, client) and, more slowly, per e-mail (LOGIN_LIMITS);
// a malformed request is refused before anything counts. A wrong password and an unknown e-mail
// answer alike.
import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import {
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
  resetCheckSchema,
  resetTokenSchema,
} from '../../contracts/account';
import { messageSchema } from '../../contracts/answers';
import { loginSchema, sessionInfoSchema, sessionStateSchema, signedOutSchema } from '../../contracts/auth';
import { findCompanyByOwnerEmail, findUserById, normalizeEmail } from '../../db';
import type { Config } from '../../lib/config';
import { AppError } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import { createMailer, type Mailer } from '../../lib/mailer';
import { MESSAGES } from '../../rules/messages';
import { classifyHost } from '../../rules/request-target';
import { productOrigin } from '../../rules/site-url';
import { accountTokenState } from '../auth/account-tokens';
import { findOwnerByCredentials } from '../auth/accounts';
import { companyOfHost, hostOrigin, issueHandoff, redeemHandoff } from '../auth/handoff';
import { confirmPasswordReset, requestPasswordReset, resetTokenMessage } from '../auth/password-reset';
import { clearSessionCookie, createSession, endLogin, setSessionCookie } from '../auth/sessions';
import type { AppEnv } from '../env';
import { clientIp, LOGIN_LIMITS, RESET_LIMITS, tooManyRequests } from '../middleware/rate-limit';
import { answer, JSON_BODY, jsonBody, refusals, routeGroup } from '../openapi';
import { toSessionJson } from '../responses';

export interface AuthRoutesDeps {
  /** The mailer for reset links; tests may pass their own, production takes the configured one. */
  mailer?: (config: Config, logger: Logger) => Mailer;
}

export function createAuthRoutes(deps: AuthRoutesDeps = {}) {
  const makeMailer = deps.mailer ?? createMailer;
  const auth = routeGroup<AppEnv>();
  addLogin(auth);
  addPasswordReset(auth, makeMailer);
  addHandoff(auth);
  addSession(auth);
  return auth;
}

type AuthGroup = OpenAPIHono<AppEnv>;

/** POST /login: e-mail and password, rate limited (LOGIN_LIMITS), sets the session cookie. */
function addLogin(auth: AuthGroup): void {
  const login = createRoute({
    method: 'post',
    path: '/login',
    tags: ['auth'],
    summary: 'Log in with e-mail and password; sets the session cookie',
    middleware: JSON_BODY,
    request: jsonBody(loginSchema),
    responses: {
      200: answer(sessionInfoSchema, 'Signed in, with a Set-Cookie'),
      ...refusals('invalid_input', 'unauthorized', 'not_found', 'rate_limited'),
    },
  });
  auth.openapi(login, async (c) => {
    const { email, password } = c.req.valid('json');
    const { limits } = c.var;
    const client = clientIp(c);
    const emailKey = normalizeEmail(email);
    // Without a socket (app.request() in tests) the pair still has a key of its own.
    const pairKey = `${emailKey} ${client ?? 'unknown'}`;

    if (client !== null) {
      const wait = await limits.hit(LOGIN_LIMITS.perClient, client);
      if (wait > 0) tooManyRequests(c, wait);
    }
    const pairWait = await limits.retryAfterSeconds(LOGIN_LIMITS.failuresPerEmailAndClient, pairKey);
    if (pairWait > 0) tooManyRequests(c, pairWait);
    const known = (await limits.retryAfterSeconds(LOGIN_LIMITS.knownClient, pairKey)) > 0;
    if (!known) {
      const emailWait = await limits.retryAfterSeconds(LOGIN_LIMITS.failuresPerEmail, emailKey);
      if (emailWait > 0) tooManyRequests(c, emailWait);
    }

    const user = await findOwnerByCredentials(c.get('db'), email, password);
    if (!user) {
      await limits.hit(LOGIN_LIMITS.failuresPerEmailAndClient, pairKey);
      await limits.hit(LOGIN_LIMITS.failuresPerEmail, emailKey);
      throw new AppError('unauthorized', MESSAGES.loginFailed);
    }
    const company = await findCompanyByOwnerEmail(c.get('db'), user.email);
    if (!company) throw new AppError('not_found', MESSAGES.loadCompanyFailed);

    await limits.reset(LOGIN_LIMITS.failuresPerEmailAndClient, pairKey);
    if (!known) await limits.hit(LOGIN_LIMITS.knownClient, pairKey);
    const { token, session } = await createSession(c.get('db'), user.id, c.get('now')());
    setSessionCookie(c, token, new Date(session.expiresAt), c.get('config').publicHost);
    return c.json(toSessionJson(user.email, company, c.get('config').publicHost), 200);
  });
}

/** The password reset: ask for a link (mailed), check a link, set the new password. */
function addPasswordReset(auth: AuthGroup, makeMailer: NonNullable<AuthRoutesDeps['mailer']>): void {
  const resetRequest = createRoute({
    method: 'post',
    path: '/password-reset',
    tags: ['auth'],
    summary: '"Glemt password?": e-mail a one-time link (one hour); the same answer for any e-mail',
    middleware: JSON_BODY,
    request: jsonBody(passwordResetRequestSchema),
    responses: {
      200: answer(messageSchema, 'Sent, if the e-mail has an account'),
      ...refusals('invalid_input', 'rate_limited'),
    },
  });
  auth.openapi(resetRequest, async (c) => {
    const { email } = c.req.valid('json');
    const { limits, config, logger } = c.var;
    const client = clientIp(c);
    if (client !== null) {
      const wait = await limits.hit(RESET_LIMITS.perClient, client);
      if (wait > 0) tooManyRequests(c, wait);
    }
    // Per e-mail whether or not it has an account, so the limit tells nothing either.
    const wait = await limits.hit(RESET_LIMITS.perEmail, normalizeEmail(email));
    if (wait > 0) tooManyRequests(c, wait);
    // Not awaited: the answer must not wait on whether the account exists (requestPasswordReset).
    requestPasswordReset(
      {
        db: c.get('db'),
        mailer: makeMailer(config, logger),
        logger,
        publicHost: config.publicHost,
        now: c.get('now')(),
      },
      email,
    );
    return c.json({ message: MESSAGES.passwordResetSent }, 200);
  });

  const resetCheck = createRoute({
    method: 'post',
    path: '/password-reset/check',
    tags: ['auth'],
    summary: "Whether a reset link's token is valid, expired, used or unknown (the reset screen asks first)",
    middleware: JSON_BODY,
    request: jsonBody(resetTokenSchema),
    responses: {
      200: answer(resetCheckSchema, 'The state and its Danish message'),
      ...refusals('invalid_input'),
    },
  });
  auth.openapi(resetCheck, async (c) => {
    const { token } = c.req.valid('json');
    const { state } = await accountTokenState(c.get('db'), token, 'password_reset', c.get('now')());
    return c.json({ state, message: resetTokenMessage(state) }, 200);
  });

  const resetConfirm = createRoute({
    method: 'post',
    path: '/password-reset/confirm',
    tags: ['auth'],
    summary: "Set a new password through the link; ends the owner's other sessions and signs in",
    middleware: JSON_BODY,
    request: jsonBody(passwordResetConfirmSchema),
    responses: {
      200: answer(sessionInfoSchema, 'Signed in, with a Set-Cookie'),
      ...refusals('invalid_input', 'not_found'),
    },
  });
  auth.openapi(resetConfirm, async (c) => {
    const { token, password } = c.req.valid('json');
    const now = c.get('now')();
    const user = await confirmPasswordReset(c.get('db'), token, password, now);
    const company = await findCompanyByOwnerEmail(c.get('db'), user.email);
    if (!company) throw new AppError('not_found', MESSAGES.loadCompanyFailed);
    const { token: sessionToken, session } = await createSession(c.get('db'), user.id, now);
    setSessionCookie(c, sessionToken, new Date(session.expiresAt), c.get('config').publicHost);
    return c.json(toSessionJson(user.email, company, c.get('config').publicHost), 200);
  });
}

/** The hand-off: a session on a company's own host, from the one on the main host (logout ends both). */
function addHandoff(auth: AuthGroup): void {
  const handoffStart = createRoute({
    method: 'get',
    path: '/handoff/start',
    tags: ['auth'],
    summary: "On a company host: redirect to the main host's hand-off for this host",
    responses: { 302: { description: 'To /api/auth/handoff?to=<this host> on the main host' } },
  });
  auth.openapi(handoffStart, (c) => {
    const host = c.req.header('host') ?? '';
    return c.redirect(
      `${productOrigin(c.get('config').publicHost)}/api/auth/handoff?to=${encodeURIComponent(host)}`,
      302,
    );
  });

  const handoff = createRoute({
    method: 'get',
    path: '/handoff',
    tags: ['auth'],
    summary:
      "On the main host: send a signed-in owner to their own subdomain or verified domain with a one-minute hand-off token; anyone else to that host's login",
    request: { query: z.object({ to: z.string().optional() }) },
    responses: {
      302: { description: 'To <host>/admin#handoff=<token>, or <host>/admin?handoff=none' },
      ...refusals('not_found'),
    },
  });
  auth.openapi(handoff, async (c) => {
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
    const token = await issueHandoff(
      db,
      { userId: user.id, sessionId: session.id, host: to },
      c.get('now')(),
    );
    c.header('Cache-Control', 'no-store');
    c.header('Referrer-Policy', 'no-referrer');
    return c.redirect(`${hostOrigin(to)}/admin#handoff=${token}`, 302);
  });

  const redeem = createRoute({
    method: 'post',
    path: '/handoff/redeem',
    tags: ['auth'],
    summary: 'On the company host: spend a hand-off token for a session of this host (logout ends both)',
    middleware: JSON_BODY,
    request: jsonBody(resetTokenSchema),
    responses: {
      200: answer(sessionInfoSchema, 'Signed in on this host, with a Set-Cookie'),
      ...refusals('invalid_input', 'unauthorized'),
    },
  });
  auth.openapi(redeem, async (c) => {
    const { token } = c.req.valid('json');
    const now = c.get('now')();
    const redeemed = await redeemHandoff(c.get('db'), token, c.req.header('host') ?? '', now);
    if (!redeemed) throw new AppError('unauthorized', MESSAGES.unauthorized);
    const user = await findUserById(c.get('db'), redeemed.userId);
    const company = user ? await findCompanyByOwnerEmail(c.get('db'), user.email) : undefined;
    if (!user || !company) throw new AppError('unauthorized', MESSAGES.unauthorized);
    const { token: sessionToken, session } = await createSession(
      c.get('db'),
      user.id,
      now,
      redeemed.parentId,
    );
    setSessionCookie(c, sessionToken, new Date(session.expiresAt), c.get('config').publicHost);
    return c.json(toSessionJson(user.email, company, c.get('config').publicHost), 200);
  });
}

/** Log out, and who is signed in. */
function addSession(auth: AuthGroup): void {
  const logout = createRoute({
    method: 'post',
    path: '/logout',
    tags: ['auth'],
    summary:
      "End this login on every host (this session, the one it was handed off from and those handed off from that); clears this host's cookie",
    responses: { 204: { description: 'Signed out' } },
  });
  auth.openapi(logout, async (c) => {
    const session = c.get('session');
    if (session) await endLogin(c.get('db'), session, c.get('now')());
    clearSessionCookie(c, c.get('config').publicHost);
    return c.body(null, 204);
  });

  const session = createRoute({
    method: 'get',
    path: '/session',
    tags: ['auth'],
    summary:
      "Who is signed in, or that nobody is (on a company host, where to ask for a hand-off); for the admin's auth guard",
    responses: {
      200: answer(sessionStateSchema, 'The session state: signed in with who, or signed out'),
      ...refusals('not_found'),
    },
  });
  auth.openapi(session, async (c) => {
    const user = c.get('user');
    if (!user) {
      // On a company's own host the admin may fetch a session from the main host (hand-off).
      const mode = classifyHost(c.req.header('host') ?? '', c.get('config').publicHost);
      const handoff = mode && mode.mode !== 'main' ? { handoff: '/api/auth/handoff/start' } : {};
      return c.json(signedOutSchema.parse({ signedIn: false, ...handoff }), 200);
    }
    const company = await findCompanyByOwnerEmail(c.get('db'), user.email);
    if (!company) throw new AppError('not_found', MESSAGES.loadCompanyFailed);
    return c.json(
      { signedIn: true as const, ...toSessionJson(user.email, company, c.get('config').publicHost) },
      200,
    );
  });
}
