// The auth building blocks on their own: argon2id hashing, session tokens and their SHA-256 ids,
// the common-password list, and the rate limiter's windows.
import { createHash } from 'node:crypto';
import { parseOptions } from '@node-rs/argon2';
import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORDS, isCommonPassword } from '../../api/auth/common-passwords';
import { DUMMY_HASH, hashPassword, verifyPassword, verifyPasswordOrDummy } from '../../api/auth/password';
import { generateSessionToken, sessionIdFromToken } from '../../api/auth/sessions';
import { RateLimiter } from '../../api/middleware/rate-limit';

describe('passwords', () => {
  it('hashes with argon2id and a fresh salt, and verifies only the right password', async () => {
    const first = await hashPassword('Tømrer-kode-2024!');
    const second = await hashPassword('Tømrer-kode-2024!');
    expect(first).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(first).not.toBe(second);
    expect(await verifyPassword(first, 'Tømrer-kode-2024!')).toBe(true);
    expect(await verifyPassword(first, 'tømrer-kode-2024!')).toBe(false);
  });

  it('treats composed and decomposed letters as the same password', async () => {
    const composed = 'Håndværk-kode'.normalize('NFC');
    const decomposed = 'Håndværk-kode'.normalize('NFD');
    expect(decomposed).not.toBe(composed);
    expect(await verifyPassword(await hashPassword(composed), decomposed)).toBe(true);
  });

  it('answers false, not an error, for a hash argon2 cannot read', async () => {
    expect(await verifyPassword('not-a-real-hash', 'whatever')).toBe(false);
  });

  it('keeps its dummy hash at the same cost as real hashes', async () => {
    const { saltLen: _a, ...dummy } = parseOptions(DUMMY_HASH);
    const { saltLen: _b, ...real } = parseOptions(await hashPassword('Gode-Brædder-7'));
    expect(dummy).toEqual(real);
  });

  it('verifies a dummy hash for an unknown account, taking about as long as a real check', async () => {
    const stored = await hashPassword('rigtig-kode-123');
    await verifyPasswordOrDummy(undefined, 'warm-up');
    const time = async (work: () => Promise<unknown>) => {
      const started = performance.now();
      await work();
      return performance.now() - started;
    };
    const known = await time(() => verifyPasswordOrDummy(stored, 'forkert-kode'));
    const unknown = await time(() => verifyPasswordOrDummy(undefined, 'forkert-kode'));
    expect(await verifyPasswordOrDummy(undefined, 'rigtig-kode-123')).toBe(false);
    expect(await verifyPasswordOrDummy(stored, 'rigtig-kode-123')).toBe(true);
    // Both run one argon2 verification of the same cost: neither is a fraction of the other.
    expect(unknown).toBeGreaterThan(known / 4);
    expect(known).toBeGreaterThan(unknown / 4);
  });
});

describe('session tokens', () => {
  it('are 20 random bytes in lowercase base32 without padding', () => {
    const tokens = new Set(Array.from({ length: 200 }, generateSessionToken));
    expect(tokens.size).toBe(200);
    for (const token of tokens) expect(token).toMatch(/^[a-z2-7]{32}$/);
  });

  it('are stored as the hex SHA-256 of the token', () => {
    const token = generateSessionToken();
    expect(sessionIdFromToken(token)).toBe(createHash('sha256').update(token).digest('hex'));
    expect(sessionIdFromToken(token)).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('common passwords', () => {
  it('lists about two hundred lowercase entries long enough to pass the length rule', () => {
    expect(COMMON_PASSWORDS.size).toBeGreaterThanOrEqual(200);
    for (const password of COMMON_PASSWORDS) {
      expect(password).toBe(password.toLowerCase());
      expect(password.length, password).toBeGreaterThanOrEqual(6);
    }
  });

  it.each([
    '123456',
    'password',
    'qwerty',
    'kodeord',
    'hejmeddig',
    'sommer2024',
    'Sommer2024',
    'QWERTY',
    'KØBENHAVN',
  ])('refuses %s in any case', (password) => {
    expect(isCommonPassword(password)).toBe(true);
  });

  it('lets an uncommon password through', () => {
    expect(isCommonPassword('Tømrer-kode-2024!')).toBe(false);
  });
});

describe('RateLimiter', () => {
  it('allows the limit within a window, then says how long to wait, then opens again', () => {
    const limiter = new RateLimiter({ limit: 3, windowMs: 60_000 });
    for (let i = 0; i < 3; i++) {
      expect(limiter.retryAfterSeconds('k', 1_000)).toBe(0);
      limiter.hit('k', 1_000);
    }
    expect(limiter.retryAfterSeconds('k', 1_000)).toBe(60);
    expect(limiter.retryAfterSeconds('k', 30_500)).toBe(31);
    expect(limiter.retryAfterSeconds('other', 30_500)).toBe(0);
    expect(limiter.retryAfterSeconds('k', 61_000)).toBe(0);
  });

  it('forgets a key on reset', () => {
    const limiter = new RateLimiter({ limit: 1, windowMs: 60_000 });
    limiter.hit('k', 0);
    expect(limiter.retryAfterSeconds('k', 0)).toBeGreaterThan(0);
    limiter.reset('k');
    expect(limiter.retryAfterSeconds('k', 0)).toBe(0);
  });

  it('keeps at most maxKeys keys, dropping ended windows first and then the oldest', () => {
    const limiter = new RateLimiter({ limit: 1, windowMs: 1_000, maxKeys: 3 });
    limiter.hit('old', 0);
    limiter.hit('a', 900);
    limiter.hit('b', 950);
    limiter.hit('c', 1_100); // 'old' has ended and is swept
    expect(limiter.retryAfterSeconds('a', 1_100)).toBeGreaterThan(0);
    limiter.hit('d', 1_200); // nothing has ended: the oldest ('a') goes
    expect(limiter.retryAfterSeconds('a', 1_200)).toBe(0);
    expect(limiter.retryAfterSeconds('d', 1_200)).toBeGreaterThan(0);
  });
});
