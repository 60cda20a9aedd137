// One-time account tokens (password reset, e-mail change, cross-host hand-off). The row id is the
// SHA-256 of the token the owner receives; the token itself is never stored. A token is spent by
// spendAccountToken, a single conditional UPDATE, so two concurrent uses cannot both succeed.
import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../database';

export type AccountTokenPurpose = 'password_reset' | 'email_change' | 'handoff';

export interface AccountTokensTable {
  id: string;
  userId: string;
  purpose: AccountTokenPurpose;
  detail: string | null;
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
    expiresAt: Date;
  },
  now = new Date(),
): Promise<AccountToken> {
  const row: NewAccountTokenRow = {
    id: token.id,
    userId: token.userId,
    purpose: token.purpose,
    detail: token.detail ?? null,
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

/** Spends an unused, unexpired token and answers its row; undefined when it cannot be used. */
export async function spendAccountToken(
  db: Db,
  id: string,
  purpose: AccountTokenPurpose,
  now = new Date(),
): Promise<AccountToken | undefined> {
  const stamp = now.toISOString();
  return db
    .updateTable('accountTokens')
    .set({ usedAt: stamp })
    .where('id', '=', id)
    .where('purpose', '=', purpose)
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', stamp)
    .returningAll()
    .executeTakeFirst();
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

/** Removes tokens that ended before `now`; returns how many. */
export async function deleteExpiredAccountTokens(db: Db, now = new Date()): Promise<number> {
  const result = await db
    .deleteFrom('accountTokens')
    .where('expiresAt', '<', now.toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
