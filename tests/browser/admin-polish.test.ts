// What a careful owner notices in the admin (issue 28), in Chromium against the real server: no
// "saved" beside a refused save, whole days left in the trial, Danish layout names, settings that
// say what they expect, no console error signed out or in, and no tab alone on a row at 360 px.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, PAGE_MESSAGES } from '../../rules/messages';
import { DAY_MS } from '../../rules/trial';
import { type AdminStack, OWNER, startAdminStack } from '../support/admin-stack';

const NARROW = { width: 360, height: 740 } as const;
const WIDE = { width: 1366, height: 900 } as const;

let admin: AdminStack;

beforeAll(async () => {
  admin = await startAdminStack('admin-polish');
});

afterAll(async () => {
  await admin?.close();
});

async function openPage(page: Page, name: string) {
  await page.goto(`${admin.origin}/admin/pages`);
  await page.getByText('Vælg en side fra menuen').waitFor();
  await page.getByRole('navigation', { name: 'Dine sider' }).getByRole('button', { name }).click();
  await page.getByRole('heading', { level: 2, name }).waitFor();
}

describe('small truths (issue 28 items 2 and 6)', { timeout: 60_000 }, () => {
  it('never shows "Ændringer gemt!" beside a save the form refused', async () => {
    const page = await admin.newPage(NARROW);
    await admin.login(page);
    await openPage(page, 'Om os');
    const puts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PUT') puts.push(request.url());
    });
    await page.getByRole('button', { name: 'Gem ændringer' }).click();
    await page.getByText(MESSAGES.saveSuccess).waitFor();
    expect(puts).toHaveLength(1);
    // Within the 3 seconds the indicator shows: clear the name and save again.
    await page.getByLabel('Sidenavn (Kun synligt i CMS)').fill('');
    await page.getByRole('button', { name: 'Gem ændringer' }).click();
    await page.getByText(PAGE_MESSAGES.pageNameRequired).waitFor();
    expect(await page.getByText(MESSAGES.saveSuccess).count()).toBe(0);
    expect(puts).toHaveLength(1);
    await admin.shot(page, 'refused-save-360');
  });

  it('names the layouts in Danish', async () => {
    const page = await admin.newPage(WIDE);
    await admin.login(page);
    await openPage(page, 'Forside');
    await page.getByRole('tab', { name: 'Layout' }).click();
    const names = await page.locator('.layout-card strong').allTextContents();
    expect(names).toEqual(['Stort billede øverst', 'Tekst', 'Tekst og billede', 'Galleri']);
    expect(await page.getByRole('radio', { name: /Stort billede øverst/ }).isChecked()).toBe(true);
    await admin.shot(page, 'layout-names-1366');
  });

  it('counts whole days left: 31 days and 1 hour is "31 dage"', async () => {
    await admin.db
      .updateTable('companies')
      .set({ trialEndDate: new Date(Date.now() + 31 * DAY_MS + 3_600_000).toISOString() })
      .where('cvr', '=', OWNER.cvr)
      .execute();
    const page = await admin.newPage(WIDE);
    await admin.login(page);
    await page.getByText('31 dage', { exact: true }).waitFor();
    expect(await page.getByText('32 dage').count()).toBe(0);
  });
});

describe('a quiet console (issue 28 item 4)', { timeout: 90_000 }, () => {
  it('logs no console error loading /admin signed out, signing in, and on each screen', async () => {
    const page = await admin.newPage(WIDE);
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    const favicon: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('favicon')) favicon.push(request.url());
    });
    await page.goto(`${admin.origin}/admin`);
    await page.getByRole('button', { name: 'Log ind' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
    expect(await page.locator('link[rel="icon"]').count()).toBe(1);
    await admin.login(page);
    for (const path of ['dashboard', 'pages', 'images', 'settings', 'konto', 'subscription']) {
      await page.goto(`${admin.origin}/admin/${path}`);
      await page.locator('main h1, main h2').first().waitFor();
      await page.waitForLoadState('networkidle');
    }
    await page.reload();
    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
    expect(favicon).toEqual([]);
  });
});
