// Messages sent through the marketing site's contact form, kept so none is lost if mail fails.
import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { Db } from '../database';

export interface ContactMessagesTable {
  id: string;
  name: string;
  email: string;
  message: string;
  createdAt: string;
}

export type ContactMessage = Selectable<ContactMessagesTable>;

export async function insertContactMessage(
  db: Db,
  input: { name: string; email: string; message: string },
  now = new Date(),
): Promise<ContactMessage> {
  return db
    .insertInto('contactMessages')
    .values({ id: randomUUID(), ...input, createdAt: now.toISOString() })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Newest first. */
export async function listContactMessages(db: Db, limit = 100): Promise<ContactMessage[]> {
  return db.selectFrom('contactMessages').selectAll().orderBy('createdAt', 'desc').limit(limit).execute();
}
