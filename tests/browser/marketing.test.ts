// The marketing site in Chromium against the real front server and API, for what only a browser
// shows: the phone menu (toggle, Escape, Enter), the header staying on screen while scrolling, the
// links without JavaScript, a FAQ answer opening on a click, the hero image the srcset picks, and the
// contact form's states (sent by keyboard, our Danish message instead of the browser's own check, the
// alert when the mail server is down). Every page's status, title, texts, links and images, /404 and
// the build budgets are read over HTTP in tests/marketing-pages.test.ts. Screenshots go to
// test-artifacts/marketing/ (git-ignored) for review when asked for (MESTERSIDE_SHOTS=1).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_MESSAGES } from '../../rules/contact-messages';
import { FAQ_ITEMS } from '../../templates/marketing/faq';
import { launchChromium } from '../support/browser';
import { reviewShot } from '../support/review-shots';
import { type SmtpSink, startSmtpSink } from '../support/smtp-sink';
import { type FrontStack, startTestStack } from '../support/stack';

const PHONE = { width: 375, height: 800 };
const DESKTOP = { width: 1280, height: 900 };
const SUCCESS = 'Tak for din henvendelse! Vi vender tilbage hurtigst muligt.';
const FAILURE = 'Beskeden kunne ikke sendes';

let sink: SmtpSink;
let stack: FrontStack;
let smtpDown: FrontStack;
let browser: Browser;

function startStack(smtpUrl: string): Promise<FrontStack> {
  return startTestStack({
    serve: 'front',
    env: {
      PUBLIC_HOST: 'localhost',
      SMTP_URL: smtpUrl,
      CONTACT_TO: 'drift@mesterside.dk',
    },
  });
}

beforeAll(async () => {
  sink = await startSmtpSink();
  // A port nothing listens on: the mailer's connection is refused, as when the SMTP server is down.
  const gone = await startSmtpSink();
  await gone.close();
  stack = await startStack(sink.url);
  smtpDown = await startStack(gone.url);
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await stack?.close();
  await smtpDown?.close();
  await sink?.close();
});

// The marketing pages keep nothing in the browser (no cookies, no storage), so the tests share one
// page per width, each opening its address afresh: a context and page of their own would cost
// Chromium about 0.75 s of CPU each, a load in an open page 0.2 s (tests/README.md, "Current profile").
const kept = new Map<number, Page>();
async function open(url: string, viewport = DESKTOP) {
  let page = kept.get(viewport.width);
  if (!page) {
    page = await (await browser.newContext({ viewport, locale: 'da-DK' })).newPage();
    kept.set(viewport.width, page);
  }
  // What a test before left on it: held requests and listeners.
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  page.removeAllListeners('request');
  const response = await page.goto(url);
  return { page, response };
}

function shot(page: Page, name: string) {
  return reviewShot(page, 'marketing', name);
}

describe('header menu', { timeout: 60_000 }, () => {
  it('at 375 px the menu toggle opens and closes the links', async () => {
    const { page } = await open(`${stack.origin}/om`, PHONE);
    const toggle = page.getByRole('button', { name: 'Menu' });
    const nav = page.getByRole('navigation', { name: 'Hovedmenu' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await nav.getByRole('link', { name: 'Funktioner' }).isVisible()).toBe(false);
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    for (const name of ['Funktioner', 'Kontakt', 'Opret hjemmeside']) {
      expect(await nav.getByRole('link', { name }).isVisible(), name).toBe(true);
    }
    await shot(page, 'phone-menu-open');
    await page.keyboard.press('Escape');
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await nav.getByRole('link', { name: 'Kontakt' }).isVisible()).toBe(false);
    await toggle.press('Enter');
    await nav.getByRole('link', { name: 'Kontakt' }).click();
    await page.waitForURL(`${stack.origin}/kontakt`);
    await shot(page, 'phone-kontakt');
  });

  it('the header stays on screen while scrolling', async () => {
    const { page } = await open(`${stack.origin}/privacy`, PHONE);
    await page.mouse.wheel(0, 2500);
    await page.waitForFunction(() => window.scrollY > 1000);
    const box = await page.locator('header.mk-header').boundingBox();
    expect(box?.y).toBe(0);
  });

  it('on a desktop the links show without a toggle, and without JavaScript on a phone too', async () => {
    const desktop = await open(`${stack.origin}/faq`, DESKTOP);
    expect(await desktop.page.getByRole('button', { name: 'Menu' }).isVisible()).toBe(false);
    expect(
      await desktop.page
        .getByRole('navigation', { name: 'Hovedmenu' })
        .getByRole('link', { name: 'Kontakt' })
        .isVisible(),
    ).toBe(true);
    // A closed question of the FAQ opens on a click.
    const answer = desktop.page.getByText(FAQ_ITEMS[4]?.answer ?? '');
    expect(await answer.isVisible()).toBe(false);
    await desktop.page.getByText(FAQ_ITEMS[4]?.question ?? '').click();
    expect(await answer.isVisible()).toBe(true);
    const context = await browser.newContext({ viewport: PHONE, locale: 'da-DK', javaScriptEnabled: false });
    const noJs = await context.newPage();
    await noJs.goto(`${stack.origin}/om`);
    expect(await noJs.getByRole('button', { name: 'Menu' }).isVisible()).toBe(false);
    const nav = noJs.getByRole('navigation', { name: 'Hovedmenu' });
    for (const name of ['Funktioner', 'Kontakt', 'Opret hjemmeside']) {
      expect(await nav.getByRole('link', { name }).isVisible(), name).toBe(true);
    }
    await context.close();
  });
});

