// Owner accounts. E-mails are stored in rules/email.ts normalizeEmail's form (trimmed, NFKC,
// lowercased), so `Anna@Firma.dk`, `anna@firma.dk` and a look-alike spelling are one account on both
// dialects; only a password hash is kept. emailVerifiedAt says the owner proved they read the address.
import { randomUUID } from 'node:crypto';
import type { Insertable, Selectable } from 'kysely';
import { AppError } from '../../lib/errors';
import { normalizeEmail } from '../../rules/email';
import { MESSAGES } from '../../rules/messages';
import { type Db, isUniqueViolation } from '../database';

export interface UsersTable {
  id: string;
  email: string;
  passwordHash: string;
  /** When the owner last proved they read `email` (reset, e-mail change or verification link); null
   *  for an address nobody proved. Privileges tied to an address need it (the operator view). */
  emailVerifiedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export type User = Selectable<UsersTable>;
type NewUserRow = Insertable<UsersTable>;

export { normalizeEmail };

/** Creates an owner account; an e-mail already in use (in any case) is the spec's conflict. */
export async function insertUser(
  db: Db,
  email: string,
  passwordHash: string,
  now = new Date(),
): Promise<User> {
  const stamp = now.toISOString();
  const row: NewUserRow = {
    id: randomUUID(),
    email: normalizeEmail(email),
    passwordHash,
    emailVerifiedAt: null,
    createdAt: stamp,
    updatedAt: stamp,
  };
  try {
    return await db.insertInto('users').values(row).returningAll().executeTakeFirstOrThrow();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('conflict', MESSAGES.emailTakenAuth, { cause: error });
    throw error;
  }
}

export async function findUserByEmail(db: Db, email: string): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', normalizeEmail(email)).executeTakeFirst();
}

export async function findUserById(db: Db, id: string): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function updateUserPassword(db: Db, id: string, passwordHash: string, now = new Date()) {
  await db
    .updateTable('users')
    .set({ passwordHash, updatedAt: now.toISOString() })
    .where('id', '=', id)
    .execute();
}

/** Records that the owner proved they read their current address. */
export async function markEmailVerified(db: Db, id: string, now = new Date()): Promise<void> {
  await db.updateTable('users').set({ emailVerifiedAt: now.toISOString() }).where('id', '=', id).execute();
}
