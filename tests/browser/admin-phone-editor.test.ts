// Issue 49 item 10, editing a page on a 360 px phone in Chromium against the real product: in a long
// text the formatting toolbar stays in view below the tab bar, "Gem ændringer" stays in reach at the
// bottom edge (not waiting below the AI box), and "Ændringer gemt!" links to the page on the site.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findPageBySlug, updatePage } from '../../db';
import { MESSAGES } from '../../rules/messages';
import { type AdminStack, OWNER, startAdminStack, type Viewport } from '../support/admin-stack';

const PHONE = { width: 360, height: 780 } as unknown as Viewport;
let admin: AdminStack;

beforeAll(async () => {
  admin = await startAdminStack('admin-phone-editor');
}, 90_000);

afterAll(async () => {
  await admin?.close();
});

async function openPage(page: Page, name: string) {
  await page.goto(`${admin.origin}/admin/pages`);
  await page.getByText('Vælg en side fra menuen').waitFor();
  await page.getByRole('navigation', { name: 'Dine sider' }).getByRole('button', { name }).click();
  await page.getByRole('heading', { level: 2, name }).waitFor();
}

const inView = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((element) => {
      const box = element.getBoundingClientRect();
      return { top: box.top, bottom: box.bottom, height: innerHeight };
    });

describe('the page editor on a phone (issue 49)', () => {
  it('keeps the toolbar and "Gem ændringer" in view in a long text, and links to the saved page', async () => {
    const om = await findPageBySlug(admin.db, OWNER.cvr, 'om-os');
    if (!om) throw new Error('no om-os page');
    const long = Array.from(
      { length: 30 },
      (_, n) => `Afsnit ${n + 1} om hvordan vi arbejder, rydder op og holder aftaler.`,
    ).join('\n\n');
    await updatePage(admin.db, OWNER.cvr, om.id, { content: long });

    const page = await admin.newPage(PHONE);
    await admin.signIn(page);
    await openPage(page, 'Om os');
    const text = page.getByRole('textbox', { name: 'Tekst', exact: true });
    await text.click();
    // Deep in the text: the toolbar has scrolled with the page but stays just below the tab bar.
    await page.getByText('Afsnit 20 om').scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 400);
    await page.waitForTimeout(300);
    const tabs = await inView(page, '.shell-tabs');
    const toolbar = await inView(page, '.text-toolbar');
    expect(toolbar.top).toBeGreaterThanOrEqual(tabs.bottom - 1);
    expect(toolbar.top).toBeLessThan(tabs.bottom + 4);
    // "Gem ændringer" is on the screen, at its bottom edge, while the AI box is still below.
    const save = await inView(page, '.page-editor-foot');
    expect(save.bottom).toBeLessThanOrEqual(save.height + 1);
    expect(save.top).toBeGreaterThan(save.height / 2);
    await admin.shot(page, 'editor-long-text-360', false);

    await page.keyboard.type(' Nyt.');
    await page.getByRole('button', { name: 'Gem ændringer' }).click();
    await page.getByText(MESSAGES.saveSuccess).waitFor();
    const link = page.getByRole('link', { name: 'Se siden på hjemmesiden' });
    const site = (await page.getByRole('link', { name: 'Se hjemmeside' }).getAttribute('href')) ?? '';
    expect(await link.getAttribute('href')).toBe(`${site.replace(/\/$/, '')}/om-os`);
    expect(await link.getAttribute('target')).toBe('_blank');
    await admin.shot(page, 'editor-saved-360', false);
  }, 60_000);
});
