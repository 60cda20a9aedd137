// Every form of the product in a browser set to English (issue 28 item 1): Chromium launched with
// --lang=en-US submits each form empty (or with nonsense where empty is allowed) and sees only our
// Danish messages, next to the field; the browser's own check ("Please fill out this field.") never
// runs, which its `invalid` event would show.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_MESSAGES } from '../../rules/contact-messages';
import { LEAD_MESSAGES } from '../../rules/lead-messages';
import { MESSAGES } from '../../rules/messages';
import { PAGE_MESSAGES } from '../../rules/page-messages';
import { COMPANY_MESSAGES } from '../../rules/settings-messages';
import { type AdminStack, OWNER, startAdminStack } from '../support/admin-stack';
import { expectBeside, focusedLabel } from '../support/field-error';
import { waitForMailLink } from '../support/outbox';
import { reviewShot } from '../support/review-shots';

const NARROW = { width: 360, height: 780 } as const;
const WIDE = { width: 1366, height: 900 } as const;

let admin: AdminStack;
const JPEG = { name: 'tag.jpg', mimeType: 'image/jpeg', buffer: Buffer.from([0xff, 0xd8, 0xff, 0xd9]) };

beforeAll(async () => {
  admin = await startAdminStack('danish-forms', {}, { browserLocale: 'en-US' });
});

afterAll(async () => {
  await admin?.close();
});

// Counts the browser's own `invalid` events: one fires for each field its built-in check refuses,
// just before it shows its (English) bubble.
async function englishPage(viewport: { width: number; height: number } = WIDE): Promise<Page> {
  const page = await admin.newPage(viewport);
  await page.addInitScript(() => {
    const counted = window as unknown as { browserChecks: number };
    counted.browserChecks = 0;
    document.addEventListener('invalid', () => counted.browserChecks++, true);
  });
  return page;
}

/** The browser never checked a field itself, and no English form text is on the page. */
async function expectOnlyDanish(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { browserChecks: number }).browserChecks)).toBe(0);
  // biome-ignore lint/performance/useDomNodeTextContent: what a person sees, not the scripts' text
  const text = (await page.locator('body').innerText()).toLowerCase();
  for (const english of ['please', 'fill out', 'this field', 'invalid', 'required']) {
    expect(text, english).not.toContain(english);
  }
}

