import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { classifyHost, type RequestTarget, resolveRequestTarget } from './request-target';

const PUBLIC = 'mesterside.dk';
const CVR = '12345678';

const api = { kind: 'api' };
const admin = { kind: 'admin', file: 'index.html' };
const adminAsset = (file: string) => ({ kind: 'admin', file });
// Issue 49: an address that names nothing answers 404 there, never a redirect to /404.
const product404 = { kind: 'marketing', path: '/404', status: 404 };
const notFound = { kind: 'not-found' };
const marketing = (path: string, status = 200) => ({ kind: 'marketing', path, status });
// A blog post path names the page an unknown post shows instead ('Indlæg ikke fundet', 404).
const blogPost = (path: string) => ({ kind: 'marketing', path, status: 200, missing: '/blog/ikke-fundet' });
const byPath = (file: string, status = 200) => ({ kind: 'site', by: 'path', cvr: CVR, file, status });
const bySub = (file: string, status = 200) => ({
  kind: 'site',
  by: 'subdomain',
  subdomain: 'demo',
  file,
  status,
});
const byDomain = (file: string, status = 200) => ({
  kind: 'site',
  by: 'custom-domain',
  hostname: 'www.hansen.dk',
  file,
  status,
});
const moved = (location: string) => ({ kind: 'redirect', location, status: 301 });
// The company's own 404 page: its host's copy (links from `/`), or /<cvr>/'s (links from `/<cvr>/`).
const pathMissing = byPath('404.path.html', 404);
const subMissing = bySub('404.html', 404);
const domainMissing = byDomain('404.html', 404);

type Row = [host: string, path: string, expected: object];

/** What an address that names nothing answers on each host of these tests. */
function missingOn(host: string): object {
  if (host === 'demo.mesterside.dk') return subMissing;
  if (host === 'www.hansen.dk') return domainMissing;
  return product404;
}

describe('classifyHost', () => {
  it.each([
    ['mesterside.dk', { mode: 'main' }],
    ['MESTERSIDE.DK:443', { mode: 'main' }],
    ['mesterside.dk.', { mode: 'main' }],
    ['www.mesterside.dk', { mode: 'main' }],
    ['localhost:3000', { mode: 'main' }],
    ['127.0.0.1:3000', { mode: 'main' }],
    ['[::1]:3000', { mode: 'main' }],
    ['www.localhost', { mode: 'main' }],
    ['demo.mesterside.dk', { mode: 'subdomain', subdomain: 'demo' }],
    ['Demo.Mesterside.DK.:8443', { mode: 'subdomain', subdomain: 'demo' }],
    ['demo.localhost:3000', { mode: 'subdomain', subdomain: 'demo' }],
    ['a.b.mesterside.dk', { mode: 'custom-domain', hostname: 'a.b.mesterside.dk' }],
    ['www.hansen.dk', { mode: 'custom-domain', hostname: 'www.hansen.dk' }],
    ['tømrer.dk', { mode: 'custom-domain', hostname: 'xn--tmrer-vua.dk' }],
    ['mesterside.dk.evil.com', { mode: 'custom-domain', hostname: 'mesterside.dk.evil.com' }],
    ['evilmesterside.dk', { mode: 'custom-domain', hostname: 'evilmesterside.dk' }],
    ['', null],
    ['../etc', null],
    ['demo.localhost/../x', null],
    ['a b', null],
  ])('%s', (host, expected) => {
    expect(classifyHost(host, PUBLIC)).toEqual(expected);
  });

  it('compares host names, not ports, with a PUBLIC_HOST that carries one', () => {
    expect(classifyHost('localhost:5173', 'localhost:3000')).toEqual({ mode: 'main' });
    expect(classifyHost('hansen.localhost', 'localhost:3000')).toEqual({
      mode: 'subdomain',
      subdomain: 'hansen',
    });
    expect(classifyHost('mesterside.dk', 'localhost:3000')).toEqual({
      mode: 'custom-domain',
      hostname: 'mesterside.dk',
    });
  });

  it('treats a punycode PUBLIC_HOST and its subdomains alike', () => {
    const publicHost = 'xn--mestersde-m5a.dk';
    expect(classifyHost('mestersíde.dk', publicHost)).toEqual({ mode: 'main' });
    expect(classifyHost('hansen.xn--mestersde-m5a.dk', publicHost)).toEqual({
      mode: 'subdomain',
      subdomain: 'hansen',
    });
  });
});

