// Issue 14 in Chromium against the real server: every admin screen (and each tab) at 360 px and
// 1366 px with nothing wider than the viewport, no clipped label and no tab bar wrapped onto a second
// row (issue 28; tests/support/no-overflow.ts),
// the operator view with an authorisation waiting to be checked and the recipient's confirmation link
// among them (issue 42, issue 39), and the pages' menu order and "Vis i menuen" driven by the keyboard, with the published site's
// menu following. Screenshots in test-artifacts/admin-phone/.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_TRUST_SETTINGS,
  findUserByEmail,
  insertCompany,
  markEmailVerified,
  saveTrustSettings,
} from '../../db';
import { MESSAGES, UNSAVED_MESSAGES } from '../../rules/messages';
import { type AdminStack, OWNER, startAdminStack } from '../support/admin-stack';
import { columnProblems, layoutProblems, wrappedRows } from '../support/no-overflow';

const SMALL_PHONE = { width: 360, height: 780 } as const;
const LAPTOP = { width: 1366, height: 800 } as const;

let admin: AdminStack;

// A company whose authorisation waits for the operator's check (issue 42), listed in the operator view.
const ELECTRICIAN = { cvr: '99000707', name: 'Eksempel El-Installation A/S' } as const;

beforeAll(async () => {
  // The stack's own owner is the operator (a verified login e-mail in OPERATOR_EMAILS, issue 23).
  admin = await startAdminStack('admin-phone', { OPERATOR_EMAILS: OWNER.email });
  await markEmailVerified(admin.db, (await findUserByEmail(admin.db, OWNER.email))?.id ?? '');
  await insertCompany(admin.db, ELECTRICIAN);
  await saveTrustSettings(admin.db, ELECTRICIAN.cvr, {
    ...DEFAULT_TRUST_SETTINGS,
    authorisation: { type: 'el', number: '12345' },
  });
}, 90_000);

afterAll(async () => {
  await admin?.close();
});

/** Checks the screen as it is now and saves its screenshot. */
async function check(page: Page, name: string) {
  await page.evaluate(() => document.fonts.ready);
  await admin.shot(page, name);
  expect(await layoutProblems(page), name).toEqual([]);
  // Nothing in the admin's column reaches into its margins (issue 40).
  expect(await columnProblems(page), name).toEqual([]);
  // No tab or header button alone on a row of its own (issue 28).
  expect(await wrappedRows(page), name).toEqual([]);
}

async function tabs(page: Page, list: string, prefix: string) {
  const names = await page.getByRole('tablist', { name: list }).getByRole('tab').allTextContents();
  for (const name of names) {
    await page.getByRole('tablist', { name: list }).getByRole('tab', { name, exact: true }).click();
    await check(page, `${prefix}-${name.toLowerCase().replace(/[^a-zæøå]+/g, '-')}`);
  }
  return names;
}

