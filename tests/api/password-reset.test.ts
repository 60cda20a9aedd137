// "Glemt password?" over HTTP on the real app: the same answer for a known and an unknown e-mail,
// a mail (outbox) with a one-hour, one-time link, the sign-up's password rules, every other session
// ended, the link stored only as its SHA-256, expired and used links named in Danish, and the limit.
import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../rules/messages';
import { outboxMails, waitForMailLink } from '../support/outbox';
import {
  type ApiHarness,
  createApiHarness,
  errorOf,
  type Owner,
  sessionCookie,
  signedIn,
} from './api-harness';

let h: ApiHarness;
let owner: Owner;

async function setUp() {
  h = await createApiHarness();
  owner = await h.createOwner('12345678', 'Hansens Tømrer ApS', 'ejer@hansen.dk', 'Gode-Brædder-7');
}

afterEach(async () => {
  await h.close();
});

const LINK = /(http:\/\/localhost:3000\/admin\/nulstil-password\?token=([a-z2-7]{32}))/;

async function askForLink(email = 'ejer@hansen.dk'): Promise<string> {
  const response = await h.send('POST', '/api/auth/password-reset', { body: { email } });
  expect(response.status).toBe(200);
  const link = await waitForMailLink(h.config.storageDir, 'ejer@hansen.dk', LINK);
  return new URL(link).searchParams.get('token') ?? '';
}

const confirm = (token: string, password: string, passwordRepeat = password) =>
  h.send('POST', '/api/auth/password-reset/confirm', { body: { token, password, passwordRepeat } });

describe('password reset', () => {
  it('answers alike for a known and an unknown e-mail, and mails only the known one', async () => {
    await setUp();
    const known = await h.send('POST', '/api/auth/password-reset', { body: { email: 'EJER@hansen.dk' } });
    const unknown = await h.send('POST', '/api/auth/password-reset', { body: { email: 'ingen@hansen.dk' } });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    const body = await known.json();
    expect(body).toEqual({ message: MESSAGES.passwordResetSent });
    expect(await unknown.json()).toEqual(body);
    await waitForMailLink(h.config.storageDir, 'ejer@hansen.dk', LINK);
    const mails = outboxMails(h.config.storageDir);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('Subject: Nulstil dit password til Mesterside');
    expect(mails[0]).toContain('Linket virker i en time');
  });

  it('sets the new password through the link, ends every other session and signs in', async () => {
    await setUp();
    const otherDevice = await h.login('ejer@hansen.dk', 'Gode-Brædder-7');
    const token = await askForLink();
    // Only the token's SHA-256 is stored.
    const rows = await h.db.selectFrom('accountTokens').selectAll().execute();
    expect(rows.map((row) => row.id)).toEqual([createHash('sha256').update(token).digest('hex')]);
    expect(new Date(rows[0]?.expiresAt ?? '').getTime() - h.now().getTime()).toBe(60 * 60 * 1000);

    const check = await h.send('POST', '/api/auth/password-reset/check', { body: { token } });
    expect(await check.json()).toEqual({ state: 'valid', message: null });

    expect(await errorOf(await confirm(token, 'kort'))).toMatchObject({ message: MESSAGES.passwordTooShort });
    expect(await errorOf(await confirm(token, 'Nye-Brædder-8', 'Nye-Brædder-9'))).toMatchObject({
      message: MESSAGES.passwordsDoNotMatch,
    });
    const done = await confirm(token, 'Nye-Brædder-8');
    expect(done.status).toBe(200);
    expect(await done.json()).toMatchObject({ email: 'ejer@hansen.dk', companyName: 'Hansens Tømrer ApS' });
    const cookie = sessionCookie(done) ?? '';
    expect(await signedIn(h.send('GET', '/api/auth/session', { cookie }))).toBe(true);
    expect(await signedIn(h.send('GET', '/api/auth/session', { cookie: otherDevice }))).toBe(false);

    expect(
      (await h.send('POST', '/api/auth/login', { body: { email: owner.email, password: owner.password } }))
        .status,
    ).toBe(401);
    expect(
      (await h.send('POST', '/api/auth/login', { body: { email: owner.email, password: 'Nye-Brædder-8' } }))
        .status,
    ).toBe(200);

    // Used: says so, and changes nothing.
    const again = await confirm(token, 'Tredje-Brædder-9');
    expect(again.status).toBe(400);
    expect((await errorOf(again)).message).toBe(MESSAGES.resetLinkUsed);
    const used = await h.send('POST', '/api/auth/password-reset/check', { body: { token } });
    expect(await used.json()).toEqual({ state: 'used', message: MESSAGES.resetLinkUsed });
  });

  it('says a link older than an hour has expired, and a made-up one is not valid', async () => {
    await setUp();
    const token = await askForLink();
    h.advance(60 * 60 * 1000);
    const expired = await confirm(token, 'Nye-Brædder-8');
    expect((await errorOf(expired)).message).toBe(MESSAGES.resetLinkExpired);
    expect((await errorOf(await confirm('a'.repeat(32), 'Nye-Brædder-8'))).message).toBe(
      MESSAGES.resetLinkInvalid,
    );
    expect((await errorOf(await confirm('../../etc', 'Nye-Brædder-8'))).message).toBe(
      MESSAGES.resetLinkInvalid,
    );
    expect(
      (await h.send('POST', '/api/auth/login', { body: { email: owner.email, password: owner.password } }))
        .status,
    ).toBe(200);
  });

  it('a new password voids the older links', async () => {
    await setUp();
    const first = await askForLink();
    const response = await h.send('POST', '/api/auth/password-reset', { body: { email: 'ejer@hansen.dk' } });
    expect(response.status).toBe(200);
    let second = first;
    for (let waited = 0; second === first && waited < 200; waited++) {
      const links = outboxMails(h.config.storageDir).map((mail) => LINK.exec(mail)?.[2] ?? '');
      second = links.find((token) => token !== first) ?? first;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(second).not.toBe(first);
    expect((await confirm(second, 'Nye-Brædder-8')).status).toBe(200);
    expect((await errorOf(await confirm(first, 'Andre-Brædder-9'))).message).toBe(MESSAGES.resetLinkUsed);
  });

  it('refuses an invalid e-mail before counting, and sends at most 3 links an hour to one address', async () => {
    await setUp();
    const missing = await h.send('POST', '/api/auth/password-reset', { body: {} });
    expect((await errorOf(missing)).message).toBe(MESSAGES.emailRequired);
    for (let i = 0; i < 5; i++) {
      expect(
        (await h.send('POST', '/api/auth/password-reset', { body: { email: 'ikke-en-email' } })).status,
      ).toBe(400);
    }
    for (let i = 0; i < 3; i++) {
      expect(
        (await h.send('POST', '/api/auth/password-reset', { body: { email: 'ejer@hansen.dk' } })).status,
      ).toBe(200);
    }
    const refused = await h.send('POST', '/api/auth/password-reset', { body: { email: 'ejer@hansen.dk' } });
    expect(refused.status).toBe(429);
    expect((await errorOf(refused)).message).toBe(MESSAGES.tooManyRequests);
  });
});
