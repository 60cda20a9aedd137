// An owner changing their own login: the password (the current one is required, and every other
// session ends, so a forgotten phone or a thief with the old password is out), and the login e-mail,
// which only changes once the owner opens the link sent to the new address: a typo cannot lock the
// owner out, and nobody can move an account to an address they do not read. The company's
// companyEmail (how the admin finds the owner's company, SPEC §3) follows the login e-mail.
import {
  type Db,
  findUserByEmail,
  isUniqueViolation,
  normalizeEmail,
  spendAccountToken,
  type User,
  updateUserPassword,
} from '../../db';
import { AppError } from '../../lib/errors';
import type { Mailer } from '../../lib/mailer';
import { MESSAGES } from '../../rules/messages';
import { productOrigin } from '../../rules/site-url';
import { accountTokenId, accountTokenState, issueAccountToken } from './account-tokens';
import { hashNewPassword, verifyPassword } from './password';
import { revokeAccountAccess } from './sessions';

const EMAIL_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;
const CONFIRM_EMAIL_PATH = '/admin/bekraeft-email';

async function checkCurrentPassword(user: User, currentPassword: string): Promise<void> {
  if (!(await verifyPassword(user.passwordHash, currentPassword))) {
    throw new AppError('invalid_input', MESSAGES.currentPasswordWrong);
  }
}

/** Sets a new password; every session of the user but `keepSessionId` ends. */
export async function changePassword(
  db: Db,
  user: User,
  input: { currentPassword: string; password: string },
  keepSessionId: string,
  now: Date,
): Promise<void> {
  await checkCurrentPassword(user, input.currentPassword);
  const passwordHash = await hashNewPassword(input.password);
  await db.transaction().execute(async (trx) => {
    await updateUserPassword(trx, user.id, passwordHash, now);
    await revokeAccountAccess(trx, user.id, now, keepSessionId);
  });
}

function emailChangeMail(newEmail: string, link: string) {
  return {
    to: newEmail,
    subject: 'Bekræft din nye email til Mesterside',
    text: [
      'Hej,',
      '',
      `Du har bedt om at logge ind på Mesterside med ${newEmail} fremover.`,
      '',
      'Bekræft den nye email her:',
      link,
      '',
      'Linket virker i 24 timer og kan kun bruges én gang. Indtil du klikker, logger du ind med din',
      'nuværende email. Har du ikke bedt om ændringen, kan du se bort fra denne mail.',
      '',
      'Venlig hilsen',
      'Mesterside',
      '',
    ].join('\n'),
  };
}

/** Sends the confirmation link to the new address; nothing changes until it is opened. */
export async function requestEmailChange(
  deps: { db: Db; mailer: Mailer; publicHost: string; now: Date },
  user: User,
  input: { email: string; currentPassword: string },
): Promise<void> {
  await checkCurrentPassword(user, input.currentPassword);
  const email = normalizeEmail(input.email);
  if (email === user.email) throw new AppError('invalid_input', MESSAGES.emailUnchanged);
  if (await findUserByEmail(deps.db, email)) throw new AppError('conflict', MESSAGES.emailTakenAuth);
  const token = await issueAccountToken(
    deps.db,
    { userId: user.id, purpose: 'email_change', ttlMs: EMAIL_TOKEN_TTL_MS, detail: email },
    deps.now,
  );
  const link = `${productOrigin(deps.publicHost)}${CONFIRM_EMAIL_PATH}?token=${token}`;
  await deps.mailer.send(emailChangeMail(email, link));
}

const EMAIL_LINK_MESSAGES = {
  expired: MESSAGES.emailLinkExpired,
  used: MESSAGES.emailLinkUsed,
  invalid: MESSAGES.emailLinkInvalid,
  valid: MESSAGES.emailLinkInvalid,
} as const;

/** Opens the link: the login e-mail and the company's companyEmail become the new address. */
export async function confirmEmailChange(db: Db, token: string, now: Date): Promise<string> {
  const id = accountTokenId(token);
  try {
    const email = await db.transaction().execute(async (trx) => {
      const row = id === null ? undefined : await spendAccountToken(trx, id, 'email_change', now);
      if (!row?.detail) return undefined;
      const user = await trx
        .selectFrom('users')
        .selectAll()
        .where('id', '=', row.userId)
        .executeTakeFirstOrThrow();
      await trx
        .updateTable('users')
        .set({ email: row.detail, updatedAt: now.toISOString() })
        .where('id', '=', user.id)
        .execute();
      await trx
        .updateTable('companies')
        .set({ companyEmail: row.detail, updatedAt: now.toISOString() })
        .where('companyEmail', '=', user.email)
        .execute();
      return row.detail;
    });
    if (email) return email;
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('conflict', MESSAGES.emailTakenAuth, { cause: error });
    throw error;
  }
  const { state } = await accountTokenState(db, token, 'email_change', now);
  throw new AppError('invalid_input', EMAIL_LINK_MESSAGES[state]);
}
