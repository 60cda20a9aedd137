// The whole API's per-client limit as counts (server/request-limit.ts), on a clock the test moves:
// what a flooding session or address is refused, that each key is its own, and that the busiest real
// owner the admin can make (admin/src) never meets it. tests/limits/api-flood.test.ts drives the
// same limit through a real server.
import { describe, expect, it } from 'vitest';
import { API_REQUEST_LIMITS } from '../rules/limits';
import { RequestLimit, sessionTokenOf } from './request-limit';

const TOKEN_A = 'a'.repeat(32);
const TOKEN_B = 'b'.repeat(32);

function clock(start = 1_000_000) {
  let now = start;
  return {
    now: () => now,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

/** Requests of one client until the first refusal (at most `max`), on a clock that stands still. */
function passedBeforeRefusal(
  limit: RequestLimit,
  address: string | null,
  session: string | null,
  max = 10_000,
) {
  for (let sent = 0; sent < max; sent++) if (limit.hit(address, session) !== null) return sent;
  return max;
}

describe('the API request limit', () => {
  it("lets a session send its burst at once, refuses the next with when to come back, and refills at the session's rate", () => {
    const time = clock();
    const limit = new RequestLimit(API_REQUEST_LIMITS, time.now);
    const { burst, perSecond } = API_REQUEST_LIMITS.session;
    for (let sent = 0; sent < burst; sent++) expect(limit.hit('192.0.2.1', TOKEN_A)).toBeNull();
    // The first refusal is answered at once, the ones after it wait (the client ignored Retry-After).
    expect(limit.hit('192.0.2.1', TOKEN_A)).toMatchObject({
      by: 'session',
      retryAfterSeconds: 1,
      first: true,
    });
    expect(limit.hit('192.0.2.1', TOKEN_A)?.first).toBe(false);
    time.advance(1000);
    for (let sent = 0; sent < perSecond; sent++) expect(limit.hit('192.0.2.1', TOKEN_A)).toBeNull();
    expect(limit.hit('192.0.2.1', TOKEN_A)?.first).toBe(true);
  });

  it("refuses a flooding session but not another session at the same address, and the flood's refusals cost the address nothing", () => {
    const limit = new RequestLimit(API_REQUEST_LIMITS, clock().now);
    for (let i = 0; i < 5_000; i++) limit.hit('192.0.2.1', TOKEN_A);
    expect(limit.hit('192.0.2.1', TOKEN_A)?.by).toBe('session');
    // The address spent only the session's burst: another owner behind the same router has the rest.
    expect(passedBeforeRefusal(limit, '192.0.2.1', TOKEN_B)).toBe(API_REQUEST_LIMITS.session.burst);
    // The flooding session is refused from a new address too: the key is the cookie, not the address.
    expect(limit.hit('198.51.100.9', TOKEN_A)?.by).toBe('session');
  });

  it('refuses an address that floods without a session, or with a fresh token each time, and no other address', () => {
    const limit = new RequestLimit(API_REQUEST_LIMITS, clock().now);
    const { burst } = API_REQUEST_LIMITS.address;
    expect(passedBeforeRefusal(limit, '192.0.2.1', null)).toBe(burst);
    expect(limit.hit('192.0.2.1', null)?.by).toBe('address');
    let fresh = 0;
    const other = '2001:db8:1:2::/64';
    while (limit.hit(other, `${String(fresh).padStart(32, 'x')}`) === null) fresh++;
    expect(fresh).toBe(burst);
    expect(limit.hit('192.0.2.2', null)).toBeNull();
  });

  it('never refuses the busiest owner the admin makes: screens, typing with the preview, saves and 15 uploads', () => {
    const time = clock();
    const limit = new RequestLimit(API_REQUEST_LIMITS, time.now);
    const refusals: string[] = [];
    const send = (what: string, count = 1) => {
      for (let i = 0; i < count; i++) if (limit.hit('192.0.2.1', TOKEN_A) !== null) refusals.push(what);
    };
    const wait = (ms: number) => time.advance(ms);
    // Log in, the dashboard (company, dashboard, reviews, subscription, unread count), then every
    // screen of the navigation clicked through, one every 300 ms.
    send('login');
    send('dashboard', 5);
    for (let screen = 0; screen < 10; screen++) {
      wait(300);
      send('screen', 5);
    }
    // 15 images, one after another, as fast as loopback takes them.
    for (let image = 0; image < 15; image++) {
      wait(50);
      send('upload');
    }
    // Ten minutes of typing without a pause longer than the debounce: a preview every 150 ms
    // (the running one aborted), a save every 20 s, a screen change every minute.
    for (let ms = 0; ms < 10 * 60_000; ms += 150) {
      wait(150);
      send('preview');
      if (ms % 20_000 === 0) send('save');
      if (ms % 60_000 === 0) send('screen', 5);
    }
    expect(refusals).toEqual([]);
  });

  it('forgets keys it has not seen for a while, and answers them as new (a full bucket)', () => {
    const time = clock();
    const limit = new RequestLimit(API_REQUEST_LIMITS, time.now);
    passedBeforeRefusal(limit, '192.0.2.1', TOKEN_A);
    time.advance(25_000);
    expect(passedBeforeRefusal(limit, '192.0.2.1', TOKEN_A)).toBe(API_REQUEST_LIMITS.session.burst);
  });

  it('refuses rules whose bucket would outlive the sweep (a forgotten key would get more than it had)', () => {
    expect(
      () => new RequestLimit({ ...API_REQUEST_LIMITS, session: { burst: 1000, perSecond: 1, inFlight: 4 } }),
    ).toThrow(/refill/);
  });
});

describe('sessionTokenOf', () => {
  it("reads the session cookie's token among others, and nothing that is not one", () => {
    expect(sessionTokenOf(`mesterside_session=${TOKEN_A}`)).toBe(TOKEN_A);
    expect(sessionTokenOf(`theme=dark; mesterside_session=${TOKEN_A}; other=1`)).toBe(TOKEN_A);
    expect(sessionTokenOf(`xmesterside_session=${TOKEN_B}; mesterside_session=${TOKEN_A}`)).toBe(TOKEN_A);
    expect(sessionTokenOf(`xmesterside_session=${TOKEN_B}`)).toBeNull();
    expect(sessionTokenOf('mesterside_session=short')).toBeNull();
    expect(sessionTokenOf(undefined)).toBeNull();
  });
});
