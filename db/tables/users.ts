// Owner accounts. E-mails are stored in rules/email.ts normalizeEmail's form (trimmed, NFKC,
// lowercased), so `Anna@Firma.dk`, `anna@firma.dk` and a look-alike spelling are one account on both
// dialects; only a password hash is kept. emailVerifiedAt says the owner proved they read the address.
import { randomUUID } from 'node:crypto';
import type { Insertable, Selectable } from 'kysely';
import { normalizeEmail } from '../../rules/email';
import { type Db, isUniqueViolation } from '../database';
import { accepted, type Outcome, refused } from '../outcome';

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

/** Creates an owner account; an e-mail already in use (in any case) is refused. */
export async function insertUser(
  db: Db,
  email: string,
  passwordHash: string,
  now = new Date(),
): Promise<Outcome<User, 'email-taken'>> {
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
    return accepted(await db.insertInto('users').values(row).returningAll().executeTakeFirstOrThrow());
  } catch (error) {
    if (isUniqueViolation(error)) return refused('email-taken');
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

/** The login e-mail becomes `email`, proved read by the owner (the link of an e-mail change). */
export async function changeUserEmail(
  db: Db,
  id: string,
  email: string,
  now = new Date(),
): Promise<Outcome<void, 'email-taken'>> {
  const stamp = now.toISOString();
  try {
    await db
      .updateTable('users')
      .set({ email: normalizeEmail(email), emailVerifiedAt: stamp, updatedAt: stamp })
      .where('id', '=', id)
      .execute();
    return accepted(undefined);
  } catch (error) {
    if (isUniqueViolation(error)) return refused('email-taken');
    throw error;
  }
}

/** Records that the owner proved they read their current address. */
export async function markEmailVerified(db: Db, id: string, now = new Date()): Promise<void> {
  await db.updateTable('users').set({ emailVerifiedAt: now.toISOString() }).where('id', '=', id).execute();
}
