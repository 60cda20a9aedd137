// createWebsiteScraper end to end against a loopback site: a scrape that works, and every failure
// answered with null and a logged warning (the spec's Error catalogue: scrape failure is logged and ignored).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWebsiteScraper, normalizeScrapeUrl } from '../../api/onboarding/scrape-website';
import { createLogger } from '../../lib/logger';
import { type HtmlSite, hugePage, page, redirect, slowPage, startHtmlSite } from '../support/html-site';

const ROOFER = `<!doctype html><html lang="da"><head><title>Tagdækker Holm</title>
<link rel="shortcut icon" href="/favicon.png"></head>
<body><header><img src="/logo.svg" alt="Tagdækker Holm logo"><nav><a href="/">Forside</a></nav></header>
<main><h1>Nyt tag?</h1><p>Vi lægger tegl, skifer og tagpap i hele Region Hovedstaden.</p></main>
<footer>Telefon: <a href="tel:31 42 53 64">31 42 53 64</a> · <a href="mailto:holm@tagholm.dk">Skriv</a></footer>
</body></html>`;

let site: HtmlSite;
let lines: Array<Record<string, unknown>>;

function scraper(
  fetchOptions: Parameters<typeof createWebsiteScraper>[0]['fetchOptions'] = { allowLoopback: true },
) {
  const logger = createLogger(
    { logLevel: 'info' },
    { write: (line: string) => void lines.push(JSON.parse(line)) },
  );
  return createWebsiteScraper({ logger, fetchOptions });
}

beforeAll(async () => {
  site = await startHtmlSite({
    '/': page(ROOFER),
    '/gammel': redirect('/'),
    '/json': page('{"secret":"do-not-log"}', 'application/json'),
    '/huge': hugePage(3 * 1024 * 1024),
    '/slow': slowPage(),
    '/loop': redirect('/loop'),
    '/metadata': redirect('http://169.254.169.254/latest/meta-data/'),
  });
});

afterAll(async () => {
  await site.close();
});

describe('createWebsiteScraper', () => {
  it('scrapes a craftsman site, following a redirect', async () => {
    lines = [];
    const result = await scraper()(site.url('/gammel'));
    expect(result).toEqual({
      mainContent: 'Nyt tag?\n\nVi lægger tegl, skifer og tagpap i hele Region Hovedstaden.',
      logo: `${site.origin}/logo.svg`,
      phone: '31 42 53 64',
      email: 'holm@tagholm.dk',
    });
    expect(lines).toEqual([]);
  });

  it('adds https:// to an address without a scheme', async () => {
    expect(normalizeScrapeUrl(' tagholm.dk ')).toBe('https://tagholm.dk');
    expect(normalizeScrapeUrl('localhost:8080/side')).toBe('https://localhost:8080/side');
    expect(normalizeScrapeUrl('http://tagholm.dk')).toBe('http://tagholm.dk');
    expect(normalizeScrapeUrl('ftp://tagholm.dk')).toBe('ftp://tagholm.dk');
    // The test site speaks plain HTTP, so the added https:// fails: logged, null.
    lines = [];
    expect(await scraper()(`localhost:${site.port}/`)).toBeNull();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 40, reason: 'network', host: `localhost:${site.port}` });
  });

  it.each([
    ['not-html', '/json', {}],
    ['too-large', '/huge', {}],
    ['timeout', '/slow', { timeoutMs: 150 }],
    ['too-many-redirects', '/loop', {}],
    ['blocked-address', '/metadata', {}],
    ['http-status', '/findes-ikke', {}],
  ])('answers null and logs the reason on %s', async (reason, path, extra) => {
    lines = [];
    const result = await scraper({ allowLoopback: true, ...extra })(site.url(path));
    expect(result).toBeNull();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 40, reason, msg: 'Website scrape failed' });
    expect(JSON.stringify(lines[0])).not.toContain('do-not-log');
  });

  it('answers null for blocked addresses and bad schemes without contacting the loopback site', async () => {
    const before = site.requests.length;
    const scrape = scraper({});
    for (const url of [
      site.url('/'),
      `http://localhost:${site.port}/`,
      `http://[::1]:${site.port}/`,
      'http://10.0.0.1/',
      'file:///etc/passwd',
      'javascript:alert(1)',
      '',
    ]) {
      lines = [];
      expect(await scrape(url)).toBeNull();
      expect(lines).toHaveLength(1);
    }
    expect(site.requests.length).toBe(before);
  });

  it('answers null when a name resolves to a private address', async () => {
    lines = [];
    const scrape = scraper({ lookup: async () => [{ address: '10.0.0.5', family: 4 }] });
    expect(await scrape('http://intern-toemrer.example/')).toBeNull();
    expect(lines[0]).toMatchObject({ reason: 'blocked-address', host: 'intern-toemrer.example' });
  });

  it('scrapes through localhost with the test-only loopback escape hatch', async () => {
    lines = [];
    const result = await scraper()(`http://localhost:${site.port}/`);
    expect(result?.phone).toBe('31 42 53 64');
  });
});
