// Password hashing with argon2id (the @node-rs/argon2 default algorithm) at OWASP's recommended cost.
// Checking a login against an unknown e-mail verifies a dummy hash, so a wrong password and an
// unknown e-mail take the same time and an attacker cannot learn which e-mails have accounts.
import { hash, verify } from '@node-rs/argon2';
import { AppError } from '../../lib/errors';
import { AUTH_MESSAGES } from '../../rules/messages';
import { isCommonPassword } from './common-passwords';

// 19 MiB, 2 passes, 1 lane: OWASP's argon2id baseline, and what the Lucia guide uses.
const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, outputLen: 32, parallelism: 1 } as const;

// The same password typed with 'å' or with 'a' + combining ring (some keyboards, pasted text) must match.
function normalize(password: string): string {
  return password.normalize('NFC');
}

export function hashPassword(password: string): Promise<string> {
  return hash(normalize(password), ARGON2_OPTIONS);
}

/**
 * The hash of a password an owner chose (sign-up, reset, change). A password on the common-password
 * list is refused here, on the server only: the list stays out of every browser bundle, so the forms
 * check length and repetition and the API answers this one.
 */
export function hashNewPassword(password: string): Promise<string> {
  refuseCommonPassword(password);
  return hashPassword(password);
}

/** Throws invalid_input with AUTH_MESSAGES.passwordTooCommon for a password on the common list. */
export function refuseCommonPassword(password: string): void {
  if (isCommonPassword(password)) throw new AppError('invalid_input', AUTH_MESSAGES.passwordTooCommon);
}

/** False for a wrong password and for a stored hash argon2 cannot read. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, normalize(password));
  } catch {
    return false;
  }
}

// A hash of a random password nobody knows, with the same parameters as ARGON2_OPTIONS; fixed, so even
// the first unknown e-mail after start-up costs exactly one verification.
export const DUMMY_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$4IUl+PquWcJJVrw8jx5nIQ$1dJON41a4Hc4Eg76BPKBOXH3BbUWTbDLEk9SZAPmkak';

/** The hash a login is checked against: the account's, or the dummy when there is no account. */
export function hashToCheck(passwordHash: string | undefined): string {
  return passwordHash ?? DUMMY_HASH;
}

/**
 * Verifies `password` against the account's hash, or against a dummy hash of the same cost when there
 * is no account, and answers false then. Use this for every login attempt.
 */
export async function verifyPasswordOrDummy(passwordHash: string | undefined, password: string) {
  const ok = await verifyPassword(hashToCheck(passwordHash), password);
  return passwordHash !== undefined && ok;
}