describe.each([
  ['phone', SMALL_PHONE],
  ['laptop', LAPTOP],
])('every admin screen fits at %s width', (size, viewport) => {
  it('login, password reset, dashboard, pages, editor tabs and its questions, menu order, images, settings tabs, subscription, account, leads, operator, mailed links', async () => {
    const page = await admin.newPage(viewport);
    await page.goto(`${admin.origin}/admin`);
    await page.getByRole('button', { name: 'Log ind' }).waitFor();
    await check(page, `${size}-login`);
    await page.goto(`${admin.origin}/admin/glemt-password`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await check(page, `${size}-forgot-password`);
    await page.goto(`${admin.origin}/admin/nulstil-password?token=${'a'.repeat(32)}`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await check(page, `${size}-reset-password`);
    await page.goto(`${admin.origin}/admin`);
    await page.getByRole('button', { name: 'Log ind' }).waitFor();
    await admin.signIn(page);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.waitForLoadState('networkidle');
    await check(page, `${size}-dashboard`);

    await page.goto(`${admin.origin}/admin/pages`);
    await page.getByText('Vælg en side fra menuen').waitFor();
    await check(page, `${size}-pages`);
    await page
      .getByRole('navigation', { name: 'Dine sider' })
      .getByRole('button', { name: 'Forside' })
      .click();
    await page.getByRole('heading', { level: 2, name: 'Forside' }).waitFor();
    expect(await tabs(page, 'Redigér side', `${size}-pages-editor`)).toContain('Indhold');
    // Unsaved: the mark, and the question before another page opens (issue 40).
    await page.getByRole('tab', { name: 'Indhold' }).click();
    await page.getByLabel('Overskrift', { exact: true }).fill('Nyt tag på en uge');
    await page.getByText('Ikke gemt', { exact: true }).waitFor();
    await check(page, `${size}-pages-editor-unsaved`);
    await page.getByRole('navigation', { name: 'Dine sider' }).getByRole('button', { name: 'Om os' }).click();
    await page.getByRole('dialog', { name: UNSAVED_MESSAGES.leaveTitle }).waitFor();
    await check(page, `${size}-pages-leave-question`);
    await page.getByRole('button', { name: 'Kassér' }).click();
    await page.getByRole('heading', { level: 2, name: 'Om os' }).waitFor();
    if (size === 'phone') {
      // The preview is a full-screen view of its own on a phone.
      await page.getByRole('button', { name: 'Vis forhåndsvisning' }).click();
      await page.locator('iframe[data-state="shown"]').waitFor();
      await check(page, `${size}-pages-preview`);
      await page.getByText('Computer', { exact: true }).click();
      await check(page, `${size}-pages-preview-computer`);
      await page.getByRole('button', { name: 'Luk' }).click();
    }
    await page.getByRole('button', { name: 'Menu og rækkefølge' }).click();
    await page.getByRole('heading', { name: 'Menu og rækkefølge' }).waitFor();
    await check(page, `${size}-pages-menu-order`);

    await page.goto(`${admin.origin}/admin/images`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.waitForLoadState('networkidle');
    await check(page, `${size}-images`);

    await page.goto(`${admin.origin}/admin/settings`);
    await page.getByRole('tablist').first().waitFor();
    const settingsList = (await page.getByRole('tablist').first().getAttribute('aria-label')) ?? '';
    expect(await tabs(page, settingsList, `${size}-settings`)).toEqual([
      'Logo',
      'Kontakt',
      'Åbningstider',
      'Sociale medier',
      'Design',
      'Domæne',
      'Troværdighed',
    ]);

    await page.goto(`${admin.origin}/admin/subscription`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.waitForLoadState('networkidle');
    await check(page, `${size}-subscription`);

    await page.goto(`${admin.origin}/admin/konto`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.waitForLoadState('networkidle');
    await check(page, `${size}-account`);

    await page.goto(`${admin.origin}/admin/henvendelser`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.waitForLoadState('networkidle');
    await check(page, `${size}-leads`);

    // The operator view with an authorisation to check: its register link and button (issue 42).
    await page.goto(`${admin.origin}/admin/operator`);
    const toCheck = page.locator('section.card', {
      has: page.getByRole('heading', { name: 'Autorisationer til kontrol' }),
    });
    await toCheck.getByText(ELECTRICIAN.name).waitFor();
    await toCheck.getByRole('button', { name: 'Markér som kontrolleret' }).waitFor();
    await page.waitForLoadState('networkidle');
    await check(page, `${size}-operator`);

    for (const [path, name] of [
      ['bekraeft-email', 'confirm-email'],
      ['bekraeft-din-email', 'verify-email'],
      // The link mailed to a new recipient of quote requests (issue 39).
      ['bekraeft-modtager', 'confirm-recipient'],
    ] as const) {
      await page.goto(`${admin.origin}/admin/${path}?token=${'a'.repeat(32)}`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await check(page, `${size}-${name}`);
    }
  }, 120_000);
});

describe('menu order and "Vis i menuen"', () => {
  it('moves a page with the keyboard, hides one from the menu, and the site follows', async () => {
    const page = await admin.newPage(SMALL_PHONE);
    await admin.signIn(page, '/admin/pages?visning=menu');
    const list = page.locator('.menu-order-list');
    await list.waitFor();
    const names = () => list.locator('.menu-order-name').allTextContents();
    expect(await names()).toEqual(['Forside', 'Om os', 'Ydelser']);
    // The homepage has no move buttons: it stays first.
    expect(await page.getByRole('button', { name: 'Flyt Forside op' }).count()).toBe(0);

    // Keyboard only: focus "Flyt Ydelser op" and press Enter; focus stays on the moved page.
    await page.getByRole('button', { name: 'Flyt Ydelser op' }).focus();
    await page.keyboard.press('Enter');
    expect(await names()).toEqual(['Forside', 'Ydelser', 'Om os']);
    await page.getByText('Ydelser er nu nummer 2 af 3').waitFor();
    // The focus moves on the next animation frame, which a loaded machine may give after the text.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Flyt Ydelser ned');
    // "Vis i menuen" off for Om os, with the space bar.
    const omOs = list.locator('li', { hasText: 'Om os' }).getByLabel('Vis i menuen');
    await omOs.focus();
    await page.keyboard.press('Space');
    expect(await omOs.isChecked()).toBe(false);
    await admin.shot(page, 'menu-order-before-save');
    await page.getByRole('button', { name: 'Gem ændringer' }).click();
    await page.getByText(MESSAGES.saveSuccess).waitFor();
    await page.getByRole('navigation', { name: 'Dine sider' }).getByText('Ikke i menuen').waitFor();
    await admin.shot(page, 'menu-order-saved');

    await admin.published();
    const home = await (await fetch(`${admin.origin}/${OWNER.cvr}/`)).text();
    const nav = /<nav id="site-nav"[^>]*>(.*?)<\/nav>/s.exec(home)?.[1] ?? '';
    expect([...nav.matchAll(/href="([^"]*)"/g)].map(([, href]) => href)).toEqual(['ydelser', 'kontakt']);
    // The hidden page is still there, and in the sitemap.
    expect((await fetch(`${admin.origin}/${OWNER.cvr}/om-os`)).status).toBe(200);
    expect(await (await fetch(`${admin.origin}/${OWNER.cvr}/sitemap.xml`)).text()).toContain('/om-os<');
    const site = await admin.newPage(SMALL_PHONE);
    await site.goto(`${admin.origin}/${OWNER.cvr}/`);
    await site.getByRole('button', { name: 'Menu' }).click();
    const menu = site.locator('#site-nav');
    await menu.getByRole('link', { name: 'Ydelser' }).waitFor();
    expect(await menu.getByRole('link').allTextContents()).toEqual(['Ydelser', 'Kontakt']);
    await admin.shot(site, 'menu-order-site', false);
  }, 60_000);
});
