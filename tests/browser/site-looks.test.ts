// How a freshly onboarded site looks in Chromium, at phone (360 px) and desktop (1366 px) width:
// every page layout (hero, text, text-image, gallery, grid) shows a picture although the owner has
// uploaded none, the "Om os" text without a picture uses the whole width, a side image chosen in
// the text layout shows, and on phones a click-to-call button stays on screen; a chimney sweep filed
// under a cleaning code reads as a chimney sweep, and a company of no known trade shows the registry's
// category only as a label (issue 42). Screenshots of every page go to test-artifacts/site-looks/ for
// a reviewer.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertPage, listPages } from '../../db';
import { type AdminStack, startAdminStack } from '../support/admin-stack';
import { getPage } from '../support/html';

const NARROW = { width: 360, height: 780 } as const;
const WIDE = { width: 1366, height: 900 } as const;
// Three trades from the demo CVR registry (api/onboarding/demo-registry.ts), onboarded as a new owner would.
const TRADES = [
  { cvr: '99000101', name: 'tomrer', phone: '86 00 01 01' },
  { cvr: '99000303', name: 'vvs', phone: '56 00 03 03' },
  { cvr: '99000707', name: 'el', phone: '87 00 07 07' },
] as const;
const LAYOUT_CVR = TRADES[0].cvr;
// Issue 42: a chimney sweep filed under a cleaning code, and a company whose trade nobody can tell.
const SWEEP = '99001314';
const UNKNOWN = '99001515';

let admin: AdminStack;

async function onboard(cvr: string, index: number): Promise<void> {
  const password = 'tagrende-42';
  const response = await fetch(`${admin.origin}/api/onboarding/create`, {
    method: 'POST',
    headers: { origin: admin.origin, 'content-type': 'application/json' },
    body: JSON.stringify({
      cvr,
      email: `ejer${index}@eksempel.example`,
      password,
      passwordRepeat: password,
      acceptPrivacy: true,
    }),
  });
  expect(response.status, await response.clone().text()).toBeLessThan(300);
}

beforeAll(async () => {
  admin = await startAdminStack('site-looks');
  for (const [index, trade] of TRADES.entries()) await onboard(trade.cvr, index);
  // A new page in each layout the onboarding does not make, as the admin's "Ny side" creates them.
  await insertPage(admin.db, LAYOUT_CVR, {
    pageName: 'Vores arbejde',
    layout: 'text',
    content: 'Vi tager os af opgaven fra første skitse til sidste skrue.',
  });
  await insertPage(admin.db, LAYOUT_CVR, {
    pageName: 'Med billede',
    layout: 'text',
    content: 'En side med et sidebillede valgt af ejeren.',
    image: '/images/examples/tomrer-600.webp',
  });
  await insertPage(admin.db, LAYOUT_CVR, { pageName: 'Galleri', layout: 'gallery' });
  await insertPage(admin.db, LAYOUT_CVR, {
    pageName: 'Kort',
    layout: 'grid',
    content: 'Tagrender og inddækning.\n\nNye vinduer og døre.\n\nTerrasser i træ.',
  });
  await admin.stack.queue.requestPublish(LAYOUT_CVR);
  await admin.published();
}, 120_000);

afterAll(async () => {
  await admin?.close();
});

/** The pictures inside <main> that are on screen and loaded (natural width above zero). */
async function shownImages(page: Page): Promise<string[]> {
  return page.$$eval('main img', (images) =>
    (images as HTMLImageElement[])
      .filter((img) => {
        const box = img.getBoundingClientRect();
        return img.complete && img.naturalWidth > 0 && box.width > 100 && box.height > 60;
      })
      .map((img) => img.getAttribute('src') ?? ''),
  );
}

/** A visitor's page at `viewport` showing `path`. */
async function open(viewport: typeof NARROW | typeof WIDE, path: string): Promise<Page> {
  return show(await admin.newPage(viewport), path);
}

/**
 * Loads `path` in a visitor's page, which the checks reuse from one address to the next (nothing of a
 * visit that they read carries over; a context and page of their own would cost Chromium about 0.75 s
 * of CPU each, a load in an open page 0.2 s: tests/README.md, "Current profile").
 */
async function show(page: Page, path: string): Promise<Page> {
  await page.goto(`${admin.origin}${path}`);
  // Lazy pictures below the fold load as they are scrolled to; the screenshot is of the whole page.
  await page.evaluate(async () => {
    for (const img of document.querySelectorAll('img')) {
      img.loading = 'eager';
      await img.decode().catch(() => {});
    }
  });
  return page;
}

