import { expect, it } from 'vitest';
import { describeEachDialect } from '../../tests/support/databases';
import { acceptedValue } from '../outcome';
import {
  deleteExpiredSessions,
  deleteSession,
  deleteUserSessions,
  extendSession,
  findSessionWithUser,
  insertSession,
} from './sessions';
import { findUserByEmail, insertUser, updateUserPassword } from './users';

describeEachDialect('users and sessions repository', (use) => {
  it('keeps one account per e-mail regardless of case', async () => {
    const { db } = use();
    const user = acceptedValue(await insertUser(db, '  Anna@Tomrer.DK ', 'hash-1'));
    expect(user.email).toBe('anna@tomrer.dk');
    expect((await findUserByEmail(db, 'ANNA@tomrer.dk'))?.id).toBe(user.id);

    expect(await insertUser(db, 'anna@TOMRER.dk', 'hash-2')).toEqual({ ok: false, reason: 'email-taken' });

    await updateUserPassword(db, user.id, 'hash-3');
    expect((await findUserByEmail(db, 'anna@tomrer.dk'))?.passwordHash).toBe('hash-3');
  });

  it('finds a session with its user, slides its expiry and removes it', async () => {
    const { db } = use();
    const user = acceptedValue(await insertUser(db, 'ejer@firma.dk', 'hash'));
    await insertSession(db, {
      id: 'a'.repeat(64),
      userId: user.id,
      expiresAt: new Date('2026-02-01T00:00:00Z'),
    });

    const found = await findSessionWithUser(db, 'a'.repeat(64));
    expect(found?.user).toEqual(user);
    expect(found?.session.expiresAt).toBe('2026-02-01T00:00:00.000Z');

    await extendSession(db, 'a'.repeat(64), new Date('2026-03-01T00:00:00Z'));
    expect((await findSessionWithUser(db, 'a'.repeat(64)))?.session.expiresAt).toBe(
      '2026-03-01T00:00:00.000Z',
    );

    await deleteSession(db, 'a'.repeat(64));
    expect(await findSessionWithUser(db, 'a'.repeat(64))).toBeUndefined();
  });

  it('cleans out expired sessions and every session of a user', async () => {
    const { db } = use();
    const user = acceptedValue(await insertUser(db, 'ejer@firma.dk', 'hash'));
    const other = acceptedValue(await insertUser(db, 'anden@firma.dk', 'hash'));
    await insertSession(db, { id: 'old', userId: user.id, expiresAt: new Date('2026-01-01T00:00:00Z') });
    await insertSession(db, { id: 'new', userId: user.id, expiresAt: new Date('2026-06-01T00:00:00Z') });
    await insertSession(db, { id: 'kept', userId: other.id, expiresAt: new Date('2026-06-01T00:00:00Z') });

    expect(await deleteExpiredSessions(db, new Date('2026-03-01T00:00:00Z'))).toBe(1);
    expect(await findSessionWithUser(db, 'old')).toBeUndefined();
    await deleteUserSessions(db, user.id);
    expect(await findSessionWithUser(db, 'new')).toBeUndefined();
    expect(await findSessionWithUser(db, 'kept')).toBeDefined();
  });
});
