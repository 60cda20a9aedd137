// The page text's toolbar in Chromium against the real server (issue 27 item 5): the owner selects
// words, presses Fed and Punktliste, saves, and the public page has the bold word and the list —
// without typing a Markdown mark. Shortcuts undo with Ctrl+Z, the Link panel refuses an unsafe
// address in Danish, the toolbar is one tab stop with arrow keys, and it fits a 360 px phone.
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, PAGE_MESSAGES } from '../../rules/messages';
import { type AdminStack, OWNER, startAdminStack } from '../support/admin-stack';

const WIDE = { width: 1366, height: 900 } as const;
const NARROW = { width: 360, height: 780 } as const;

let admin: AdminStack;

beforeAll(async () => {
  admin = await startAdminStack('admin-text-toolbar');
});

afterAll(async () => {
  await admin?.close();
});

/** The page's body text as the public site serves it. */
async function publicText(path: string): Promise<string> {
  await admin.published();
  const response = await fetch(`${admin.origin}/${OWNER.cvr}${path}`);
  const html = await response.text();
  return /<div class="prose">([\s\S]*?)<\/div>/.exec(html)?.[1] ?? `no text in ${html.length} characters`;
}

async function openPage(page: Page, name: string): Promise<Locator> {
  await page.goto(`${admin.origin}/admin/pages`);
  await page.getByRole('navigation', { name: 'Dine sider' }).getByRole('button', { name }).click();
  await page.getByRole('heading', { level: 2, name }).waitFor();
  return page.getByLabel('Tekst', { exact: true });
}

/** Selects `words` in the textarea as a mouse drag would. */
async function select(text: Locator, words: string): Promise<void> {
  await text.evaluate((area: HTMLTextAreaElement, wanted) => {
    const start = area.value.indexOf(wanted);
    if (start === -1) throw new Error(`no "${wanted}" in the text`);
    area.focus();
    area.setSelectionRange(start, start + wanted.length);
  }, words);
}

