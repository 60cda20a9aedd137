// safeFetch against real loopback servers: limits, content types, redirects, charsets, and the SSRF
// guard refusing every internal address before any connection is made.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  isAllowedAddress,
  SafeFetchError,
  type SafeFetchOptions,
  safeFetch,
} from '../../api/onboarding/safe-fetch';
import { type HtmlSite, hugePage, page, redirect, slowPage, startHtmlSite } from '../support/html-site';

const TEST = { allowLoopback: true } satisfies SafeFetchOptions;

async function reasonOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(SafeFetchError);
    return (error as SafeFetchError).reason;
  }
  return 'no error';
}

let site: HtmlSite;

beforeAll(async () => {
  site = await startHtmlSite({
    '/': page('<h1>Velkommen</h1>'),
    '/latin1': page(Buffer.from('<p>Tømrer på Ærø, 5 år</p>', 'latin1'), 'text/html; charset=iso-8859-1'),
    // 0x80 is the euro sign in windows-1252.
    '/meta-1252': page(
      Buffer.concat([
        Buffer.from('<meta charset="windows-1252"><p>Blå dør 500 ', 'latin1'),
        Buffer.from([0x80]),
      ]),
      'text/html',
    ),
    '/xhtml': page('<html><body>ok</body></html>', 'application/xhtml+xml'),
    '/json': page('{"a":1}', 'application/json'),
    '/image': page(Buffer.from([0x89, 0x50, 0x4e, 0x47]), 'image/png'),
    '/no-type': (_request, response) => {
      response.removeHeader('content-type');
      response.end('<p>hi</p>');
    },
    '/missing': redirect('/nowhere'),
    '/error': (_request, response) => {
      response.writeHead(500, { 'content-type': 'text/html' });
      response.end('<p>fejl</p>');
    },
    '/huge': hugePage(3 * 1024 * 1024),
    '/huge-declared': hugePage(3 * 1024 * 1024, true),
    '/just-fits': hugePage(1000),
    '/slow': slowPage(),
    '/stalled-body': (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.write('<p>Halvdelen af siden');
    },
    '/r1': redirect('/r2', 301),
    '/r2': redirect('/r3', 307),
    '/r3': redirect('/', 308),
    '/r0': redirect('/r1'),
    '/to-private': redirect('http://10.0.0.1/'),
    '/to-metadata': redirect('http://169.254.169.254/latest/meta-data/'),
    '/to-mapped': redirect('http://[::ffff:10.0.0.1]/'),
    '/to-file': redirect('file:///etc/passwd'),
  });
});

afterAll(async () => {
  await site.close();
});

