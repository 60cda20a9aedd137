// The landing page on the real product: rendered from the database at start-up and after each
// publish, the company section by the spec's rules as companies sign up (3 → 4 → 8 → 10) and cards
// that open the company's site, read over HTTP as the server renders them; in Chromium, what only a
// browser shows: the example pages' lightbox and the cookieless page view its script sends.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCompany, insertPage, listAnalyticsCounts } from '../../db';
import { type AdminStack, PHONE, startAdminStack } from '../support/admin-stack';
import { getPage } from '../support/html';

let admin: AdminStack;

beforeAll(async () => {
  // The stack seeds the three demo companies.
  admin = await startAdminStack('landing');
});

afterAll(async () => {
  await admin?.close();
});

let added = 0;
/** Signs up `count` more companies the way onboarding ends: stored, then published. */
async function addCompanies(count: number) {
  for (let index = 0; index < count; index++, added++) {
    const cvr = String(40_000_000 + added);
    await insertCompany(
      admin.db,
      { cvr, name: `Nyt Firma ${added + 1} ApS`, city: 'Vejle', zipcode: '7100', address: 'Vej 1' },
      new Date(Date.now() + added * 1000),
    );
    await insertPage(admin.db, cvr, {
      pageName: 'Forside',
      type: 'homepage',
      layout: 'hero',
      title: `Velkommen til Nyt Firma ${added + 1}`,
    });
    await admin.stack.queue.requestPublish(cvr);
  }
  await admin.published();
}

/** The landing page as a visitor's browser gets it. */
async function landingOverHttp() {
  const answer = await getPage(`${admin.origin}/`);
  expect(answer.status).toBe(200);
  return answer.page;
}

/** Every image address answers with an image that decodes, as a browser loading it would need. */
async function expectImagesServed(sources: (string | undefined)[]) {
  for (const src of sources) {
    const response = await fetch(new URL(src ?? '', admin.origin));
    expect(response.status, src).toBe(200);
    expect(response.headers.get('content-type'), src).toMatch(/^image\//);
    const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    expect(meta.width ?? 0, src).toBeGreaterThan(0);
  }
}

const CARDS = 'De bruger allerede Mesterside';

// What the page says and links to, read over HTTP as the server renders it for each count.
describe('landing page over HTTP', () => {
  it('follows the company rules as companies sign up: 3, 4, 8 and 10', async () => {
    let page = await landingOverHttp();
    expect(page.title()).toBe('Hjemmeside til håndværkere på 5 minutter | Mesterside');
    expect(page.all('h1').map((h1) => h1.text().trim())).toContain(
      'Din nye hjemmeside er klar på 5 minutter',
    );
    expect(page.region(CARDS)).toBeUndefined();
    const order = () => page.all('main > section h2').map((h2) => h2.text().trim());
    expect(order()[0]).toBe('Derfor vælger håndværkere Mesterside');

    await addCompanies(1);
    page = await landingOverHttp();
    expect(order()[0]).toBe('Sådan kan din side se ud');
    expect(page.one('main').text()).toContain('4 håndværkere har allerede fået deres side hos Mesterside.');
    expect(page.region(CARDS)).toBeUndefined();

    await addCompanies(4);
    page = await landingOverHttp();
    let cards = page.region(CARDS)?.all('a') ?? [];
    expect(cards).toHaveLength(6);
    expect(cards[0]?.text()).toContain('Nyt Firma 5 ApS');
    // The hero shows the product, and the examples are screenshots of real sites it made.
    const devices = page.all('.lp-devices img');
    expect(devices).toHaveLength(2);
    const examples = page.all('.lp-example img');
    expect(examples).toHaveLength(4);
    await expectImagesServed([...devices, ...examples].map((img) => img.attr('src')));
    await expectImagesServed(examples.flatMap((img) => srcsetOf(img.attr('srcset'))));

    await addCompanies(2);
    page = await landingOverHttp();
    cards = page.region(CARDS)?.all('a') ?? [];
    expect(cards).toHaveLength(6);
    expect(cards[0]?.text()).toContain('Nyt Firma 7 ApS');
    expect(page.one('main').text()).toContain('10 håndværkere har allerede');
  }, 90000);

  it('links each card to the company’s own site on its subdomain', async () => {
    const card = (await landingOverHttp()).region(CARDS)?.all('a')[0];
    const href = card?.attr('href') ?? '';
    expect(href).toMatch(/^http:\/\/nytfirma7aps\.localhost:\d+\/$/);
    const site = await getPage(href.replace('//nytfirma7aps.localhost', '//localhost'), new URL(href).host);
    expect(site.status).toBe(200);
    expect(site.page.all('h1').length).toBeGreaterThan(0);
    expect(site.page.title()).toContain('Nyt Firma 7 ApS');
  });
});

function srcsetOf(srcset: string | undefined): string[] {
  return (srcset ?? '').split(',').map((entry) => entry.trim().split(/\s+/)[0] ?? '');
}

describe('landing page in Chromium', () => {
  it('opens an example page in the lightbox and closes it with Escape', async () => {
    const page = await admin.newPage(PHONE);
    await page.goto(`${admin.origin}/`);
    await admin.shot(page, 'landing-10-phone');
    await page.getByRole('link', { name: 'Se eksemplet for Murer i stor størrelse' }).click();
    const dialog = page.getByRole('dialog', { name: 'Eksempel i stor størrelse' });
    await dialog.waitFor();
    expect(await dialog.locator('img').getAttribute('src')).toContain('/images/examples/murer-1200.webp');
    await admin.shot(page, 'landing-lightbox-phone', false);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  });

  it('counts page views without a cookie', async () => {
    const page = await admin.newPage(PHONE);
    await page.goto(`${admin.origin}/om`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await expect
      .poll(async () =>
        (await listAnalyticsCounts(admin.db, '2000-01-01', '2999-12-31'))
          .filter((row) => row.type === 'page_view' && row.key === '/om')
          .reduce((sum, row) => sum + row.count, 0),
      )
      .toBeGreaterThan(0);
    expect(await page.context().cookies()).toEqual([]);
  });
});
