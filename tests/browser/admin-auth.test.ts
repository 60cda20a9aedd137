// The admin's front door in Chromium against the real server: wrong and right login, the auth guard,
// the shell, unknown admin paths and logout (the spec's Screens Login, Auth guard, Admin shell).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../rules/messages';
import { type AdminStack, OWNER, PHONE, startAdminStack } from '../support/admin-stack';
import { expectBeside } from '../support/field-error';

let admin: AdminStack;

beforeAll(async () => {
  admin = await startAdminStack('admin-auth');
});

afterAll(async () => {
  await admin?.close();
});

describe('admin login and guard', () => {
  it('keeps the owner on the login with the spec message after a wrong password', async () => {
    const page = await admin.newPage(PHONE);
    await page.goto(`${admin.origin}/admin`);
    await page.getByRole('heading', { name: 'Log ind på din side' }).waitFor();
    await admin.shot(page, 'login-phone');
    await page.getByRole('button', { name: 'Log ind' }).click();
    await expectBeside(page, 'E-mail', MESSAGES.loginFieldsRequired);
    await expectBeside(page, 'Adgangskode', MESSAGES.loginFieldsRequired);
    expect(await page.getByRole('alert').count()).toBe(0);
    await page.getByLabel('E-mail').fill(OWNER.email);
    await page.getByLabel('Adgangskode').fill('forkert-kode');
    await page.getByRole('button', { name: 'Log ind' }).click();
    await page.getByRole('alert').getByText(MESSAGES.loginFailed).waitFor();
    expect(await page.getByLabel('E-mail').getAttribute('aria-invalid')).toBeNull();
    expect(new URL(page.url()).pathname).toBe('/admin');
    await admin.shot(page, 'login-failed-phone');
  });

  it('sends a visitor without a session from a guarded screen to the login', async () => {
    const page = await admin.newPage();
    await page.goto(`${admin.origin}/admin/settings`);
    await page.waitForURL(`${admin.origin}/admin`);
    await page.getByRole('heading', { name: 'Log ind på din side' }).waitFor();
    await admin.shot(page, 'login-desktop');
  });

  it('logs in to the dashboard with the shell, and logs out back to the login', async () => {
    const page = await admin.newPage();
    await page.goto(`${admin.origin}/admin`);
    await page.getByLabel('E-mail').fill(OWNER.email);
    await page.getByLabel('Adgangskode').fill(OWNER.password);
    const submit = page.getByRole('button', { name: 'Log ind' });
    // Hold the answer a moment so the in-flight label can be seen.
    await page.route('**/api/auth/login', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      await route.continue();
    });
    await submit.click();
    await page.getByRole('button', { name: 'Logger ind...' }).waitFor();
    await page.waitForURL(`${admin.origin}/admin/dashboard`);
    await page.getByText('Demo Tømrer & Snedker ApS').first().waitFor();
    expect(await page.getByText(OWNER.email).isVisible()).toBe(true);
    const tabs = page.getByRole('navigation', { name: 'Administration' }).getByRole('link');
    expect(await tabs.allTextContents()).toEqual([
      'Overblik',
      'Henvendelser',
      'Bookinger',
      'Anmeldelser',
      'Sider',
      'Billedearkiv',
      'Hjemmeside',
    ]);
    const viewSite = page.getByRole('link', { name: 'Se hjemmeside' });
    const [site] = await Promise.all([page.context().waitForEvent('page'), viewSite.click()]);
    await site.waitForLoadState();
    expect(await site.locator('h1').first().textContent()).toContain('Tømrerarbejde');
    await site.close();
    await admin.shot(page, 'dashboard-desktop');
    await page.setViewportSize(PHONE);
    await admin.shot(page, 'dashboard-phone');

    // A reload keeps the session; the dashboard cards lead on.
    await page.reload();
    await page
      .getByRole('link', { name: /^Sider/ })
      .first()
      .waitFor();
    await page
      .getByRole('main')
      .getByRole('link', { name: /Billedearkiv/ })
      .click();
    await page.waitForURL(`${admin.origin}/admin/images`);

    await page.getByRole('button', { name: 'Log ud' }).click();
    await page.waitForURL(`${admin.origin}/admin`);
    await page.getByRole('heading', { name: 'Log ind på din side' }).waitFor();
    // The session is gone on the server too: the guard sends back to the login.
    await page.goto(`${admin.origin}/admin/dashboard`);
    await page.waitForURL(`${admin.origin}/admin`);
  });

  it('works on the company subdomain too, with the API on the same origin', async () => {
    const page = await admin.newPage(PHONE);
    const company = await admin.company();
    const origin = `http://${company.subdomain}.${new URL(admin.origin).host}`;
    await page.goto(`${origin}/admin`);
    await page.getByLabel('E-mail').fill(OWNER.email);
    await page.getByLabel('Adgangskode').fill(OWNER.password);
    await page.getByRole('button', { name: 'Log ind' }).click();
    await page.waitForURL(`${origin}/admin/dashboard`);
    await page.getByText(company.name).first().waitFor();
  });

  it('sends an unknown admin path to the product 404', async () => {
    const page = await admin.newPage();
    await page.goto(`${admin.origin}/admin/findes-ikke`);
    await page.waitForURL(`${admin.origin}/404`);
  });
});
