// One-time tokens for account links (password reset, e-mail change, cross-host hand-off): the same
// 160-bit random tokens as sessions, stored as their SHA-256 only, so a leaked table opens nothing.
import {
  type AccountToken,
  type AccountTokenPurpose,
  type Db,
  findAccountToken,
  insertAccountToken,
} from '../../db';
import { generateSessionToken, sessionIdFromToken } from './sessions';

const TOKEN_PATTERN = /^[a-z2-7]{32}$/;

export type TokenState = 'valid' | 'expired' | 'used' | 'invalid';

/** Makes a token for `userId`, valid for `ttlMs`; answers the token to send (never stored). */
export async function issueAccountToken(
  db: Db,
  input: {
    userId: string;
    purpose: AccountTokenPurpose;
    ttlMs: number;
    detail?: string | null;
    sessionId?: string | null;
  },
  now: Date,
): Promise<string> {
  const token = generateSessionToken();
  await insertAccountToken(
    db,
    {
      id: sessionIdFromToken(token),
      userId: input.userId,
      purpose: input.purpose,
      detail: input.detail ?? null,
      sessionId: input.sessionId ?? null,
      expiresAt: new Date(now.getTime() + input.ttlMs),
    },
    now,
  );
  return token;
}

/** The stored row id of a token the owner sent back, or null when it cannot be one of ours. */
export function accountTokenId(token: string): string | null {
  return TOKEN_PATTERN.test(token) ? sessionIdFromToken(token) : null;
}

/** What a token is worth now, for a page that should say "expired" or "already used". */
export async function accountTokenState(
  db: Db,
  token: string,
  purpose: AccountTokenPurpose,
  now: Date,
): Promise<{ state: TokenState; row?: AccountToken }> {
  const id = accountTokenId(token);
  const row = id === null ? undefined : await findAccountToken(db, id, purpose);
  if (!row) return { state: 'invalid' };
  if (row.usedAt !== null) return { state: 'used', row };
  if (!(now.getTime() < new Date(row.expiresAt).getTime())) return { state: 'expired', row };
  return { state: 'valid', row };
}