describe('a freshly onboarded site', () => {
  it('shows a picture on every page layout at phone and desktop width', async () => {
    const pages = await listPages(admin.db, LAYOUT_CVR);
    expect(new Set(pages.map((p) => p.layout))).toEqual(
      new Set(['hero', 'text', 'text-image', 'gallery', 'grid']),
    );
    for (const viewport of [NARROW, WIDE]) {
      const visitor = await admin.newPage(viewport);
      for (const sitePage of pages) {
        const path = sitePage.type === 'homepage' ? `/${LAYOUT_CVR}/` : `/${LAYOUT_CVR}/${sitePage.slug}`;
        const page = await show(visitor, path);
        const images = await shownImages(page);
        expect(images.length, `${path} at ${viewport.width} px shows no picture`).toBeGreaterThan(0);
        await admin.shot(page, `${sitePage.layout}-${sitePage.slug}-${viewport.width}`);
      }
    }
  }, 90_000);

  it('gives each trade its own picture, and the hero picture is sized and loaded first', async () => {
    // The page's HTML over HTTP: the attributes are what the server renders, for every width.
    const sources = new Set<string>();
    for (const trade of TRADES) {
      const { status, page } = await getPage(`${admin.origin}/${trade.cvr}/`);
      expect(status).toBe(200);
      const hero = page.one('.hero img');
      expect(hero.attr('width')).toBe('1600');
      expect(hero.attr('height')).toBe('900');
      expect(hero.attr('fetchpriority')).toBe('high');
      const src = hero.attr('src') ?? '';
      sources.add(src);
      const image = await fetch(new URL(src, admin.origin));
      expect(image.status, src).toBe(200);
      expect(image.headers.get('content-type'), src).toMatch(/^image\//);
    }
    expect(sources.size).toBe(TRADES.length);
  });

  it('lays "Om os" out over the whole width when it has no picture, and shows a chosen side image', async () => {
    const about = await open(WIDE, `/${LAYOUT_CVR}/om-os`);
    const text = about.locator('main .prose').first();
    const main = about.locator('main .section .container').first();
    const [textBox, mainBox] = [await text.boundingBox(), await main.boundingBox()];
    // The text fills the container (minus its padding) instead of leaving an empty half.
    expect(textBox?.width ?? 0).toBeGreaterThan((mainBox?.width ?? 0) * 0.85);

    const side = await show(about, `/${LAYOUT_CVR}/med-billede`);
    const image = side.locator('img.split-image');
    await image.waitFor();
    expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    // Below the title band, so the page's own HTML asks for it lazily.
    const html = await (await fetch(`${admin.origin}/${LAYOUT_CVR}/med-billede`)).text();
    expect(html).toMatch(/<img class="split-image"[^>]*loading="lazy"/);
  });

  it('styles a services list in the body text as cards with a check icon', async () => {
    // The writer's Markdown list (`- …`) arrives as <ul> inside .prose; this is the styling it gets,
    // at phone width (the icon's rule is the same at every width).
    const page = await open(NARROW, `/${TRADES[0].cvr}/`);
    await page.evaluate(() => {
      const prose = document.querySelector('main .prose');
      prose?.insertAdjacentHTML(
        'afterbegin',
        '<h2>Det kan vi hjælpe med</h2><ul><li>Nyt tag og tagrenovering</li><li>Vinduer og døre</li>' +
          '<li>Terrasser og carporte</li><li>Tilbygninger</li><li>Gulve og lofter</li><li>Køkkenmontering</li></ul>',
      );
    });
    const item = page.locator('main .prose li').first();
    const icon = await item.evaluate((li) => {
      const before = getComputedStyle(li, '::before');
      return { width: before.width, mask: before.maskImage || before.webkitMaskImage };
    });
    expect(icon.width).not.toBe('auto');
    expect(icon.mask).toContain('data:image/svg+xml');
    await item.scrollIntoViewIfNeeded();
    await admin.shot(page, 'services-list-360', false);
  });

  it('shows a chimney sweep under a cleaning code as a chimney sweep, and an unknown trade neutrally (issue 42)', async () => {
    await onboard(SWEEP, 10);
    await onboard(UNKNOWN, 11);
    await admin.published();
    for (const viewport of [NARROW, WIDE]) {
      const sweep = await open(viewport, `/${SWEEP}/`);
      expect(await sweep.locator('h1').textContent()).toMatch(/skorstensfejer/i);
      const sweepText = await sweep.locator('main').textContent();
      expect(sweepText).toContain('Fejning af skorsten');
      expect(sweepText).not.toMatch(/rengøring|trappevask/i);
      expect(await sweep.locator('.hero img').first().getAttribute('src')).toMatch(/scene-tag-/);
      await admin.shot(sweep, `forside-skorstensfejer-${viewport.width}`);

      const unknown = await show(sweep, `/${UNKNOWN}/`);
      expect(await unknown.locator('h1').textContent()).toBe('Eksempel Byg i Vordingborg');
      // The registry's category on a line of its own, as a label; nowhere in a sentence.
      const category = unknown.locator('main p', { hasText: 'Branche:' });
      expect(await category.textContent()).toBe('Branche: Anden specialiseret bygge- og anlægsvirksomhed');
      await category.scrollIntoViewIfNeeded();
      await admin.shot(unknown, `branche-${viewport.width}`, false);
      const unknownText = await unknown.locator('main').textContent();
      expect(unknownText).not.toMatch(/i\.a\.n\.|entreprenør|jordarbejde/i);
      await admin.shot(unknown, `forside-ukendt-fag-${viewport.width}`);
    }
  }, 60_000);

  it('keeps a click-to-call button on screen on phones only', async () => {
    const phone = await open(NARROW, `/${TRADES[1].cvr}/`);
    const call = phone.locator('.call-bar a[href^="tel:"]');
    expect((await call.textContent())?.replace(/\s+/g, ' ').trim()).toBe(`Ring ${TRADES[1].phone}`);
    await phone.evaluate(() => window.scrollTo({ top: document.body.scrollHeight, behavior: 'instant' }));
    expect(await call.isVisible()).toBe(true);
    const box = await call.boundingBox();
    expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(NARROW.height);
    expect(await call.getAttribute('href')).toMatch(/^tel:/);
    await admin.shot(phone, 'call-button-360', false);

    const desktop = await open(WIDE, `/${TRADES[1].cvr}/`);
    expect(await desktop.locator('.call-bar').isVisible()).toBe(false);
  });
});