describe('trade page', { timeout: 60_000 }, () => {
  it('at 375 px the hero image loads in a width its srcset offers', async () => {
    const { page } = await open(`${stack.origin}/vvs-hjemmeside`, PHONE);
    const image = page.locator('img[src="/images/examples/vvs-1200.webp"]');
    // A real screenshot of a site of the trade, in the width the srcset picks for the screen.
    expect(await image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await image.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/-(600|1200)\.webp$/);
    expect(await image.isVisible()).toBe(true);
  });
});

describe('contact form', { timeout: 60_000 }, () => {
  it('sends the message by keyboard, shows Sender... and the success text, and resets', async () => {
    const { page } = await open(`${stack.origin}/kontakt`, PHONE);
    // Hold the request briefly so the sending state can be seen; it then goes to the real API.
    await page.route('**/api/sendContactEmail', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      await route.continue();
    });
    await page.getByLabel('Navn').focus();
    await page.keyboard.type('Jens Hansen');
    await page.keyboard.press('Tab');
    await page.keyboard.type('jens@example.dk');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Hvad koster det at bruge mit eget domæne?');
    // The honeypot is skipped by Tab: the next stop is the button.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Send besked');
    await page.keyboard.press('Enter');
    const button = page.locator('#kontakt-form button[type=submit]');
    await page.waitForFunction(
      () => document.querySelector('#kontakt-form button')?.textContent === 'Sender...',
    );
    expect(await button.isDisabled()).toBe(true);
    await page.getByText(SUCCESS).waitFor();
    expect(await button.textContent()).toBe('Send besked');
    expect(await page.getByLabel('Navn').inputValue()).toBe('');
    expect(await page.getByLabel('Besked').inputValue()).toBe('');
    const [mail] = await sink.waitFor(1);
    expect(mail?.to).toEqual(['drift@mesterside.dk']);
    expect(mail?.raw).toContain('jens@example.dk');
    await shot(page, 'phone-kontakt-sent');
  });

  it('does not send while a required field is empty', async () => {
    const { page } = await open(`${stack.origin}/kontakt`);
    let requests = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/sendContactEmail')) requests++;
    });
    await page.getByLabel('Navn').fill('Jens Hansen');
    await page.getByLabel('E-mail').fill('jens@example.dk');
    await page.getByRole('button', { name: 'Send besked' }).click();
    // Our Danish message beside the field, not the browser's own check (issue 28).
    await page.getByText(CONTACT_MESSAGES.messageRequired).waitFor();
    expect(await page.getByLabel('Besked').getAttribute('aria-invalid')).toBe('true');
    await page.waitForTimeout(200);
    expect(requests).toBe(0);
  });

  it('shows Beskeden kunne ikke sendes in an alert when the mail server is down', async () => {
    const { page } = await open(`${smtpDown.origin}/kontakt`);
    await page.getByLabel('Navn').fill('Jens Hansen');
    await page.getByLabel('E-mail').fill('jens@example.dk');
    await page.getByLabel('Besked').fill('Ringer I mig op?');
    await page.getByRole('button', { name: 'Send besked' }).click();
    const alert = page.getByRole('alert').filter({ hasText: FAILURE });
    await alert.waitFor();
    expect(await alert.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(185, 28, 28)');
    // The visitor's text stays so it can be sent again.
    expect(await page.getByLabel('Besked').inputValue()).toBe('Ringer I mig op?');
    expect(await page.getByRole('button', { name: 'Send besked' }).isEnabled()).toBe(true);
    await shot(page, 'desktop-kontakt-failed');
  });
});
