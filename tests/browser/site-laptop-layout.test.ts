// Issue 49 item 11, a company site on a 1366 px laptop, rendered with the built templates and laid
// out by Chromium: a homepage's text without a side image uses the page's width (two columns)
// instead of its left 55 %, and the Døgnvagt card in "Godt at vide" is as tall as its own text
// instead of standing half empty beside the longer Håndværkerfradrag card.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSiteRenderer } from '../../generator/astro-renderer';
import type { SiteModel } from '../../generator/site-model';
import { FIXTURE_SITES } from '../fixtures/sites';
import { launchChromium } from '../support/browser';
import { reviewShot } from '../support/review-shots';

const LAPTOP = { width: 1366, height: 768 };
let browser: Browser;
let page: Page;

/** The electrician's homepage with a text of several paragraphs and no side image. */
function longTextHome(): SiteModel {
  const model = structuredClone(FIXTURE_SITES.el) as SiteModel;
  const home = model.pages[0];
  if (home)
    home.content = [
      '## Elektriker i Nordsjælland',
      'Vi er seks elektrikere med eget værksted i Hellerup. Vi laver alt fra nye eltavler og stikkontakter til solceller, ladestandere og fejlfinding i ældre huse.',
      'Vi giver altid en fast pris, før vi går i gang, så du ved, hvad det koster.',
      '## Døgnvagt',
      'Går strømmen, kan du ringe til vores døgnvagt hele året. Vi kommer som regel inden for en time.',
      'Alt vores arbejde er dækket af TEKNIQs garantiordning.',
    ].join('\n\n');
  return model;
}

beforeAll(async () => {
  const renderer = await loadSiteRenderer();
  const model = longTextHome();
  const html = await renderer.renderPage({ site: model, page: model.pages[0] ?? null });
  browser = await launchChromium();
  page = await (await browser.newContext({ viewport: LAPTOP, locale: 'da-DK' })).newPage();
  // Images are not the subject: the page's own HTML, with its inline styles.
  await page.route('**/*', (route) => route.abort());
  await page.setContent(html, { waitUntil: 'domcontentloaded' });
}, 60_000);

afterAll(async () => {
  await browser?.close();
});

describe('a company site at 1366 px (issue 49)', () => {
  it("spreads a homepage's text over the page's width, not its left 55 %", async () => {
    const [left, right] = await page
      .locator('.prose')
      .first()
      .evaluate((element) => {
        const box = element.getBoundingClientRect();
        return [box.left, box.right];
      });
    const container = await page
      .locator('.prose')
      .first()
      .evaluate((element) => {
        const parent = element.parentElement as HTMLElement;
        // The container's content edge: its right side less its padding.
        return (
          parent.getBoundingClientRect().right - Number.parseFloat(getComputedStyle(parent).paddingRight)
        );
      });
    expect(right / LAPTOP.width).toBeGreaterThan(0.85);
    expect(right).toBeCloseTo(container, 0);
    expect(left).toBeLessThan(LAPTOP.width * 0.15);
    await page.locator('.prose').first().scrollIntoViewIfNeeded();
    await reviewShot(page, 'site-laptop-layout', 'text-1366', { fullPage: false });
  });

  it('keeps the Døgnvagt card as tall as its own text', async () => {
    const card = page.locator('.trust-emergency');
    const [height, content] = await card.evaluate((element) => {
      const style = getComputedStyle(element);
      const inner = [...element.children].reduce((sum, child) => {
        const box = child.getBoundingClientRect();
        const margins = getComputedStyle(child);
        return (
          sum + box.height + Number.parseFloat(margins.marginTop) + Number.parseFloat(margins.marginBottom)
        );
      }, 0);
      return [
        element.getBoundingClientRect().height,
        inner + Number.parseFloat(style.paddingTop) + Number.parseFloat(style.paddingBottom) + 2,
      ];
    });
    // Before: 1.8 times its text's height, stretched to the row's tallest card.
    expect(height).toBeLessThan(content * 1.15);
    await card.scrollIntoViewIfNeeded();
    await reviewShot(page, 'site-laptop-layout', 'trust-1366', { fullPage: false });
  });
});
