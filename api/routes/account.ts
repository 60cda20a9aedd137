// /api/account — the signed-in owner's own login: change the password, ask to change the login
// e-mail (confirmed through a link to the new address, at POST /api/auth/email-change/confirm).
import { Hono } from 'hono';
import type { Config } from '../../lib/config';
import type { Logger } from '../../lib/logger';
import { createMailer, type Mailer } from '../../lib/mailer';
import { MESSAGES } from '../../rules/messages';
import { changePassword, requestEmailChange } from '../auth/account-changes';
import type { OwnerEnv } from '../env';
import { requireJson } from '../middleware/origin-check';
import { RateLimiter, tooManyRequests } from '../middleware/rate-limit';
import { changeEmailSchema, changePasswordSchema } from '../schemas/account';
import { jsonBody } from '../schemas/json-body';

/** Wrong current passwords per account: whoever holds a stolen session cannot guess on for long. */
const CURRENT_PASSWORD_LIMIT = new RateLimiter({
  name: 'account-password',
  limit: 5,
  windowMs: 15 * 60 * 1000,
});

export function createAccountRoutes(deps: { mailer?: (config: Config, logger: Logger) => Mailer } = {}) {
  const makeMailer = deps.mailer ?? createMailer;
  const account = new Hono<OwnerEnv>();

  // PUT /api/account/password – a new password; the current one is required; other sessions end
  account.put('/password', requireJson, jsonBody(changePasswordSchema), async (c) => {
    const input = c.req.valid('json');
    const { user, session, limits } = c.var;
    const wait = await limits.retryAfterSeconds(CURRENT_PASSWORD_LIMIT, user.id);
    if (wait > 0) return tooManyRequests(c, wait);
    try {
      await changePassword(c.var.db, user, input, session.id, c.var.now());
    } catch (error) {
      await limits.hit(CURRENT_PASSWORD_LIMIT, user.id);
      throw error;
    }
    return c.json({ message: MESSAGES.passwordChanged });
  });

  // POST /api/account/email – send a confirmation link to the new login e-mail
  account.post('/email', requireJson, jsonBody(changeEmailSchema), async (c) => {
    const input = c.req.valid('json');
    const { user, limits, config, logger } = c.var;
    const wait = await limits.retryAfterSeconds(CURRENT_PASSWORD_LIMIT, user.id);
    if (wait > 0) return tooManyRequests(c, wait);
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
    return c.json({ message: MESSAGES.emailChangeSent });
  });

  return account;
}
