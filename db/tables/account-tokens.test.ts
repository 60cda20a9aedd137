import { expect, it } from 'vitest';
import { describeEachDialect } from '../../tests/support/databases';
import { acceptedValue } from '../outcome';
import {
  deleteExpiredAccountTokens,
  findAccountToken,
  insertAccountToken,
  spendAccountToken,
  spendUserAccountTokens,
} from './account-tokens';
import { insertUser } from './users';

const NOW = new Date('2026-03-02T10:00:00.000Z');
const HOUR = 60 * 60 * 1000;

describeEachDialect('account tokens repository', (use) => {
  it('spends a token once, only for its purpose and only before it expires', async () => {
    const { db } = use();
    const user = acceptedValue(await insertUser(db, 'ejer@firma.dk', 'hash'));
    const expiresAt = new Date(NOW.getTime() + HOUR);
    await insertAccountToken(
      db,
      { id: 'a'.repeat(64), userId: user.id, purpose: 'password_reset', expiresAt },
      NOW,
    );
    await insertAccountToken(
      db,
      { id: 'b'.repeat(64), userId: user.id, purpose: 'password_reset', expiresAt },
      NOW,
    );

    expect(await spendAccountToken(db, 'a'.repeat(64), 'email_change', NOW)).toBeUndefined();
    const later = new Date(NOW.getTime() + HOUR + 1);
    expect(await spendAccountToken(db, 'b'.repeat(64), 'password_reset', later)).toBeUndefined();
    expect((await findAccountToken(db, 'b'.repeat(64), 'password_reset'))?.usedAt).toBeNull();

    const used = await spendAccountToken(db, 'a'.repeat(64), 'password_reset', NOW);
    expect(used).toMatchObject({ userId: user.id, purpose: 'password_reset', usedAt: NOW.toISOString() });
    expect(await spendAccountToken(db, 'a'.repeat(64), 'password_reset', NOW)).toBeUndefined();
    expect(await findAccountToken(db, 'a'.repeat(64), 'password_reset')).toMatchObject({
      usedAt: NOW.toISOString(),
      expiresAt: expiresAt.toISOString(),
    });
  });

  it('keeps a detail, spends every open token of a user for a purpose, and cleans out expired ones', async () => {
    const { db } = use();
    const user = acceptedValue(await insertUser(db, 'ejer@firma.dk', 'hash'));
    const other = acceptedValue(await insertUser(db, 'anden@firma.dk', 'hash'));
    const soon = new Date(NOW.getTime() + HOUR);
    await insertAccountToken(
      db,
      { id: 'r1', userId: user.id, purpose: 'password_reset', expiresAt: soon },
      NOW,
    );
    await insertAccountToken(
      db,
      { id: 'r2', userId: other.id, purpose: 'password_reset', expiresAt: soon },
      NOW,
    );
    const change = await insertAccountToken(
      db,
      { id: 'e1', userId: user.id, purpose: 'email_change', detail: 'ny@firma.dk', expiresAt: soon },
      NOW,
    );
    expect(change.detail).toBe('ny@firma.dk');

    await spendUserAccountTokens(db, user.id, 'password_reset', NOW);
    expect(await spendAccountToken(db, 'r1', 'password_reset', NOW)).toBeUndefined();
    expect(await spendAccountToken(db, 'r2', 'password_reset', NOW)).toBeDefined();
    expect(await spendAccountToken(db, 'e1', 'email_change', NOW)).toBeDefined();

    await insertAccountToken(db, { id: 'old', userId: user.id, purpose: 'handoff', expiresAt: NOW }, NOW);
    expect(await deleteExpiredAccountTokens(db, new Date(NOW.getTime() + 1))).toBe(1);
    expect(await findAccountToken(db, 'old', 'handoff')).toBeUndefined();
  });
});
