// CSRF defences on the real app: a state-changing request needs a same-origin Origin header, and a
// JSON endpoint accepts only application/json bodies of a sane size.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { JSON_BODY_LIMIT_BYTES } from '../../api/middleware/origin-check';
import { listPages } from '../../db';
import { type ApiHarness, createApiHarness, errorOf, type Owner, signedIn } from './api-harness';

let h: ApiHarness;
let owner: Owner;
let cookie: string;

beforeEach(async () => {
  h = await createApiHarness();
  owner = await h.createOwner('12345678', 'Hansens Tømrer ApS');
  cookie = await h.login(owner.email, owner.password);
});
afterEach(async () => {
  await h.close();
});

const FORBIDDEN = { code: 'forbidden', message: 'Du har ikke adgang til dette' };

describe('Origin check', () => {
  it.each([
    ['a foreign site', 'https://evil.example'],
    ['another company subdomain', 'http://andet.localhost:3000'],
    ['the same host on another port', 'http://localhost:4000'],
    ['an opaque origin', 'null'],
    ['garbage', 'not a url'],
    ['no Origin at all', ''],
  ])('refuses a POST from %s with 403', async (_what, origin) => {
    const response = await h.send('POST', '/api/pages', {
      cookie,
      body: { pageName: 'Snydeside' },
      headers: { Origin: origin },
    });
    expect(response.status).toBe(403);
    expect(await errorOf(response)).toEqual(FORBIDDEN);
    expect(await listPages(h.db, owner.company.cvr)).toHaveLength(2);
    expect(h.published).toEqual([]);
  });

  it('covers PUT, DELETE and the login and logout endpoints too', async () => {
    const foreign = { Origin: 'https://evil.example' };
    const attempts = [
      h.send('PUT', `/api/pages/${owner.about.id}`, { cookie, body: { title: 'x' }, headers: foreign }),
      h.send('DELETE', `/api/pages/${owner.about.id}`, { cookie, headers: foreign }),
      h.send('PUT', '/api/company/settings', { cookie, body: { phone: '1' }, headers: foreign }),
      h.send('POST', '/api/auth/login', {
        body: { email: owner.email, password: owner.password },
        headers: foreign,
      }),
      h.send('POST', '/api/auth/logout', { cookie, headers: { Origin: '' } }),
    ];
    for (const response of await Promise.all(attempts)) expect(response.status).toBe(403);
    expect(await signedIn(h.send('GET', '/api/auth/session', { cookie }))).toBe(true);
    expect((await listPages(h.db, owner.company.cvr)).map((page) => page.title)).toEqual([
      'Velkommen til Hansens Tømrer ApS',
      'Om os',
    ]);
  });

  it('lets a same-origin request through, and GET needs no Origin', async () => {
    const created = await h.send('POST', '/api/pages', { cookie, body: { pageName: 'Tagarbejde' } });
    expect(created.status).toBe(201);
    const listed = await h.send('GET', '/api/pages', { cookie });
    expect(listed.status).toBe(200);
  });
});

describe('JSON bodies only', () => {
  it.each([
    ['text/plain', 'pageName=Snydeside'],
    ['application/x-www-form-urlencoded', 'pageName=Snydeside'],
    ['multipart/form-data; boundary=x', '--x--'],
    ['application/json-patch+json', '{"pageName":"Snydeside"}'],
  ])('refuses %s with 415', async (type, body) => {
    const response = await h.send('POST', '/api/pages', { cookie, body, headers: { 'Content-Type': type } });
    expect(response.status).toBe(415);
    expect((await errorOf(response)).code).toBe('unsupported_media_type');
    expect(await listPages(h.db, owner.company.cvr)).toHaveLength(2);
  });

  it('refuses a body without a Content-Type', async () => {
    const response = await h.app.request('http://localhost:3000/api/pages', {
      method: 'POST',
      headers: { Origin: 'http://localhost:3000', Cookie: cookie, 'Content-Length': '2' },
      body: new Blob(['{}']),
    });
    expect(response.status).toBe(415);
  });

  it('accepts application/json with a charset, and a bodiless POST', async () => {
    const withCharset = await h.send('POST', '/api/pages', {
      cookie,
      body: { pageName: 'Køkkener' },
      headers: { 'Content-Type': 'application/json; charset=utf-8' },
    });
    expect(withCharset.status).toBe(201);
    const bodiless = await h.send('POST', '/api/pages', { cookie });
    expect(bodiless.status).toBe(201);
    expect(((await bodiless.json()) as { pageName: string }).pageName).toBe('Ny side');
  });

  it('refuses a body over the limit with 413', async () => {
    const response = await h.send('PUT', `/api/pages/${owner.about.id}`, {
      cookie,
      body: { content: 'x'.repeat(JSON_BODY_LIMIT_BYTES + 1) },
    });
    expect(response.status).toBe(413);
    expect((await errorOf(response)).code).toBe('payload_too_large');
  });

  it('refuses a declared Content-Length over the limit with 413 and takes one at the limit', async () => {
    // The length header alone decides when there is one (as Node's server delivers a request).
    const over = await h.send('PUT', `/api/pages/${owner.about.id}`, {
      cookie,
      body: { content: 'x' },
      headers: { 'Content-Length': String(JSON_BODY_LIMIT_BYTES + 1) },
    });
    expect(over.status).toBe(413);
    expect((await errorOf(over)).code).toBe('payload_too_large');
    const body = JSON.stringify({ title: 'Om os' });
    const within = await h.send('PUT', `/api/pages/${owner.about.id}`, {
      cookie,
      body: { title: 'Om os' },
      headers: { 'Content-Length': String(Buffer.byteLength(body)) },
    });
    expect(within.status).toBe(200);
  });
});
