// The marketing site's static pages in Chromium against the real front server and API: every route's
// title and key texts, /404 for unknown paths, 'Indlæg ikke fundet' for an unknown blog post, the
// mobile menu, the contact form through a real SMTP server (and with SMTP down), plus the size
// budgets of the built files. Screenshots go to test-artifacts/marketing/ (git-ignored) for review
// when asked for (MESTERSIDE_SHOTS=1).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_MESSAGES } from '../../rules/messages';
import { BLOG_POSTS } from '../../templates/marketing/blog-posts';
import { FAQ_ITEMS } from '../../templates/marketing/faq';
import { FEATURES } from '../../templates/marketing/features';
import { CONTACT_EMAIL } from '../../templates/marketing/site-info';
import { TRADES } from '../../templates/marketing/trades';
import { launchChromium } from '../support/browser';
import { type FrontStack, startFrontStack } from '../support/front-stack';
import { reviewShot } from '../support/review-shots';
import { type SmtpSink, startSmtpSink } from '../support/smtp-sink';

const ROOT = path.resolve(import.meta.dirname, '../..');
const CLIENT_DIR = path.join(ROOT, 'dist', 'site', 'client');
const PHONE = { width: 375, height: 800 };
const DESKTOP = { width: 1280, height: 900 };
const SUCCESS = 'Tak for din henvendelse! Vi vender tilbage hurtigst muligt.';
const FAILURE = 'Beskeden kunne ikke sendes';
const TRIAL = 'Start gratis i 3 måneder - ingen binding';

let sink: SmtpSink;
let stack: FrontStack;
let smtpDown: FrontStack;
let browser: Browser;

