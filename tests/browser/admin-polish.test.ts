// What a careful owner notices in the admin (issue 28), in Chromium against the real server: no
// "saved" beside a refused save, Danish layout names, no console error signed out or in, and the
// layout details (checkbox colour, delete beside save, gallery cards, the call bar clear of the hero,
// marketing bands). Whole days left in the trial: rules/trial.test.ts, and on the dashboard in
// admin-dashboard.test.ts.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../rules/messages';
import { PAGE_MESSAGES } from '../../rules/page-messages';
import { type AdminStack, OWNER, startAdminStack } from '../support/admin-stack';
import { pngFile } from '../support/images';

const NARROW = { width: 360, height: 740 } as const;
const WIDE = { width: 1366, height: 900 } as const;

let admin: AdminStack;

beforeAll(async () => {
  admin = await startAdminStack('admin-polish');
});

afterAll(async () => {
  await admin?.close();
});

async function openPage(page: Page, name: string) {
  await page.goto(`${admin.origin}/admin/pages`);
  await page.getByText('Vælg en side fra menuen').waitFor();
  await page.getByRole('navigation', { name: 'Dine sider' }).getByRole('button', { name }).click();
  await page.getByRole('heading', { level: 2, name }).waitFor();
}

describe('small truths (issue 28 items 2 and 6)', { timeout: 60_000 }, () => {
  it('never shows "Ændringer gemt!" beside a save the form refused', async () => {
    const page = await admin.newPage(NARROW);
    await admin.signIn(page);
    await openPage(page, 'Om os');
    const puts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PUT') puts.push(request.url());
    });
    await page.getByRole('button', { name: 'Gem ændringer' }).click();
    await page.getByText(MESSAGES.saveSuccess).waitFor();
    expect(puts).toHaveLength(1);
    // Within the 3 seconds the indicator shows: clear the name and save again.
    await page.getByLabel('Navn i menuen').fill('');
    await page.getByRole('button', { name: 'Gem ændringer' }).click();
    await page.getByText(PAGE_MESSAGES.pageNameRequired).waitFor();
    expect(await page.getByText(MESSAGES.saveSuccess).count()).toBe(0);
    expect(puts).toHaveLength(1);
    await admin.shot(page, 'refused-save-360');
  });

  it('names the layouts in Danish', async () => {
    const page = await admin.newPage(WIDE);
    await admin.signIn(page);
    await openPage(page, 'Forside');
    await page.getByRole('tab', { name: 'Layout' }).click();
    const names = await page.locator('.layout-card strong').allTextContents();
    expect(names).toEqual(['Stort billede øverst', 'Tekst', 'Tekst og billede', 'Galleri']);
    expect(await page.getByRole('radio', { name: /Stort billede øverst/ }).isChecked()).toBe(true);
    await admin.shot(page, 'layout-names-1366');
  });
});

describe('a quiet console (issue 28 item 4)', { timeout: 90_000 }, () => {
  it('logs no console error loading /admin signed out, signing in, and on each screen', async () => {
    const page = await admin.newPage(WIDE);
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    const favicon: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('favicon')) favicon.push(request.url());
    });
    await page.goto(`${admin.origin}/admin`);
    await page.getByRole('button', { name: 'Log ind' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
    expect(await page.locator('link[rel="icon"]').count()).toBe(1);
    await admin.login(page);
    for (const path of ['dashboard', 'pages', 'images', 'settings', 'konto', 'subscription']) {
      await page.goto(`${admin.origin}/admin/${path}`);
      await page.locator('main h1, main h2').first().waitFor();
      await page.waitForLoadState('networkidle');
    }
    await page.reload();
    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
    expect(favicon).toEqual([]);
  });
});

