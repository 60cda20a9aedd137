// /api/auth over HTTP on the real app: login right, wrong and unknown, e-mail case, cookie attributes
// on localhost and on a public host, the session guard, expiry and sliding renewal with the injected
// clock, logout, only the token's SHA-256 in the database, and the login rate limits.
import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { SESSION_DURATION_MS } from '../../api/auth/sessions';
import { MESSAGES } from '../../rules/messages';
import { DAY_MS } from '../../rules/trial';
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

async function setUp(env: Record<string, string> = {}) {
  h = await createApiHarness(env);
  owner = await h.createOwner('12345678', 'Hansens Tømrer ApS', 'ejer@hansen.dk', 'Gode-Brædder-7');
}

afterEach(async () => {
  await h.close();
});

const login = (email: string, password: string, options: { env?: unknown } = {}) =>
  h.send('POST', '/api/auth/login', { body: { email, password }, ...options });

describe('POST /api/auth/login', () => {
  it('signs in: the session info and an HttpOnly, SameSite=Lax cookie without Secure on localhost', async () => {
    await setUp();
    const response = await login('ejer@hansen.dk', 'Gode-Brædder-7');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      email: 'ejer@hansen.dk',
      companyName: 'Hansens Tømrer ApS',
      siteUrl: `http://${owner.company.subdomain}.localhost:3000/`,
    });
    const cookie = response.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^mesterside_session=[a-z2-7]{32};/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).toContain('Path=/');
    expect(cookie).not.toContain('Secure');
    expect(cookie).toContain(`Expires=${new Date(h.now().getTime() + SESSION_DURATION_MS).toUTCString()}`);
  });

  it('sets a Secure cookie when the product runs on a public host, and names the custom domain', async () => {
    await setUp({ PUBLIC_HOST: 'mesterside.dk', DNS_A_RECORD: '203.0.113.10' });
    const response = await login('ejer@hansen.dk', 'Gode-Brædder-7');
    expect(response.status).toBe(200);
    expect(response.headers.get('set-cookie')).toMatch(/; Secure/);
    expect(((await response.json()) as { siteUrl: string }).siteUrl).toBe(
      `https://${owner.company.subdomain}.mesterside.dk/`,
    );
    await h.db
      .updateTable('companies')
      .set({ customDomain: 'www.hansen-tomrer.dk', customDomainVerifiedAt: h.now().toISOString() })
      .execute();
    const again = await login('ejer@hansen.dk', 'Gode-Brædder-7');
    expect(((await again.json()) as { siteUrl: string }).siteUrl).toBe('https://www.hansen-tomrer.dk/');
  });

  it('accepts the e-mail in any case and with spaces around it', async () => {
    await setUp();
    const response = await login('  EJER@Hansen.DK ', 'Gode-Brædder-7');
    expect(response.status).toBe(200);
    expect(((await response.json()) as { email: string }).email).toBe('ejer@hansen.dk');
  });

  it('answers a wrong password and an unknown e-mail with the same 401 and no cookie', async () => {
    await setUp();
    const wrong = await login('ejer@hansen.dk', 'Forkerte-Brædder-7');
    const unknown = await login('ingen@hansen.dk', 'Gode-Brædder-7');
    for (const response of [wrong, unknown]) {
      expect(response.status).toBe(401);
      expect(response.headers.get('set-cookie')).toBeNull();
      expect(await response.json()).toEqual({
        error: { code: 'unauthorized', message: 'Forkert email eller password' },
      });
    }
    expect(await h.db.selectFrom('sessions').selectAll().execute()).toEqual([]);
  });

  it.each([
    [{}, MESSAGES.loginFieldsRequired],
    [{ email: 'ejer@hansen.dk' }, MESSAGES.loginFieldsRequired],
    [{ password: 'Gode-Brædder-7' }, MESSAGES.loginFieldsRequired],
    [{ email: '', password: '' }, MESSAGES.loginFieldsRequired],
    [{ email: 'ejer-hansen.dk', password: 'Gode-Brædder-7' }, MESSAGES.invalidEmail],
    [{ email: ['ejer@hansen.dk'], password: 'Gode-Brædder-7' }, MESSAGES.invalidInput],
    [{ email: 'ejer@hansen.dk', password: 123456 }, MESSAGES.invalidInput],
    [[], MESSAGES.invalidInput],
    ['"ejer@hansen.dk"', MESSAGES.invalidInput],
    ['{"email": ', MESSAGES.invalidInput],
  ])('refuses the body %j with 400: %s', async (body, message) => {
    await setUp();
    const response = await h.send('POST', '/api/auth/login', { body });
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toEqual({ code: 'invalid_input', message });
  });

  it('refuses a login for an account without a company, without starting a session', async () => {
    await setUp();
    await h.db.updateTable('companies').set({ companyEmail: null }).execute();
    const response = await login('ejer@hansen.dk', 'Gode-Brædder-7');
    expect(response.status).toBe(404);
    expect((await errorOf(response)).message).toBe('Kunne ikke hente firma information');
    expect(await h.db.selectFrom('sessions').selectAll().execute()).toEqual([]);
  });

  it('stores only the SHA-256 of the token, never the token itself', async () => {
    await setUp();
    const cookie = await h.login(owner.email, owner.password);
    const token = cookie.split('=')[1] ?? '';
    const rows = await h.db.selectFrom('sessions').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.id).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(token);
  });
});

