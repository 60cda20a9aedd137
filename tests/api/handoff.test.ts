// One login across hosts over HTTP on the real app: signed in on the main host, the owner is sent to
// their subdomain's admin with a one-minute, single-use hand-off token bound to that host, redeemed
// there for a host-only session; logging out on either host ends both. Nobody else gets a token.
import { afterEach, describe, expect, it } from 'vitest';
import { type ApiHarness, createApiHarness, type Owner, sessionCookie, signedIn } from './api-harness';

let h: ApiHarness;
let owner: Owner;
let other: Owner;

afterEach(async () => {
  await h.close();
});

async function setUp() {
  h = await createApiHarness();
  owner = await h.createOwner('12345678', 'Hansens Tømrer ApS', 'ejer@hansen.dk', 'Gode-Brædder-7');
  other = await h.createOwner('87654321', 'Andersens VVS', 'ejer@andersen.dk', 'Gode-Rør-77');
}

const onHost = (
  host: string,
  path: string,
  init: { method?: string; cookie?: string; body?: unknown } = {},
) =>
  h.app.request(`http://${host}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      Host: host,
      ...(init.cookie ? { Cookie: init.cookie } : {}),
      ...(init.body === undefined ? {} : { 'Content-Type': 'application/json', Origin: `http://${host}` }),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });

describe('hand-off between the product hosts', () => {
  it('signs the owner in on their subdomain admin without the password; logout ends both', async () => {
    await setUp();
    const sub = `${owner.company.subdomain}.localhost:3000`;
    const start = await onHost(sub, '/api/auth/handoff/start');
    expect(start.status).toBe(302);
    expect(start.headers.get('location')).toBe(
      `http://localhost:3000/api/auth/handoff?to=${encodeURIComponent(sub)}`,
    );

    const main = await h.login('ejer@hansen.dk', 'Gode-Brædder-7');
    const handoff = await onHost('localhost:3000', `/api/auth/handoff?to=${encodeURIComponent(sub)}`, {
      cookie: main,
    });
    expect(handoff.status).toBe(302);
    // The token travels in the fragment and the page leaves no Referer anywhere (issue 23: the app's
    // default Referrer-Policy used to overwrite this one).
    expect(handoff.headers.get('referrer-policy')).toBe('no-referrer');
    expect(handoff.headers.get('cache-control')).toBe('no-store');
    const location = handoff.headers.get('location') ?? '';
    const match = /^http:\/\/([^/]+)\/admin#handoff=([a-z2-7]{32})$/.exec(location);
    expect(match?.[1]).toBe(sub);
    const token = match?.[2] ?? '';
    // Only its SHA-256 is stored, and no session token travels in a URL.
    expect(location).not.toContain(main.split('=')[1]);
    const stored = await h.db.selectFrom('accountTokens').select(['id', 'purpose', 'expiresAt']).execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]?.id).not.toBe(token);
    expect(new Date(stored[0]?.expiresAt ?? '').getTime() - h.now().getTime()).toBe(60_000);

    // Another host cannot use it; the right one can, once.
    expect(
      (
        await onHost(`${other.company.subdomain}.localhost:3000`, '/api/auth/handoff/redeem', {
          method: 'POST',
          body: { token },
        })
      ).status,
    ).toBe(401);
    const redeemed = await onHost(sub, '/api/auth/handoff/redeem', { method: 'POST', body: { token } });
    // The wrong host spent it: a stolen token is good for one try anywhere.
    expect(redeemed.status).toBe(401);
  });

  it('redeems on the right host, host-only cookie, single use, and logout ends the login everywhere', async () => {
    await setUp();
    const sub = `${owner.company.subdomain}.localhost:3000`;
    const main = await h.login('ejer@hansen.dk', 'Gode-Brædder-7');
    const elsewhere = await h.login('ejer@hansen.dk', 'Gode-Brædder-7');
    const token = async () => {
      const handoff = await onHost('localhost:3000', `/api/auth/handoff?to=${encodeURIComponent(sub)}`, {
        cookie: main,
      });
      return /#handoff=([a-z2-7]{32})$/.exec(handoff.headers.get('location') ?? '')?.[1] ?? '';
    };
    const first = await token();
    const redeemed = await onHost(sub, '/api/auth/handoff/redeem', {
      method: 'POST',
      body: { token: first },
    });
    expect(redeemed.status).toBe(200);
    expect(await redeemed.json()).toMatchObject({
      email: 'ejer@hansen.dk',
      companyName: 'Hansens Tømrer ApS',
    });
    const setCookie = redeemed.headers.get('set-cookie') ?? '';
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');
    expect(setCookie).not.toMatch(/Domain=/i);
    const subCookie = sessionCookie(redeemed) ?? '';
    expect(await signedIn(onHost(sub, '/api/auth/session', { cookie: subCookie }))).toBe(true);
    expect(
      (await onHost(sub, '/api/auth/handoff/redeem', { method: 'POST', body: { token: first } })).status,
    ).toBe(401);

    // An expired hand-off is refused.
    const late = await token();
    h.advance(60_000);
    expect(
      (await onHost(sub, '/api/auth/handoff/redeem', { method: 'POST', body: { token: late } })).status,
    ).toBe(401);

    // Logging out on the subdomain ends the main host's session too; another device's login stays.
    expect(
      (await onHost(sub, '/api/auth/logout', { method: 'POST', cookie: subCookie, body: {} })).status,
    ).toBe(204);
    expect(await signedIn(onHost(sub, '/api/auth/session', { cookie: subCookie }))).toBe(false);
    // Signed out on a company's host, the answer names where to ask the main host for a hand-off.
    expect(await (await onHost(sub, '/api/auth/session')).json()).toEqual({
      signedIn: false,
      handoff: '/api/auth/handoff/start',
    });
    expect(await signedIn(h.send('GET', '/api/auth/session', { cookie: main }))).toBe(false);
    expect(await signedIn(h.send('GET', '/api/auth/session', { cookie: elsewhere }))).toBe(true);
  });

  it('gives no token for a host that is not the owner’s, nor without a session', async () => {
    await setUp();
    const main = await h.login('ejer@hansen.dk', 'Gode-Brædder-7');
    const foreign = `${other.company.subdomain}.localhost:3000`;
    const refused = await onHost('localhost:3000', `/api/auth/handoff?to=${encodeURIComponent(foreign)}`, {
      cookie: main,
    });
    expect(refused.status).toBe(302);
    expect(refused.headers.get('location')).toBe(`http://${foreign}/admin?handoff=none`);
    const signedOut = await onHost('localhost:3000', `/api/auth/handoff?to=${encodeURIComponent(foreign)}`);
    expect(signedOut.headers.get('location')).toBe(`http://${foreign}/admin?handoff=none`);
    for (const to of ['evil.example', 'localhost:3000', 'x.localhost:3000/../', 'www.unverified.dk']) {
      expect(
        (await onHost('localhost:3000', `/api/auth/handoff?to=${encodeURIComponent(to)}`, { cookie: main }))
          .status,
        to,
      ).toBe(404);
    }
    expect(await h.db.selectFrom('accountTokens').selectAll().execute()).toEqual([]);
  });
});
