// Who is an operator: a login e-mail in OPERATOR_EMAILS that its owner has proved they read. The
// operator view (routes/operator.ts) admits only them; the dashboard (routes/dashboard.ts) shows them
// the way there.
import type { User } from '../../db';
import { normalizeEmail } from '../../db';
import type { Config } from '../../lib/config';

/** An operator: a login e-mail in OPERATOR_EMAILS that its owner has proved they read. */
export function isOperator(
  config: Pick<Config, 'operatorEmails'>,
  user: Pick<User, 'email' | 'emailVerifiedAt'>,
): boolean {
  return user.emailVerifiedAt !== null && config.operatorEmails.includes(normalizeEmail(user.email));
}
