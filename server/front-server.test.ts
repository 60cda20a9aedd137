// The front server over real HTTP on loopback, with a real SQLite database and real site folders.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../api/app';
import { insertCompany, setCustomDomainState } from '../db';
import { loadConfig } from '../lib/config';
import { createLogger } from '../lib/logger';
import { createTestDatabase } from '../tests/support/databases';
import { apartFromFacts } from '../tests/support/health';
import { type RawRequest, rawRequest, writeFakeSite } from '../tests/support/site-folders';
import { type RunningFrontServer, startFrontServer } from './front-server';
import { CACHE_IMMUTABLE, CONTENT_SECURITY_POLICY } from './static-headers';

const CVR = '12345678';
const HOME = `<!doctype html><title>Demo</title><h1>Demo Tømrer</h1>${'<p>Vi bygger godt.</p>'.repeat(150)}`;
const ASSET = `console.log(${JSON.stringify('x'.repeat(100))});\n`.repeat(40);
const ADMIN_INDEX = '<!doctype html><title>Administration</title><div id="root"></div>';

let dir: string;
let sitesDir: string;
let server: RunningFrontServer;
let dropDatabase: () => Promise<void>;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'mesterside-front-'));
  sitesDir = path.join(dir, 'storage', 'sites');
  const marketingDir = path.join(dir, 'marketing');
  const adminDir = path.join(dir, 'admin');
  mkdirSync(path.join(adminDir, 'assets'), { recursive: true });
  writeFileSync(path.join(adminDir, 'index.html'), ADMIN_INDEX);
  writeFileSync(path.join(adminDir, 'assets', 'index-Ab12.js'), ASSET);
  writeFakeSite(sitesDir, CVR, {
    'index.html': HOME,
    'om-os.html': '<!doctype html><title>Om os</title><p>Om Demo</p>',
    '404.html': '<!doctype html><title>Ikke fundet</title><p>Demo 404</p>',
    '404.path.html': '<!doctype html><title>Ikke fundet</title><p>Demo 404 under /cvr/</p>',
    'sitemap.xml': '<?xml version="1.0"?><urlset></urlset>',
    'robots.txt': 'User-agent: *\nAllow: /\n',
  });
  writeFakeSite(sitesDir, '_main', { 'index.html': '<!doctype html><p>Landing from _main</p>' });
  for (const [file, text] of Object.entries({
    'index.html': '<!doctype html><p>Landing from dist</p>',
    'om.html': '<!doctype html><p>Om Mesterside</p>',
    '404.html': '<!doctype html><p>Marketing 404</p>',
    'privacy.html': '<!doctype html><p>Privatlivspolitik</p>',
    'blog/3/index.html': '<!doctype html><p>Blogindlæg 3</p>',
    '_astro/client.BkDVtqqA.js': ASSET,
    'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
  })) {
    mkdirSync(path.dirname(path.join(marketingDir, file)), { recursive: true });
    writeFileSync(path.join(marketingDir, file), text);
  }

  const database = await createTestDatabase('sqlite');
  dropDatabase = database.drop;
  const db = database.db;
  await insertCompany(db, {
    cvr: CVR,
    name: 'Demo Tømrer',
    subdomain: 'demo',
    customDomain: 'www.hansen.dk',
  });
  await insertCompany(db, {
    cvr: '87654321',
    name: 'Uden Side',
    subdomain: 'udenside',
    customDomain: 'uden.dk',
  });
  // Both domains' TXT records were found; a third company's domain is still pending (issue 13).
  const verifiedAt = { verifiedAt: new Date().toISOString(), missingSince: null };
  await setCustomDomainState(db, CVR, 'www.hansen.dk', verifiedAt);
  await setCustomDomainState(db, '87654321', 'uden.dk', verifiedAt);
  await insertCompany(db, {
    cvr: '11223344',
    name: 'Venter',
    subdomain: 'venter',
    customDomain: 'www.venter.dk',
  });
  const config = loadConfig({
    PUBLIC_HOST: 'mesterside.dk',
    DNS_A_RECORD: '203.0.113.10',
    STORAGE_DIR: path.join(dir, 'storage'),
    PORT: '0',
  });
  const logger = createLogger({ logLevel: 'silent' });
  server = await startFrontServer({
    config,
    db,
    logger,
    apiApp: createApp({ db, config, logger }),
    adminDir,
    marketingDir,
    host: '127.0.0.1',
  });
});