describe('page text toolbar', () => {
  it('makes a selected word bold and two lines a list, and the public page shows both', async () => {
    const page = await admin.newPage(WIDE);
    await admin.signIn(page);
    const text = await openPage(page, 'Om os');
    const toolbar = page.getByRole('toolbar', { name: 'Formatér teksten' });
    expect(await toolbar.getByRole('button').allTextContents()).toEqual([
      'Fed',
      'Overskrift',
      'Punktliste',
      'Link',
    ]);
    // Plain words only: the owner types no Markdown.
    await text.fill('Vi er tømrere i Aarhus.\n\nTage\nVinduer');
    await select(text, 'tømrere');
    const bold = toolbar.getByRole('button', { name: 'Fed' });
    expect(await bold.getAttribute('aria-pressed')).toBe('false');
    await bold.click();
    expect(await text.inputValue()).toBe('Vi er **tømrere** i Aarhus.\n\nTage\nVinduer');
    expect(await bold.getAttribute('aria-pressed')).toBe('true');
    // The selection stays on the word: a second press unwraps, a third wraps again.
    await bold.click();
    expect(await text.inputValue()).toBe('Vi er tømrere i Aarhus.\n\nTage\nVinduer');
    await bold.click();
    await select(text, 'Tage\nVinduer');
    await toolbar.getByRole('button', { name: 'Punktliste' }).click();
    expect(await text.inputValue()).toBe('Vi er **tømrere** i Aarhus.\n\n- Tage\n- Vinduer');
    expect(await toolbar.getByRole('button', { name: 'Punktliste' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    await admin.shot(page, 'toolbar-1366', false);

    await page.getByRole('button', { name: 'Gem ændringer' }).click();
    await page.getByText(MESSAGES.saveSuccess).waitFor();
    const html = await publicText('/om-os');
    expect(html).toContain('Vi er <strong>tømrere</strong> i Aarhus.');
    expect(html).toMatch(/<ul>\s*<li>Tage<\/li>\s*<li>Vinduer<\/li>\s*<\/ul>/);
    expect(html).not.toContain('**');
  });

  it('formats with the shortcuts, undoes with Ctrl+Z, and links through a checked address', async () => {
    const page = await admin.newPage(WIDE);
    await admin.signIn(page);
    const text = await openPage(page, 'Ydelser');
    await text.fill('Vores ydelser\nRing til os');
    await select(text, 'ydelser');
    await page.keyboard.press('Control+B');
    expect(await text.inputValue()).toBe('Vores **ydelser**\nRing til os');
    // The edit is the browser's own: undo takes it back.
    await page.keyboard.press('Control+Z');
    expect(await text.inputValue()).toBe('Vores ydelser\nRing til os');
    await page.keyboard.press('Control+Shift+2');
    expect(await text.inputValue()).toBe('## Vores ydelser\nRing til os');
    await select(text, 'Ring til os');

    await page.keyboard.press('Control+K');
    const panel = page.getByRole('group', { name: 'Indsæt link' });
    expect(await panel.getByLabel('Linktekst').inputValue()).toBe('Ring til os');
    const address = panel.getByLabel('Adresse');
    await address.fill('javascript:alert(1)');
    // Enter in the panel checks the address; it does not save the page.
    await address.press('Enter');
    await panel.getByText(PAGE_MESSAGES.linkAddressInvalid).waitFor();
    expect(await page.getByText(MESSAGES.saveSuccess).count()).toBe(0);
    await panel.scrollIntoViewIfNeeded();
    await admin.shot(page, 'toolbar-1366-link', false);
    await address.fill('12 34 56 78');
    await address.press('Enter');
    await panel.waitFor({ state: 'detached' });
    expect(await text.inputValue()).toBe('## Vores ydelser\n[Ring til os](tel:12345678)');
    expect(await text.evaluate((area) => area === document.activeElement)).toBe(true);
    // In a link, the shortcut opens it for changing; Escape leaves it as it was.
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Control+K');
    const edit = page.getByRole('group', { name: 'Ret link' });
    expect(await edit.getByLabel('Adresse').inputValue()).toBe('tel:12345678');
    await edit.getByRole('button', { name: 'Fjern link' }).waitFor();
    await page.keyboard.press('Escape');
    await edit.waitFor({ state: 'detached' });
    expect(await text.inputValue()).toBe('## Vores ydelser\n[Ring til os](tel:12345678)');
    expect(await text.evaluate((area) => area === document.activeElement)).toBe(true);

    // The toolbar is one tab stop before the text; arrow keys move along it, Enter presses.
    await text.press('Shift+Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Fed');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Punktliste');
    await page.keyboard.press('Enter');
    expect(await text.inputValue()).toBe('## Vores ydelser\n- [Ring til os](tel:12345678)');

    await page.getByRole('button', { name: 'Gem ændringer' }).click();
    await page.getByText(MESSAGES.saveSuccess).waitFor();
    const html = await publicText('/ydelser');
    expect(html).toMatch(
      /<h2>Vores ydelser<\/h2>\s*<ul>\s*<li><a href="tel:12345678">Ring\stil\sos<\/a><\/li>/,
    );
  });

  it('fits a 360 px phone: the toolbar and the Link panel stay inside the screen', async () => {
    const page = await admin.newPage(NARROW);
    await admin.signIn(page);
    const text = await openPage(page, 'Om os');
    const toolbar = page.getByRole('toolbar', { name: 'Formatér teksten' });
    await toolbar.scrollIntoViewIfNeeded();
    const inside = async (locator: Locator) => {
      for (const box of await locator.evaluateAll((elements) =>
        elements.map((element) => element.getBoundingClientRect().toJSON() as DOMRect),
      )) {
        expect(box.left).toBeGreaterThanOrEqual(0);
        expect(box.right).toBeLessThanOrEqual(NARROW.width);
        expect(box.height).toBeGreaterThanOrEqual(44);
      }
    };
    await inside(toolbar.getByRole('button'));
    // One row: the four buttons share a line on the phone.
    const tops = await toolbar
      .getByRole('button')
      .evaluateAll((buttons) => buttons.map((button) => Math.round(button.getBoundingClientRect().top)));
    expect(new Set(tops).size).toBe(1);
    await admin.shot(page, 'toolbar-360', false);
    await select(text, 'a');
    await toolbar.getByRole('button', { name: 'Link' }).click();
    const panel = page.getByRole('group', { name: 'Indsæt link' });
    await panel.getByLabel('Adresse').fill('ftp://firma.dk');
    await panel.getByRole('button', { name: 'Indsæt link' }).click();
    await panel.getByText(PAGE_MESSAGES.linkAddressInvalid).waitFor();
    await inside(panel.getByRole('button'));
    await panel.scrollIntoViewIfNeeded();
    await admin.shot(page, 'toolbar-360-link', false);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(NARROW.width);
    await panel.getByRole('button', { name: 'Annuller' }).click();
    await panel.waitFor({ state: 'detached' });
  });
});