describe('safeFetch on an allowed (test-only loopback) server', () => {
  it('fetches a page and gives the final URL, content type and text', async () => {
    const result = await safeFetch(site.url('/'), TEST);
    expect(result).toEqual({
      url: site.url('/'),
      contentType: 'text/html; charset=utf-8',
      body: '<h1>Velkommen</h1>',
    });
  });

  it('decodes latin1 from the header and windows-1252 from a meta tag; accepts XHTML', async () => {
    expect((await safeFetch(site.url('/latin1'), TEST)).body).toBe('<p>Tømrer på Ærø, 5 år</p>');
    expect((await safeFetch(site.url('/meta-1252'), TEST)).body).toContain('Blå dør 500 €');
    expect((await safeFetch(site.url('/xhtml'), TEST)).body).toContain('ok');
  });

  it('refuses non-HTML content types', async () => {
    expect(await reasonOf(safeFetch(site.url('/json'), TEST))).toBe('not-html');
    expect(await reasonOf(safeFetch(site.url('/image'), TEST))).toBe('not-html');
    expect(await reasonOf(safeFetch(site.url('/no-type'), TEST))).toBe('not-html');
  });

  it('refuses error statuses', async () => {
    expect(await reasonOf(safeFetch(site.url('/error'), TEST))).toBe('http-status');
    expect(await reasonOf(safeFetch(site.url('/missing'), TEST))).toBe('http-status');
  });

  it('aborts bodies beyond 2 MB, streamed or declared, and accepts a smaller cap being met exactly', async () => {
    expect(await reasonOf(safeFetch(site.url('/huge'), TEST))).toBe('too-large');
    expect(await reasonOf(safeFetch(site.url('/huge-declared'), TEST))).toBe('too-large');
    expect((await safeFetch(site.url('/just-fits'), { ...TEST, maxBytes: 1000 })).body).toHaveLength(1000);
    expect(await reasonOf(safeFetch(site.url('/just-fits'), { ...TEST, maxBytes: 999 }))).toBe('too-large');
  });

  it('times out on a server that never answers', async () => {
    const started = Date.now();
    expect(await reasonOf(safeFetch(site.url('/slow'), { ...TEST, timeoutMs: 200 }))).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('times out on a body that stops halfway (the deadline covers the whole download)', async () => {
    expect(await reasonOf(safeFetch(site.url('/stalled-body'), { ...TEST, timeoutMs: 200 }))).toBe('timeout');
  });

  it('follows 3 redirects but not 4', async () => {
    expect((await safeFetch(site.url('/r1'), TEST)).url).toBe(site.url('/'));
    expect(await reasonOf(safeFetch(site.url('/r0'), TEST))).toBe('too-many-redirects');
    expect(await reasonOf(safeFetch(site.url('/r1'), { ...TEST, maxRedirects: 2 }))).toBe(
      'too-many-redirects',
    );
  });

  it('refuses a redirect into a private, metadata or mapped address, or to another scheme, at the hop', async () => {
    expect(await reasonOf(safeFetch(site.url('/to-private'), TEST))).toBe('blocked-address');
    expect(await reasonOf(safeFetch(site.url('/to-metadata'), TEST))).toBe('blocked-address');
    expect(await reasonOf(safeFetch(site.url('/to-mapped'), TEST))).toBe('blocked-address');
    expect(await reasonOf(safeFetch(site.url('/to-file'), TEST))).toBe('scheme');
  });

  it('connects to the checked address once, keeping the host name in the Host header', async () => {
    const asked: string[] = [];
    const lookup = async (hostname: string) => {
      asked.push(hostname);
      return [{ address: '127.0.0.1', family: 4 }];
    };
    const before = site.requests.length;
    const result = await safeFetch(`http://toemrer.example:${site.port}/`, { ...TEST, lookup });
    expect(result.body).toBe('<h1>Velkommen</h1>');
    expect(asked).toEqual(['toemrer.example']);
    expect(site.requests.slice(before)).toEqual([{ path: '/', host: `toemrer.example:${site.port}` }]);
  });
});

describe('safeFetch SSRF guard', () => {
  it('refuses every loopback form before connecting', async () => {
    const before = site.requests.length;
    const urls = [
      `http://127.0.0.1:${site.port}/`,
      `http://127.1.2.3:${site.port}/`,
      `http://localhost:${site.port}/`,
      `http://[::1]:${site.port}/`,
      `http://0.0.0.0:${site.port}/`,
      `http://[::]:${site.port}/`,
      `http://2130706433:${site.port}/`,
      `http://0x7f.1:${site.port}/`,
      `http://017700000001:${site.port}/`,
      `http://[::ffff:127.0.0.1]:${site.port}/`,
      `http://[64:ff9b::7f00:1]:${site.port}/`,
      `https://127.0.0.1:${site.port}/`,
    ];
    for (const url of urls) expect([url, await reasonOf(safeFetch(url))]).toEqual([url, 'blocked-address']);
    expect(site.requests.length).toBe(before);
  });

  it('refuses private, link-local, metadata, CGNAT, multicast and reserved addresses', async () => {
    const urls = [
      'http://169.254.169.254/latest/meta-data/',
      'http://10.0.0.1/',
      'http://172.16.5.4/',
      'http://172.31.255.255/',
      'http://192.168.1.1/',
      'http://100.64.0.1/',
      'http://224.0.0.1/',
      'http://240.0.0.1/',
      'http://255.255.255.255/',
      'http://[fd00::1]/',
      'http://[fc00::1]/',
      'http://[fe80::1]/',
      'http://[ff02::1]/',
      'http://[::ffff:10.0.0.1]/',
      'http://[::ffff:169.254.169.254]/',
      'http://[64:ff9b::a9fe:a9fe]/',
      'http://[2002:a00:1::]/',
    ];
    for (const url of urls)
      expect([url, await reasonOf(safeFetch(url, TEST))]).toEqual([url, 'blocked-address']);
  });

  it('allowLoopback never opens private ranges or mapped loopback', () => {
    expect(isAllowedAddress('127.0.0.1', TEST)).toBe(true);
    expect(isAllowedAddress('::1', TEST)).toBe(true);
    for (const address of [
      '10.0.0.1',
      '192.168.0.1',
      '169.254.169.254',
      'fd00::1',
      '::ffff:127.0.0.1',
      '0.0.0.0',
    ]) {
      expect([address, isAllowedAddress(address, TEST)]).toEqual([address, false]);
    }
    for (const address of ['93.184.216.34', '2a00:1450:4010:c0e::65', '::ffff:93.184.216.34', '172.32.0.1']) {
      expect([address, isAllowedAddress(address)]).toEqual([address, true]);
    }
    expect(isAllowedAddress('not an address')).toBe(false);
  });

  it('refuses non-http schemes', async () => {
    for (const url of [
      'file:///etc/passwd',
      'ftp://example.com/',
      'javascript:alert(1)',
      'data:text/html,<p>x</p>',
    ]) {
      expect([url, await reasonOf(safeFetch(url, TEST))]).toEqual([url, 'scheme']);
    }
    expect(await reasonOf(safeFetch('not a url', TEST))).toBe('scheme');
  });

  it('refuses a name resolving to a private address, or to any private address among public ones', async () => {
    const privateOnly = async () => [{ address: '10.0.0.5', family: 4 }];
    const mixed = async () => [
      { address: '93.184.216.34', family: 4 },
      { address: 'fd12::5', family: 6 },
    ];
    expect(await reasonOf(safeFetch('http://intern.example/', { lookup: privateOnly }))).toBe(
      'blocked-address',
    );
    expect(await reasonOf(safeFetch('https://blandet.example/', { lookup: mixed }))).toBe('blocked-address');
  });

  it('reports DNS failures as dns', async () => {
    const failing = async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
    };
    expect(await reasonOf(safeFetch('http://findes-ikke.example/', { lookup: failing }))).toBe('dns');
    expect(await reasonOf(safeFetch('http://tom.example/', { lookup: async () => [] }))).toBe('dns');
  });
});
