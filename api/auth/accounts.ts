// Owner accounts: creating one (onboarding calls this inside its company-creation transaction) and
// checking a login. Creation applies the shared auth schema, so the API and the admin's forms agree.

import { type OwnerAccountInput, ownerAccountSchema } from '../../contracts/auth';
import { type Db, findUserByEmail, insertUser, type User } from '../../db';
import { MESSAGES } from '../../rules/messages';
import { type Refusals, valueOrRefuse } from '../refusals';
import { parseInput } from '../validation';
import { hashNewPassword, verifyPasswordOrDummy } from './password';

const EMAIL_TAKEN: Refusals<'email-taken'> = { 'email-taken': ['conflict', MESSAGES.emailTakenAuth] };

/**
 * Creates the owner's login. Missing fields, an invalid e-mail, a short or common password are
 * invalid_input with the spec's Danish message; an e-mail already in use, in any case, is a conflict
 * ('Denne email er allerede registreret'). `db` may be a transaction.
 */
export async function createOwnerAccount(db: Db, input: OwnerAccountInput, now: Date): Promise<User> {
  const { email, password } = parseInput(ownerAccountSchema, input);
  return valueOrRefuse(await insertUser(db, email, await hashNewPassword(password), now), EMAIL_TAKEN);
}

/**
 * Stores a login whose e-mail and password were already checked (onboarding checks them with its
 * contract, contracts/onboarding.ts): only the argon2id hash is kept, made with hashPassword before
 * the transaction (hashing takes tens of milliseconds; a write transaction held meanwhile would hold
 * up every other write). An e-mail already in use is a conflict. `db` may be a transaction.
 */
export async function insertOwnerAccount(
  db: Db,
  email: string,
  passwordHash: string,
  now: Date,
): Promise<User> {
  return valueOrRefuse(await insertUser(db, email, passwordHash, now), EMAIL_TAKEN);
}

/**
 * The user whose e-mail and password these are, or null. A wrong password and an unknown e-mail
 * answer alike and take the same time.
 */
export async function findOwnerByCredentials(db: Db, email: string, password: string): Promise<User | null> {
  const user = await findUserByEmail(db, email);
  const ok = await verifyPasswordOrDummy(user?.passwordHash, password);
  return user && ok ? user : null;
}
