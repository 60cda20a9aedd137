// An owner changing their own login: the password (the current one is required, and every other
// session ends, so a forgotten phone or a thief with the old password is out), and the login e-mail,
// which only changes once the owner opens the link sent to the new address AND confirms it with a
// button while signed in to this account: a typo cannot lock the owner out, nobody can move an
// account to an address they do not read, and a link opened by a mail scanner or in someone else's
// browser changes nothing. The old address is told of the change. The company's companyEmail (how
// the admin finds the owner's company, the spec's Entities) follows the login e-mail.
// Verifying the address: a link to the login e-mail, confirmed the same way, records that the owner
// reads it (users.email_verified_at); privileges tied to an address (the operator view) need that.
import {
  changeUserEmail,
  type Db,
  findUserByEmail,
  markEmailVerified,
  moveCompanyEmail,
  normalizeEmail,
  spendAccountToken,
  spendUserAccountTokens,
  type User,
  updateUserPassword,
} from '../../db';
import { AppError } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import type { Mailer } from '../../lib/mailer';
import { ACCOUNT_MESSAGES } from '../../rules/account-messages';
import { MESSAGES } from '../../rules/messages';
import { productOrigin } from '../../rules/site-url';
import { type Refusals, valueOrRefuse } from '../refusals';
import { accountTokenId, accountTokenState, issueAccountToken } from './account-tokens';
import { hashNewPassword, verifyPassword } from './password';
import { revokeAccountAccess } from './sessions';

const EMAIL_TAKEN: Refusals<'email-taken'> = { 'email-taken': ['conflict', MESSAGES.emailTakenAuth] };

const EMAIL_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;
/** The login e-mail's confirmation (issue 48: sent at sign-up, in the welcome mail) lives 7 days, as a
 *  new recipient's does. */
const VERIFY_TOKEN_TTL_MS = 7 * 24 * 60 * 60 * 1000;
const CONFIRM_EMAIL_PATH = '/admin/bekraeft-email';
const VERIFY_EMAIL_PATH = '/admin/bekraeft-din-email';

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
    subject: 'Bekræft din nye e-mail til Mesterside',
    text: [
      'Hej,',
      '',
      `Du har bedt om at logge ind på Mesterside med ${newEmail} fremover.`,
      '',
      'Bekræft den nye e-mail her:',
      link,
      '',
      'Åbn linket, log ind, hvis du bliver bedt om det, og klik på "Bekræft ny e-mail".',
      'Linket virker i 24 timer og kan kun bruges én gang. Indtil du har bekræftet, logger du ind med din',
      'nuværende e-mail. Har du ikke bedt om ændringen, kan du se bort fra denne e-mail.',
      '',
      'Venlig hilsen',
      'Mesterside',
      '',
    ].join('\n'),
  };
}

function emailChangedNotice(oldEmail: string, newEmail: string, helpAddress: string) {
  return {
    to: oldEmail,
    subject: 'Din login-e-mail til Mesterside er ændret',
    text: [
      'Hej,',
      '',
      `Login-e-mailen til din Mesterside-konto er netop ændret fra ${oldEmail} til ${newEmail}.`,
      '',
      'Var det dig, behøver du ikke gøre mere.',
      '',
      `Var det ikke dig, så skriv straks til ${helpAddress} – så hjælper vi dig med at få kontoen tilbage.`,
      '',
      'Venlig hilsen',
      'Mesterside',
      '',
    ].join('\n'),
  };
}

function verifyEmailMail(email: string, link: string) {
  return {
    to: email,
    subject: 'Bekræft din e-mail til Mesterside',
    text: [
      'Hej,',
      '',
      `Bekræft, at ${email} er din e-mail til Mesterside, her:`,
      link,
      '',
      'Åbn linket, log ind, hvis du bliver bedt om det, og klik på "Bekræft e-mail".',
      'Når adressen er bekræftet, sender vi forespørgsler fra hjemmesidens formular "Få et tilbud" hertil. Indtil da venter de under Henvendelser.',
      'Linket virker i 7 dage og kan kun bruges én gang. Har du ikke bedt om det, kan du se bort fra denne e-mail.',
      '',
      'Venlig hilsen',
      'Mesterside',
      '',
    ].join('\n'),
  };
}

