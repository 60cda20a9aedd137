// The landing page in Chromium on the real product: rendered from the database at start-up and after
// each publish, the company section by the spec's rules as companies sign up (3 → 4 → 8 → 10), cards
// that open the company's site, the example pages' lightbox, and the cookieless page view.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCompany, insertPage, listAnalyticsCounts } from '../../db';
import { type AdminStack, DESKTOP, PHONE, startAdminStack } from '../support/admin-stack';

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

async function landing() {
  const page = await admin.newPage(PHONE);
  await page.goto(`${admin.origin}/`);
  return page;
}

describe('landing page', () => {
  it('follows the company rules as companies sign up: 3, 4, 8 and 10', async () => {
    let page = await landing();
    expect(await page.title()).toBe('Hjemmeside til håndværkere på 5 minutter | Mesterside');
    await page.getByRole('heading', { level: 1, name: 'Din nye hjemmeside er klar på 5 minutter' }).waitFor();
    expect(await page.getByRole('heading', { name: 'De bruger allerede Mesterside' }).count()).toBe(0);
    const order = () => page.locator('main > section h2').allTextContents();
    expect((await order())[0]).toBe('Derfor vælger håndværkere Mesterside');
    await admin.shot(page, 'landing-3-phone');

    await addCompanies(1);
    page = await landing();
    expect((await order())[0]).toBe('Sådan kan din side se ud');
    await page.getByText('4 håndværkere har allerede fået deres side hos Mesterside.').waitFor();
    expect(await page.getByRole('heading', { name: 'De bruger allerede Mesterside' }).count()).toBe(0);

    await addCompanies(4);
    page = await landing();
    const cards = page.getByRole('region', { name: 'De bruger allerede Mesterside' }).getByRole('link');
    expect(await cards.count()).toBe(6);
    expect(await cards.first().textContent()).toContain('Nyt Firma 5 ApS');
    await admin.shot(page, 'landing-8-phone');

    // The hero shows the product, and the examples are screenshots of real sites it made.
    const desktop = await admin.newPage(DESKTOP);
    await desktop.goto(`${admin.origin}/`);
    expect(await desktop.locator('.lp-devices img').count()).toBe(2);
    await admin.shot(desktop, 'landing-8-desktop-hero', false);
    const examples = desktop.locator('.lp-example img');
    expect(await examples.count()).toBe(4);
    await examples.last().scrollIntoViewIfNeeded();
    await expect
      .poll(() =>
        examples.evaluateAll((images) => images.every((img) => (img as HTMLImageElement).naturalWidth > 0)),
      )
      .toBe(true);
    await admin.shot(desktop, 'landing-8-desktop-examples', false);

    await addCompanies(2);
    page = await landing();
    expect(await cards.count()).toBe(6);
    expect(
      await page
        .getByRole('region', { name: 'De bruger allerede Mesterside' })
        .getByRole('link')
        .first()
        .textContent(),
    ).toContain('Nyt Firma 7 ApS');
    await page.getByText('10 håndværkere har allerede').waitFor();
  }, 90000);

  it('opens a company from its card, and an example page in the lightbox', async () => {
    const page = await landing();
    const card = page
      .getByRole('region', { name: 'De bruger allerede Mesterside' })
      .getByRole('link')
      .first();
    const href = await card.getAttribute('href');
    expect(href).toMatch(/^http:\/\/nytfirma7aps\.localhost:\d+\/$/);
    await card.click();
    await page.waitForURL(href as string);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await page.title()).toContain('Nyt Firma 7 ApS');

    await page.goto(`${admin.origin}/`);
    await page.getByRole('link', { name: 'Se eksemplet for Murer i stor størrelse' }).click();
    const dialog = page.getByRole('dialog', { name: 'Eksempel i stor størrelse' });
    await dialog.waitFor();
    expect(await dialog.locator('img').getAttribute('src')).toContain('/images/examples/murer-1200.webp');
    await admin.shot(page, 'landing-lightbox-phone', false);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  });

  it('counts page views without a cookie', async () => {
    const page = await landing();
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
