// The tenant middleware: routes behind it need a signed-in owner, and get THEIR company in
// c.get('company'), read fresh for every request by the owner's e-mail (the spec: companyEmail equals the
// user's e-mail): in the session middleware's query, which joins it, or here when none was read. No handler takes a CVR from the client to decide whose data it touches.
import { createMiddleware } from 'hono/factory';
import { findCompanyByOwnerEmail, toCompany, type User } from '../../db';
import { AppError } from '../../lib/errors';
import { MESSAGES } from '../../rules/messages';
import type { OwnerEnv } from '../env';

export const requireOwner = createMiddleware<OwnerEnv>(async (c, next) => {
  // Nested owner groups (/company and /company/logo) both match; the company is resolved once.
  if (c.get('company') !== undefined) return next();
  // OwnerEnv promises a user to the handlers; this is where that promise is checked.
  const user = c.get('user') as User | null;
  if (!user) throw new AppError('unauthorized', MESSAGES.unauthorized);
  const row = c.get('ownerCompany');
  const company =
    row === undefined ? await findCompanyByOwnerEmail(c.get('db'), user.email) : row && toCompany(row);
  if (!company) throw new AppError('not_found', MESSAGES.loadCompanyFailed);
  c.set('company', company);
  await next();
});
