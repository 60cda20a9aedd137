// Sessions as the Lucia guide stores them: the row id is the SHA-256 of the cookie's token, so a
// leaked database cannot be replayed as cookies. Token making and hashing live in the auth module.
import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../database';
import { prepared } from '../prepared';
import type { CompanyRow } from './companies';
import type { User } from './users';

export interface SessionsTable {
  id: string;
  userId: string;
  expiresAt: string;
  createdAt: string;
  /** The session on another host this one was handed off from; null for a login. */
  parentId: string | null;
}

export type Session = Selectable<SessionsTable>;
type NewSessionRow = Insertable<SessionsTable>;

export async function insertSession(
  db: Db,
  session: { id: string; userId: string; expiresAt: Date; parentId?: string | null },
  now = new Date(),
): Promise<Session> {
  const row: NewSessionRow = {
    id: session.id,
    userId: session.userId,
    expiresAt: session.expiresAt.toISOString(),
    createdAt: now.toISOString(),
    parentId: session.parentId ?? null,
  };
  return db.insertInto('sessions').values(row).returningAll().executeTakeFirstOrThrow();
}

/** A session, its user, and the row of the company the user owns (null when none). */
export interface SessionWithUser {
  session: Session;
  user: User;
  /** As findCompanyByOwnerEmail would find it (toCompany maps it): an owner request reads its
   *  company in the session's own query rather than a second one. */
  companyRow: CompanyRow | null;
}

/** Every request of a signed-in owner runs it: built once (prepared.ts). */
const selectSessionWithUser = prepared((db: Db, id: string) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.userId')
    // users.email and companies.company_email are both stored in normalizeEmail's form.
    .leftJoin('companies', 'companies.companyEmail', 'users.email')
    .selectAll('companies')
    .select([
      'sessions.id as sessionId',
      'sessions.userId as sessionUserId',
      'sessions.expiresAt as sessionExpiresAt',
      'sessions.createdAt as sessionCreatedAt',
      'sessions.parentId as sessionParentId',
      'users.email as userEmail',
      'users.passwordHash as userPasswordHash',
      'users.emailVerifiedAt as userEmailVerifiedAt',
      'users.createdAt as userCreatedAt',
      'users.updatedAt as userUpdatedAt',
    ])
    .where('sessions.id', '=', id),
);

/**
 * The session, its user and the user's company (by companyEmail, as findCompanyByOwnerEmail), or
 * undefined for an unknown id. Expiry is the caller's decision.
 */
export async function findSessionWithUser(db: Db, id: string): Promise<SessionWithUser | undefined> {
  const row = (await selectSessionWithUser(db, id)).rows[0];
  if (!row) return undefined;
  const {
    sessionId,
    sessionUserId,
    sessionExpiresAt,
    sessionCreatedAt,
    sessionParentId,
    userEmail,
    userPasswordHash,
    userEmailVerifiedAt,
    userCreatedAt,
    userUpdatedAt,
    ...company
  } = row;
  return {
    session: {
      id: sessionId,
      userId: sessionUserId,
      expiresAt: sessionExpiresAt,
      createdAt: sessionCreatedAt,
      parentId: sessionParentId,
    },
    user: {
      id: sessionUserId,
      email: userEmail,
      passwordHash: userPasswordHash,
      emailVerifiedAt: userEmailVerifiedAt,
      createdAt: userCreatedAt,
      updatedAt: userUpdatedAt,
    },
    companyRow: company.cvr === null ? null : (company as CompanyRow),
  };
}

/** Sliding expiry: moves the session's end forward. */
export async function extendSession(db: Db, id: string, expiresAt: Date): Promise<void> {
  await db.updateTable('sessions').set({ expiresAt: expiresAt.toISOString() }).where('id', '=', id).execute();
}

export async function deleteSession(db: Db, id: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', id).execute();
}

/**
 * Ends a login on every host: the session, the login it was handed off from (if any), and every
 * session handed off from that login. Answers the ids of the sessions it ended.
 */
export async function deleteSessionFamily(
  db: Db,
  session: Pick<Session, 'id' | 'parentId'>,
): Promise<string[]> {
  const root = session.parentId ?? session.id;
  const rows = await db
    .deleteFrom('sessions')
    .where((eb) => eb.or([eb('id', '=', root), eb('parentId', '=', root), eb('id', '=', session.id)]))
    .returning('id')
    .execute();
  return [...new Set([root, session.id, ...rows.map((row) => row.id)])];
}

/** The session if it exists and has not expired at `now` (a hand-off's parent must be alive). */
export async function findLiveSession(db: Db, id: string, now: Date): Promise<Session | undefined> {
  return db
    .selectFrom('sessions')
    .selectAll()
    .where('id', '=', id)
    .where('expiresAt', '>', now.toISOString())
    .executeTakeFirst();
}

/** Ends every session of the user but `keepId` (a password change keeps the device it was made on). */
export async function deleteOtherUserSessions(db: Db, userId: string, keepId: string): Promise<void> {
  await db.deleteFrom('sessions').where('userId', '=', userId).where('id', '!=', keepId).execute();
}

export async function deleteUserSessions(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('sessions').where('userId', '=', userId).execute();
}

/** Removes sessions that ended before `now`; returns how many. */
export async function deleteExpiredSessions(db: Db, now = new Date()): Promise<number> {
  const result = await db
    .deleteFrom('sessions')
    .where('expiresAt', '<', now.toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
