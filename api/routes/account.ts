// /api/account — the signed-in owner's own login: change the password; change the login e-mail (a
// link to the new address opens the admin, where the signed-in owner confirms it with
// POST /api/account/email/confirm); verify the login e-mail the same way (/email/verification,
// /email/verify). Confirmations are owner routes: same-origin POSTs (the origin check) by the
// account the link was made for, never a page that confirms by being opened.
import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import {
  accountSchema,
  changeEmailSchema,
  changePasswordSchema,
  emailChangedSchema,
  emailTokenSchema,
} from '../../contracts/account';
import { messageSchema } from '../../contracts/answers';
import { releaseLeadMails } from '../../db';
import type { Config } from '../../lib/config';
import type { Logger } from '../../lib/logger';
import { createMailer, type Mailer } from '../../lib/mailer';
import { ACCOUNT_MESSAGES } from '../../rules/account-messages';
import { MESSAGES } from '../../rules/messages';
import {
  changePassword,
  confirmEmailChange,
  confirmEmailVerification,
  requestEmailChange,
  requestEmailVerification,
} from '../auth/account-changes';
import type { OwnerEnv } from '../env';
import { RateLimiter, tooManyRequests } from '../middleware/rate-limit';
import { answer, JSON_BODY, jsonBody, refusals, routeGroup } from '../openapi';

/** Wrong current passwords per account: whoever holds a stolen session cannot guess on for long. */
const CURRENT_PASSWORD_LIMIT = new RateLimiter({
  name: 'account-password',
  limit: 5,
  windowMs: 15 * 60 * 1000,
});

/** Verification mails per account: enough for a lost mail or two, not a way to flood an inbox. */
const VERIFY_MAIL_LIMIT = new RateLimiter({
  name: 'account-verify-mail',
  limit: 3,
  windowMs: 60 * 60 * 1000,
});

/** The owner just confirmed their address: the quote requests that waited for it are mailed now
 *  (issue 48; the outbox would look again within the hour anyway). */
async function releaseWaitingLeadMails(c: Context<OwnerEnv>): Promise<void> {
  await releaseLeadMails(c.var.db, c.var.company.cvr, c.var.now());
  c.var.nudgeMail();
}

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
      await changePassword(c.get('db'), user, input, session.id, c.get('now')());
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
        {
          db: c.get('db'),
          mailer: makeMailer(config, logger),
          publicHost: config.publicHost,
          now: c.get('now')(),
        },
        user,
        input,
      );
    } catch (error) {
      await limits.hit(CURRENT_PASSWORD_LIMIT, user.id);
      throw error;
    }
    return c.json({ message: ACCOUNT_MESSAGES.emailChangeSent }, 200);
  });

  const read = createRoute({
    method: 'get',
    path: '/',
    tags: ['account'],
    summary: 'The login e-mail and whether it is verified',
    responses: { 200: answer(accountSchema, 'The login') },
  });
  account.openapi(read, (c) => {
    const { user } = c.var;
    return c.json({ email: user.email, emailVerified: user.emailVerifiedAt !== null }, 200);
  });

  const confirmEmail = createRoute({
    method: 'post',
    path: '/email/confirm',
    tags: ['account'],
    summary:
      'Confirm the link mailed to a new login e-mail (this account only): the login and the company follow it, the old address is told',
    middleware: JSON_BODY,
    request: jsonBody(emailTokenSchema),
    responses: {
      200: answer(emailChangedSchema, 'The login e-mail now'),
      ...refusals('invalid_input', 'conflict'),
    },
  });
  account.openapi(confirmEmail, async (c) => {
    const { token } = c.req.valid('json');
    const { user, config, logger } = c.var;
    const email = await confirmEmailChange(
      {
        db: c.get('db'),
        mailer: makeMailer(config, logger),
        logger,
        publicHost: config.publicHost,
        helpAddress: config.contactTo,
        now: c.get('now')(),
      },
      user,
      token,
    );
    // The new address counts as confirmed (it was, by this link): the requests that waited go there.
    await releaseWaitingLeadMails(c);
    return c.json({ email, message: ACCOUNT_MESSAGES.emailChanged }, 200);
  });

  const verification = createRoute({
    method: 'post',
    path: '/email/verification',
    tags: ['account'],
    summary: 'Mail a 24-hour link that verifies the login e-mail',
    responses: { 200: answer(messageSchema, 'Link sent'), ...refusals('rate_limited') },
  });
  account.openapi(verification, async (c) => {
    const { user, limits, config, logger } = c.var;
    const wait = await limits.hit(VERIFY_MAIL_LIMIT, user.id);
    if (wait > 0) tooManyRequests(c, wait);
    await requestEmailVerification(
      {
        db: c.get('db'),
        mailer: makeMailer(config, logger),
        publicHost: config.publicHost,
        now: c.get('now')(),
      },
      user,
    );
    return c.json({ message: MESSAGES.emailVerifySent }, 200);
  });

  const verify = createRoute({
    method: 'post',
    path: '/email/verify',
    tags: ['account'],
    summary: 'Confirm a verification link (this account only): the login e-mail counts as verified',
    middleware: JSON_BODY,
    request: jsonBody(emailTokenSchema),
    responses: { 200: answer(messageSchema, 'Verified'), ...refusals('invalid_input') },
  });
  account.openapi(verify, async (c) => {
    const { token } = c.req.valid('json');
    await confirmEmailVerification(c.get('db'), c.get('user'), token, c.get('now')());
    await releaseWaitingLeadMails(c);
    return c.json({ message: MESSAGES.emailVerified }, 200);
  });

  return account;
}