afterAll(async () => {
  await server?.close();
  await dropDatabase?.();
  rmSync(dir, { recursive: true, force: true });
});

const get = (path: string, host = 'mesterside.dk', headers: Record<string, string> = {}) =>
  rawRequest(server.port, { path, host, headers });
const send = (request: RawRequest) => rawRequest(server.port, request);

describe('company sites', () => {
  it('serves a site by CVR path on the main host', async () => {
    const response = await get(`/${CVR}/`);
    expect(response.status).toBe(200);
    expect(response.body.toString()).toBe(HOME);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect((await get(`/${CVR}/om-os`, 'localhost:3000')).body.toString()).toContain('Om Demo');
    expect((await get(`/${CVR}/sitemap.xml`)).body.toString()).toContain('<urlset>');
    expect((await get(`/${CVR}/robots.txt`)).body.toString()).toContain('User-agent');
  });

  it('redirects /<cvr> to /<cvr>/ and keeps the query', async () => {
    const response = await get(`/${CVR}?newsite=true`);
    expect(response.status).toBe(301);
    expect(response.headers.location).toBe(`/${CVR}/?newsite=true`);
    expect((await get(`/${CVR}/?newsite=true`)).status).toBe(200);
  });

  it.each(['demo.localhost:3000', 'demo.mesterside.dk', 'DEMO.Mesterside.dk.'])(
    'serves by subdomain %s',
    async (host) => {
      expect((await get('/', host)).body.toString()).toBe(HOME);
      expect((await get('/om-os', host)).body.toString()).toContain('Om Demo');
      const missing = await get('/404', host);
      expect(missing.status).toBe(404);
      expect(missing.body.toString()).toContain('Demo 404');
    },
  );

  it('serves by custom domain', async () => {
    expect((await get('/', 'www.hansen.dk')).body.toString()).toBe(HOME);
    expect((await get('/om-os', 'WWW.HANSEN.DK:443')).body.toString()).toContain('Om Demo');
  });

  it("answers unknown pages of a known site with the site's own 404 page there (issue 49)", async () => {
    for (const [path, host, page] of [
      [`/${CVR}/findes-ikke`, 'mesterside.dk', 'Demo 404 under /cvr/'],
      [`/${CVR}/a/b/c`, 'mesterside.dk', 'Demo 404 under /cvr/'],
      [`/${CVR}/..%2f`, 'mesterside.dk', 'Demo 404 under /cvr/'],
      ['/findes-ikke', 'demo.mesterside.dk', 'Demo 404</p>'],
      ['/a/b/c', 'www.hansen.dk', 'Demo 404</p>'],
      ['/%2e%2e/x', 'www.hansen.dk', 'Demo 404</p>'],
    ] as const) {
      const response = await get(path, host);
      expect(response.status, `${host}${path}`).toBe(404);
      expect(response.headers.location).toBeUndefined();
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.body.toString(), `${host}${path}`).toContain(page);
    }
    expect((await get('/om-os/', 'demo.mesterside.dk')).headers.location).toBe('/om-os');
  });

  it("sends the product's main-host links from a company host to the main host, unless the company has the page", async () => {
    // /privacy on a subdomain links to /funktioner and /onboarding in its header.
    for (const [path, host] of [
      ['/funktioner', 'demo.mesterside.dk'],
      ['/onboarding', 'www.hansen.dk'],
      ['/tomrer-hjemmeside', 'demo.mesterside.dk'],
    ] as const) {
      const response = await get(path, host);
      expect(response.status, `${host}${path}`).toBe(302);
      expect(response.headers.location).toBe(`https://mesterside.dk${path}`);
    }
    // A company page of the same name wins: it is the company's address.
    expect((await get('/om-os', 'demo.mesterside.dk')).status).toBe(200);
    // On the main host under /<cvr>/ the product's pages are one level up anyway: the site's 404.
    const underCvr = await get(`/${CVR}/funktioner`, 'mesterside.dk');
    expect(underCvr.status).toBe(404);
    expect(underCvr.body.toString()).toContain('Demo 404 under /cvr/');
  });

  it('answers unknown companies and companies without a site', async () => {
    // Nobody's subdomain answers as nobody's domain does: 404 there, a link to the product.
    const unknownSubdomain = await get('/', 'findesikke.mesterside.dk');
    expect(unknownSubdomain.status).toBe(404);
    expect(unknownSubdomain.body.toString()).toContain('href="https://mesterside.dk/"');

    const unknownDomain = await get('/', 'www.ukendt.dk');
    expect(unknownDomain.status).toBe(404);
    expect(unknownDomain.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(unknownDomain.body.toString()).toContain('Siden blev ikke fundet');

    // Under /<cvr>/ without a site (not published yet, or no such company): the product's 404 page.
    for (const path of ['/87654321/', '/99999999/', '/99999999/om-os', '/99999999/404']) {
      const noFolderByPath = await get(path);
      expect(noFolderByPath.status, path).toBe(404);
      expect(noFolderByPath.body.toString()).toContain('Marketing 404');
    }

    // A site built before its 404 page had a copy for /<cvr>/: ours, leading to the site's home.
    writeFakeSite(sitesDir, '55667788', { 'index.html': HOME, '404.html': '<p>Gammel 404</p>' });
    const olderBuild = await get('/55667788/findes-ikke');
    expect(olderBuild.status).toBe(404);
    expect(olderBuild.body.toString()).toContain('href="/55667788/"');
    expect(olderBuild.body.toString()).toContain('404 fejl');

    const noFolder = await get('/', 'udenside.mesterside.dk');
    expect(noFolder.status).toBe(404);
    expect(noFolder.body.toString()).toContain('404 fejl');
    // ... and its /404 the same.
    const noFolder404 = await get('/404', 'udenside.mesterside.dk');
    expect(noFolder404.status).toBe(404);
    expect(noFolder404.body.toString()).toContain('404 fejl');
    expect((await get('/404', 'uden.dk')).status).toBe(404);
  });

  it('serves a swapped site within 250 ms', async () => {
    const cvr = '11223344';
    writeFakeSite(sitesDir, cvr, { 'index.html': 'version 1' }, 1);
    expect((await get(`/${cvr}/`)).body.toString()).toBe('version 1');
    writeFakeSite(sitesDir, cvr, { 'index.html': 'version 2' }, 2);
    const swapped = performance.now();
    let body = '';
    while (performance.now() - swapped < 1000) {
      body = (await get(`/${cvr}/`)).body.toString();
      if (body === 'version 2') break;
    }
    expect(body).toBe('version 2');
    expect(performance.now() - swapped).toBeLessThan(250);
  });
});