describe('forms in a browser set to English speak Danish (issue 28)', { timeout: 120_000 }, () => {
  it('the marketing contact form', async () => {
    const page = await englishPage(NARROW);
    let sent = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/sendContactEmail')) sent++;
    });
    await page.goto(`${admin.origin}/kontakt`);
    await page.getByRole('button', { name: 'Send besked' }).click();
    await expectBeside(page, 'Navn', CONTACT_MESSAGES.nameRequired);
    await expectBeside(page, 'E-mail', CONTACT_MESSAGES.emailRequired);
    await expectBeside(page, 'Besked', CONTACT_MESSAGES.messageRequired);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('kontakt-name');
    await expectOnlyDanish(page);
    await admin.shot(page, 'kontakt-empty-360');
    await page.getByLabel('Navn').fill('Jens Hansen');
    await page.getByLabel('E-mail').fill('jens@');
    await page.getByRole('button', { name: 'Send besked' }).click();
    await expectBeside(page, 'E-mail', MESSAGES.invalidEmail);
    expect(await page.getByText(CONTACT_MESSAGES.nameRequired).count()).toBe(0);
    await expectOnlyDanish(page);
    expect(sent).toBe(0);
  });

  it('the onboarding', async () => {
    const page = await englishPage(NARROW);
    await page.goto(`${admin.origin}/onboarding`);
    await page.getByRole('button', { name: 'Find virksomhed' }).click();
    await page.getByRole('alert').waitFor();
    expect(await page.getByLabel('CVR-nummer').getAttribute('aria-invalid')).toBe('true');
    await expectOnlyDanish(page);
  });

  it('login, forgotten password and the new password', async () => {
    const page = await englishPage(NARROW);
    await page.goto(`${admin.origin}/admin`);
    await page.getByRole('button', { name: 'Log ind' }).click();
    await expectBeside(page, 'E-mail', MESSAGES.loginFieldsRequired);
    await expectBeside(page, 'Adgangskode', MESSAGES.loginFieldsRequired);
    expect(await focusedLabel(page)).toBe('E-mail');
    expect(await page.getByRole('alert').count()).toBe(0);
    await expectOnlyDanish(page);
    await admin.shot(page, 'login-empty-360');
    await page.getByLabel('E-mail').fill('jens@');
    await page.getByLabel('Adgangskode').fill('noget');
    await page.getByRole('button', { name: 'Log ind' }).click();
    await expectBeside(page, 'E-mail', MESSAGES.invalidEmail);
    expect(await page.getByLabel('Adgangskode').getAttribute('aria-invalid')).toBeNull();

    await page.getByRole('link', { name: 'Glemt adgangskode?' }).click();
    await page.getByRole('button', { name: 'Send link' }).click();
    await expectBeside(page, 'E-mail', MESSAGES.emailRequired);
    expect(await focusedLabel(page)).toBe('E-mail');
    await expectOnlyDanish(page);
    await page.getByLabel('E-mail').fill(OWNER.email);
    await page.getByRole('button', { name: 'Send link' }).click();
    await page.getByRole('status').getByText(MESSAGES.passwordResetSent).waitFor();
    const link = await waitForMailLink(
      admin.storageDir,
      OWNER.email,
      /(http:\/\/\S+\/admin\/nulstil-password\?token=[a-z2-7]{32})/,
    );
    await page.goto(link);
    await page.getByRole('button', { name: 'Gem ny adgangskode' }).click();
    await expectBeside(page, 'Ny adgangskode', MESSAGES.passwordRequired);
    expect(await focusedLabel(page)).toBe('Ny adgangskode');
    await expectOnlyDanish(page);
  });

  it('account, settings, pages and the subscription order', async () => {
    const page = await englishPage(NARROW);
    await admin.signIn(page, '/admin/konto');
    const fields = [
      ['Skift adgangskode', 'Nuværende adgangskode', MESSAGES.currentPasswordRequired],
      ['Skift e-mail', 'Ny e-mail', MESSAGES.emailRequired],
    ] as const;
    for (const [heading, label, message] of fields) {
      const form = page.locator('form', { has: page.getByRole('heading', { name: heading }) });
      await form.getByRole('button').last().click();
      await expectBeside(page, label, message, form);
      expect(await focusedLabel(page)).toBe(label);
      await expectOnlyDanish(page);
    }

    // Settings › Kontakt and › Sociale medier: what each field expects, beside it (item 3).
    await page.goto(`${admin.origin}/admin/settings?fane=kontakt`);
    await page.getByLabel('Telefon').fill('abc');
    await page.getByLabel('Postnummer').fill('12');
    await page.getByLabel('E-mail').fill('');
    await page.getByRole('button', { name: 'Gem ændringer' }).click();
    await expectBeside(page, 'Telefon', COMPANY_MESSAGES.invalidPhone);
    await expectBeside(page, 'Postnummer', COMPANY_MESSAGES.invalidPostcode);
    expect(await page.getByText(MESSAGES.saveSuccess).count()).toBe(0);
    await expectOnlyDanish(page);
    await admin.shot(page, 'settings-contact-refused-360');

    await page.goto(`${admin.origin}/admin/settings?fane=sociale-medier`);
    await page.getByLabel('Facebook').fill('ikke et link');
    await page.getByLabel('Instagram').fill('facebook.com/demotoemrer');
    await page.getByRole('button', { name: 'Gem ændringer' }).click();
    await expectBeside(page, 'Facebook', COMPANY_MESSAGES.invalidSocialLink.facebook);
    await expectBeside(page, 'Instagram', COMPANY_MESSAGES.invalidSocialLink.instagram);
    await expectOnlyDanish(page);
    await admin.shot(page, 'settings-social-refused-360');
    const stored = await admin.company();
    expect(stored.phone).not.toBe('abc');
    expect(stored.socialMedia.facebook).toBe('https://facebook.com/demotoemrer');

    await page.goto(`${admin.origin}/admin/pages`);
    await page.getByRole('navigation', { name: 'Dine sider' }).getByRole('button', { name: 'Om os' }).click();
    await page.getByLabel('Navn i menuen').fill('');
    await page.getByRole('button', { name: 'Gem ændringer' }).click();
    await expectBeside(page, 'Navn i menuen', PAGE_MESSAGES.pageNameRequired);
    await expectOnlyDanish(page);

    await page.goto(`${admin.origin}/admin/subscription`);
    await page.getByLabel('E-mail til fakturaen').fill('');
    await page.getByRole('textbox', { name: 'CVR-nummer' }).fill('');
    await page.getByRole('button', { name: 'Bestil abonnement' }).click();
    await page.locator('.order-form .form-error').first().waitFor();
    expect(await page.getByLabel('E-mail til fakturaen').getAttribute('aria-invalid')).toBe('true');
    await expectOnlyDanish(page);
  });
  it('the quote form on a company site, its photo field too, with and without JavaScript', async () => {
    for (const viewport of [NARROW, WIDE]) {
      const page = await englishPage(viewport);
      await page.goto(`${admin.origin}/${OWNER.cvr}/`);
      const form = page.locator('#lead-form');
      await form.scrollIntoViewIfNeeded();
      // The browser's own file control ("Choose Files", "No file chosen") is not what a visitor sees:
      // the real input is in the page but one pixel, clipped; our Danish button and line are shown.
      const input = form.getByLabel('Vedhæft billeder (valgfrit)', { exact: true });
      const box = await input.boundingBox();
      expect(box?.width ?? 0).toBeLessThanOrEqual(1);
      const button = form.getByText(LEAD_MESSAGES.photosButton, { exact: true });
      expect(await button.isVisible()).toBe(true);
      const status = form.locator('#lead-photos-status');
      expect(await status.textContent()).toBe(LEAD_MESSAGES.photosNone);
      await reviewShot(page.locator('#tilbud'), 'danish-forms', `leads-photos-empty-${viewport.width}`);
      // Our button opens the browser's file picker; the chosen files are named in Danish.
      const [chooser] = await Promise.all([page.waitForEvent('filechooser'), button.click()]);
      expect(chooser.isMultiple()).toBe(true);
      await chooser.setFiles([JPEG, { ...JPEG, name: 'rende.jpg' }]);
      expect(await status.textContent()).toBe(`2 ${LEAD_MESSAGES.photosMany} tag.jpg, rende.jpg`);
      await input.setInputFiles(JPEG);
      expect(await status.textContent()).toBe(`1 ${LEAD_MESSAGES.photosOne} tag.jpg`);
      // The keyboard reaches the real input from the field before it, and the button shows the focus.
      await form.getByLabel('Hvad drejer det sig om?').focus();
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('lead-photos');
      expect(await button.evaluate((node) => getComputedStyle(node).outlineStyle)).toBe('solid');
      await reviewShot(page.locator('#tilbud'), 'danish-forms', `leads-photos-chosen-${viewport.width}`);
      // Sent empty: our messages beside the fields, the browser's check never ran.
      await form.getByLabel('Hvad drejer det sig om?').fill('');
      await page.waitForTimeout(3_200); // the form token refuses a post sooner than a person types
      await page.getByRole('button', { name: 'Send forespørgsel' }).click();
      await expectBeside(page, 'Navn', LEAD_MESSAGES.nameRequired, form);
      await expectBeside(page, 'Postnummer', LEAD_MESSAGES.postcodeInvalid, form);
      await expectOnlyDanish(page);
      await page.close();
    }

    // Without JavaScript the same button opens the picker on the real input; the line that only the
    // script can keep true is not shown.
    const context = await admin.browser.newContext({ viewport: NARROW, javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto(`${admin.origin}/${OWNER.cvr}/`);
      const form = page.locator('#lead-form');
      await form.scrollIntoViewIfNeeded();
      const button = form.getByText(LEAD_MESSAGES.photosButton, { exact: true });
      const [chooser] = await Promise.all([page.waitForEvent('filechooser'), button.click()]);
      await chooser.setFiles(JPEG);
      expect(await form.locator('#lead-photos-status').isVisible()).toBe(false);
      expect(
        await form
          .getByLabel('Vedhæft billeder (valgfrit)', { exact: true })
          .evaluate((node) => (node as HTMLInputElement).files?.length),
      ).toBe(1);
      await form.getByLabel('Hvad drejer det sig om?').focus();
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('lead-photos');
      await reviewShot(page.locator('#tilbud'), 'danish-forms', 'leads-photos-nojs-360');
      // The refusal page a post without the script lands on has the same Danish control.
      await page.waitForTimeout(3_200);
      await page.getByRole('button', { name: 'Send forespørgsel' }).click();
      await page.waitForURL(`${admin.origin}/api/sites/${OWNER.cvr}/leads`);
      expect(await page.getByText(LEAD_MESSAGES.nameRequired).count()).toBe(1);
      expect(await page.getByText(LEAD_MESSAGES.photosButton, { exact: true }).isVisible()).toBe(true);
      const box = await page.getByLabel('Vedhæft billeder (valgfrit)', { exact: true }).boundingBox();
      expect(box?.width ?? 0).toBeLessThanOrEqual(1);
      await reviewShot(page, 'danish-forms', 'leads-photos-nojs-refused-360');
    } finally {
      await context.close();
    }
  });
});
