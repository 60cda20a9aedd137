// One-time account tokens (password reset, e-mail change, e-mail verification, cross-host hand-off,
// the confirmation of a new address for quote requests).
// The row id is the SHA-256 of the token the owner receives; the token itself is never stored. A
// token is spent by spendAccountToken, a single conditional UPDATE, so two concurrent uses cannot
// both succeed. A hand-off token names the session it was issued from (sessionId): it dies with it.
import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../database';

export type AccountTokenPurpose =
  | 'password_reset'
  | 'email_change'
  | 'email_verify'
  | 'handoff'
  /** Detail `<cvr> <address>`: confirms that address as the company's recipient of quote requests. */
  | 'lead_recipient';

export interface AccountTokensTable {
  id: string;
  userId: string;
  purpose: AccountTokenPurpose;
  detail: string | null;
  /** The session a hand-off token was issued from; null for tokens sent by e-mail. */
  sessionId: string | null;
  expiresAt: string;
  usedAt: string | null;
  createdAt: string;
}

export type AccountToken = Selectable<AccountTokensTable>;
type NewAccountTokenRow = Insertable<AccountTokensTable>;

export async function insertAccountToken(
  db: Db,
  token: {
    id: string;
    userId: string;
    purpose: AccountTokenPurpose;
    detail?: string | null;
    sessionId?: string | null;
    expiresAt: Date;
  },
  now = new Date(),
): Promise<AccountToken> {
  const row: NewAccountTokenRow = {
    id: token.id,
    userId: token.userId,
    purpose: token.purpose,
    detail: token.detail ?? null,
    sessionId: token.sessionId ?? null,
    expiresAt: token.expiresAt.toISOString(),
    usedAt: null,
    createdAt: now.toISOString(),
  };
  return db.insertInto('accountTokens').values(row).returningAll().executeTakeFirstOrThrow();
}

/** The token's row whatever its state (to tell "expired" from "used"), or undefined. */
export async function findAccountToken(
  db: Db,
  id: string,
  purpose: AccountTokenPurpose,
): Promise<AccountToken | undefined> {
  return db
    .selectFrom('accountTokens')
    .selectAll()
    .where('id', '=', id)
    .where('purpose', '=', purpose)
    .executeTakeFirst();
}

/**
 * Spends an unused, unexpired token and answers its row; undefined when it cannot be used. With
 * `userId`, only that user's token is spent (a link confirmed in the owner's own session).
 */
export async function spendAccountToken(
  db: Db,
  id: string,
  purpose: AccountTokenPurpose,
  now = new Date(),
  userId?: string,
): Promise<AccountToken | undefined> {
  const stamp = now.toISOString();
  let query = db
    .updateTable('accountTokens')
    .set({ usedAt: stamp })
    .where('id', '=', id)
    .where('purpose', '=', purpose)
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', stamp);
  if (userId !== undefined) query = query.where('userId', '=', userId);
  return query.returningAll().executeTakeFirst();
}

/** Spends every open token of a user for one purpose (a new password voids older reset links). */
export async function spendUserAccountTokens(
  db: Db,
  userId: string,
  purpose: AccountTokenPurpose,
  now = new Date(),
): Promise<void> {
  await db
    .updateTable('accountTokens')
    .set({ usedAt: now.toISOString() })
    .where('userId', '=', userId)
    .where('purpose', '=', purpose)
    .where('usedAt', 'is', null)
    .execute();
}

/**
 * Spends every open token of a user, whatever it is for: a new password (reset or change) ends
 * every link and hand-off issued before it, so nothing asked for with the old password outlives it.
 */
export async function spendAllUserAccountTokens(db: Db, userId: string, now = new Date()): Promise<void> {
  await db
    .updateTable('accountTokens')
    .set({ usedAt: now.toISOString() })
    .where('userId', '=', userId)
    .where('usedAt', 'is', null)
    .execute();
}

/** Spends the open tokens issued from these sessions (the hand-offs of a login that ends). */
export async function spendSessionAccountTokens(
  db: Db,
  sessionIds: readonly string[],
  now = new Date(),
): Promise<void> {
  if (sessionIds.length === 0) return;
  await db
    .updateTable('accountTokens')
    .set({ usedAt: now.toISOString() })
    .where('sessionId', 'in', sessionIds)
    .where('usedAt', 'is', null)
    .execute();
}

/** Removes tokens that ended before `now`; returns how many. */
export async function deleteExpiredAccountTokens(db: Db, now = new Date()): Promise<number> {
  const result = await db
    .deleteFrom('accountTokens')
    .where('expiresAt', '<', now.toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
