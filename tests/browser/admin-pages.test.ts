// The pages editor in Chromium against the real server: edit and save a page and see the public site
// change, create and delete a page, the homepage without delete, gallery items with archive images,
// SEO limits, and AI text to the daily limit with the template writer (the spec's Screens Pages editor, States, Limits).
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../rules/messages';
import { type AdminStack, OWNER, PHONE, startAdminStack } from '../support/admin-stack';
import { pngFile } from '../support/images';

let admin: AdminStack;

beforeAll(async () => {
  admin = await startAdminStack('admin-pages');
});

afterAll(async () => {
  await admin?.close();
});

async function publicHtml(path: string): Promise<{ status: number; html: string; location: string | null }> {
  await admin.published();
  const response = await fetch(`${admin.origin}/${OWNER.cvr}${path}`, { redirect: 'manual' });
  return { status: response.status, html: await response.text(), location: response.headers.get('location') };
}

async function openPage(page: Page, name: string) {
  await page.goto(`${admin.origin}/admin/pages`);
  await page.getByText('Vælg en side fra menuen').waitFor();
  await page.getByRole('navigation', { name: 'Dine sider' }).getByRole('button', { name }).click();
  await page.getByRole('heading', { level: 2, name }).waitFor();
}

describe('pages editor', () => {
  it('saves an edited page and the public site shows it', async () => {
    const page = await admin.newPage(PHONE);
    await admin.signIn(page);
    await openPage(page, 'Om os');
    await admin.shot(page, 'pages-editor-phone');
    const tabs = page.getByRole('tablist', { name: 'Redigér side' }).getByRole('tab');
    expect(await tabs.allTextContents()).toEqual(['Indhold', 'Billeder', 'Layout', 'Google']);
    await page.getByLabel('Overskrift').fill('Vi bygger med omtanke');
    // Two paragraphs and a link to another page, made with the Link panel's list of pages.
    const text = page.getByRole('textbox', { name: 'Tekst', exact: true });
    await text.click();
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Delete');
    await page.keyboard.type('Første afsnit om os.');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Andet afsnit med ');
    await page.getByRole('button', { name: 'Link', exact: true }).click();
    const panel = page.getByRole('group', { name: 'Indsæt link' });
    await panel.getByLabel('Linktekst').fill('et link');
    await panel.getByLabel('Link til').selectOption({ label: 'Ydelser' });
    await panel.getByRole('button', { name: 'Indsæt link' }).click();
    await page.keyboard.type('.');
    await page.route('**/api/pages/*', async (route) => {
      if (route.request().method() === 'PUT') await new Promise((resolve) => setTimeout(resolve, 300));
      await route.continue();
    });
    await page.getByRole('button', { name: 'Gem ændringer' }).click();
    await page.getByRole('button', { name: 'Gemmer...' }).waitFor();
    await page.getByText(MESSAGES.saveSuccess).waitFor();
    // The indicator clears after 3 seconds (the spec's States).
    await page.getByText(MESSAGES.saveSuccess).waitFor({ state: 'detached', timeout: 5000 });

    const { html } = await publicHtml('/om-os');
    expect(html).toContain('Vi bygger med omtanke');
    expect(html).toContain('Andet afsnit med');
    // Site links are relative, so they work under /<cvr>/ and on the subdomain alike.
    expect(html).toContain('<a href="ydelser">et link</a>');
  });

  it('says when the pages cannot be loaded, and loads them on "Prøv igen"', async () => {
    const page = await admin.newPage(PHONE);
    await admin.signIn(page);
    // Every load fails until the owner asks again: the screen may ask for the list more than once.
    let failing = true;
    await page.route('**/api/pages', async (route) => {
      if (failing) await route.abort('connectionrefused');
      else await route.continue();
    });
    await page.goto(`${admin.origin}/admin/pages`);
    await page.getByRole('alert').getByText(MESSAGES.pagesLoadFailed).waitFor();
    await admin.shot(page, 'pages-load-failed-phone');
    failing = false;
    await page.getByRole('button', { name: 'Prøv igen' }).click();
    await page.getByText('Vælg en side fra menuen').waitFor();
  });

  it('keeps the meta fields to 60 and 160 characters with the spec hints', async () => {
    const page = await admin.newPage();
    await admin.signIn(page);
    await openPage(page, 'Om os');
    await page.getByRole('tab', { name: 'Google' }).click();
    await page.getByText('Maksimum 60 tegn - Dette vises i søgeresultater').waitFor();
    await page.getByText('Maksimum 160 tegn - Dette vises i søgeresultater').waitFor();
    const title = page.getByLabel('Titel i Google');
    await title.fill('x'.repeat(80));
    expect((await title.inputValue()).length).toBe(60);
    await title.fill('Tømrer i Aarhus – Om os');
    await page.getByLabel('Tekst i Google').fill('Lokalt tømrerfirma med 20 års erfaring.');
    await admin.shot(page, 'pages-seo-desktop');
    await page.getByRole('button', { name: 'Gem ændringer' }).click();
    await page.getByText(MESSAGES.saveSuccess).waitFor();
    const { html } = await publicHtml('/om-os');
    expect(html).toContain('<title>Tømrer i Aarhus – Om os</title>');
    expect(html).toContain('Lokalt tømrerfirma med 20 års erfaring.');
  });

  it('creates a page, renames it, and deletes it after confirmation; the homepage has no delete', async () => {
    const page = await admin.newPage();
    await admin.signIn(page);
    await openPage(page, 'Forside');
    expect(await page.getByRole('button', { name: 'Slet side' }).count()).toBe(0);
    await page.getByText(MESSAGES.homepageNotDeletable).waitFor();

    await page.getByRole('button', { name: 'Ny side' }).click();
    await page.getByRole('heading', { level: 2, name: 'Ny side' }).waitFor();
    await page.getByLabel('Navn i menuen').fill('Tagarbejde');
    await page.getByLabel('Overskrift').fill('Nyt tag på en uge');
    await page.getByRole('button', { name: 'Gem ændringer' }).click();
    await page.getByText(MESSAGES.saveSuccess).waitFor();
    await page
      .getByRole('navigation', { name: 'Dine sider' })
      .getByRole('button', { name: 'Tagarbejde' })
      .waitFor();
    const created = await publicHtml('/tagarbejde');
    expect(created.status).toBe(200);
    expect(created.html).toContain('Nyt tag på en uge');
    expect((await publicHtml('/')).html).toContain('Tagarbejde');

    await page.getByRole('button', { name: 'Slet side' }).click();
    const dialog = page.getByRole('dialog', { name: 'Slet side' });
    await dialog.getByText(MESSAGES.deletePageConfirm).waitFor();
    await admin.shot(page, 'pages-delete-confirm-desktop', false);
    // Cancel first: nothing happens.
    await dialog.getByRole('button', { name: 'Annuller' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Slet side' }).click();
    await dialog.getByRole('button', { name: 'Slet side' }).click();
    await page.getByText('Vælg en side fra menuen').waitFor();
    expect(
      await page
        .getByRole('navigation', { name: 'Dine sider' })
        .getByRole('button', { name: 'Tagarbejde' })
        .count(),
    ).toBe(0);
    // A page that is gone is an unknown path: the site's own 404 page, there (issue 49).
    const gone = await publicHtml('/tagarbejde');
    expect(gone.status).toBe(404);
    expect(gone.location).toBeNull();
  });

  it('builds a gallery from archive images; the media tab is hidden for the gallery layout', async () => {
    const page = await admin.newPage();
    await admin.signIn(page);
    // One image in the archive to choose.
    await page.goto(`${admin.origin}/admin/images`);
    await page.locator('#image-upload').setInputFiles(await pngFile(3, 'carport.png'));
    await page.getByRole('button', { name: 'Slet carport.png' }).waitFor();

    await openPage(page, 'Ydelser');
    await page.getByRole('tab', { name: 'Layout' }).click();
    await page.getByRole('radio', { name: /Galleri/ }).check();
    const tabs = page.getByRole('tablist', { name: 'Redigér side' }).getByRole('tab');
    expect(await tabs.allTextContents()).toEqual(['Indhold', 'Layout', 'Google']);
    await page.getByRole('tab', { name: 'Indhold' }).click();
    await page.getByRole('button', { name: 'Tilføj billede' }).click();
    await page.getByRole('button', { name: 'Tilføj billede' }).click();
    await page.getByLabel('Titel (billede 1)').fill('Carport i lærk');
    await page.getByLabel('Beskrivelse').first().fill('Bygget på fire dage.');
    await page.getByRole('button', { name: 'Vælg fra arkivet' }).first().click();
    await page
      .getByRole('dialog', { name: 'Vælg billede fra arkivet' })
      .getByRole('button', { name: 'Vælg carport.png' })
      .click();
    await page.getByRole('button', { name: 'Fjern billede' }).waitFor();
    // The second, empty item is deleted again.
    await page.getByRole('button', { name: 'Slet billede 2' }).click();
    await admin.shot(page, 'pages-gallery-desktop');
    await page.getByRole('button', { name: 'Gem ændringer' }).click();
    await page.getByText(MESSAGES.saveSuccess).waitFor();

    const { html } = await publicHtml('/ydelser');
    expect(html).toContain('Carport i lærk');
    expect(html).toContain('Bygget på fire dage.');
    expect(html).toMatch(/<img[^>]+\/media\/images\/12345678\//);
  });

  it('writes text with AI up to the daily limit: appended after a separator, title kept', async () => {
    const page = await admin.newPage();
    await admin.signIn(page);
    await openPage(page, 'Om os');
    const counter = page.getByText(/\d\/5 i dag/);
    expect(await counter.textContent()).toBe('0/5 i dag');
    const generate = page.getByRole('button', { name: 'Generer tekst' });
    expect(await generate.isDisabled()).toBe(true);
    const keywords = page.getByLabel('Nøgleord');
    await keywords.fill('  ,  ');
    expect(await generate.isDisabled()).toBe(true);
    await keywords.fill('tagrenovering, carporte');
    const title = await page.getByLabel('Overskrift').inputValue();
    const body = page.getByRole('textbox', { name: 'Tekst', exact: true });
    const before = (await body.textContent()) ?? '';

    await page.route('**/api/ai/generate', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 200));
      await route.continue();
    });
    await generate.click();
    await page.getByRole('button', { name: 'Genererer...' }).waitFor();
    await page.getByText('1/5 i dag').waitFor();
    // The new text follows the old one after a rule (`---` in the stored text).
    const once = (await body.textContent()) ?? '';
    expect(once.startsWith(before.trimEnd())).toBe(true);
    expect(once.length).toBeGreaterThan(before.length + 200);
    expect(await body.locator('hr').count()).toBe(1);
    expect(await page.getByLabel('Overskrift').inputValue()).toBe(title);

    for (let used = 2; used <= 5; used++) {
      await generate.click();
      await page.getByText(`${used}/5 i dag`).waitFor();
    }
    expect(await generate.isDisabled()).toBe(true);
    expect(await body.locator('hr').count()).toBe(5);
    // The owner is told why the button is off, in the spec's words.
    await page.getByRole('status').filter({ hasText: MESSAGES.aiDailyLimit }).waitFor();
    await admin.shot(page, 'pages-ai-limit-desktop');

    // A fresh editor knows the count too, and the API refuses a sixth with the spec's message.
    await page.reload();
    await page.getByRole('heading', { level: 2, name: 'Om os' }).waitFor();
    await page.getByText('5/5 i dag').waitFor();
    await page.getByText(MESSAGES.aiDailyLimit).waitFor();
    const refused = await page.evaluate(async () => {
      const response = await fetch('/api/ai/generate', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ keywords: 'tag', pageType: 'page' }),
      });
      return { status: response.status, body: await response.json() };
    });
    expect(refused.status).toBe(429);
    expect(refused.body.error.message).toBe(MESSAGES.aiDailyLimit);
  });
});
