// Issue 25's "done when" in Chromium against the real server: a company is onboarded as /onboarding's
// last step posts it (its CVR data from a fake cvrapi.dk, its texts from a fake OpenAI, both real HTTP
// servers; the onboarding's screens are browser/onboarding.test.ts's subject), and on the site it just
// got a visitor fills the quote form (by path at 360 px, on the subdomain at 1366 px), attaches a
// photo, sends it and sees the thank-you in place. The same form with JavaScript switched off posts
// and lands on the site's thank-you page, by path (after a refusal that keeps the visitor's text) and
// on the subdomain. Within seconds the outbox (storage/outbox, no SMTP_URL) holds the owner's mail
// with the request and Reply-To the visitor, and the owner, logged in with the password chosen in the
// onboarding, sees the requests unread in Henvendelser and as a count on the dashboard (at 360 px).
// Screenshots in test-artifacts/site-leads/ (MESTERSIDE_SHOTS=1).
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findCompanyByCvr } from '../../db';
import { LEAD_MESSAGES } from '../../rules/lead-messages';
import { solidImage } from '../fixtures/images/make-images';
import { type AdminStack, startAdminStack, type Viewport } from '../support/admin-stack';
import { type FakeCvrApi, startFakeCvrApi } from '../support/fake-cvrapi';
import { type FakeOpenAi, startFakeOpenAi } from '../support/fake-openai';
import { outboxMails } from '../support/outbox';
import { reviewShot } from '../support/review-shots';

const NARROW = { width: 360, height: 780 } as unknown as Viewport;
const WIDE = { width: 1366, height: 900 } as unknown as Viewport;
/** The company the onboarding creates: any eight digits, the fake registry answers for them. */
const NEW_OWNER = { cvr: '31415926', email: 'mester@testfirma.example', password: 'tagrende-42' } as const;

let admin: AdminStack;
let cvrapi: FakeCvrApi;
let openai: FakeOpenAi;
let photo: Buffer;
/** The onboarded site's subdomain origin, `http://<subdomain>.localhost:<port>`. */
let subOrigin = '';

beforeAll(async () => {
  cvrapi = await startFakeCvrApi();
  openai = await startFakeOpenAi();
  admin = await startAdminStack('site-leads', {
    CVR_API_URL: cvrapi.baseUrl,
    OPENAI_API_KEY: 'sk-test-site-leads',
    OPENAI_BASE_URL: openai.baseUrl,
  });
  photo = await solidImage(1200, 900, 'jpeg', '#6b8e23');
}, 90_000);

