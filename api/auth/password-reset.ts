// "Glemt password?": an owner asks for a link by e-mail and picks a new password through it.
// The answer to the request is the same whether or not the e-mail has an account, and everything
// (the lookup, the link, the mail) happens after the answer, so neither the words nor the timing
// tell an attacker which e-mails exist.
// The link is good for one hour and once; using it ends every session of the owner and spends every
// other account token (reset links, e-mail changes, hand-offs): whoever had the old password is out
// and nothing they asked for with it can still be used. It also proves the owner reads the address.
import {
  type Db,
  findUserByEmail,
  findUserById,
  markEmailVerified,
  spendAccountToken,
  type User,
  updateUserPassword,
} from '../../db';
import { AppError } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import type { Mailer } from '../../lib/mailer';
import { MESSAGES } from '../../rules/messages';
import { productOrigin } from '../../rules/site-url';
import { accountTokenId, accountTokenState, issueAccountToken, type TokenState } from './account-tokens';
import { hashNewPassword } from './password';
import { revokeAccountAccess } from './sessions';

const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
/** The admin screen the link opens. */
const RESET_PATH = '/admin/nulstil-password';

function resetLink(publicHost: string, token: string): string {
  return `${productOrigin(publicHost)}${RESET_PATH}?token=${token}`;
}

function passwordResetMail(email: string, link: string) {
  return {
    to: email,
    subject: 'Nulstil dit password til Mesterside',
    text: [
      'Hej,',
      '',
      `Vi har fået en anmodning om at nulstille passwordet til din Mesterside-konto (${email}).`,
      '',
      'Vælg et nyt password her:',
      link,
      '',
      'Linket virker i en time og kan kun bruges én gang. Har du ikke bedt om et nyt password, kan du',
      'se bort fra denne e-mail – dit password er ikke ændret.',
      '',
      'Venlig hilsen',
      'Mesterside',
      '',
    ].join('\n'),
  };
}

export interface ResetDeps {
  db: Db;
  mailer: Mailer;
  logger: Logger;
  publicHost: string;
  now: Date;
}

/**
 * Issues a reset link for `email` if it has an account. Answers at once, before anything is looked
 * up: the lookup, the token and the mail all happen after the answer (`sent` settles when they are
 * done, for tests and logs), so a real and an unknown account answer in the same time, however slow
 * the database or the mail server.
 */
export function requestPasswordReset(deps: ResetDeps, email: string): { sent: Promise<void> } {
  const sent = (async () => {
    // After the caller's answer: the route has responded before this first await resolves.
    await Promise.resolve();
    const user = await findUserByEmail(deps.db, email);
    if (!user) {
      deps.logger.info('password reset asked for an e-mail without an account');
      return;
    }
    const token = await issueAccountToken(
      deps.db,
      { userId: user.id, purpose: 'password_reset', ttlMs: RESET_TOKEN_TTL_MS, detail: user.email },
      deps.now,
    );
    await deps.mailer.send(passwordResetMail(user.email, resetLink(deps.publicHost, token)));
    deps.logger.info({ userId: user.id }, 'password reset link sent');
  })().catch((error: unknown) => deps.logger.error({ err: error }, 'password reset link failed'));
  return { sent };
}

const STATE_MESSAGES: Record<Exclude<TokenState, 'valid'>, string> = {
  expired: MESSAGES.resetLinkExpired,
  used: MESSAGES.resetLinkUsed,
  invalid: MESSAGES.resetLinkInvalid,
};

export function resetTokenMessage(state: TokenState): string | null {
  return state === 'valid' ? null : STATE_MESSAGES[state];
}

/**
 * Spends the link and sets the new password; every session of the owner ends. Answers the owner
 * (the caller signs them in afresh). An expired, used or unknown link is a 400 saying which.
 */
export async function confirmPasswordReset(
  db: Db,
  token: string,
  password: string,
  now: Date,
): Promise<User> {
  const passwordHash = await hashNewPassword(password);
  const id = accountTokenId(token);
  const user = await db.transaction().execute(async (trx) => {
    const row = id === null ? undefined : await spendAccountToken(trx, id, 'password_reset', now);
    if (!row) return undefined;
    await updateUserPassword(trx, row.userId, passwordHash, now);
    await revokeAccountAccess(trx, row.userId, now);
    const owner = await findUserById(trx, row.userId);
    if (!owner) throw new Error(`account token ${row.id} names no user`);
    // The link went to the address it was asked for (detail); if that is still the login, the owner
    // has shown they read it.
    if (row.detail !== owner.email) return owner;
    await markEmailVerified(trx, owner.id, now);
    return { ...owner, emailVerifiedAt: now.toISOString() };
  });
  if (user) return user;
  const { state } = await accountTokenState(db, token, 'password_reset', now);
  throw new AppError(
    'invalid_input',
    resetTokenMessage(state === 'valid' ? 'invalid' : state) ?? MESSAGES.resetLinkInvalid,
  );
}