export interface EmailDeps {
  db: Db;
  mailer: Mailer;
  publicHost: string;
  now: Date;
}

/** Sends the confirmation link to the new address; nothing changes until the owner confirms it. */
export async function requestEmailChange(
  deps: EmailDeps,
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
  expired: ACCOUNT_MESSAGES.emailLinkExpired,
  used: MESSAGES.emailLinkUsed,
  invalid: MESSAGES.emailLinkInvalid,
  valid: MESSAGES.emailLinkInvalid,
} as const;

/** Why a link of `user`'s could not be used, in Danish; someone else's link is simply not valid. */
async function linkRefusal(
  db: Db,
  token: string,
  purpose: 'email_change' | 'email_verify',
  user: User,
  now: Date,
): Promise<AppError> {
  const { state, row } = await accountTokenState(db, token, purpose, now);
  const own = row?.userId === user.id ? state : 'invalid';
  return new AppError('invalid_input', EMAIL_LINK_MESSAGES[own]);
}

/**
 * The signed-in owner confirms the link mailed to their new address: the login e-mail and the
 * company's companyEmail become it, and it counts as verified. Links sent to the old address (reset,
 * verification, other changes) are spent, and the old address is told. A link of another account
 * is not valid here.
 */
export async function confirmEmailChange(
  deps: EmailDeps & { logger: Logger; helpAddress: string },
  user: User,
  token: string,
): Promise<string> {
  const { db, now } = deps;
  const id = accountTokenId(token);
  const email = await db.transaction().execute(async (trx) => {
    const row = id === null ? undefined : await spendAccountToken(trx, id, 'email_change', now, user.id);
    if (!row?.detail) return undefined;
    // A taken address refuses before the company moves (on PostgreSQL the failed statement has
    // already spoilt the transaction); the throw rolls back the spent token too.
    valueOrRefuse(await changeUserEmail(trx, user.id, row.detail, now), EMAIL_TAKEN);
    valueOrRefuse(await moveCompanyEmail(trx, user.email, row.detail, now), EMAIL_TAKEN);
    for (const purpose of ['email_change', 'email_verify', 'password_reset'] as const) {
      await spendUserAccountTokens(trx, user.id, purpose, now);
    }
    return row.detail;
  });
  if (!email) throw await linkRefusal(db, token, 'email_change', user, now);
  try {
    await deps.mailer.send(emailChangedNotice(user.email, email, deps.helpAddress));
  } catch (error) {
    // The change stands; the notice is best effort, and the failure is on record.
    deps.logger.error({ err: error, userId: user.id }, 'e-mail change notice to the old address failed');
  }
  return email;
}

/** A fresh link that confirms `user`'s login e-mail (the welcome mail carries one, issue 48). */
export async function emailVerificationLink(
  db: Db,
  user: Pick<User, 'id' | 'email'>,
  publicHost: string,
  now: Date,
): Promise<string> {
  const token = await issueAccountToken(
    db,
    { userId: user.id, purpose: 'email_verify', ttlMs: VERIFY_TOKEN_TTL_MS, detail: user.email },
    now,
  );
  return `${productOrigin(publicHost)}${VERIFY_EMAIL_PATH}?token=${token}`;
}

/** Mails the owner a link that proves they read their login e-mail. */
export async function requestEmailVerification(deps: EmailDeps, user: User): Promise<void> {
  const link = await emailVerificationLink(deps.db, user, deps.publicHost, deps.now);
  await deps.mailer.send(verifyEmailMail(user.email, link));
}

/** The signed-in owner confirms a verification link sent to their current login e-mail. */
export async function confirmEmailVerification(db: Db, user: User, token: string, now: Date): Promise<void> {
  const id = accountTokenId(token);
  const verified = await db.transaction().execute(async (trx) => {
    const row = id === null ? undefined : await spendAccountToken(trx, id, 'email_verify', now, user.id);
    // A link sent to an address the owner has since left proves nothing about the new one.
    if (!row || row.detail !== user.email) return false;
    await markEmailVerified(trx, user.id, now);
    return true;
  });
  if (!verified) throw await linkRefusal(db, token, 'email_verify', user, now);
}