afterAll(async () => {
  await admin?.close();
  await cvrapi?.close();
  await openai?.close();
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
  // A person takes more than the three seconds the form token asks for, counted from when the fresh
  // token the script fetched on the first touch arrived (on a loaded machine the fetch itself takes a
  // while; the reviewer's screenshot before the send used to hide that). The script would wait out the
  // rest itself (issue 39, tests/browser/lead-form-visitor.test.ts); here the visitor is a slow one.
  await page.waitForFunction(() => {
    const token = document.querySelector<HTMLInputElement>('#lead-form input[name="token"]')?.value ?? '';
    return /^[0-9]{13}\.(?!p\.)/.test(token);
  });
  await page.waitForTimeout(3_200);
}

/** The outbox's first mail holding `line`, within 15 s. */
async function waitForMailWith(line: string): Promise<string> {
  for (let waited = 0; waited < 15_000; waited += 100) {
    const mail = outboxMails(admin.storageDir).find((text) => text.includes(line));
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no mail with ${line}`);
}

/** The outbox's mail whose Reply-To is the visitor, within 15 s. */
const waitForMail = (replyTo: string) => waitForMailWith(`Reply-To: ${replyTo}`);

async function loginAsNewOwner(page: Page) {
  await page.goto(`${admin.origin}/admin`);
  await page.getByLabel('E-mail').fill(NEW_OWNER.email);
  await page.getByLabel('Adgangskode').fill(NEW_OWNER.password);
  await page.getByRole('button', { name: 'Log ind' }).click();
  await page.waitForURL(`${admin.origin}/admin/dashboard`);
}

describe('the quote form on a freshly onboarded site, in Chromium', () => {
  it('onboards the company as /onboarding does: registry, writer and welcome mail', async () => {
    // What the onboarding's last step posts (its screens are browser/onboarding.test.ts's subject).
    const response = await fetch(`${admin.origin}/api/onboarding/create`, {
      method: 'POST',
      headers: { origin: admin.origin, 'content-type': 'application/json' },
      body: JSON.stringify({
        cvr: NEW_OWNER.cvr,
        email: NEW_OWNER.email,
        password: NEW_OWNER.password,
        passwordRepeat: NEW_OWNER.password,
        acceptPrivacy: true,
      }),
    });
    expect(response.status, await response.clone().text()).toBeLessThan(300);
    // The registry and the writer really were asked: this site is new, not a seeded one.
    expect(cvrapi.requests.some((request) => request.url.searchParams.get('search') === NEW_OWNER.cvr)).toBe(
      true,
    );
    expect(openai.requests.length).toBeGreaterThan(0);
    const company = await findCompanyByCvr(admin.db, NEW_OWNER.cvr);
    expect(company?.name).toBe('Testfirmaet Tømrer ApS');
    subOrigin = admin.origin.replace('//localhost', `//${company?.subdomain}.localhost`);
    // The new site, published as the onboarding's last screen waits for it, has its contact page
    // with the form (issue 39), the menu's Kontakt.
    await admin.published();
    const contact = await fetch(`${admin.origin}/${NEW_OWNER.cvr}/kontakt`);
    expect(contact.status).toBe(200);
    expect(await contact.text()).toContain('id="lead-form"');
    // The welcome e-mail was queued with the company and went out from the outbox after the answer.
    const welcome = await waitForMailWith(`To: ${NEW_OWNER.email}`);
    expect(welcome).toContain('Testfirmaet Tømrer ApS');
    expect(welcome).toContain(`/${NEW_OWNER.cvr}/`);
    // Where the form is and where its requests go: the login e-mail (issue 39).
    expect(welcome).toContain(`/${NEW_OWNER.cvr}/#tilbud`);
    expect(welcome).toContain(
      `Hver forespørgsel sendes til ${NEW_OWNER.email}, når du har bekræftet adressen`,
    );
    // Issue 48: the owner confirms the address with the welcome mail's link (the button's request,
    // in the session the sign-up opened), so the requests below are mailed.
    const token = /bekraeft-din-email\?token=([a-z2-7]{32})/.exec(welcome)?.[1] ?? '';
    const cookie = /(mesterside_session=[^;]+)/.exec(response.headers.get('set-cookie') ?? '')?.[1] ?? '';
    const confirmed = await fetch(`${admin.origin}/api/account/email/verify`, {
      method: 'POST',
      headers: { origin: admin.origin, 'content-type': 'application/json', cookie },
      body: JSON.stringify({ token }),
    });
    expect(confirmed.status, await confirmed.clone().text()).toBe(200);
  }, 60_000);

  it('sends a request with a photo by path at 360 px and shows the thank-you in place', async () => {
    const page = await admin.newPage(NARROW);
    await page.goto(`${admin.origin}/${NEW_OWNER.cvr}/`);
    await page.getByRole('link', { name: 'Kontakt os' }).first().click();
    await expect.poll(() => page.evaluate(() => location.hash)).toBe('#tilbud');
    await admin.shot(page, 'form-360', false);
    await fillForm(page, {
      name: 'Sofie Lund',
      email: 'sofie@example.dk',
      message: 'Tagrenden er faldet ned.',
    });
    expect(await page.locator('#lead-photos-status').textContent()).toBe(
      `1 ${LEAD_MESSAGES.photosOne} tag.jpg`,
    );
    await reviewShot(page.locator('#tilbud'), 'site-leads', 'section-360');
    await page.getByRole('button', { name: 'Send forespørgsel' }).click();
    await page.locator('#lead-thanks').waitFor({ state: 'visible', timeout: 15_000 });
    expect(await page.locator('#lead-thanks').textContent()).toContain('Vi har modtaget din forespørgsel');
    await reviewShot(page.locator('#tilbud'), 'site-leads', 'thanks-360');

    const mail = await waitForMail('sofie@example.dk');
    // To the owner's login e-mail (the default recipient, issue 39), not the registry's e-mail.
    expect(mail).toContain(`To: ${NEW_OWNER.email}`);
    expect(mail).toContain('Tagrenden er faldet ned.');
    expect(mail).toMatch(/Content-Type: image\/jpeg/i);
  }, 60_000);

  it('sends a request with a photo on the subdomain at 1366 px', async () => {
    const page = await admin.newPage(WIDE);
    await page.goto(`${subOrigin}/`);
    await page.locator('#tilbud').scrollIntoViewIfNeeded();
    await fillForm(page, { name: 'Peter Holm', email: 'peter@example.dk', message: 'Nye vinduer i stuen.' });
    await reviewShot(page.locator('#tilbud'), 'site-leads', 'section-1366');
    await page.getByRole('button', { name: 'Send forespørgsel' }).click();
    await page.locator('#lead-thanks').waitFor({ state: 'visible', timeout: 15_000 });
    const mail = await waitForMail('peter@example.dk');
    expect(mail).toContain('Nye vinduer i stuen.');
    expect(mail).toMatch(/Content-Type: image\/jpeg/i);
  }, 60_000);

  it('works with JavaScript switched off, by path and on the subdomain', async () => {
    const context = await admin.browser.newContext({
      viewport: NARROW,
      javaScriptEnabled: false,
      locale: 'da-DK',
    });
    try {
      const page = await context.newPage();
      await page.goto(`${admin.origin}/${NEW_OWNER.cvr}/`);
      // A refusal first: the visitor's text comes back with the message beside the field.
      await page.locator('#lead-form').getByLabel('Navn').fill('Uden Script');
      await page.locator('#lead-form').getByLabel('Hvad drejer det sig om?').fill('Hjælp med <b>taget</b>');
      await page.waitForTimeout(3_200);
      await page.getByRole('button', { name: 'Send forespørgsel' }).click();
      await page.waitForURL(`${admin.origin}/api/sites/${NEW_OWNER.cvr}/leads`);
      expect(await page.getByText('Skriv et postnummer på 4 cifre').count()).toBe(1);
      expect(await page.getByLabel('Hvad drejer det sig om?').inputValue()).toBe('Hjælp med <b>taget</b>');
      await admin.shot(page, 'nojs-refused-360');
      await page.getByLabel('Postnummer').fill('8000');
      await page.getByLabel('E-mail').fill('uden@example.dk');
      await page.waitForTimeout(3_200);
      await page.getByRole('button', { name: 'Send forespørgsel' }).click();
      await page.waitForURL(`${admin.origin}/${NEW_OWNER.cvr}/tak`);
      expect(await page.locator('main').textContent()).toContain('Vi har modtaget din forespørgsel');
      await admin.shot(page, 'nojs-thanks-360');
      expect(await waitForMail('uden@example.dk')).toContain('Hjælp med <b>taget</b>');

      // On the subdomain, with a photo chosen through the Danish button: the site's own /tak.
      await page.goto(`${subOrigin}/`);
      const form = page.locator('#lead-form');
      await form.getByLabel('Navn').fill('Karen Bo');
      await form.getByLabel('E-mail').fill('karen@example.dk');
      await form.getByLabel('Postnummer').fill('5000');
      await form.getByLabel('Hvad drejer det sig om?').fill('Rådne vindueskarme.');
      const [chooser] = await Promise.all([
        page.waitForEvent('filechooser'),
        form.getByText(LEAD_MESSAGES.photosButton, { exact: true }).click(),
      ]);
      await chooser.setFiles({ name: 'karm.jpg', mimeType: 'image/jpeg', buffer: photo });
      await page.waitForTimeout(3_200);
      await page.getByRole('button', { name: 'Send forespørgsel' }).click();
      await page.waitForURL(`${subOrigin}/tak`);
      expect(await page.locator('main').textContent()).toContain('Vi har modtaget din forespørgsel');
      const mail = await waitForMail('karen@example.dk');
      expect(mail).toContain('Rådne vindueskarme.');
      expect(mail).toMatch(/Content-Type: image\/jpeg/i);
    } finally {
      await context.close();
    }
  }, 60_000);

  it('shows the owner the requests unread in Henvendelser and the count on the dashboard', async () => {
    // At 360 px: the screens' layout at 1366 px is admin-phone.test.ts's and accessibility.test.ts's.
    const page = await admin.newPage(NARROW);
    await loginAsNewOwner(page);
    await expect.poll(() => page.locator('.dashboard-leads-count').textContent()).toBe('4');
    await admin.shot(page, 'dashboard-360', false);
    await page
      .getByRole('link', { name: /Henvendelser/ })
      .first()
      .click();
    await page.waitForURL(`${admin.origin}/admin/henvendelser`);
    await expect.poll(() => page.locator('.lead-card').count()).toBe(4);
    expect(await page.locator('.lead-unread').count()).toBe(4);
    expect(await page.locator('.lead-card h2').first().textContent()).toContain('Karen Bo');
    // The text is shown as text; the photo loads through the owner route.
    const refused = page.locator('.lead-card', { hasText: 'Uden Script' });
    expect(await refused.locator('.lead-message').textContent()).toBe('Hjælp med <b>taget</b>');
    const img = page.locator('.lead-photos img').first();
    await expect
      .poll(() => img.evaluate((node) => (node as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0);
    await admin.shot(page, 'henvendelser-360');
  }, 60_000);
});