describe('resolveRequestTarget on the main host', () => {
  const rows: Row[] = [
    ['mesterside.dk', '/api/health', api],
    ['mesterside.dk', '/api', api],
    ['mesterside.dk', '/api/pages?x=1', api],
    // Bad bytes in an API path: the API answers (a JSON 404), not a page's redirect (issue 23).
    ['mesterside.dk', '/api/pages/%ff', api],
    ['mesterside.dk', '/api/pages/%00?x=1', api],
    ['mesterside.dk', '/admin', admin],
    ['mesterside.dk', '/admin/pages', admin],
    ['mesterside.dk', '/admin/assets/index-Ab_9x.js', adminAsset('assets/index-Ab_9x.js')],
    ['mesterside.dk', '/admin/assets/pages-screen-X1.css', adminAsset('assets/pages-screen-X1.css')],
    // Not a build file: the SPA answers (its router sends unknown paths to /404).
    ['mesterside.dk', '/admin/assets/../../package.json', product404],
    ['mesterside.dk', '/admin/assets/sub/x.js', admin],
    ['mesterside.dk', '/admin/assets/.env.js', admin],
    ['mesterside.dk', '/admin/assets/x.map', admin],
    ['mesterside.dk', '/administrator', marketing('/administrator')],
    ['localhost:3000', '/_tls/ask?domain=www.hansen.dk', { kind: 'tls-ask' }],
    ['mesterside.dk', `/${CVR}`, moved(`/${CVR}/`)],
    ['mesterside.dk', `/${CVR}?newsite=true`, moved(`/${CVR}/?newsite=true`)],
    ['mesterside.dk', `/${CVR}?`, moved(`/${CVR}/`)],
    ['mesterside.dk', `/${CVR}?a=<script>`, moved(`/${CVR}/?a=<script>`)],
    ['mesterside.dk', `/${CVR}?a= b`, moved(`/${CVR}/`)],
    ['mesterside.dk', `/${CVR}?a=\\b`, moved(`/${CVR}/`)],
    ['mesterside.dk', `/${CVR}/`, byPath('index.html')],
    ['mesterside.dk', `/${CVR}/?newsite=true`, byPath('index.html')],
    ['www.mesterside.dk', `/${CVR}/om-os`, byPath('om-os.html')],
    ['localhost:3000', `/${CVR}/om-os`, byPath('om-os.html')],
    ['127.0.0.1', `/${CVR}/kontakt-2`, byPath('kontakt-2.html')],
    ['[::1]:3000', `/${CVR}/sitemap.xml`, byPath('sitemap.xml')],
    ['mesterside.dk', `/${CVR}/robots.txt`, byPath('robots.txt')],
    ['mesterside.dk', `/${CVR}/404`, pathMissing],
    ['mesterside.dk', `/${CVR}/om-os/`, moved(`/${CVR}/om-os`)],
    ['mesterside.dk', `/${CVR}/om-os/?a=1`, moved(`/${CVR}/om-os?a=1`)],
    ['mesterside.dk', `/${CVR}/Om-Os`, pathMissing],
    ['mesterside.dk', `/${CVR}/om_os`, pathMissing],
    ['mesterside.dk', `/${CVR}/om-os.html`, pathMissing],
    ['mesterside.dk', `/${CVR}/a/b`, pathMissing],
    ['mesterside.dk', `/${CVR}/index.html`, pathMissing],
    ['mesterside.dk', `/${CVR}/${'a'.repeat(101)}`, pathMissing],
    ['mesterside.dk', `/${CVR}/a/b/c`, pathMissing],
    ['mesterside.dk', `/${CVR}/404.path`, pathMissing],
    ['mesterside.dk', '/1234567', marketing('/1234567')],
    ['mesterside.dk', '/123456789', marketing('/123456789')],
    ['mesterside.dk', '/', marketing('/')],
    ['mesterside.dk', '/?utm_source=x', marketing('/')],
    ['mesterside.dk', '/om', marketing('/om')],
    ['mesterside.dk', '/om/', moved('/om')],
    ['mesterside.dk', '/om/?a=1', moved('/om?a=1')],
    ['mesterside.dk', '/tomrer-hjemmeside', marketing('/tomrer-hjemmeside')],
    ['mesterside.dk', '/blog/3', blogPost('/blog/3')],
    ['mesterside.dk', '/blog/999', blogPost('/blog/999')],
    ['mesterside.dk', '/blog', marketing('/blog')],
    ['mesterside.dk', '/blog/ikke-fundet', marketing('/blog/ikke-fundet')],
    ['mesterside.dk', '/blog/3x', marketing('/blog/3x')],
    ['mesterside.dk', '/_astro/client.BkDVtqqA.js', marketing('/_astro/client.BkDVtqqA.js')],
    ['mesterside.dk', '/favicon.svg', marketing('/favicon.svg')],
    ['mesterside.dk', '/images/trades/tomrer.png', marketing('/images/trades/tomrer.png')],
    ['mesterside.dk', '/404', marketing('/404', 404)],
    ['mesterside.dk', '/%6fm', marketing('/om')],
    ['mesterside.dk', '/.env', product404],
    ['mesterside.dk', '/.git/config', product404],
    ['mesterside.dk', '/om%20os', product404],
    ['mesterside.dk', '/søg', product404],
    ['mesterside.dk', '/%C3%B8', product404],
  ];
  it.each(rows)('%s %s', (host, path, expected) => {
    expect(resolveRequestTarget(host, path, PUBLIC)).toEqual(expected);
  });
});

