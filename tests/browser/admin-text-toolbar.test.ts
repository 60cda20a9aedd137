// The page text's toolbar in Chromium against the real server (issue 27 item 5, issue 40): the owner
// selects words, presses Fed and Punktliste, saves, and the public page has the bold word and the
// list — without typing a Markdown mark. Shortcuts work by the key's place (a Danish keyboard's
// Shift+2 is `"`) and undo with Ctrl+Z, the Link panel refuses an unsafe address in Danish and
// opens an existing link for changing, the toolbar is one tab stop with arrow keys, and it fits a
// 360 px phone.
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findPageBySlug } from '../../db';
import { MESSAGES } from '../../rules/messages';
import { PAGE_MESSAGES } from '../../rules/page-messages';
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
  const text = page.getByRole('textbox', { name: 'Tekst', exact: true });
  await text.waitFor();
  return text;
}

/** Replaces the text with lines typed one by one (Enter between them). */
async function write(page: Page, text: Locator, lines: string[]): Promise<void> {
  await text.click();
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Delete');
  for (const [index, line] of lines.entries()) {
    if (index > 0) await page.keyboard.press('Enter');
    await page.keyboard.type(line);
  }
}

/** Selects the words from `first` to the end of `last` (default: `first`), as a mouse drag would. */
async function select(page: Page, text: Locator, first: string, last = first): Promise<void> {
  await text.evaluate(
    (root, [from, to]) => {
      const nodes: Text[] = [];
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) nodes.push(node as Text);
      const start = nodes.find((node) => node.data.includes(from as string));
      const end = [...nodes].reverse().find((node) => node.data.includes(to as string));
      if (!start || !end) throw new Error(`no "${from}"…"${to}" in the text`);
      (root as HTMLElement).focus();
      const toOffset = end.data.indexOf(to as string) + (to as string).length;
      window.getSelection()?.setBaseAndExtent(start, start.data.indexOf(from as string), end, toOffset);
    },
    [first, last],
  );
  // ProseMirror reads the new selection on the browser's selectionchange event.
  await page.waitForTimeout(50);
}

async function stored(slug: string): Promise<string> {
  return (await findPageBySlug(admin.db, OWNER.cvr, slug))?.content ?? '';
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
      'Nummereret liste',
      'Link',
    ]);
    // Plain words only: the owner types no Markdown.
    await write(page, text, ['Vi er tømrere i Aarhus.', 'Tage', 'Vinduer']);
    await select(page, text, 'tømrere');
    const bold = toolbar.getByRole('button', { name: 'Fed' });
    expect(await bold.getAttribute('aria-pressed')).toBe('false');
    await bold.click();
    expect(await text.locator('strong').allTextContents()).toEqual(['tømrere']);
    expect(await bold.getAttribute('aria-pressed')).toBe('true');
    // The selection stays on the word: a second press unwraps, a third wraps again.
    await bold.click();
    expect(await text.locator('strong').count()).toBe(0);
    await bold.click();
    await select(page, text, 'Tage', 'Vinduer');
    const list = toolbar.getByRole('button', { name: 'Punktliste' });
    await list.click();
    expect(await text.locator('ul > li').allTextContents()).toEqual(['Tage', 'Vinduer']);
    expect(await list.getAttribute('aria-pressed')).toBe('true');
    // Nummereret liste turns the list into a numbered one, and back.
    const numbered = toolbar.getByRole('button', { name: 'Nummereret liste' });
    await numbered.click();
    expect(await text.locator('ol > li').allTextContents()).toEqual(['Tage', 'Vinduer']);
    await list.click();
    await admin.shot(page, 'toolbar-1366', false);

    await page.getByRole('button', { name: 'Gem ændringer' }).click();
    await page.getByText(MESSAGES.saveSuccess).waitFor();
    expect(await stored('om-os')).toBe('Vi er **tømrere** i Aarhus.\n\n- Tage\n- Vinduer');
    const html = await publicText('/om-os');
    expect(html).toContain('<p>Vi er <strong>tømrere</strong> i Aarhus.</p>');
    expect(html).toMatch(/<ul>\s*<li>Tage<\/li>\s*<li>Vinduer<\/li>\s*<\/ul>/);
    expect(html).not.toContain('**');
  });

  it('formats with the shortcuts, undoes with Ctrl+Z, and links through a checked address', async () => {
    const page = await admin.newPage(WIDE);
    await admin.signIn(page);
    const text = await openPage(page, 'Ydelser');
    await write(page, text, ['Vores ydelser', 'Ring til os']);
    await select(page, text, 'ydelser');
    await page.keyboard.press('Control+B');
    expect(await text.locator('strong').allTextContents()).toEqual(['ydelser']);
    await page.keyboard.press('Control+Z');
    expect(await text.locator('strong').count()).toBe(0);
    // By the key's place: Shift+2 is `"` on a Danish keyboard, and the shortcut still works.
    await page.keyboard.press('Control+Shift+2');
    expect(await text.locator('h2').textContent()).toBe('Vores ydelser');
    await select(page, text, 'Ring til os');

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
    expect(await text.locator('a').getAttribute('href')).toBe('tel:12345678');
    expect(await text.evaluate((element) => element === document.activeElement)).toBe(true);
    // In a link, the shortcut opens it for changing; Escape leaves it as it was.
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Control+K');
    const edit = page.getByRole('group', { name: 'Ret link' });
    expect(await edit.getByLabel('Adresse').inputValue()).toBe('tel:12345678');
    await edit.getByRole('button', { name: 'Fjern link' }).waitFor();
    await page.keyboard.press('Escape');
    await edit.waitFor({ state: 'detached' });
    expect(await text.locator('a').getAttribute('href')).toBe('tel:12345678');
    expect(await text.evaluate((element) => element === document.activeElement)).toBe(true);

    // The toolbar is one tab stop before the text; arrow keys move along it, Enter presses.
    await page.keyboard.press('Shift+Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Fed');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Punktliste');
    await page.keyboard.press('Enter');
    expect(await text.locator('ul > li a').textContent()).toBe('Ring til os');

    await page.getByRole('button', { name: 'Gem ændringer' }).click();
    await page.getByText(MESSAGES.saveSuccess).waitFor();
    expect(await stored('ydelser')).toBe('## Vores ydelser\n\n- [Ring til os](tel:12345678)');
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
    // At most two rows on the phone.
    const tops = await toolbar
      .getByRole('button')
      .evaluateAll((buttons) => buttons.map((button) => Math.round(button.getBoundingClientRect().top)));
    expect(new Set(tops).size).toBeLessThanOrEqual(2);
    await admin.shot(page, 'toolbar-360', false);
    await write(page, text, ['Skriv til os']);
    await select(page, text, 'Skriv');
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
