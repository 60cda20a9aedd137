// createOwnerAccount, as onboarding will call it: the spec's validation messages, the common-password
// refusal, one account per e-mail in any case, and only an argon2id hash stored.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createOwnerAccount } from '../../api/auth/accounts';
import { verifyPassword } from '../../api/auth/password';
import { findUserByEmail } from '../../db';
import { AppError } from '../../lib/errors';
import { MESSAGES } from '../../rules/messages';
import { createTestDatabase } from '../support/databases';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
const NOW = new Date('2026-03-02T10:00:00.000Z');

beforeEach(async () => {
  database = await createTestDatabase('sqlite');
});
afterEach(async () => {
  await database.drop();
});

async function refusal(input: unknown): Promise<AppError> {
  const error = await createOwnerAccount(database.db, input as never, NOW).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('createOwnerAccount', () => {
  it('creates an account with a lowercased e-mail and an argon2id hash of the password', async () => {
    const user = await createOwnerAccount(
      database.db,
      { email: ' Anna@Tømrer.DK ', password: 'Gode-Brædder-7' },
      NOW,
    );
    expect(user.email).toBe('anna@tømrer.dk');
    expect(user.createdAt).toBe(NOW.toISOString());
    expect(user.passwordHash).toMatch(/^\$argon2id\$/);
    expect(user.passwordHash).not.toContain('Gode-Brædder-7');
    expect(await verifyPassword(user.passwordHash, 'Gode-Brædder-7')).toBe(true);
  });

  it.each([
    [{}, MESSAGES.emailAndPasswordRequired],
    [{ email: 'anna@firma.dk' }, MESSAGES.emailAndPasswordRequired],
    [{ password: 'Gode-Brædder-7' }, MESSAGES.emailAndPasswordRequired],
    [{ email: '   ', password: 'Gode-Brædder-7' }, MESSAGES.emailAndPasswordRequired],
    [{ email: 'anna@firma.dk', password: '' }, MESSAGES.emailAndPasswordRequired],
    [{ email: 'ikke-en-email', password: '' }, MESSAGES.emailAndPasswordRequired],
    [{ email: 'ikke-en-email', password: 'Gode-Brædder-7' }, MESSAGES.invalidEmail],
    [{ email: 'anna@firma', password: 'Gode-Brædder-7' }, MESSAGES.invalidEmail],
    [{ email: 'anna@firma.dk', password: '12345' }, 'Password skal være mindst 6 tegn'],
    [{ email: 'anna@firma.dk', password: 'x'.repeat(257) }, 'Adgangskoden må højst være 256 tegn'],
    [{ email: 42, password: 'Gode-Brædder-7' }, MESSAGES.invalidInput],
  ])('refuses %j: %s', async (input, message) => {
    const error = await refusal(input);
    expect(error.code).toBe('invalid_input');
    expect(error.message).toBe(message);
  });

  it.each(['123456', 'password', 'qwerty', 'Sommer2024', 'KODEORD', 'hejmeddig'])(
    'refuses the common password %s',
    async (password) => {
      const error = await refusal({ email: 'anna@firma.dk', password });
      expect(error.message).toBe('Vælg en adgangskode, der er sværere at gætte');
      expect(await findUserByEmail(database.db, 'anna@firma.dk')).toBeUndefined();
    },
  );

  it('refuses an e-mail already in use, in any case', async () => {
    await createOwnerAccount(database.db, { email: 'anna@firma.dk', password: 'Gode-Brædder-7' }, NOW);
    const error = await refusal({ email: 'ANNA@Firma.dk', password: 'Andet-Password-9' });
    expect(error.code).toBe('conflict');
    expect(error.message).toBe('Denne email er allerede registreret');
  });

  it('runs inside a caller transaction and rolls back with it', async () => {
    await database.db
      .transaction()
      .execute(async (trx) => {
        await createOwnerAccount(trx, { email: 'anna@firma.dk', password: 'Gode-Brædder-7' }, NOW);
        throw new Error('company creation failed');
      })
      .catch(() => {});
    expect(await findUserByEmail(database.db, 'anna@firma.dk')).toBeUndefined();
  });
});
