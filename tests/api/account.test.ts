// The owner's own login over HTTP on the real app: change the password (current one required,
// other sessions end, this one stays) and change the login e-mail through a link mailed to the new
// address, confirmed by the signed-in owner with a POST (the company's companyEmail follows, the old
// address is told; used, made-up and other accounts' links are named in Danish).
import { afterEach, describe, expect, it } from 'vitest';
import { findCompanyByCvr } from '../../db';
import { ACCOUNT_MESSAGES } from '../../rules/account-messages';
import { MESSAGES } from '../../rules/messages';
import { outboxMails, waitForMailLink } from '../support/outbox';
import { type ApiHarness, createApiHarness, errorOf, signedIn } from './api-harness';

let h: ApiHarness;

async function setUp() {
  h = await createApiHarness();
  await h.createOwner('12345678', 'Hansens Tømrer ApS', 'ejer@hansen.dk', 'Gode-Brædder-7');
  await h.createOwner('87654321', 'Andersens VVS', 'ejer@andersen.dk', 'Gode-Rør-77');
}

afterEach(async () => {
  await h.close();
});

const changePassword = (cookie: string, body: Record<string, string>) =>
  h.send('PUT', '/api/account/password', { cookie, body });

describe('PUT /api/account/password', () => {
  it('needs the current password, follows the sign-up rules, and ends the other sessions only', async () => {
    await setUp();
    const here = await h.login('ejer@hansen.dk', 'Gode-Brædder-7');
    const phone = await h.login('ejer@hansen.dk', 'Gode-Brædder-7');

    const wrong = await changePassword(here, {
      currentPassword: 'forkert',
      password: 'Nye-Brædder-8',
      passwordRepeat: 'Nye-Brædder-8',
    });
    expect(wrong.status).toBe(400);
    expect((await errorOf(wrong)).message).toBe(MESSAGES.currentPasswordWrong);
    const short = await changePassword(here, {
      currentPassword: 'Gode-Brædder-7',
      password: 'kort',
      passwordRepeat: 'kort',
    });
    expect((await errorOf(short)).message).toBe(MESSAGES.passwordTooShort);
    const mismatch = await changePassword(here, {
      currentPassword: 'Gode-Brædder-7',
      password: 'Nye-Brædder-8',
      passwordRepeat: 'Nye-Brædder-9',
    });
    expect((await errorOf(mismatch)).message).toBe(MESSAGES.passwordsDoNotMatch);

    const done = await changePassword(here, {
      currentPassword: 'Gode-Brædder-7',
      password: 'Nye-Brædder-8',
      passwordRepeat: 'Nye-Brædder-8',
    });
    expect(done.status).toBe(200);
    expect(await done.json()).toEqual({ message: MESSAGES.passwordChanged });
    expect(await signedIn(h.send('GET', '/api/auth/session', { cookie: here }))).toBe(true);
    expect(await signedIn(h.send('GET', '/api/auth/session', { cookie: phone }))).toBe(false);
    await h.login('ejer@hansen.dk', 'Nye-Brædder-8');
  });

  it('stops guessing the current password after 5 wrong tries', async () => {
    await setUp();
    const cookie = await h.login('ejer@hansen.dk', 'Gode-Brædder-7');
    const body = (currentPassword: string) => ({
      currentPassword,
      password: 'Nye-Brædder-8',
      passwordRepeat: 'Nye-Brædder-8',
    });
    for (let i = 0; i < 5; i++) expect((await changePassword(cookie, body(`gæt-${i}`))).status).toBe(400);
    expect((await changePassword(cookie, body('Gode-Brædder-7'))).status).toBe(429);
  });
});

