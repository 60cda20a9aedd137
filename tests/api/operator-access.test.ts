// Issue 23 item 2 over HTTP on the real app, on SQLite and PostgreSQL: an owner who signs up with an
// operator's address — upper-case, or spelled with a look-alike that folds into it (KELVIN SIGN
// U+212A) — does not get the operator view; only an owner who proved they read the address (the
// verification link, confirmed in their own session) does. Addresses are one account in any spelling.
import { afterEach, expect, it } from 'vitest';
import { MESSAGES } from '../../rules/messages';
import { describeWithDialects } from '../support/databases';
import { outboxMails, waitForMailLink } from '../support/outbox';
import { type ApiHarness, createApiHarness, errorOf } from './api-harness';

let h: ApiHarness;

afterEach(async () => {
  await h?.close();
});

const KELVIN = '\u212A';
const VERIFY_LINK = /http:\/\/localhost:3000\/admin\/bekraeft-din-email\?token=([a-z2-7]{32})/;

/** Owners who have not clicked the confirmation link (the harness's owners have, by default). */
const UNCONFIRMED = { confirmed: false };

describeWithDialects('operator view needs a verified address (issue 23)', (dialect) => {
  async function setUp() {
    // The configured list is normalised too: a look-alike or upper case there means the same address.
    h = await createApiHarness(
      { OPERATOR_EMAILS: `${KELVIN}ontakt@Mesterside.dk, DRIFT@mesterside.dk` },
      { dialect },
    );
  }

  const operatorStatus = async (cookie: string) => (await h.send('GET', '/api/operator', { cookie })).status;

  it('refuses sign-ups with a Kelvin-sign or upper-case operator address, and one spelling is one account', async () => {
    await setUp();
    const kelvin = await h.createOwner(
      '11111111',
      'Kelvin ApS',
      `${KELVIN}ONTAKT@mesterside.dk`,
      'Gode-Brædder-7',
      UNCONFIRMED,
    );
    const upper = await h.createOwner(
      '22222222',
      'Stor ApS',
      'DRIFT@MESTERSIDE.DK',
      'Gode-Brædder-7',
      UNCONFIRMED,
    );
    for (const owner of [kelvin, upper]) {
      const cookie = await h.signIn(owner.email);
      expect(await operatorStatus(cookie)).toBe(404);
      const dashboard = await h.send('GET', '/api/dashboard', { cookie });
      expect((await dashboard.json()).operator).toBe(false);
    }
    // Stored in the normal form: the plain spelling logs in to the same account, and signs up no other.
    expect(
      (
        await h.send('POST', '/api/auth/login', {
          body: { email: 'kontakt@mesterside.dk', password: 'Gode-Brædder-7' },
        })
      ).status,
    ).toBe(200);
    const users = await h.db.selectFrom('users').select('email').orderBy('email').execute();
    expect(users.map((user) => user.email)).toEqual(['drift@mesterside.dk', 'kontakt@mesterside.dk']);
    await expect(h.createOwner('33333333', 'Tredje ApS', 'kontakt@mesterside.dk')).rejects.toThrow(
      MESSAGES.emailTakenAuth,
    );
  });

  it('opens the operator view once the owner confirms the verification link in their own session', async () => {
    await setUp();
    const owner = await h.createOwner(
      '11111111',
      'Drift ApS',
      'drift@mesterside.dk',
      'Gode-Brædder-7',
      UNCONFIRMED,
    );
    const other = await h.createOwner('22222222', 'Andersens VVS', 'ejer@andersen.dk', 'Gode-Rør-77');
    const cookie = await h.signIn(owner.email);
    expect(await (await h.send('GET', '/api/account', { cookie })).json()).toEqual({
      email: 'drift@mesterside.dk',
      emailVerified: false,
    });
    expect(await operatorStatus(cookie)).toBe(404);

    const asked = await h.send('POST', '/api/account/email/verification', { cookie });
    expect(asked.status).toBe(200);
    expect(await asked.json()).toEqual({ message: MESSAGES.emailVerifySent });
    const token = await waitForMailLink(h.config.storageDir, 'drift@mesterside.dk', VERIFY_LINK);
    expect(outboxMails(h.config.storageDir).at(-1)).toContain(
      'Bekræft, at drift@mesterside.dk er din e-mail til Mesterside, her:',
    );

    // The link alone, or in another owner's session, verifies nothing.
    expect((await h.send('POST', '/api/account/email/verify', { body: { token } })).status).toBe(401);
    const strangerCookie = await h.signIn(other.email);
    const foreign = await h.send('POST', '/api/account/email/verify', {
      cookie: strangerCookie,
      body: { token },
    });
    expect((await errorOf(foreign)).message).toBe(MESSAGES.emailLinkInvalid);
    expect(await operatorStatus(cookie)).toBe(404);

    const verified = await h.send('POST', '/api/account/email/verify', { cookie, body: { token } });
    expect(verified.status).toBe(200);
    expect(await verified.json()).toEqual({ message: MESSAGES.emailVerified });
    expect(await operatorStatus(cookie)).toBe(200);
    expect((await (await h.send('GET', '/api/dashboard', { cookie })).json()).operator).toBe(true);
    expect(await operatorStatus(strangerCookie)).toBe(404);
    const again = await h.send('POST', '/api/account/email/verify', { cookie, body: { token } });
    expect((await errorOf(again)).message).toBe(MESSAGES.emailLinkUsed);
  });

  it('a completed password reset verifies the address; moving to an operator address needs its own proof', async () => {
    await setUp();
    const owner = await h.createOwner(
      '11111111',
      'Drift ApS',
      'drift@mesterside.dk',
      'Gode-Brædder-7',
      UNCONFIRMED,
    );
    await h.send('POST', '/api/auth/password-reset', { body: { email: owner.email } });
    const token = await waitForMailLink(
      h.config.storageDir,
      owner.email,
      /http:\/\/localhost:3000\/admin\/nulstil-password\?token=([a-z2-7]{32})/,
    );
    const reset = await h.send('POST', '/api/auth/password-reset/confirm', {
      body: { token, password: 'Nye-Brædder-8', passwordRepeat: 'Nye-Brædder-8' },
    });
    expect(reset.status).toBe(200);
    const cookie = /(mesterside_session=[^;]*)/.exec(reset.headers.get('set-cookie') ?? '')?.[1] ?? '';
    expect(await operatorStatus(cookie)).toBe(200);

    // An ordinary owner moving their login to the other operator address is verified by the move
    // itself (the link went to that mailbox), and only once they confirm it.
    const plain = await h.createOwner('22222222', 'Ejer ApS', 'ejer@firma.dk', 'Gode-Brædder-7', UNCONFIRMED);
    const plainCookie = await h.signIn(plain.email);
    await h.send('POST', '/api/account/email', {
      cookie: plainCookie,
      body: { email: `${KELVIN}ontakt@mesterside.dk`, currentPassword: plain.password },
    });
    const link = await waitForMailLink(
      h.config.storageDir,
      'kontakt@mesterside.dk',
      /http:\/\/localhost:3000\/admin\/bekraeft-email\?token=([a-z2-7]{32})/,
    );
    expect(await operatorStatus(plainCookie)).toBe(404);
    const moved = await h.send('POST', '/api/account/email/confirm', {
      cookie: plainCookie,
      body: { token: link },
    });
    expect(await moved.json()).toMatchObject({ email: 'kontakt@mesterside.dk' });
    expect(await operatorStatus(plainCookie)).toBe(200);
  });
});
