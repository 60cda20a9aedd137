// The owner's account screen in Chromium against the real server: change the password, then the
// login e-mail through the link read from the .eml in the outbox: opened in a browser that is not
// signed in, it changes nothing until the owner logs in and presses "Bekræft ny e-mail"; the admin
// then greets the new address. Screens at 360 and 1366 px in test-artifacts/admin-account/.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '../../rules/account-messages';
import { LEAD_RECIPIENT_MESSAGES } from '../../rules/lead-messages';
import { MESSAGES } from '../../rules/messages';
import { type AdminStack, OWNER, startAdminStack } from '../support/admin-stack';
import { expectBeside } from '../support/field-error';
import { waitForMailLink } from '../support/outbox';

const NARROW = { width: 360, height: 780 } as const;
const WIDE = { width: 1366, height: 900 } as const;

let admin: AdminStack;

beforeAll(async () => {
  admin = await startAdminStack('admin-account', {}, { ownerConfirmed: false });
});

afterAll(async () => {
  await admin?.close();
});

describe('account settings in the admin', () => {
  it('says under Henvendelser that requests wait until the login e-mail is confirmed, and sends the link again (issue 48)', async () => {
    const page = await admin.newPage(NARROW);
    await admin.signIn(page, '/admin/henvendelser');
    const notice = page.locator('.lead-login-unconfirmed');
    await notice.waitFor();
    expect(await notice.textContent()).toContain(LEAD_RECIPIENT_MESSAGES.loginUnconfirmed(OWNER.email));
    await notice.getByRole('button', { name: 'Send bekræftelsen igen' }).click();
    await page.getByText(LEAD_RECIPIENT_MESSAGES.loginConfirmationSent(OWNER.email)).waitFor();
    const link = await waitForMailLink(
      admin.storageDir,
      OWNER.email,
      /http:\/\/localhost:\d+\/admin\/bekraeft-din-email\?token=[a-z2-7]{32}/,
    );
    expect(link).toContain('/admin/bekraeft-din-email?token=');
    await admin.shot(page, 'leads-unconfirmed-360');
  });

  it('changes the password and the login e-mail', async () => {
    const page = await admin.newPage(WIDE);
    await admin.signIn(page);
    await page.getByRole('link', { name: 'Konto' }).click();
    await page.getByRole('heading', { name: 'Konto' }).waitFor();
    await admin.shot(page, 'account-1366');

    const passwordForm = page.locator('form', {
      has: page.getByRole('heading', { name: 'Skift adgangskode' }),
    });
    await passwordForm.getByLabel('Nuværende adgangskode').fill('forkert-kode');
    await passwordForm.getByLabel('Ny adgangskode', { exact: true }).fill('kort');
    await passwordForm.getByRole('button', { name: 'Skift adgangskode' }).click();
    await expectBeside(page, 'Ny adgangskode', MESSAGES.passwordTooShort, passwordForm);
    expect(await passwordForm.getByRole('alert').count()).toBe(0);
    await passwordForm.getByLabel('Ny adgangskode', { exact: true }).fill('Nye-Brædder-8');
    await passwordForm.getByLabel('Gentag ny adgangskode').fill('Nye-Brædder-8');
    await passwordForm.getByRole('button', { name: 'Skift adgangskode' }).click();
    await passwordForm.getByRole('alert').getByText(MESSAGES.currentPasswordWrong).waitFor();
    await passwordForm.getByLabel('Nuværende adgangskode').fill(OWNER.password);
    await passwordForm.getByRole('button', { name: 'Skift adgangskode' }).click();
    await passwordForm.getByRole('status').getByText(MESSAGES.passwordChanged).waitFor();

    // The address is not verified yet: the card sends a link, confirmed with a button.
    const verifyCard = page.locator('section', {
      has: page.getByRole('heading', { name: 'Bekræft din e-mail' }),
    });
    await verifyCard.getByRole('button', { name: 'Send link til min e-mail' }).click();
    await verifyCard.getByRole('status').getByText(MESSAGES.emailVerifySent).waitFor();
    const verifyLink = await waitForMailLink(
      admin.storageDir,
      OWNER.email,
      /(http:\/\/\S+\/admin\/bekraeft-din-email\?token=[a-z2-7]{32})/,
    );
    await page.goto(verifyLink);
    await page.getByRole('button', { name: 'Bekræft e-mail' }).click();
    await page.getByRole('status').getByText(MESSAGES.emailVerified).waitFor();
    await admin.shot(page, 'verify-email-1366');
    await page.goto(`${admin.origin}/admin/konto`);
    await page.getByRole('heading', { name: 'Skift e-mail' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Bekræft din e-mail' }).count()).toBe(0);

    const emailForm = page.locator('form', { has: page.getByRole('heading', { name: 'Skift e-mail' }) });
    await emailForm.getByLabel('Ny e-mail').fill('mester@ny-adresse.example');
    await emailForm.getByLabel('Din adgangskode').fill('Nye-Brædder-8');
    await emailForm.getByRole('button', { name: 'Send bekræftelseslink' }).click();
    await emailForm.getByRole('status').getByText(ACCOUNT_MESSAGES.emailChangeSent).waitFor();
    await admin.shot(page, 'account-sent-1366');

    const link = await waitForMailLink(
      admin.storageDir,
      'mester@ny-adresse.example',
      /(http:\/\/\S+\/admin\/bekraeft-email\?token=[a-z2-7]{32})/,
    );
    // The link opened on a phone that is not signed in: the login first, then back to the link's
    // screen, and nothing changes until the button is pressed.
    const phone = await admin.newPage(NARROW);
    await phone.goto(link);
    await phone.getByRole('heading', { name: 'Log ind på din side' }).waitFor();
    expect((await admin.company()).companyEmail).toBe(OWNER.email);
    await phone.getByLabel('E-mail').fill(OWNER.email);
    await phone.getByLabel('Adgangskode').fill('Nye-Brædder-8');
    await phone.getByRole('button', { name: 'Log ind' }).click();
    await phone.getByRole('heading', { name: 'Bekræft ny e-mail' }).waitFor();
    expect(new URL(phone.url()).pathname).toBe('/admin/bekraeft-email');
    expect((await admin.company()).companyEmail).toBe(OWNER.email);
    await admin.shot(phone, 'confirm-email-360');
    await phone.getByRole('button', { name: 'Bekræft ny e-mail' }).click();
    await phone.getByRole('status').getByText(ACCOUNT_MESSAGES.emailChanged).waitFor();
    await admin.shot(phone, 'confirm-email-done-360');
    await phone.getByRole('link', { name: 'Gå til administrationen' }).click();
    await phone.waitForURL(`${admin.origin}/admin/dashboard`);
    await phone.getByText('mester@ny-adresse.example').first().waitFor();
    await admin.shot(phone, 'dashboard-new-email-360');
    await phone.goto(`${admin.origin}/admin/konto`);
    await phone.getByRole('heading', { name: 'Skift e-mail' }).waitFor();
    await admin.shot(phone, 'account-360', true);

    // Confirming the link again says it is used.
    await phone.goto(link);
    await phone.getByRole('button', { name: 'Bekræft ny e-mail' }).click();
    await phone.getByRole('alert').getByText(MESSAGES.emailLinkUsed).waitFor();
    expect((await admin.company()).companyEmail).toBe('mester@ny-adresse.example');
  }, 120000);
});