function startStack(smtpUrl: string): Promise<FrontStack> {
  return startFrontStack('marketing-browser', {
    PUBLIC_HOST: 'localhost',
    SMTP_URL: smtpUrl,
    CONTACT_TO: 'drift@mesterside.dk',
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

async function open(url: string, viewport = DESKTOP, javaScriptEnabled = true) {
  const context = await browser.newContext({ viewport, locale: 'da-DK', javaScriptEnabled });
  const page = await context.newPage();
  const response = await page.goto(url);
  return { page, response, close: () => context.close() };
}

// The page checks only read what a visitor sees (no cookies, no storage on the marketing pages), so
// they share one desktop page, each check a fresh load of its address: a context and page of their
// own would cost Chromium about 0.75 s of CPU each, a load in an open page 0.2 s (tests/README.md).
let visitor: Page | undefined;
async function visit(url: string) {
  visitor ??= await (await browser.newContext({ viewport: DESKTOP, locale: 'da-DK' })).newPage();
  const response = await visitor.goto(url);
  return { page: visitor, response };
}

function shot(page: Page, name: string) {
  return reviewShot(page, 'marketing', name);
}

async function expectLayout(page: Page): Promise<void> {
  const header = page.locator('header.mk-header');
  await expect(header.getByRole('link', { name: 'Funktioner' }).getAttribute('href')).resolves.toBe(
    '/funktioner',
  );
  await expect(header.getByRole('link', { name: 'Kontakt' }).getAttribute('href')).resolves.toBe('/kontakt');
  await expect(header.getByRole('link', { name: 'Opret hjemmeside' }).getAttribute('href')).resolves.toBe(
    '/onboarding',
  );
  const footer = page.locator('footer');
  for (const href of [
    '/om',
    '/funktioner',
    '/onboarding',
    '/faq',
    '/blog',
    ...TRADES.map((t) => `/${t.slug}`),
  ]) {
    expect(await footer.locator(`a[href="${href}"]`).count(), href).toBeGreaterThan(0);
  }
  expect(await footer.getByRole('link', { name: 'Ofte stillede spørgsmål' }).getAttribute('href')).toBe(
    '/faq',
  );
  expect(await footer.textContent()).toContain(CONTACT_EMAIL);
}

// Chromium shares two cores with other test runs: allow slow pages rather than fail on load.
describe('marketing pages', { timeout: 60_000 }, () => {
  const pages: { path: string; title: string; texts: string[] }[] = [
    {
      path: '/om',
      title: 'Om Mesterside | Hjemmesider til håndværkere',
      texts: ['Du skal bygge huse, ikke hjemmesider', '249 kr.'],
    },
    { path: '/funktioner', title: 'Funktioner | Mesterside', texts: FEATURES.map((f) => f.title) },
    { path: '/faq', title: 'Ofte stillede spørgsmål | Mesterside', texts: FAQ_ITEMS.map((f) => f.question) },
    {
      path: '/privacy',
      title: 'Privatlivspolitik | Mesterside',
      texts: [
        'Dataansvarlig',
        'Hvilke oplysninger vi indsamler',
        'Hvad vi bruger oplysningerne til',
        'Hvor oplysningerne opbevares',
        'i EU hos vores cloud-udbydere',
        'Dine rettigheder',
        'Kontakt',
        CONTACT_EMAIL,
      ],
    },
    { path: '/kontakt', title: 'Kontakt | Mesterside', texts: ['Kontakt os', 'Send besked'] },
    { path: '/blog', title: 'Blog for håndværkere | Mesterside', texts: BLOG_POSTS.map((p) => p.title) },
  ];

  for (const { path: route, title, texts } of pages) {
    it(`${route} has its title, texts, header and footer`, async () => {
      const { page, response } = await visit(`${stack.origin}${route}`);
      expect(response?.status()).toBe(200);
      expect(await page.title()).toBe(title);
      const body = (await page.locator('main').textContent()) ?? '';
      for (const text of texts) expect(body, text).toContain(text);
      await expectLayout(page);
      await shot(page, `desktop${route.replaceAll('/', '-')}`);
    });
  }

  it('/funktioner lists 11 features and /faq 5 questions', async () => {
    const features = await visit(`${stack.origin}/funktioner`);
    expect(await features.page.locator('main ol.mk-grid > li').count()).toBe(11);
    const faq = await visit(`${stack.origin}/faq`);
    expect(await faq.page.locator('main details').count()).toBe(5);
    await faq.page.getByText(FAQ_ITEMS[4]?.question ?? '').click();
    await expect(faq.page.getByText(FAQ_ITEMS[4]?.answer ?? '').isVisible()).resolves.toBe(true);
  });

  it('every blog post opens from the list, dated January to March 2025', async () => {
    const { page } = await visit(`${stack.origin}/blog`);
    expect(await page.locator('main h2 a').count()).toBe(5);
    for (const post of BLOG_POSTS) {
      await page.goto(`${stack.origin}/blog`);
      await page.getByRole('link', { name: post.title }).click();
      await page.waitForURL(`${stack.origin}/blog/${post.id}`);
      expect(await page.title()).toBe(`${post.title} | Mesterside`);
      expect(await page.locator('h1').textContent()).toBe(post.title);
      expect(post.date >= '2025-01-01' && post.date <= '2025-03-31').toBe(true);
      const words = ((await page.locator('main .mk-prose').textContent()) ?? '').split(/\s+/).filter(Boolean);
      expect(words.length).toBeGreaterThan(400);
    }
    await shot(page, 'desktop-blog-5');
  });

  it('an unknown blog post shows Indlæg ikke fundet with status 404 at its own address', async () => {
    const { page, response } = await visit(`${stack.origin}/blog/999`);
    expect(response?.status()).toBe(404);
    expect(page.url()).toBe(`${stack.origin}/blog/999`);
    expect(await page.locator('h1').textContent()).toBe('Indlæg ikke fundet');
    await expectLayout(page);
  });

  for (const trade of TRADES) {
    it(`/${trade.slug} shows its trade page with a loaded hero image`, async () => {
      const { page, response } = await visit(`${stack.origin}/${trade.slug}`);
      expect(response?.status()).toBe(200);
      expect(await page.title()).toBe(trade.title);
      expect(await page.locator('meta[name="description"]').getAttribute('content')).toBe(
        trade.metaDescription,
      );
      expect(await page.locator('h1').textContent()).toBe(trade.h1);
      const main = (await page.locator('main').textContent()) ?? '';
      for (const text of [
        trade.description,
        ...trade.mainText,
        ...trade.features.map((f) => f.title),
        TRIAL,
      ]) {
        expect(main).toContain(text);
      }
      const start = page.getByRole('link', { name: 'Start din hjemmeside nu' }).first();
      expect(await start.getAttribute('href')).toBe('/onboarding');
      const image = page.locator(`img[src="/images/examples/${trade.image}-1200.webp"]`);
      expect(await image.getAttribute('alt')).toBe(trade.imageAlt);
      // A real screenshot of a site of the trade, in the width the srcset picks for the screen.
      expect(await image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(
        true,
      );
      expect(await image.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/-(600|1200)\.webp$/);
      await expectLayout(page);
      await shot(page, `desktop-${trade.slug}`);
    });
  }

  it('the trade page button leads to the onboarding, in the same layout', async () => {
    const { page } = await visit(`${stack.origin}/vvs-hjemmeside`);
    await page.getByRole('link', { name: 'Start din hjemmeside nu' }).first().click();
    await page.waitForURL(`${stack.origin}/onboarding`);
    expect(await page.locator('h1').textContent()).toBe('Opret din hjemmeside');
    await expectLayout(page);
  });

  it('an unknown path and an unknown trade end at /404 with its texts and a link home', async () => {
    for (const route of ['/findes-ikke', '/tandlaege-hjemmeside', '/blog/ikke-et-tal/mere']) {
      const { page, response } = await visit(`${stack.origin}${route}`);
      expect(page.url(), route).toBe(`${stack.origin}/404`);
      expect(response?.status()).toBe(404);
      expect(await page.locator('h1').textContent()).toBe('404 fejl');
      expect(await page.locator('main').textContent()).toContain('Siden blev ikke fundet');
      await page.getByRole('link', { name: 'Gå til forsiden' }).click();
      await page.waitForURL(`${stack.origin}/`);
    }
  });
});

describe('header menu', { timeout: 60_000 }, () => {
  it('at 375 px the menu toggle opens and closes the links', async () => {
    const { page, close } = await open(`${stack.origin}/om`, PHONE);
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
    await close();
  });

  it('the header stays on screen while scrolling', async () => {
    const { page, close } = await open(`${stack.origin}/privacy`, PHONE);
    await page.mouse.wheel(0, 2500);
    await page.waitForFunction(() => window.scrollY > 1000);
    const box = await page.locator('header.mk-header').boundingBox();
    expect(box?.y).toBe(0);
    await close();
  });

  it('on a desktop the links show without a toggle, and without JavaScript on a phone too', async () => {
    const desktop = await open(`${stack.origin}/om`, DESKTOP);
    expect(await desktop.page.getByRole('button', { name: 'Menu' }).isVisible()).toBe(false);
    expect(
      await desktop.page
        .getByRole('navigation', { name: 'Hovedmenu' })
        .getByRole('link', { name: 'Kontakt' })
        .isVisible(),
    ).toBe(true);
    await desktop.close();
    const noJs = await open(`${stack.origin}/om`, PHONE, false);
    expect(await noJs.page.getByRole('button', { name: 'Menu' }).isVisible()).toBe(false);
    const nav = noJs.page.getByRole('navigation', { name: 'Hovedmenu' });
    for (const name of ['Funktioner', 'Kontakt', 'Opret hjemmeside']) {
      expect(await nav.getByRole('link', { name }).isVisible(), name).toBe(true);
    }
    await noJs.close();
  });
});

describe('contact form', { timeout: 60_000 }, () => {
  it('sends the message by keyboard, shows Sender... and the success text, and resets', async () => {
    const { page, close } = await open(`${stack.origin}/kontakt`, PHONE);
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
    await close();
  });

  it('does not send while a required field is empty', async () => {
    const { page, close } = await open(`${stack.origin}/kontakt`);
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
    await close();
  });

  it('shows Beskeden kunne ikke sendes in an alert when the mail server is down', async () => {
    const { page, close } = await open(`${smtpDown.origin}/kontakt`);
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
    await close();
  });
});

describe('marketing build budgets', () => {
  const routes = [
    // The landing page as prerendered for a fresh install; with live company cards it is checked in
    // generator/landing.test.ts.
    '',
    'om',
    'funktioner',
    'faq',
    'privacy',
    'kontakt',
    'blog',
    ...BLOG_POSTS.map((p) => `blog/${p.id}`),
    'blog/ikke-fundet',
    ...TRADES.map((t) => t.slug),
  ];
  const htmlOf = (route: string) => readFileSync(path.join(CLIENT_DIR, route, 'index.html'), 'utf8');

  it('every page stays within 50 KB of HTML+CSS and 5 KB of JavaScript, with nothing external', () => {
    for (const route of [...routes, '404']) {
      const html = route === '404' ? readFileSync(path.join(CLIENT_DIR, '404.html'), 'utf8') : htmlOf(route);
      const cssLinks = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g)].map(
        (m) => m[1] as string,
      );
      const css = cssLinks.reduce((sum, href) => sum + statSync(path.join(CLIENT_DIR, href)).size, 0);
      expect(Buffer.byteLength(html) + css, route).toBeLessThanOrEqual(50 * 1024);
      const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)];
      const external = [...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map((m) => m[1] as string);
      const js =
        inline.reduce((sum, m) => sum + Buffer.byteLength(m[1] as string), 0) +
        external.reduce((sum, src) => sum + statSync(path.join(CLIENT_DIR, src)).size, 0);
      expect(js, route).toBeLessThanOrEqual(5 * 1024);
      // No third-party resources: every src and stylesheet is on our own host.
      expect(html, route).not.toMatch(/<(?:script|img|iframe)[^>]+src="(?:https?:)?\/\//);
      for (const link of html.match(/<link\b[^>]*>/g) ?? []) {
        if (!/rel="canonical"/.test(link)) expect(link, route).not.toMatch(/href="(?:https?:)?\/\//);
      }
      expect(html, route).not.toMatch(/fonts\.googleapis|@import/);
    }
  });

  it('every image has its size and alt text, and images after the first load lazily', () => {
    for (const route of routes) {
      const images = [...htmlOf(route).matchAll(/<img\b[^>]*>/g)].map((m) => m[0]);
      images.forEach((img, index) => {
        expect(img, route).toMatch(/\swidth="\d+"/);
        expect(img, route).toMatch(/\sheight="\d+"/);
        expect(img, route).toMatch(/\salt="[^"]+"/);
        if (index > 0) expect(img, route).toMatch(/\sloading="lazy"/);
      });
    }
  });

  it('the example screenshots are committed in both widths, with an Open Graph JPEG, and small', async () => {
    const dir = path.join(ROOT, 'templates', 'public', 'images', 'examples');
    const files = new Set(readdirSync(dir));
    for (const trade of TRADES) {
      for (const [suffix, width, height, maxKb] of [
        ['-600.webp', 600, 375, 40],
        ['-1200.webp', 1200, 750, 80],
        ['-og.jpg', 1200, 630, 100],
      ] as const) {
        const name = `${trade.image}${suffix}`;
        expect(files.has(name), name).toBe(true);
        const meta = await sharp(path.join(dir, name)).metadata();
        expect([meta.width, meta.height], name).toEqual([width, height]);
        expect(readFileSync(path.join(dir, name)).length, name).toBeLessThan(maxKb * 1024);
      }
    }
  });
});
