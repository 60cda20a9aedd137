// The auth building blocks on their own: argon2id hashing, session tokens and their SHA-256 ids,
// the common-password list, and the rate limits' windows.
import { createHash } from 'node:crypto';
import { parseOptions, verify } from '@node-rs/argon2';
import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORDS, isCommonPassword } from '../../api/auth/common-passwords';
import {
  DUMMY_HASH,
  hashPassword,
  hashToCheck,
  verifyPassword,
  verifyPasswordOrDummy,
} from '../../api/auth/password';
import { generateSessionToken, sessionIdFromToken } from '../../api/auth/sessions';
import { LimitStore, RateLimiter } from '../../api/middleware/rate-limit';

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

  it('does the same argon2 work for an unknown account as for a real one', async () => {
    const stored = await hashPassword('rigtig-kode-123');
    // The unknown account is checked against the dummy hash, which has the real hashes' parameters
    // (previous test) and is one argon2 reads and verifies: a malformed hash would throw at once.
    expect(hashToCheck(undefined)).toBe(DUMMY_HASH);
    expect(hashToCheck(stored)).toBe(stored);
    await expect(verify(DUMMY_HASH, 'forkert-kode')).resolves.toBe(false);
    expect(await verifyPasswordOrDummy(undefined, 'rigtig-kode-123')).toBe(false);
    expect(await verifyPasswordOrDummy(stored, 'rigtig-kode-123')).toBe(true);
    expect(await verifyPasswordOrDummy(stored, 'forkert-kode')).toBe(false);
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

describe('LimitStore in memory', () => {
  it('allows the limit within a window, then says how long to wait; keys and stores are separate', async () => {
    const limiter = new RateLimiter({ name: 'unit', limit: 3, windowMs: 60_000 });
    const store = new LimitStore();
    for (let i = 0; i < 3; i++) expect(await store.hit(limiter, 'k')).toBe(0);
    const wait = await store.hit(limiter, 'k');
    expect(wait).toBeGreaterThan(55);
    expect(wait).toBeLessThanOrEqual(60);
    expect(await store.retryAfterSeconds(limiter, 'k')).toBeGreaterThan(55);
    expect(await store.retryAfterSeconds(limiter, 'other')).toBe(0);
    expect(await new LimitStore().retryAfterSeconds(limiter, 'k')).toBe(0);
  });

  it('forgets a key on reset', async () => {
    const limiter = new RateLimiter({ name: 'unit', limit: 1, windowMs: 60_000 });
    const store = new LimitStore();
    await store.hit(limiter, 'k');
    expect(await store.retryAfterSeconds(limiter, 'k')).toBeGreaterThan(0);
    await store.reset(limiter, 'k');
    expect(await store.retryAfterSeconds(limiter, 'k')).toBe(0);
  });

  it('opens again when the window ends', async () => {
    const limiter = new RateLimiter({ name: 'unit', limit: 1, windowMs: 1_000 });
    const store = new LimitStore();
    await store.hit(limiter, 'k');
    expect(await store.hit(limiter, 'k')).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await store.hit(limiter, 'k')).toBe(0);
  });

  it('refuses a name Redis keys cannot carry safely', () => {
    expect(() => new RateLimiter({ name: 'Login Limit', limit: 1, windowMs: 1 })).toThrow();
  });
});
