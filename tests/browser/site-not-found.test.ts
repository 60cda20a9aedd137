// Issue 49 item 2 in Chromium: a visitor who follows a dead link to a company's site stays on that
// company's site. At the address asked for (no redirect), with status 404, the company's own 404
// page shows its header, menu and phone, and "Gå til forsiden" leads to the company's home page:
// under /<cvr>/ that is /<cvr>/, on the subdomain /. Deep paths (/a/b/c) included, so the page's
// links must not be relative to the address. Every serving shape gives the same answer
// (tests/serving/conformance.test.ts); this is the Node front server with the real generator.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCompany, insertPage } from '../../db';
import { createSitePublisher } from '../../generator';
import { loadSiteRenderer } from '../../generator/astro-renderer';
import { launchChromium } from '../support/browser';
import { reviewShot } from '../support/review-shots';
import { type FrontStack, startTestStack } from '../support/stack';

const CVR = '12345678';
const SUBDOMAIN = 'hansentomrer';
const NARROW = { width: 360, height: 780 } as const;

let stack: FrontStack;
let browser: Browser;

beforeAll(async () => {
  stack = await startTestStack({ serve: 'front', env: { PUBLIC_HOST: 'localhost' } });
  await insertCompany(stack.db, {
    cvr: CVR,
    name: 'Hansen Tømrer ApS',
    city: 'Køge',
    zipcode: '4600',
    phone: '31415926',
    subdomain: SUBDOMAIN,
  });
  await insertPage(stack.db, CVR, {
    pageName: 'Forside',
    type: 'homepage',
    layout: 'hero',
    title: 'Velkommen hos Hansen',
  });
  await insertPage(stack.db, CVR, {
    pageName: 'Om os',
    layout: 'text',
    title: 'Om Hansen',
    content: 'Vi bygger.',
  });
  const renderer = await loadSiteRenderer();
  await (await createSitePublisher({ db: stack.db, config: stack.config, renderer })).publish(CVR);
  browser = await launchChromium();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await stack?.close();
});

function brandName(page: Page): Promise<string | null> {
  return page.locator('.site-header .brand-name').textContent();
}

/** Opens `url` at phone width and checks what every dead link must show. */
async function openMissing(url: string): Promise<Page> {
  const page = await browser.newPage({ viewport: NARROW });
  const response = await page.goto(url);
  expect(response?.status(), url).toBe(404);
  // No redirect: the address stays the one the visitor asked for.
  expect(page.url()).toBe(url);
  expect(response?.request().redirectedFrom()).toBeNull();
  expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('404 fejl');
  expect(await page.getByText('Siden blev ikke fundet').isVisible()).toBe(true);
  // The company's own header (not the product's) and its phone, one tap away in the call bar.
  expect(await brandName(page)).toBe('Hansen Tømrer ApS');
  const call = page.locator('.call-bar').getByRole('link', { name: /Ring/ });
  expect(await call.isVisible()).toBe(true);
  expect(await call.getAttribute('href')).toBe('tel:+4531415926');
  return page;
}

describe("the company's 404 page in Chromium (issue 49)", () => {
  it('under /<cvr>/ at any depth: the company header and menu, home leading to /<cvr>/', async () => {
    const origin = `http://localhost:${stack.server.port}`;
    for (const missing of [`/${CVR}/findes-ikke`, `/${CVR}/a/b/c`]) {
      const page = await openMissing(`${origin}${missing}`);
      // The menu works from the deep address too: it leads to the company's page, not next to it.
      await page.getByRole('button', { name: 'Menu' }).click();
      const about = page.getByRole('navigation', { name: 'Hovedmenu' }).getByRole('link', { name: 'Om os' });
      await about.waitFor();
      expect(await about.evaluate((link) => (link as HTMLAnchorElement).href)).toBe(`${origin}/${CVR}/om-os`);
      if (missing.endsWith('/c')) await reviewShot(page, 'site-not-found', 'path-deep-360');
      await page.getByRole('link', { name: 'Gå til forsiden' }).click();
      await page.waitForURL(`${origin}/${CVR}/`);
      expect(await brandName(page)).toBe('Hansen Tømrer ApS');
      expect(await page.getByRole('heading', { level: 1 }).textContent()).not.toBe('404 fejl');
      await page.close();
    }
  });

  it('on the subdomain at any depth: home leading to /', async () => {
    const origin = `http://${SUBDOMAIN}.localhost:${stack.server.port}`;
    for (const missing of ['/findes-ikke', '/a/b/c']) {
      const page = await openMissing(`${origin}${missing}`);
      await page.getByRole('button', { name: 'Menu' }).click();
      await page.getByRole('navigation', { name: 'Hovedmenu' }).getByRole('link', { name: 'Om os' }).click();
      await page.waitForURL(`${origin}/om-os`);
      await page.goBack();
      await page.getByRole('link', { name: 'Gå til forsiden' }).click();
      await page.waitForURL(`${origin}/`);
      expect(await brandName(page)).toBe('Hansen Tømrer ApS');
      expect(await page.getByRole('heading', { level: 1 }).textContent()).not.toBe('404 fejl');
      await page.close();
    }
  });
});
