// /api/account — the signed-in owner's own login: change the password, ask to change the login
// e-mail (confirmed through a link to the new address, at POST /api/auth/email-change/confirm).
import { createRoute } from '@hono/zod-openapi';
import { changeEmailSchema, changePasswordSchema } from '../../contracts/account';
import { messageSchema } from '../../contracts/answers';
import type { Config } from '../../lib/config';
import type { Logger } from '../../lib/logger';
import { createMailer, type Mailer } from '../../lib/mailer';
import { MESSAGES } from '../../rules/messages';
import { changePassword, requestEmailChange } from '../auth/account-changes';
import type { OwnerEnv } from '../env';
import { RateLimiter, tooManyRequests } from '../middleware/rate-limit';
import { answer, JSON_BODY, jsonBody, refusals, routeGroup } from '../openapi';

/** Wrong current passwords per account: whoever holds a stolen session cannot guess on for long. */
const CURRENT_PASSWORD_LIMIT = new RateLimiter({
  name: 'account-password',
  limit: 5,
  windowMs: 15 * 60 * 1000,
});

export function createAccountRoutes(deps: { mailer?: (config: Config, logger: Logger) => Mailer } = {}) {
  const makeMailer = deps.mailer ?? createMailer;
  const account = routeGroup<OwnerEnv>();

  const password = createRoute({
    method: 'put',
    path: '/password',
    tags: ['account'],
    summary: 'Change the password (the current one required); every other session ends',
    middleware: JSON_BODY,
    request: jsonBody(changePasswordSchema),
    responses: { 200: answer(messageSchema, 'Changed'), ...refusals('invalid_input', 'rate_limited') },
  });
  account.openapi(password, async (c) => {
    const input = c.req.valid('json');
    const { user, session, limits } = c.var;
    const wait = await limits.retryAfterSeconds(CURRENT_PASSWORD_LIMIT, user.id);
    if (wait > 0) tooManyRequests(c, wait);
    try {
      await changePassword(c.var.db, user, input, session.id, c.var.now());
    } catch (error) {
      await limits.hit(CURRENT_PASSWORD_LIMIT, user.id);
      throw error;
    }
    return c.json({ message: MESSAGES.passwordChanged }, 200);
  });

  const email = createRoute({
    method: 'post',
    path: '/email',
    tags: ['account'],
    summary: 'Change the login e-mail: mails a 24-hour confirmation link to the new address',
    middleware: JSON_BODY,
    request: jsonBody(changeEmailSchema),
    responses: {
      200: answer(messageSchema, 'Link sent'),
      ...refusals('invalid_input', 'conflict', 'rate_limited'),
    },
  });
  account.openapi(email, async (c) => {
    const input = c.req.valid('json');
    const { user, limits, config, logger } = c.var;
    const wait = await limits.retryAfterSeconds(CURRENT_PASSWORD_LIMIT, user.id);
    if (wait > 0) tooManyRequests(c, wait);
    try {
      await requestEmailChange(
        { db: c.var.db, mailer: makeMailer(config, logger), publicHost: config.publicHost, now: c.var.now() },
        user,
        input,
      );
    } catch (error) {
      await limits.hit(CURRENT_PASSWORD_LIMIT, user.id);
      throw error;
    }
    return c.json({ message: MESSAGES.emailChangeSent }, 200);
  });

  return account;
}
