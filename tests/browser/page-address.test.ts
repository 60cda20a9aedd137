// Issue 49 items 1 and 12 in Chromium against the real product: the owner renames a page's name in
// the menu (its address stays, the site's menu shows the new name), then changes its address on
// purpose (the whole new address shown, Danish refusals for an invalid or taken one), and a visitor
// following the old link, on the subdomain and under /<cvr>/, lands on the page at its new address.
// And "Kontakt", in the site's menu, is in Sider too: it says where its contents are changed, and the
// owner can make it their own page with their own text.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../rules/messages';
import { PAGE_MESSAGES } from '../../rules/page-messages';
import { type AdminStack, OWNER, PHONE, startAdminStack } from '../support/admin-stack';
import { expectBeside } from '../support/field-error';
import { getPage } from '../support/html';

let admin: AdminStack;

beforeAll(async () => {
  admin = await startAdminStack('page-address');
});

afterAll(async () => {
  await admin?.close();
});

async function openPage(page: Page, name: string) {
  await page.goto(`${admin.origin}/admin/pages`);
  await page.getByText('Vælg en side fra menuen').waitFor();
  await page
    .getByRole('navigation', { name: 'Dine sider' })
    .getByRole('button', { name, exact: true })
    .click();
  await page.getByRole('heading', { level: 2, name }).waitFor();
}

async function save(page: Page) {
  await page.getByRole('button', { name: 'Gem ændringer' }).click();
  await page.getByText(MESSAGES.saveSuccess).waitFor();
  await admin.published();
}

/** The site's menu items as a visitor reads them, on the page at `url`. */
async function siteMenu(page: Page, url: string): Promise<string[]> {
  await page.goto(url);
  return (await page.locator('nav#site-nav a').allTextContents()).map((text) => text.trim());
}

describe('a page keeps its links when it is renamed or moved (issue 49)', { timeout: 90_000 }, () => {
  it('renames the menu name, then moves the address; the old link leads to the new page', async () => {
    const { subdomain } = await admin.company();
    const port = new URL(admin.origin).port;
    const sub = `http://${subdomain}.localhost:${port}`;
    const page = await admin.newPage(PHONE);
    await admin.signIn(page);
    await openPage(page, 'Ydelser');
    const address = page.getByLabel('Sidens adresse');
    expect(await address.inputValue()).toBe('ydelser');

    // 1. A new name in the menu: the address stays.
    await page.getByLabel('Navn i menuen').fill('Ydelser (kladde til Jens)');
    expect(await address.inputValue()).toBe('ydelser');
    await save(page);
    await admin.shot(page, 'renamed-phone');
    const visitor = await admin.browser.newContext();
    const site = await visitor.newPage();
    expect(await siteMenu(site, `${sub}/`)).toContain('Ydelser (kladde til Jens)');
    const kept = await site.goto(`${sub}/ydelser`);
    expect(kept?.status()).toBe(200);
    await site.getByRole('heading', { level: 1, name: 'Det hjælper vi med' }).waitFor();

    // 2. The address is changed on purpose; bad ones are refused in Danish, beside the field.
    await page.getByLabel('Navn i menuen').fill('Ydelser');
    await address.fill('Vores Ydelser');
    await page.getByRole('button', { name: 'Gem ændringer' }).click();
    await expectBeside(page, 'Sidens adresse', PAGE_MESSAGES.slugInvalid);
    await address.fill('om-os');
    await page.getByRole('button', { name: 'Gem ændringer' }).click();
    await expectBeside(page, 'Sidens adresse', PAGE_MESSAGES.slugTaken);
    await address.fill('vores-ydelser');
    await page.getByText(`${sub}/vores-ydelser`).first().waitFor();
    await page.getByText(`sendes links til ${sub}/ydelser videre hertil`).waitFor();
    await admin.shot(page, 'address-changed-phone');
    await save(page);
    expect(await address.inputValue()).toBe('vores-ydelser');

    // 3. The visitor with the old link (a flyer, Google) lands on the page at its new address.
    for (const old of [`${sub}/ydelser`, `${admin.origin}/${OWNER.cvr}/ydelser`]) {
      // Node does not resolve *.localhost as Chromium does: asked of loopback with the Host header.
      const url = new URL(old);
      const answer = await getPage(`http://127.0.0.1:${port}${url.pathname}`, url.host);
      expect(answer.status, old).toBe(301);
      expect(answer.location, old).toBe(url.pathname.replace(/ydelser$/, 'vores-ydelser'));
      const landed = await site.goto(old);
      expect(landed?.status()).toBe(200);
      expect(site.url()).toBe(old.replace(/ydelser$/, 'vores-ydelser'));
      await site.getByRole('heading', { level: 1, name: 'Det hjælper vi med' }).waitFor();
    }
    expect(await siteMenu(site, `${sub}/`)).toContain('Ydelser');
    await visitor.close();
  });

  it('shows Kontakt in Sider, says where it is changed, and lets the owner write its text', async () => {
    const { subdomain } = await admin.company();
    const port = new URL(admin.origin).port;
    const page = await admin.newPage(PHONE);
    await admin.signIn(page);
    await page.goto(`${admin.origin}/admin/pages`);
    const list = page.getByRole('navigation', { name: 'Dine sider' });
    await list.getByRole('button', { name: /^Kontakt/ }).click();
    await page.getByRole('heading', { level: 2, name: 'Kontakt' }).waitFor();
    await page.getByRole('link', { name: 'Ret telefon, e-mail og adresse' }).waitFor();
    await admin.shot(page, 'contact-entry-phone');

    await page.getByRole('button', { name: 'Skriv din egen tekst på kontaktsiden' }).click();
    await page.getByLabel('Sidens adresse').waitFor();
    expect(await page.getByLabel('Sidens adresse').inputValue()).toBe('kontakt');
    await page.getByLabel('Overskrift').fill('Ring eller skriv til Demo Tømrer');
    await save(page);
    // Still one Kontakt in Sider: now the owner's page.
    expect(await list.getByRole('button', { name: /^Kontakt/ }).count()).toBe(1);
    const visitor = await admin.browser.newContext();
    const site = await visitor.newPage();
    const menu = await siteMenu(site, `http://${subdomain}.localhost:${port}/`);
    expect(menu.filter((item) => item === 'Kontakt')).toHaveLength(1);
    await site.goto(`http://${subdomain}.localhost:${port}/kontakt`);
    await site.getByRole('heading', { level: 1, name: 'Ring eller skriv til Demo Tømrer' }).waitFor();
    await visitor.close();
  });
});
