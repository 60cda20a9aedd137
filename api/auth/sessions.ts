// Sessions as the Lucia guide builds them: a random token in an HttpOnly cookie, only its SHA-256 in
// the database (a leaked table cannot be replayed as cookies), 30 days that slide forward when a
// session is used in its second half.
import { createHash } from 'node:crypto';
import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import {
  type CompanyRow,
  type Db,
  deleteOtherUserSessions,
  deleteSession,
  deleteSessionFamily,
  deleteUserSessions,
  extendSession,
  findSessionWithUser,
  insertSession,
  type Session,
  spendAllUserAccountTokens,
  spendSessionAccountTokens,
  type User,
} from '../../db';
import { schemeFor } from '../../rules/site-url';
import { DAY_MS } from '../../rules/trial';
import { knownSessionsOf } from './known-sessions';

export const SESSION_COOKIE = 'mesterside_session';
export const SESSION_DURATION_MS = 30 * DAY_MS;
/** A session used with less than this left is extended to a full SESSION_DURATION_MS again. */
const SESSION_RENEW_WITHIN_MS = 15 * DAY_MS;

const TOKEN_BYTES = 20;
// 20 bytes are 160 bits: 32 base32 characters without padding.
const TOKEN_PATTERN = /^[a-z2-7]{32}$/;

export function generateSessionToken(): string {
  const bytes = new Uint8Array(TOKEN_BYTES);
  crypto.getRandomValues(bytes);
  return encodeBase32LowerCaseNoPadding(bytes);
}

/** The session's row id: the hex SHA-256 of its token. */
export function sessionIdFromToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export async function createSession(
  db: Db,
  userId: string,
  now: Date,
  parentId: string | null = null,
): Promise<{ token: string; session: Session }> {
  const token = generateSessionToken();
  const expiresAt = new Date(now.getTime() + SESSION_DURATION_MS);
  const session = await insertSession(
    db,
    { id: sessionIdFromToken(token), userId, expiresAt, parentId },
    now,
  );
  return { token, session };
}

export interface ValidSession {
  session: Session;
  user: User;
  /** The user's company as the session's query found it (null: none). */
  companyRow: CompanyRow | null;
  /** True when this check extended the session: the cookie must be sent again with the new expiry. */
  extended: boolean;
}

/** The session a cookie's token opens, or null; an expired session is deleted on sight. */
export async function validateSessionToken(db: Db, token: string, now: Date): Promise<ValidSession | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const id = sessionIdFromToken(token);
  const found = await findSessionWithUser(db, id);
  if (!found) return null;
  const expiresAt = new Date(found.session.expiresAt).getTime();
  if (!(now.getTime() < expiresAt)) {
    await deleteSession(db, id);
    return null;
  }
  if (expiresAt - now.getTime() >= SESSION_RENEW_WITHIN_MS) return { ...found, extended: false };
  const renewed = new Date(now.getTime() + SESSION_DURATION_MS);
  await extendSession(db, id, renewed);
  return { ...found, session: { ...found.session, expiresAt: renewed.toISOString() }, extended: true };
}

/**
 * Logout: ends the login on every host (deleteSessionFamily) and spends the hand-off tokens issued
 * from any of those sessions, so a token taken before the logout opens nothing after it.
 */
export async function endLogin(db: Db, session: Pick<Session, 'id' | 'parentId'>, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const ended = await deleteSessionFamily(trx, session);
    await spendSessionAccountTokens(trx, ended, now);
  });
}

/**
 * A new password (reset or change): every session of the user ends (but `keepSessionId`, the device a
 * change was made on) and every open account token, of any kind, is spent: reset links, e-mail
 * changes and verifications asked for before, and hand-offs. Whoever knew the old password keeps
 * nothing. Call it inside the transaction that stores the new hash.
 */
export async function revokeAccountAccess(
  trx: Db,
  userId: string,
  now: Date,
  keepSessionId: string | null = null,
): Promise<void> {
  if (keepSessionId === null) await deleteUserSessions(trx, userId);
  else await deleteOtherUserSessions(trx, userId, keepSessionId);
  await spendAllUserAccountTokens(trx, userId, now);
}

function cookieOptions(publicHost: string) {
  return {
    httpOnly: true,
    sameSite: 'Lax',
    path: '/',
    // Browsers keep Secure cookies from plain-http localhost, so it is left off there only.
    secure: schemeFor(publicHost) === 'https',
  } as const;
}

/** Sends the session's cookie; the front server's per-session limit counts the token from now on. */
export function setSessionCookie(c: Context, token: string, expiresAt: Date, publicHost: string): void {
  knownSessionsOf(c.get('db') as Db).add(token);
  setCookie(c, SESSION_COOKIE, token, { ...cookieOptions(publicHost), expires: expiresAt });
}

/** Clears the cookie; the token it carried counts against its client's address alone from now on. */
export function clearSessionCookie(c: Context, publicHost: string): void {
  const token = getCookie(c, SESSION_COOKIE);
  if (token) knownSessionsOf(c.get('db') as Db).delete(token);
  deleteCookie(c, SESSION_COOKIE, cookieOptions(publicHost));
}
