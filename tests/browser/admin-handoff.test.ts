// One login across hosts in Chromium against the real server: signed in on the main host, the owner
// opens their subdomain's admin and is in without typing the password (a hand-off through the main
// host); logging out there ends the main host's session too. A visitor without a session gets the
// subdomain's login screen, not a loop.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminStack, startAdminStack } from '../support/admin-stack';

const WIDE = { width: 1366, height: 900 } as const;
const NARROW = { width: 360, height: 780 } as const;

let admin: AdminStack;

beforeAll(async () => {
  admin = await startAdminStack('admin-handoff');
});

afterAll(async () => {
  await admin?.close();
});

describe('one login across the product hosts', () => {
  it('carries the main host login to the subdomain admin, and logout ends both', async () => {
    const company = await admin.company();
    const subOrigin = admin.origin.replace('//localhost', `//${company.subdomain}.localhost`);
    const page = await admin.newPage(WIDE);
    await admin.login(page);

    await page.goto(`${subOrigin}/admin/dashboard`);
    await page.waitForURL(`${subOrigin}/admin/dashboard`);
    await page.getByText('Demo Tømrer & Snedker ApS').first().waitFor();
    expect(new URL(page.url()).hash).toBe('');
    await admin.shot(page, 'subdomain-dashboard-1366');

    await page.getByRole('button', { name: 'Log ud' }).click();
    await page.waitForURL(/\/admin(\?handoff=none)?$/);
    await page.goto(`${admin.origin}/admin/dashboard`);
    await page.waitForURL(`${admin.origin}/admin`);
    await page.getByRole('heading', { name: 'Log ind på din side' }).waitFor();
  });

  it('shows the subdomain login to a visitor without a session', async () => {
    const company = await admin.company();
    const subOrigin = admin.origin.replace('//localhost', `//${company.subdomain}.localhost`);
    const page = await admin.newPage(NARROW);
    await page.goto(`${subOrigin}/admin`);
    await page.waitForURL(`${subOrigin}/admin?handoff=none`);
    await page.getByRole('heading', { name: 'Log ind på din side' }).waitFor();
    await admin.shot(page, 'subdomain-login-360');
  });
});
