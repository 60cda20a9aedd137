// Issue 25 in Chromium against the real server: a visitor fills the quote form on a published site
// (by path at 360 px, on its subdomain at 1366 px), attaches a photo, sends it and sees the thank-you
// in place; the same form with JavaScript switched off lands on the site's thank-you page. Within
// seconds the outbox (storage/outbox, no SMTP_URL) holds the owner's mail with Reply-To the visitor,
// and the owner sees the requests unread in Henvendelser and as a count on the dashboard.
// Screenshots in test-artifacts/site-leads/.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solidImage } from '../fixtures/images/make-images';
import { type AdminStack, OWNER, startAdminStack, type Viewport } from '../support/admin-stack';
import { outboxMails } from '../support/outbox';

const NARROW = { width: 360, height: 780 } as unknown as Viewport;
const WIDE = { width: 1366, height: 900 } as unknown as Viewport;

let admin: AdminStack;
let photo: Buffer;

beforeAll(async () => {
  admin = await startAdminStack('site-leads');
  photo = await solidImage(1200, 900, 'jpeg', '#6b8e23');
}, 90_000);

afterAll(async () => {
  await admin?.close();
});

async function fillForm(page: Page, who: { name: string; email: string; message: string }) {
  const form = page.locator('#lead-form');
  await form.getByLabel('Navn').fill(who.name);
  await form.getByLabel('Telefon').fill('20 30 40 50');
  await form.getByLabel('E-mail').fill(who.email);
  await form.getByLabel('Postnummer').fill('8000');
  await form.getByLabel('Hvad drejer det sig om?').fill(who.message);
  await form.getByLabel('Vedhæft billeder (valgfrit)').setInputFiles({
    name: 'tag.jpg',
    mimeType: 'image/jpeg',
    buffer: photo,
  });
  // A person takes more than the three seconds the form token asks for.
  await page.waitForTimeout(3_200);
}

async function waitForMail(replyTo: string): Promise<string> {
  for (let waited = 0; waited < 15_000; waited += 100) {
    const mail = outboxMails(admin.storageDir).find((text) => text.includes(`Reply-To: ${replyTo}`));
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no mail with Reply-To ${replyTo}`);
}

describe('the quote form in Chromium', () => {
  it('sends a request with a photo by path at 360 px and shows the thank-you in place', async () => {
    const page = await admin.newPage(NARROW);
    await page.goto(`${admin.origin}/${OWNER.cvr}/`);
    await page.getByRole('link', { name: 'Kontakt os' }).first().click();
    await expect.poll(() => page.evaluate(() => location.hash)).toBe('#tilbud');
    await admin.shot(page, 'form-360', false);
    await page
      .locator('#tilbud')
      .screenshot({ path: `${process.cwd()}/test-artifacts/site-leads/section-360.png` });
    await fillForm(page, {
      name: 'Sofie Lund',
      email: 'sofie@example.dk',
      message: 'Tagrenden er faldet ned.',
    });
    await page.getByRole('button', { name: 'Send forespørgsel' }).click();
    await expect.poll(() => page.locator('#lead-thanks').isVisible()).toBe(true);
    expect(await page.locator('#lead-thanks').textContent()).toContain('Vi har modtaget din forespørgsel');
    await page
      .locator('#tilbud')
      .screenshot({ path: `${process.cwd()}/test-artifacts/site-leads/thanks-360.png` });

    const mail = await waitForMail('sofie@example.dk');
    expect(mail).toContain('Tagrenden er faldet ned.');
    expect(mail).toMatch(/Content-Type: image\/jpeg/i);
  }, 60_000);

  it('sends a request on the subdomain at 1366 px', async () => {
    const company = await admin.company();
    const port = new URL(admin.origin).port;
    const page = await admin.newPage(WIDE);
    await page.goto(`http://${company.subdomain}.localhost:${port}/`);
    await page.locator('#tilbud').scrollIntoViewIfNeeded();
    await page
      .locator('#tilbud')
      .screenshot({ path: `${process.cwd()}/test-artifacts/site-leads/section-1366.png` });
    await fillForm(page, { name: 'Peter Holm', email: 'peter@example.dk', message: 'Nye vinduer i stuen.' });
    await page.getByRole('button', { name: 'Send forespørgsel' }).click();
    await expect.poll(() => page.locator('#lead-thanks').isVisible()).toBe(true);
    expect(await waitForMail('peter@example.dk')).toContain('Nye vinduer i stuen.');
  }, 60_000);

  it('works with JavaScript switched off: posts, and lands on the thank-you page', async () => {
    const context = await admin.browser.newContext({
      viewport: NARROW,
      javaScriptEnabled: false,
      locale: 'da-DK',
    });
    try {
      const page = await context.newPage();
      await page.goto(`${admin.origin}/${OWNER.cvr}/`);
      // A refusal first: the visitor's text comes back with the message beside the field.
      await page.locator('#lead-form').getByLabel('Navn').fill('Uden Script');
      await page.locator('#lead-form').getByLabel('Hvad drejer det sig om?').fill('Hjælp med <b>taget</b>');
      await page.waitForTimeout(3_200);
      await page.getByRole('button', { name: 'Send forespørgsel' }).click();
      await page.waitForURL(`${admin.origin}/api/sites/${OWNER.cvr}/leads`);
      expect(await page.getByText('Skriv et postnummer på 4 cifre').count()).toBe(1);
      expect(await page.getByLabel('Hvad drejer det sig om?').inputValue()).toBe('Hjælp med <b>taget</b>');
      await admin.shot(page, 'nojs-refused-360');
      await page.getByLabel('Postnummer').fill('8000');
      await page.getByLabel('E-mail').fill('uden@example.dk');
      await page.waitForTimeout(3_200);
      await page.getByRole('button', { name: 'Send forespørgsel' }).click();
      await page.waitForURL(`${admin.origin}/${OWNER.cvr}/tak`);
      expect(await page.locator('main').textContent()).toContain('Vi har modtaget din forespørgsel');
      await admin.shot(page, 'nojs-thanks-360');
      expect(await waitForMail('uden@example.dk')).toContain('Hjælp med <b>taget</b>');
    } finally {
      await context.close();
    }
  }, 60_000);

  it('shows the owner the requests unread in Henvendelser and the count on the dashboard', async () => {
    for (const viewport of [NARROW, WIDE]) {
      const page = await admin.newPage(viewport);
      await admin.login(page);
      await expect.poll(() => page.locator('.dashboard-leads-count').textContent()).toBe('3');
      await admin.shot(page, `dashboard-${viewport.width}`, false);
      await page
        .getByRole('link', { name: /Henvendelser/ })
        .first()
        .click();
      await page.waitForURL(`${admin.origin}/admin/henvendelser`);
      await expect.poll(() => page.locator('.lead-card').count()).toBe(3);
      expect(await page.locator('.lead-unread').count()).toBe(3);
      expect(await page.locator('.lead-card h2').first().textContent()).toContain('Uden Script');
      // The text is shown as text; the photo loads through the owner route.
      expect(await page.locator('.lead-message').first().textContent()).toBe('Hjælp med <b>taget</b>');
      const img = page.locator('.lead-photos img').first();
      await expect
        .poll(() => img.evaluate((node) => (node as HTMLImageElement).naturalWidth))
        .toBeGreaterThan(0);
      await admin.shot(page, `henvendelser-${viewport.width}`);
      await page.close();
    }
  }, 60_000);
});