describe('resolveRequestTarget on a company subdomain or custom domain', () => {
  const rows: Row[] = [
    ['demo.mesterside.dk', '/', bySub('index.html')],
    ['demo.localhost:3000', '/', bySub('index.html')],
    ['DEMO.localhost.', '/?newsite=true', bySub('index.html')],
    ['demo.mesterside.dk', '/om-os', bySub('om-os.html')],
    ['demo.mesterside.dk', '/om-os/', moved('/om-os')],
    ['demo.mesterside.dk', '/om-os/?x=1', moved('/om-os?x=1')],
    ['demo.mesterside.dk', '/sitemap.xml', bySub('sitemap.xml')],
    ['demo.mesterside.dk', '/robots.txt', bySub('robots.txt')],
    ['demo.mesterside.dk', '/404', subMissing],
    ['demo.mesterside.dk', '/api/health', api],
    // The short review link of an SMS text (issue 49) is the app's on a company's host.
    ['demo.mesterside.dk', '/anmeld/AbCdEfGhIjKlMnOpQrStUv.0123456789abcdef', api],
    ['demo.mesterside.dk', '/admin', admin],
    ['demo.mesterside.dk', '/admin/settings', admin],
    ['demo.mesterside.dk', '/admin/assets/index-Ab_9x.js', adminAsset('assets/index-Ab_9x.js')],
    ['demo.mesterside.dk', '/privacy', marketing('/privacy')],
    ['demo.mesterside.dk', '/faq', marketing('/faq')],
    ['demo.mesterside.dk', '/blog', marketing('/blog')],
    ['demo.mesterside.dk', '/blog/12', blogPost('/blog/12')],
    ['demo.mesterside.dk', '/blog/', moved('/blog')],
    ['demo.mesterside.dk', '/blog/abc', subMissing],
    ['demo.mesterside.dk', '/_astro/client.BkDVtqqA.js', marketing('/_astro/client.BkDVtqqA.js')],
    ['demo.mesterside.dk', '/_astro/../x', subMissing],
    ['demo.mesterside.dk', '/om', bySub('om.html')],
    ['demo.mesterside.dk', '/funktioner', bySub('funktioner.html')],
    ['demo.mesterside.dk', `/${CVR}`, bySub(`${CVR}.html`)],
    ['demo.mesterside.dk', `/${CVR}/`, moved(`/${CVR}`)],
    ['demo.mesterside.dk', '/_tls/ask', subMissing],
    ['demo.mesterside.dk', '/a/b', subMissing],
    ['demo.mesterside.dk', '/index.html', subMissing],
    ['demo.mesterside.dk', '/favicon.ico', subMissing],
    ['www.hansen.dk', '/', byDomain('index.html')],
    ['WWW.HANSEN.DK:443', '/kontakt', byDomain('kontakt.html')],
    ['www.hansen.dk', '/404', domainMissing],
    ['www.hansen.dk', '/privacy', marketing('/privacy')],
    ['www.hansen.dk', '/api/contact', api],
    ['www.hansen.dk', '/x/y', domainMissing],
    ['www.hansen.dk', '/404.path', domainMissing],
  ];
  it.each(rows)('%s %s', (host, path, expected) => {
    expect(resolveRequestTarget(host, path, PUBLIC)).toEqual(expected);
  });
});

