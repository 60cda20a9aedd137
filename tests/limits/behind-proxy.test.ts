// The rate limits as production sees them: the real front server with TRUST_PROXY behind a loopback
// reverse proxy that appends X-Forwarded-For like the Caddy and nginx examples. The attacker
// (127.0.0.2) hammers login and sign-up through the proxy, also forging X-Forwarded-For to pose as
// the owner; the real owner (127.0.0.3) and a new customer (127.0.0.4) come through the same proxy
// and must not notice.
import { afterEach, describe, expect, it } from 'vitest';
import { unlimitedRequests } from '../../server/request-limit';
import { type RunningProxy, requestFrom, startForwardingProxy } from '../support/forwarding-proxy';
import { type FrontStack, startTestStack } from '../support/stack';

const ATTACKER = '127.0.0.2';
const OWNER = '127.0.0.3';
const CUSTOMER = '127.0.0.4';

let stack: FrontStack | undefined;
let proxy: RunningProxy | undefined;

afterEach(async () => {
  await proxy?.close();
  await stack?.close();
  proxy = undefined;
  stack = undefined;
});

async function setUp(env: Record<string, string>) {
  // The whole API's request limit would refuse this attacker's flood long before the login and
  // sign-up limits this file is about (tests/limits/api-flood.test.ts): lifted here.
  stack = await startTestStack({ serve: 'front', env, front: { requestLimit: unlimitedRequests() } });
  proxy = await startForwardingProxy(stack.server.port);
  const origin = `http://localhost:${proxy.port}`;
  const post = (from: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
    requestFrom(from, `${origin}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin, ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  return { post };
}

const signUp = (cvr: string, email: string) => ({
  cvr,
  email,
  password: 'tagrende-42',
  passwordRepeat: 'tagrende-42',
  acceptPrivacy: true,
  existingWebsiteUrl: null,
});

describe('limits behind the example proxy', () => {
  it("an attacker's 1,000 wrong logins and garbage sign-ups stop neither the owner nor a new customer", async () => {
    const { post } = await setUp({ TRUST_PROXY: '127.0.0.1,::1' });
    const created = await post(OWNER, '/api/onboarding/create', signUp('99000101', 'ejer@eksempel.dk'));
    expect(created.status).toBe(201);

    const statuses = new Map<number, number>();
    const count = (status: number) => statuses.set(status, (statuses.get(status) ?? 0) + 1);
    for (let attempt = 0; attempt < 1_000; attempt++) {
      const email = attempt % 2 === 0 ? 'ejer@eksempel.dk' : `gaet-${attempt}@eksempel.dk`;
      // Every other attempt claims to come from the owner's address; the proxy appends the real one.
      const forged = attempt % 4 === 0 ? { 'x-forwarded-for': OWNER } : undefined;
      count((await post(ATTACKER, '/api/auth/login', { email, password: `gæt-${attempt}` }, forged)).status);
    }
    // At most 20 guesses (the per-client limit), 5 of them at the owner's e-mail, were checked; the
    // rest were refused without a password check.
    expect(statuses.get(401)).toBe(15);
    expect(statuses.get(429)).toBe(985);

    for (let attempt = 0; attempt < 200; attempt++) {
      const garbage = attempt % 2 === 0 ? '{"cvr":' : { cvr: 'abc', email: 'x', acceptPrivacy: 'ja' };
      expect((await post(ATTACKER, '/api/onboarding/create', garbage)).status).toBe(400);
    }
    // Well-formed sign-ups for companies that do not exist count, and stop at the limit (10 an hour).
    const fake: number[] = [];
    for (let attempt = 0; attempt < 15; attempt++) {
      fake.push(
        (await post(ATTACKER, '/api/onboarding/create', signUp('29876543', `x${attempt}@x.dk`))).status,
      );
    }
    expect(fake.filter((status) => status === 429)).toHaveLength(5);

    const login = await post(OWNER, '/api/auth/login', {
      email: 'ejer@eksempel.dk',
      password: 'tagrende-42',
    });
    expect(login.status).toBe(200);
    expect(String(login.headers['set-cookie'])).toMatch(/^mesterside_session=/);

    const customer = await post(CUSTOMER, '/api/onboarding/create', signUp('99000303', 'vvs@eksempel.dk'));
    expect(customer.status).toBe(201);
  }, 90000);

  it('without TRUST_PROXY every client behind the proxy is one: the header is not believed', async () => {
    const { post } = await setUp({});
    for (let attempt = 0; attempt < 20; attempt++) {
      const response = await post(ATTACKER, '/api/auth/login', {
        email: `g${attempt}@x.dk`,
        password: 'forkert',
      });
      expect(response.status).toBe(401);
    }
    // The owner shares the proxy's address with the attacker: this is why the proxy must be named.
    const owner = await post(OWNER, '/api/auth/login', { email: 'ejer@eksempel.dk', password: 'forkert-1' });
    expect(owner.status).toBe(429);
  });
});