describe('sessions', () => {
  it('GET /api/auth/session answers who is signed in, or signed out (200: a state, not an error)', async () => {
    await setUp();
    const cookie = await h.login(owner.email, owner.password);
    const response = await h.send('GET', '/api/auth/session', { cookie });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      signedIn: true,
      email: 'ejer@hansen.dk',
      companyName: 'Hansens Tømrer ApS',
      siteUrl: `http://${owner.company.subdomain}.localhost:3000/`,
    });

    // Signed out is no failure: a browser logs a 401 as a console error on every signed-out /admin.
    const anonymous = await h.send('GET', '/api/auth/session');
    expect(anonymous.status).toBe(200);
    expect(await anonymous.json()).toEqual({ signedIn: false });

    for (const bad of ['mesterside_session=abc', `mesterside_session=${'a'.repeat(32)}`]) {
      const response = await h.send('GET', '/api/auth/session', { cookie: bad });
      expect(await response.clone().json()).toEqual({ signedIn: false });
      // A cookie that opens nothing is cleared.
      expect(response.headers.get('set-cookie')).toMatch(/^mesterside_session=;.*Max-Age=0/);
    }
  });

  it('expires after 30 days without use, and the expired row is deleted', async () => {
    await setUp();
    const cookie = await h.login(owner.email, owner.password);
    h.advance(30 * DAY_MS - 1000);
    // Used in its last 15 days, a session slides; look at it without using it instead.
    const rows = await h.db.selectFrom('sessions').selectAll().execute();
    expect(rows).toHaveLength(1);
    h.advance(1000);
    expect(await signedIn(h.send('GET', '/api/auth/session', { cookie }))).toBe(false);
    expect(await h.db.selectFrom('sessions').selectAll().execute()).toEqual([]);
  });

  it('slides: used with less than 15 days left, it gets 30 days again and a fresh cookie', async () => {
    await setUp();
    const cookie = await h.login(owner.email, owner.password);
    const loggedInAt = h.now().getTime();

    h.advance(10 * DAY_MS);
    const early = await h.send('GET', '/api/auth/session', { cookie });
    expect(early.status).toBe(200);
    expect(early.headers.get('set-cookie')).toBeNull();
    const [unchanged] = await h.db.selectFrom('sessions').select('expiresAt').execute();
    expect(unchanged?.expiresAt).toBe(new Date(loggedInAt + 30 * DAY_MS).toISOString());

    h.advance(6 * DAY_MS); // 14 days left
    const late = await h.send('GET', '/api/auth/session', { cookie });
    expect(late.status).toBe(200);
    const renewedUntil = new Date(h.now().getTime() + 30 * DAY_MS);
    expect(late.headers.get('set-cookie')).toContain(`Expires=${renewedUntil.toUTCString()}`);
    expect(sessionCookie(late)).toBe(cookie);
    const [renewed] = await h.db.selectFrom('sessions').select('expiresAt').execute();
    expect(renewed?.expiresAt).toBe(renewedUntil.toISOString());

    // Past the original 30 days the renewed session still works.
    h.advance(20 * DAY_MS);
    expect((await h.send('GET', '/api/company', { cookie })).status).toBe(200);
  });

  it('POST /api/auth/logout ends the session and clears the cookie; the old cookie opens nothing', async () => {
    await setUp();
    const cookie = await h.login(owner.email, owner.password);
    const other = await h.login(owner.email, owner.password);
    const response = await h.send('POST', '/api/auth/logout', { cookie });
    expect(response.status).toBe(204);
    const cleared = response.headers.get('set-cookie') ?? '';
    expect(cleared).toMatch(/^mesterside_session=;/);
    expect(cleared).toContain('Max-Age=0');
    expect(cleared).toContain('HttpOnly');
    expect(await signedIn(h.send('GET', '/api/auth/session', { cookie }))).toBe(false);
    expect((await h.send('GET', '/api/company', { cookie })).status).toBe(401);
    // Another device's session is its own.
    expect(await signedIn(h.send('GET', '/api/auth/session', { cookie: other }))).toBe(true);
    // Logging out without a session is harmless.
    expect((await h.send('POST', '/api/auth/logout')).status).toBe(204);
  });
});

