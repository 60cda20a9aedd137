// Who is an operator: a login e-mail in OPERATOR_EMAILS that its owner has proved they read. The
// operator view (routes/operator.ts) admits only them; the dashboard (routes/dashboard.ts) shows them
// the way there.
import { createMiddleware } from 'hono/factory';
import type { User } from '../../db';
import { normalizeEmail } from '../../db';
import type { Config } from '../../lib/config';
import { AppError } from '../../lib/errors';
import { MESSAGES } from '../../rules/messages';
import type { OwnerEnv } from '../env';

/** An operator: a login e-mail in OPERATOR_EMAILS that its owner has proved they read. */
export function isOperator(
  config: Pick<Config, 'operatorEmails'>,
  user: Pick<User, 'email' | 'emailVerifiedAt'>,
): boolean {
  return user.emailVerifiedAt !== null && config.operatorEmails.includes(normalizeEmail(user.email));
}

/** The operator routes' guard: anyone else gets the same 404 as an unknown path. */
export const requireOperator = createMiddleware<OwnerEnv>(async (c, next) => {
  if (!isOperator(c.get('config'), c.get('user'))) throw new AppError('not_found', MESSAGES.notFound);
  await next();
});