describe('changing the login e-mail', () => {
  const LINK = /(http:\/\/localhost:3000\/admin\/bekraeft-email\?token=[a-z2-7]{32})/;

  it('mails a link to the new address; the signed-in owner confirming it moves the login and the company', async () => {
    await setUp();
    const cookie = await h.login('ejer@hansen.dk', 'Gode-Brædder-7');
    const taken = await h.send('POST', '/api/account/email', {
      cookie,
      body: { email: 'EJER@andersen.dk', currentPassword: 'Gode-Brædder-7' },
    });
    expect(taken.status).toBe(409);
    expect((await errorOf(taken)).message).toBe(MESSAGES.emailTakenAuth);
    const same = await h.send('POST', '/api/account/email', {
      cookie,
      body: { email: 'ejer@hansen.dk', currentPassword: 'Gode-Brædder-7' },
    });
    expect((await errorOf(same)).message).toBe(MESSAGES.emailUnchanged);

    const asked = await h.send('POST', '/api/account/email', {
      cookie,
      body: { email: 'Mester@Hansen-Tomrer.dk', currentPassword: 'Gode-Brædder-7' },
    });
    expect(asked.status).toBe(200);
    expect(await asked.json()).toEqual({ message: ACCOUNT_MESSAGES.emailChangeSent });
    // Nothing changes before the link is opened.
    await h.login('ejer@hansen.dk', 'Gode-Brædder-7');
    const link = await waitForMailLink(h.config.storageDir, 'mester@hansen-tomrer.dk', LINK);
    expect(outboxMails(h.config.storageDir)[0]).toContain('Bekræft den nye e-mail her:');

    const token = new URL(link).searchParams.get('token') ?? '';
    // Opening the link is not enough: nobody signed in, or another owner signed in, changes nothing.
    const anonymous = await h.send('POST', '/api/account/email/confirm', { body: { token } });
    expect(anonymous.status).toBe(401);
    const stranger = await h.login('ejer@andersen.dk', 'Gode-Rør-77');
    const foreign = await h.send('POST', '/api/account/email/confirm', { cookie: stranger, body: { token } });
    expect((await errorOf(foreign)).message).toBe(MESSAGES.emailLinkInvalid);
    // Nor can another site make the owner's browser confirm it (the API's origin check).
    const crossSite = await h.send('POST', '/api/account/email/confirm', {
      cookie,
      body: { token },
      headers: { Origin: 'https://evil.example' },
    });
    expect(crossSite.status).toBe(403);
    expect((await findCompanyByCvr(h.db, '12345678'))?.companyEmail).toBe('ejer@hansen.dk');

    const confirmed = await h.send('POST', '/api/account/email/confirm', { cookie, body: { token } });
    expect(confirmed.status).toBe(200);
    expect(await confirmed.json()).toEqual({
      email: 'mester@hansen-tomrer.dk',
      message: ACCOUNT_MESSAGES.emailChanged,
    });
    expect((await findCompanyByCvr(h.db, '12345678'))?.companyEmail).toBe('mester@hansen-tomrer.dk');
    // The session lives on and still finds the company; the login uses the new address.
    const session = await h.send('GET', '/api/auth/session', { cookie });
    expect(await session.json()).toMatchObject({
      email: 'mester@hansen-tomrer.dk',
      companyName: 'Hansens Tømrer ApS',
    });
    await h.login('mester@hansen-tomrer.dk', 'Gode-Brædder-7');
    expect(
      (
        await h.send('POST', '/api/auth/login', {
          body: { email: 'ejer@hansen.dk', password: 'Gode-Brædder-7' },
        })
      ).status,
    ).toBe(401);

    // The old address is told, with where to turn if it was not the owner.
    const notice = await waitForMailLink(
      h.config.storageDir,
      'ejer@hansen.dk',
      /(Login-e-mailen til din Mesterside-konto er netop ændret[^\n]*)/,
    );
    expect(notice).toContain('mester@hansen-tomrer.dk');
    const noticeMail = outboxMails(h.config.storageDir).find((mail) => mail.includes(notice)) ?? '';
    expect(noticeMail.toLowerCase()).toContain('to: ejer@hansen.dk');
    expect(noticeMail).toContain(`Var det ikke dig, så skriv straks til ${h.config.contactTo}`);

    const again = await h.send('POST', '/api/account/email/confirm', { cookie, body: { token } });
    expect((await errorOf(again)).message).toBe(MESSAGES.emailLinkUsed);
    const madeUp = await h.send('POST', '/api/account/email/confirm', {
      cookie,
      body: { token: 'b'.repeat(32) },
    });
    expect((await errorOf(madeUp)).message).toBe(MESSAGES.emailLinkInvalid);
  });

  it('needs the current password', async () => {
    await setUp();
    const cookie = await h.login('ejer@hansen.dk', 'Gode-Brædder-7');
    const response = await h.send('POST', '/api/account/email', {
      cookie,
      body: { email: 'ny@hansen.dk', currentPassword: 'forkert' },
    });
    expect((await errorOf(response)).message).toBe(MESSAGES.currentPasswordWrong);
    expect(outboxMails(h.config.storageDir)).toHaveLength(0);
  });
});