describe('login rate limits', () => {
  const from = (address: string) => ({ env: { incoming: { socket: { remoteAddress: address } } } });

  it('refuses the 6th attempt after 5 failures for one e-mail from one client, with 429 and Retry-After', async () => {
    await setUp();
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect((await login('Ejer@hansen.dk', `forkert-${attempt}`, from('203.0.113.7'))).status).toBe(401);
    }
    const sixth = await login('ejer@hansen.dk', 'Gode-Brædder-7', from('203.0.113.7'));
    expect(sixth.status).toBe(429);
    expect(await errorOf(sixth)).toEqual({
      code: 'rate_limited',
      message: 'For mange forsøg. Vent lidt, og prøv igen.',
    });
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(14 * 60);
    expect(Number(sixth.headers.get('retry-after'))).toBeLessThanOrEqual(15 * 60);
    expect(sixth.headers.get('set-cookie')).toBeNull();

    // Other e-mails from that client are not affected, and the owner on their own device is not
    // locked out by someone guessing elsewhere.
    expect((await login('ingen@hansen.dk', 'forkert', from('203.0.113.7'))).status).toBe(401);
    expect((await login('ejer@hansen.dk', 'Gode-Brædder-7', from('198.51.100.20'))).status).toBe(200);
  });

  it('a malformed login is refused before it counts', async () => {
    await setUp();
    for (let attempt = 1; attempt <= 30; attempt++) {
      const response = await h.send('POST', '/api/auth/login', {
        body: { email: 'ejer' },
        ...from('203.0.113.7'),
      });
      expect(response.status).toBe(400);
    }
    expect((await login('ejer@hansen.dk', 'Gode-Brædder-7', from('203.0.113.7'))).status).toBe(200);
  });

  it('a successful login forgets earlier failures', async () => {
    await setUp();
    for (let attempt = 1; attempt <= 4; attempt++) await login('ejer@hansen.dk', 'forkert');
    expect((await login('ejer@hansen.dk', 'Gode-Brædder-7')).status).toBe(200);
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect((await login('ejer@hansen.dk', 'forkert')).status).toBe(401);
    }
    expect((await login('ejer@hansen.dk', 'forkert')).status).toBe(429);
  });

  it('limits every login attempt from one client to 20 per 15 minutes, and ignores a forged X-Forwarded-For', async () => {
    await setUp();
    for (let attempt = 1; attempt <= 20; attempt++) {
      const response = await login(`person-${attempt}@hansen.dk`, 'forkert', from('203.0.113.7'));
      expect(response.status).toBe(401);
    }
    const blocked = await login('ejer@hansen.dk', 'Gode-Brædder-7', from('203.0.113.7'));
    expect(blocked.status).toBe(429);
    expect((await errorOf(blocked)).message).toBe(MESSAGES.tooManyRequests);
    // Without TRUST_PROXY, X-Forwarded-For is not believed.
    const spoofed = await h.send('POST', '/api/auth/login', {
      body: { email: 'ejer@hansen.dk', password: 'Gode-Brædder-7' },
      headers: { 'X-Forwarded-For': '198.51.100.1' },
      ...from('203.0.113.7'),
    });
    expect(spoofed.status).toBe(429);
    // Another address is fine.
    expect((await login('ejer@hansen.dk', 'Gode-Brædder-7', from('203.0.113.8'))).status).toBe(200);
  });

  it('counts an IPv6 client by its /64: a new address from the same prefix gets no fresh limit', async () => {
    await setUp();
    // One subscriber's /64 holds 2^64 addresses; each attempt from another one of them.
    for (let attempt = 1; attempt <= 20; attempt++) {
      const response = await login(
        `person-${attempt}@hansen.dk`,
        'forkert',
        from(`2001:db8:7:1::${attempt.toString(16)}`),
      );
      expect(response.status).toBe(401);
    }
    const blocked = await login('ejer@hansen.dk', 'Gode-Brædder-7', from('2001:db8:7:1:ffff:1:2:3'));
    expect(blocked.status).toBe(429);
    // The neighbouring /64 is another subscriber.
    expect((await login('ejer@hansen.dk', 'Gode-Brædder-7', from('2001:db8:7:2::1'))).status).toBe(200);
  });

  it('behind a trusted proxy, keys on the client X-Forwarded-For names', async () => {
    await setUp({ TRUST_PROXY: '127.0.0.1' });
    const viaProxy = (client: string) => ({
      headers: { 'X-Forwarded-For': client },
      ...from('127.0.0.1'),
    });
    for (let attempt = 1; attempt <= 20; attempt++) {
      const response = await h.send('POST', '/api/auth/login', {
        body: { email: `person-${attempt}@hansen.dk`, password: 'forkert' },
        ...viaProxy('203.0.113.7'),
      });
      expect(response.status).toBe(401);
    }
    const body = { email: 'ejer@hansen.dk', password: 'Gode-Brædder-7' };
    expect((await h.send('POST', '/api/auth/login', { body, ...viaProxy('203.0.113.7') })).status).toBe(429);
    // A forged address to the left of the proxy's own entry changes nothing.
    const forged = await h.send('POST', '/api/auth/login', {
      body,
      ...viaProxy('198.51.100.9, 203.0.113.7'),
    });
    expect(forged.status).toBe(429);
    expect((await h.send('POST', '/api/auth/login', { body, ...viaProxy('198.51.100.9') })).status).toBe(200);
  });

  it('stops guessing spread over many clients at 50 failures an hour per e-mail, but not the owner at a known client', async () => {
    await setUp();
    // The owner has logged in from home before.
    expect((await login('ejer@hansen.dk', 'Gode-Brædder-7', from('198.51.100.20'))).status).toBe(200);
    for (let client = 1; client <= 10; client++) {
      for (let attempt = 1; attempt <= 5; attempt++) {
        expect((await login('ejer@hansen.dk', `gæt-${attempt}`, from(`203.0.113.${client}`))).status).toBe(
          401,
        );
      }
    }
    // A fresh client, even with the right password, is refused now...
    expect((await login('ejer@hansen.dk', 'Gode-Brædder-7', from('203.0.113.99'))).status).toBe(429);
    // ...while the owner at home still gets in.
    expect((await login('ejer@hansen.dk', 'Gode-Brædder-7', from('198.51.100.20'))).status).toBe(200);
  });
});
