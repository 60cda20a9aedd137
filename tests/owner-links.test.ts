// Links in owner text stay inside the owner's site on every kind of address: the shared host's
// `/<cvr>/…`, the company subdomain and a custom domain. `[Kontakt os](/kontakt)` (the page editor's
// own hint) goes to the page's Kontakt section instead of a 404 or the product's contact form. Every
// link is followed over HTTP from the published files, as a visitor's browser would resolve it.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, insertCompany, insertPage, setCustomDomainState } from '../db';
import { createSitePublisher } from '../generator';
import { loadSiteRenderer } from '../generator/astro-renderer';
import { type FrontStack, startTestStack } from './support/stack';

const CVR = '12345678';
const OWNER_TEXT = [
  'Læs [om os](/om-os), se [forsiden](/) eller [vores ydelser](/ydelser).',
  '- [Kontakt os](/kontakt)',
  '- [Skriv til os](/kontakt/)',
  '- [Ring til os](/#kontakt)',
].join('\n\n');

let stack: FrontStack;

async function seed(db: Db) {
  await insertCompany(db, {
    cvr: CVR,
    name: 'Testtømrer ApS',
    city: 'Køge',
    zipcode: '4600',
    customDomain: 'www.testtoemrer.dk',
    subdomain: 'testtoemrer',
  });
  // Served on its own domain only once the TXT record was seen (verified).
  await setCustomDomainState(db, CVR, 'www.testtoemrer.dk', {
    verifiedAt: new Date().toISOString(),
    missingSince: null,
  });
  await insertPage(db, CVR, { pageName: 'Forside', type: 'homepage', layout: 'hero', title: 'Velkommen' });
  await insertPage(db, CVR, {
    pageName: 'Om os',
    layout: 'text',
    title: 'Om Testtømrer',
    content: OWNER_TEXT,
  });
  await insertPage(db, CVR, { pageName: 'Ydelser', layout: 'text', title: 'Ydelser', content: OWNER_TEXT });
}

/** GET over node:http, because fetch silently drops a Host header. */
function get(pathname: string, host?: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port: stack.server.port, path: pathname, headers: host ? { host } : {} },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          body += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** The hrefs inside the page's body text (the `.prose` block). */
function proseHrefs(html: string): string[] {
  const prose = /<div class="prose">([\s\S]*?)<\/div>/.exec(html)?.[1] ?? '';
  return [...prose.matchAll(/<a href="([^"]*)"/g)].map((match) => (match[1] ?? '').replace(/&amp;/g, '&'));
}

beforeAll(async () => {
  stack = await startTestStack({
    serve: 'front',
    env: { PUBLIC_HOST: 'mesterside.test', DNS_A_RECORD: '203.0.113.10' },
  });
  await seed(stack.db);
  const renderer = await loadSiteRenderer();
  await (await createSitePublisher({ db: stack.db, config: stack.config, renderer })).publish(CVR);
});

afterAll(async () => {
  await stack.close();
});

describe('links in owner text', () => {
  const addresses = [
    ['the shared host', `http://mesterside.test/${CVR}/om-os`, undefined],
    ['the subdomain', 'http://testtoemrer.mesterside.test/om-os', 'testtoemrer.mesterside.test'],
    ['a custom domain', 'http://www.testtoemrer.dk/om-os', 'www.testtoemrer.dk'],
  ] as const;

  it.each(addresses)('resolve within the site on %s', async (_kind, pageUrl, host) => {
    const page = await get(new URL(pageUrl).pathname, host);
    expect(page.status).toBe(200);
    const hrefs = proseHrefs(page.body);
    expect(hrefs).toHaveLength(6);
    const origin = new URL(pageUrl).origin;
    const reached: string[] = [];
    for (const href of hrefs) {
      const target = new URL(href, pageUrl);
      // Never off to the product's own pages or another host.
      expect(target.origin, href).toBe(origin);
      const answer = await get(target.pathname, host);
      expect(answer.status, `${href} → ${target.pathname}`).toBe(200);
      if (target.hash === '#kontakt') expect(answer.body).toContain('id="kontakt"');
      reached.push(target.pathname + target.hash);
    }
    const base = host === undefined ? `/${CVR}/` : '/';
    expect(reached).toEqual([
      `${base}om-os`,
      base,
      `${base}ydelser`,
      `${base}om-os#kontakt`,
      `${base}om-os#kontakt`,
      `${base}#kontakt`,
    ]);
  });
});
