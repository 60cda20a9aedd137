// The owner's account screen in Chromium against the real server: change the password, then the
// login e-mail through the link read from the .eml in the outbox, and the admin greets the new
// address. Screens at 360 and 1366 px in test-artifacts/admin-account/.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../rules/messages';
import { type AdminStack, OWNER, startAdminStack } from '../support/admin-stack';
import { waitForMailLink } from '../support/outbox';

const NARROW = { width: 360, height: 780 } as const;
const WIDE = { width: 1366, height: 900 } as const;

let admin: AdminStack;

beforeAll(async () => {
  admin = await startAdminStack('admin-account');
});

afterAll(async () => {
  await admin?.close();
});

describe('account settings in the admin', () => {
  it('changes the password and the login e-mail', async () => {
    const page = await admin.newPage(WIDE);
    await admin.login(page);
    await page.getByRole('link', { name: 'Konto' }).click();
    await page.getByRole('heading', { name: 'Konto' }).waitFor();
    await admin.shot(page, 'account-1366');

    const passwordForm = page.locator('form', { has: page.getByRole('heading', { name: 'Skift password' }) });
    await passwordForm.getByLabel('Nuværende password').fill('forkert-kode');
    await passwordForm.getByLabel('Nyt password', { exact: true }).fill('Nye-Brædder-8');
    await passwordForm.getByLabel('Gentag nyt password').fill('Nye-Brædder-8');
    await passwordForm.getByRole('button', { name: 'Skift password' }).click();
    await passwordForm.getByRole('alert').getByText(MESSAGES.currentPasswordWrong).waitFor();
    await passwordForm.getByLabel('Nuværende password').fill(OWNER.password);
    await passwordForm.getByRole('button', { name: 'Skift password' }).click();
    await passwordForm.getByRole('status').getByText(MESSAGES.passwordChanged).waitFor();

    const emailForm = page.locator('form', { has: page.getByRole('heading', { name: 'Skift email' }) });
    await emailForm.getByLabel('Ny email').fill('mester@ny-adresse.example');
    await emailForm.getByLabel('Dit password').fill('Nye-Brædder-8');
    await emailForm.getByRole('button', { name: 'Send bekræftelseslink' }).click();
    await emailForm.getByRole('status').getByText(MESSAGES.emailChangeSent).waitFor();
    await admin.shot(page, 'account-sent-1366');

    const link = await waitForMailLink(
      admin.storageDir,
      'mester@ny-adresse.example',
      /(http:\/\/\S+\/admin\/bekraeft-email\?token=[a-z2-7]{32})/,
    );
    await page.setViewportSize(NARROW);
    await page.goto(link);
    await page.getByRole('status').getByText(MESSAGES.emailChanged).waitFor();
    await admin.shot(page, 'confirm-email-360');
    await page.getByRole('link', { name: 'Gå til administrationen' }).click();
    await page.waitForURL(`${admin.origin}/admin/dashboard`);
    await page.getByText('mester@ny-adresse.example').first().waitFor();
    await admin.shot(page, 'dashboard-new-email-360');
    await page.goto(`${admin.origin}/admin/konto`);
    await page.getByRole('heading', { name: 'Skift email' }).waitFor();
    await admin.shot(page, 'account-360', true);

    // Opening the link again says it is used.
    await page.goto(link);
    await page.getByRole('alert').getByText(MESSAGES.emailLinkUsed).waitFor();
    expect((await admin.company()).companyEmail).toBe('mester@ny-adresse.example');
  });
});