// Uploaded images and logos (api/images): one stable URL on every host, strict names only.
describe('resolveRequestTarget for /media', () => {
  const media = (path: string) => ({ kind: 'media', path });
  const file = '1732300000000-tag-i-roskilde';
  const hosts = ['mesterside.dk', 'localhost:3000', 'demo.mesterside.dk', 'www.hansen.dk'];
  const served: [path: string, expected: object][] = [
    [`/media/images/${CVR}/${file}-480.webp`, media(`images/${CVR}/${file}-480.webp`)],
    [`/media/images/${CVR}/${file}.jpg`, media(`images/${CVR}/${file}.jpg`)],
    [`/media/images/${CVR}/${file}.jpg?v=2`, media(`images/${CVR}/${file}.jpg`)],
    [`/media/logos/${CVR}/${file}.png`, media(`logos/${CVR}/${file}.png`)],
    [`/media/logos/${CVR}/${file}.webp`, media(`logos/${CVR}/${file}.webp`)],
    [`/media/images/${CVR}/%31732.jpg`, media(`images/${CVR}/1732.jpg`)],
  ];
  const refused = [
    '/media/',
    '/media/images',
    `/media/images/${CVR}`,
    `/media/images/${CVR}/`,
    `/media/images/1234567/${file}.jpg`,
    `/media/images/123456789/${file}.jpg`,
    `/media/sites/${CVR}/index.html`,
    `/media/images/${CVR}/${file}.svg`,
    `/media/images/${CVR}/${file}.gif`,
    `/media/images/${CVR}/${file}.JPG`,
    `/media/images/${CVR}/Tag.jpg`,
    `/media/images/${CVR}/-x.jpg`,
    `/media/images/${CVR}/.upload-x.jpg`,
    `/media/images/${CVR}/${file}.jpg.br`,
    `/media/images/${CVR}/${file}`,
    `/media/images/${CVR}/a/b.jpg`,
    `/media/images/${CVR}/a_b.jpg`,
    `/media/images/${CVR}/${'a'.repeat(101)}.jpg`,
    `/media/images/${CVR}/../${CVR}/x.jpg`,
    `/media/images/${CVR}/..%2f..%2fapp.db`,
    `/media/images/${CVR}/%2e%2e/%2e%2e/app.db`,
    `/media/images/../../app.db`,
    `/media/images/${CVR}/x.jpg%00.png`,
    `/media/images/${CVR}/x.jpg%0a`,
    `/media/images/${CVR}/%c0%ae%c0%ae.jpg`,
    `/media/images/${CVR}//x.jpg`,
    `/media/images/${CVR}/x%5c..%5capp.db`,
    `/media//images/${CVR}/x.jpg`,
    `/media/images/${CVR}/%252e%252e.jpg`,
  ];
  for (const host of hosts) {
    it.each(served)(`${host} %s`, (path, expected) => {
      expect(resolveRequestTarget(host, path, PUBLIC)).toEqual(expected);
    });
    it.each(refused)(`${host} %s → the 404 page of the host`, (path) => {
      expect(resolveRequestTarget(host, path, PUBLIC)).toEqual(missingOn(host));
    });
  }

  it('keeps the paths it does not own as they were', () => {
    expect(resolveRequestTarget('mesterside.dk', '/media', PUBLIC)).toEqual(marketing('/media'));
    expect(resolveRequestTarget('demo.mesterside.dk', '/media', PUBLIC)).toEqual(bySub('media.html'));
    expect(resolveRequestTarget('mesterside.dk', `/${CVR}/media/images/${CVR}/x.jpg`, PUBLIC)).toEqual(
      pathMissing,
    );
  });
});