describe('layout (issue 28 item 5)', { timeout: 120_000 }, () => {
  it('admin: brand-coloured checkboxes, "Slet side" level with "Gem ændringer", room under "Upload billeder"', async () => {
    for (const viewport of [NARROW, WIDE]) {
      const page = await admin.newPage(viewport);
      await admin.signIn(page);
      const size = viewport.width;
      await page.goto(`${admin.origin}/admin/pages?visning=menu`);
      const menuBox = page.getByRole('checkbox', { name: /Vis i menuen/ }).first();
      await menuBox.waitFor();
      expect(await menuBox.evaluate((box) => getComputedStyle(box).accentColor)).toBe('rgb(180, 83, 9)');
      await admin.shot(page, `menu-order-${size}`);

      await openPage(page, 'Om os');
      const save = await page.getByRole('button', { name: 'Gem ændringer' }).boundingBox();
      const remove = await page.getByRole('button', { name: 'Slet side' }).boundingBox();
      if (!save || !remove) throw new Error('no save or delete button');
      const sameRow = Math.abs(save.y + save.height / 2 - (remove.y + remove.height / 2)) <= 1;
      const below = remove.y >= save.y + save.height + 16;
      expect(sameRow || below, `save at ${save.y}, delete at ${remove.y}`).toBe(true);
      await admin.shot(page, `editor-foot-${size}`);

      await page.goto(`${admin.origin}/admin/images`);
      await page.locator('#image-upload').setInputFiles(await pngFile(size === 360 ? 1 : 2));
      const grid = page.getByRole('list', { name: 'Billeder' });
      await grid.waitFor();
      const button = await page.getByRole('button', { name: 'Upload billeder' }).boundingBox();
      const first = await grid.boundingBox();
      if (!button || !first) throw new Error('no upload button or grid');
      expect(first.y - (button.y + button.height)).toBeGreaterThanOrEqual(16);
      await admin.shot(page, `images-${size}`);
    }
  });

  it('site: a gallery item without a picture is not a tall empty card; the call bar leaves the hero clear', async () => {
    const page = await admin.newPage(WIDE);
    await admin.signIn(page, '/admin/images');
    await page.locator('#image-upload').setInputFiles(await pngFile(3, 'carport.png'));
    await page.getByRole('button', { name: 'Slet carport.png' }).waitFor();
    await page.evaluate(async () => {
      const images = (await (await fetch('/api/images')).json()) as {
        images: { name: string; url: string }[];
      };
      const image = images.images.find((candidate) => candidate.name === 'carport.png')?.url ?? '';
      const pages = (await (await fetch('/api/pages')).json()) as { id: string; pageName: string }[];
      const ydelser = pages.find((candidate) => candidate.pageName === 'Ydelser');
      const response = await fetch(`/api/pages/${ydelser?.id}`, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          layout: 'gallery',
          gallery: [
            { title: 'Carport i lærk', description: 'Bygget på fire dage.', image },
            { title: 'Tagrender', description: 'Skiftet på en formiddag.', image: '' },
            { title: 'Terrasse', description: 'Hårdttræ og skjulte skruer.', image },
          ],
        }),
      });
      if (!response.ok) throw new Error(`save answered ${response.status}`);
    });
    await admin.published();
    const visitor = await admin.newPage(WIDE);
    await visitor.goto(`${admin.origin}/${OWNER.cvr}/ydelser`);
    const cards = visitor.locator('.gallery-item');
    await cards.first().waitFor();
    const heights = await cards.evaluateAll((items) =>
      items.map((item) => item.getBoundingClientRect().height),
    );
    // The text-only card (the second) is well under half as tall as one with a picture.
    expect(heights[1] ?? 0).toBeLessThan((heights[0] ?? 0) / 2);
    await admin.shot(visitor, 'site-gallery-1366');

    const phone = await admin.newPage(NARROW);
    await phone.goto(`${admin.origin}/${OWNER.cvr}/`);
    const bar = await phone.locator('.call-bar').boundingBox();
    const hero = await phone.locator('.hero').boundingBox();
    if (!bar || !hero) throw new Error('no call bar or hero');
    const art = await phone.locator('.hero-art').boundingBox();
    // Whatever of the hero's picture is on the first screen is above the bar, not under it.
    expect((art ?? hero).y + (art ?? hero).height).toBeLessThanOrEqual(bar.y);
    await admin.shot(phone, 'site-hero-360', false);
  });

  it('marketing: the first block follows the intro without an empty band', async () => {
    // One visitor's page for the three addresses: each is a fresh load, and a context of its own per
    // address would cost Chromium about 0.55 s of CPU more (tests/README.md, "Current profile").
    const page = await admin.newPage(WIDE);
    for (const path of ['/om', '/faq', '/kontakt']) {
      await page.goto(`${admin.origin}${path}`);
      const gap = await page.evaluate(() => {
        const hero = document.querySelector('.mk-hero .mk-wrap > :last-child') as HTMLElement;
        const section = document.querySelector(
          '.mk-hero + .mk-section .mk-wrap > :first-child',
        ) as HTMLElement;
        return section.getBoundingClientRect().top - hero.getBoundingClientRect().bottom;
      });
      expect(gap, path).toBeLessThanOrEqual(56);
      await admin.shot(page, `marketing-${path.slice(1)}-1366`, false);
    }
  });
});
