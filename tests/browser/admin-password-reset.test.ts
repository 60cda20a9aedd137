// "Glemt password?" in Chromium against the real server: from the login to the e-mail field, the
// link read from the sent .eml in the outbox, a new password, and back in the admin; the used link
// then says so in Danish and offers a new one. Screens at 360 and 1366 px in test-artifacts/.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../rules/messages';
import { type AdminStack, OWNER, startAdminStack } from '../support/admin-stack';
import { expectBeside } from '../support/field-error';
import { waitForMailLink } from '../support/outbox';

const NARROW = { width: 360, height: 780 } as const;
const WIDE = { width: 1366, height: 900 } as const;

let admin: AdminStack;

beforeAll(async () => {
  admin = await startAdminStack('admin-password-reset');
});

afterAll(async () => {
  await admin?.close();
});

describe('password reset in the admin', () => {
  it('an owner who forgot the password follows the mailed link and is back in the admin', async () => {
    const page = await admin.newPage(NARROW);
    await page.goto(`${admin.origin}/admin`);
    await page.getByRole('link', { name: 'Glemt adgangskode?' }).click();
    await page.getByRole('heading', { name: 'Glemt adgangskode?' }).waitFor();
    await admin.shot(page, 'forgot-360');
    await page.getByRole('button', { name: 'Send link' }).click();
    await expectBeside(page, 'E-mail', MESSAGES.emailRequired);
    await page.getByLabel('E-mail').fill(OWNER.email);
    await page.getByRole('button', { name: 'Send link' }).click();
    await page.getByRole('status').getByText(MESSAGES.passwordResetSent).waitFor();
    await admin.shot(page, 'forgot-sent-360');

    const link = await waitForMailLink(
      admin.storageDir,
      OWNER.email,
      /(http:\/\/\S+\/admin\/nulstil-password\?token=[a-z2-7]{32})/,
    );
    await page.goto(link);
    await page.getByRole('heading', { name: 'Vælg en ny adgangskode' }).waitFor();
    await admin.shot(page, 'reset-360');
    await page.getByLabel('Ny adgangskode').fill('Nye-Brædder-8');
    await page.getByLabel('Gentag adgangskode').fill('Nye-Brædder-9');
    await page.getByRole('button', { name: 'Gem ny adgangskode' }).click();
    await expectBeside(page, 'Gentag adgangskode', MESSAGES.passwordsDoNotMatch);
    expect(await page.getByLabel('Ny adgangskode').getAttribute('aria-invalid')).toBeNull();
    await page.getByLabel('Gentag adgangskode').fill('Nye-Brædder-8');
    await page.getByRole('button', { name: 'Gem ny adgangskode' }).click();
    await page.waitForURL(`${admin.origin}/admin/dashboard`);
    await page.getByText('Demo Tømrer & Snedker ApS').first().waitFor();
    await admin.shot(page, 'dashboard-after-reset-360');

    // The link is spent: it says so and offers a new one.
    const again = await admin.newPage(WIDE);
    await again.goto(link);
    await again.getByRole('alert').getByText(MESSAGES.resetLinkUsed).waitFor();
    await admin.shot(again, 'reset-used-1366');
    await again.getByRole('link', { name: 'Send et nyt link' }).click();
    await again.getByRole('heading', { name: 'Glemt adgangskode?' }).waitFor();
    await admin.shot(again, 'forgot-1366');

    // The new password works at the login; the old one does not.
    await again.goto(`${admin.origin}/admin`);
    await again.getByLabel('E-mail').fill(OWNER.email);
    await again.getByLabel('Adgangskode').fill(OWNER.password);
    await again.getByRole('button', { name: 'Log ind' }).click();
    await again.getByRole('alert').getByText(MESSAGES.loginFailed).waitFor();
    await again.getByLabel('Adgangskode').fill('Nye-Brædder-8');
    await again.getByRole('button', { name: 'Log ind' }).click();
    await again.waitForURL(`${admin.origin}/admin/dashboard`);
  });

  it('a made-up link says it is not valid', async () => {
    const page = await admin.newPage(WIDE);
    await page.goto(`${admin.origin}/admin/nulstil-password?token=${'a'.repeat(32)}`);
    await page.getByRole('alert').getByText(MESSAGES.resetLinkInvalid).waitFor();
    await admin.shot(page, 'reset-invalid-1366');
  });
});