describe('resolveRequestTarget path safety', () => {
  const escapes = [
    `/${CVR}/../../etc/passwd`,
    `/${CVR}/%2e%2e/%2e%2e/etc/passwd`,
    `/${CVR}/%2e%2e%2f%2e%2e%2fetc%2fpasswd`,
    `/${CVR}/..%2f..%2fetc%2fpasswd`,
    `/${CVR}/..%2F`,
    `/${CVR}/%2e%2e/`,
    `/${CVR}/..\\..\\etc\\passwd`,
    `/${CVR}/%5c..%5cpasswd`,
    `/${CVR}/index%00.html`,
    `/${CVR}/om-os%00`,
    `/${CVR}/om-os%0a`,
    `/${CVR}/%c0%ae%c0%ae/passwd`,
    `/${CVR}/%e0%80%ae`,
    `/${CVR}/%`,
    `/${CVR}/%zz`,
    `/${CVR}//etc/passwd`,
    `/${CVR}//`,
    `//${CVR}/`,
    '//etc/passwd',
    '/./om',
    '/om/.',
    '/om/..',
    '/..',
    '/%2e%2e',
    '/_astro/%2e%2e/%2e%2e/package.json',
    '/api/../admin',
    '/admin/%2e%2e/',
    '/api%2fhealth',
  ];
  for (const host of ['mesterside.dk', 'demo.mesterside.dk', 'www.hansen.dk']) {
    // Nothing of the path names a file; under /<cvr>/ the company's 404 page answers all the same.
    it.each(escapes)(`${host} %s → the 404 page of the host`, (path) => {
      const underCvr = host === 'mesterside.dk' && path.startsWith(`/${CVR}/`);
      expect(resolveRequestTarget(host, path, PUBLIC)).toEqual(underCvr ? pathMissing : missingOn(host));
    });
  }

  it.each([
    ['mesterside.dk', '*'],
    ['mesterside.dk', 'http://evil.example/12345678/'],
    ['mesterside.dk', ''],
    ['', '/'],
    ['../../etc', `/${CVR}/`],
    ['demo.localhost/../..', '/'],
  ])('host %s target %s → not-found', (host, path) => {
    expect(resolveRequestTarget(host, path, PUBLIC)).toEqual(notFound);
  });

  it('decodes percent-encoding only once', () => {
    expect(resolveRequestTarget('mesterside.dk', `/${CVR}/%252e%252e`, PUBLIC)).toEqual(pathMissing);
    expect(resolveRequestTarget('mesterside.dk', '/%252e%252e/etc', PUBLIC)).toEqual(product404);
    expect(resolveRequestTarget('mesterside.dk', `/${CVR}/%6fm-os`, PUBLIC)).toEqual(byPath('om-os.html'));
  });

  const junk = fc.oneof(
    fc.string({ unit: 'binary', maxLength: 80 }),
    fc.webPath(),
    fc
      .array(
        fc.constantFrom(
          '/',
          '..',
          '.',
          '%2e',
          '%2f',
          '%5c',
          '\\',
          '%00',
          '%c0%ae',
          'om-os',
          CVR,
          'media/images/',
          '.jpg',
          '?',
          '%',
          'a',
        ),
        { maxLength: 12 },
      )
      .map((parts) => `/${parts.join('')}`),
  );
  const hosts = fc.oneof(
    fc.constantFrom('mesterside.dk', 'demo.mesterside.dk', 'localhost:3000', 'www.hansen.dk'),
    fc.string({ maxLength: 30 }),
    fc.domain(),
  );

  it('never throws and never names a file outside the folder', () => {
    fc.assert(
      fc.property(hosts, junk, (host, path) => {
        const target: RequestTarget = resolveRequestTarget(host, path, PUBLIC);
        if (target.kind === 'site') {
          expect(target.file).toMatch(/^(?:[a-z0-9-]+\.(?:html|xml|txt)|404\.path\.html)$/);
          expect(target.file).not.toContain('..');
          // The site's 404 pages, and only they, answer with status 404.
          expect(target.status === 404).toBe(target.file === '404.html' || target.file === '404.path.html');
        }
        if (target.kind === 'marketing') {
          // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
          expect(target.path).not.toMatch(/\.\.|\\|\/\/|[\u0000-\u001f]/);
          expect(target.path.startsWith('/')).toBe(true);
        }
        if (target.kind === 'media') {
          expect(target.path).toMatch(/^(?:images|logos)\/[0-9]{8}\/[a-z0-9][a-z0-9-]*\.(?:webp|jpg|png)$/);
        }
        if (target.kind === 'redirect') {
          expect(target.location).toMatch(/^\/(?!\/)/);
          expect(target.location).not.toMatch(/[\s\\]/);
          expect(target.status).toBe(301);
        }
      }),
      { numRuns: 2000 },
    );
  });
});