describe('HTTP semantics of static files', () => {
  it('picks br, then gzip, else identity, respecting q=0', async () => {
    const cases: [string | undefined, string | undefined][] = [
      ['gzip, deflate, br', 'br'],
      ['br', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
      ['gzip;q=1, br;q=0.5', 'gzip'],
      ['*', 'br'],
      ['*;q=0', undefined],
      ['identity', undefined],
      ['deflate', undefined],
      [undefined, undefined],
    ];
    for (const [accept, encoding] of cases) {
      const response = await get(
        `/${CVR}/`,
        'mesterside.dk',
        accept === undefined ? {} : { 'accept-encoding': accept },
      );
      expect(response.headers['content-encoding'], String(accept)).toBe(encoding);
      expect(response.headers.vary).toBe('Accept-Encoding');
      expect(Number(response.headers['content-length'])).toBe(response.body.length);
      const plain =
        encoding === 'br'
          ? brotliDecompressSync(response.body)
          : encoding === 'gzip'
            ? gunzipSync(response.body)
            : response.body;
      expect(plain.toString()).toBe(HOME);
    }
  });

  it('answers If-None-Match with 304 per encoding', async () => {
    const headers = { 'accept-encoding': 'br' };
    const first = await get(`/${CVR}/`, 'mesterside.dk', headers);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+-br"$/);
    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const again = await get(`/${CVR}/`, 'mesterside.dk', { ...headers, 'if-none-match': ifNoneMatch });
      expect(again.status, ifNoneMatch).toBe(304);
      expect(again.body.length).toBe(0);
      expect(again.headers.etag).toBe(etag);
      expect(again.headers['cache-control']).toBe('no-cache');
    }
    const otherEncoding = await get(`/${CVR}/`, 'mesterside.dk', {
      'accept-encoding': 'gzip',
      'if-none-match': etag,
    });
    expect(otherEncoding.status).toBe(200);
    const plain = await get(`/${CVR}/`, 'mesterside.dk');
    expect(plain.headers.etag).toBe(etag.replace('-br"', '"'));
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const full = await get('/', 'demo.mesterside.dk', { 'accept-encoding': 'gzip' });
    const head = await send({
      path: '/',
      host: 'demo.mesterside.dk',
      method: 'HEAD',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    for (const name of [
      'content-type',
      'content-length',
      'content-encoding',
      'etag',
      'cache-control',
      'vary',
    ]) {
      expect(head.headers[name], name).toBe(full.headers[name]);
    }
  });

  it('refuses other methods on static paths with 405', async () => {
    for (const [path, host] of [
      [`/${CVR}/`, 'mesterside.dk'],
      ['/', 'demo.mesterside.dk'],
      ['/om', 'mesterside.dk'],
      [`/${CVR}`, 'mesterside.dk'],
    ] as const) {
      for (const method of ['POST', 'PUT', 'DELETE', 'OPTIONS']) {
        const response = await send({ path, host, method });
        expect(response.status, `${method} ${host}${path}`).toBe(405);
        expect(response.headers.allow).toBe('GET, HEAD');
      }
    }
  });

  it('sets Cache-Control by file type', async () => {
    expect((await get(`/${CVR}/`)).headers['cache-control']).toBe('no-cache');
    expect((await get(`/${CVR}/sitemap.xml`)).headers['cache-control']).toBe('no-cache');
    expect((await get('/robots.txt', 'demo.mesterside.dk')).headers['cache-control']).toBe('no-cache');
    expect((await get('/om')).headers['cache-control']).toBe('no-cache');
    const asset = await get('/_astro/client.BkDVtqqA.js');
    expect(asset.headers['cache-control']).toBe(CACHE_IMMUTABLE);
    expect(asset.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect((await get('/favicon.svg')).headers['cache-control']).toBe('public, max-age=86400');
  });

  it('sends security headers on HTML and never a cookie', async () => {
    for (const [path, host] of [
      [`/${CVR}/`, 'mesterside.dk'],
      ['/', 'demo.mesterside.dk'],
      ['/', 'mesterside.dk'],
      ['/404', 'mesterside.dk'],
      ['/', 'www.ukendt.dk'],
    ] as const) {
      const response = await get(path, host);
      expect(response.headers['content-security-policy'], `${host}${path}`).toBe(CONTENT_SECURITY_POLICY);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(response.headers['set-cookie']).toBeUndefined();
    }
    expect((await get('/_astro/client.BkDVtqqA.js')).headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('marketing site', () => {
  it('serves the main site folder before the marketing build', async () => {
    expect((await get('/')).body.toString()).toContain('Landing from _main');
    expect((await get('/om')).body.toString()).toContain('Om Mesterside');
    expect((await get('/om/')).headers.location).toBe('/om');
  });

  it('serves /404 with status 404, and the same page at any unknown path (issue 49: no redirect)', async () => {
    const notFound = await get('/404');
    expect(notFound.status).toBe(404);
    expect(notFound.body.toString()).toContain('Marketing 404');
    for (const path of ['/findes-ikke', '/a/b/c', '/.env', '/media/x', '/%2e%2e/x', '/blog/3x']) {
      const unknown = await get(path);
      expect(unknown.status, path).toBe(404);
      expect(unknown.headers.location).toBeUndefined();
      expect(unknown.body.toString()).toContain('Marketing 404');
    }
  });

  it('serves the product pages and assets on company hosts', async () => {
    expect((await get('/privacy', 'demo.mesterside.dk')).body.toString()).toContain('Privatlivspolitik');
    expect((await get('/blog/3', 'www.hansen.dk')).body.toString()).toContain('Blogindlæg 3');
    expect((await get('/_astro/client.BkDVtqqA.js', 'demo.localhost')).status).toBe(200);
  });

  it('compresses marketing files that have no precompressed sibling', async () => {
    const response = await get('/_astro/client.BkDVtqqA.js', 'mesterside.dk', {
      'accept-encoding': 'br, gzip',
    });
    expect(response.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(response.body).toString()).toBe(ASSET);
  });
});

describe('dynamic routes', () => {
  it('proxies /api to the Hono app on every host', async () => {
    for (const host of ['mesterside.dk', 'demo.mesterside.dk', 'www.hansen.dk']) {
      const response = await get('/api/health', host);
      expect(response.status, host).toBe(200);
      expect(apartFromFacts(JSON.parse(response.body.toString()))).toMatchObject({ status: 'ok' });
    }
    // A same-origin POST reaches the app (no such route: its JSON 404); one without Origin is refused.
    const post = await send({
      path: '/api/health',
      host: 'mesterside.dk',
      method: 'POST',
      headers: { origin: 'https://mesterside.dk' },
    });
    expect(post.status).toBe(404);
    expect(post.headers['content-type']).toContain('application/json');
    expect((await send({ path: '/api/health', host: 'mesterside.dk', method: 'POST' })).status).toBe(403);
  });

  it('serves the admin SPA: index.html for every /admin path, hashed assets for a year', async () => {
    for (const [path, host] of [
      ['/admin', 'mesterside.dk'],
      ['/admin/pages', 'demo.mesterside.dk'],
      ['/admin/settings', 'www.hansen.dk'],
    ] as const) {
      const page = await get(path, host);
      expect(page.status, `${host}${path}`).toBe(200);
      expect(page.body.toString()).toBe(ADMIN_INDEX);
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    }
    const asset = await get('/admin/assets/index-Ab12.js', 'demo.mesterside.dk');
    expect(asset.status).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    expect((await get('/admin/assets/missing-1.js')).status).toBe(404);
    expect((await send({ path: '/admin', host: 'mesterside.dk', method: 'POST' })).status).toBe(405);
  });

  it('answers Caddy on-demand TLS questions for verified custom domains only', async () => {
    const ask = (domain: string) => get(`/_tls/ask?domain=${encodeURIComponent(domain)}`, '127.0.0.1:3000');
    expect((await ask('www.hansen.dk')).status).toBe(200);
    expect((await ask('WWW.Hansen.dk.')).status).toBe(200);
    expect((await ask('www.hansen.dk')).body.length).toBe(0);
    // The twin of a verified domain gets a certificate too (it redirects, over https).
    expect((await ask('hansen.dk')).status).toBe(200);
    expect((await ask('www.uden.dk')).status).toBe(200);
    expect((await ask('venter.dk')).status).toBe(404);
    // www.venter.dk is entered by a company but not verified: no certificate, and nothing served.
    expect((await get('/', 'www.venter.dk')).status).toBe(404);
    for (const domain of [
      'www.venter.dk',
      'www.ukendt.dk',
      'demo.mesterside.dk',
      'mesterside.dk',
      'localhost',
      '',
      '../x',
    ]) {
      expect((await ask(domain)).status, domain).toBe(404);
    }
    expect((await get('/_tls/ask')).status).toBe(404);
  });

  it('redirects the twin of a verified domain (with or without www.) permanently to it', async () => {
    const bare = await get('/om-os?x=1', 'hansen.dk');
    expect(bare.status).toBe(301);
    expect(bare.headers.location).toBe('https://www.hansen.dk/om-os?x=1');
    const www = await get('/', 'www.uden.dk');
    expect(www.status).toBe(301);
    expect(www.headers.location).toBe('https://uden.dk/');
    // A pending domain's twin is not redirected either.
    expect((await get('/', 'venter.dk')).status).toBe(404);
  });

  it('answers a missing or malformed Host with 404', async () => {
    for (const host of ['../../etc', 'demo.localhost/../../', 'a b', '[::1']) {
      const response = await get(`/${CVR}/`, host);
      expect(response.status, host).toBe(404);
      expect(response.body.toString()).not.toContain('Demo Tømrer');
    }
    // HTTP/1.0 may leave the Host header out (HTTP/1.1 gets a 400 from Node itself).
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(server.port, '127.0.0.1', () => socket.end(`GET /${CVR}/ HTTP/1.0\r\n\r\n`));
      let text = '';
      socket.on('data', (chunk) => {
        text += chunk.toString();
      });
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 404 /);
    expect(answer).not.toContain('Demo Tømrer');
  });
});
