// Issue 40's "done when", in Chromium against the real server: the owner writes a page with a
// heading, a bold word, a bulleted list and a link to another page of the site without typing one
// Markdown character (toolbar, shortcuts, the Link panel's list of pages), saves, and the public page
// shows <h2>, <strong>, <ul> and a link that opens that page; the stored text is Markdown that renders
// to the same HTML. Also: Markdown-style typing, paste from Word and Google Docs keeping only what
// the site shows, the Link panel's Danish refusal of `www.google`, the text box as a screen reader
// meets it, and the editor at 360 and 1366 px.
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findPageBySlug } from '../../db';
import { MESSAGES } from '../../rules/messages';
import { renderPageContent } from '../../rules/page-content';
import { type AdminStack, OWNER, startAdminStack } from '../support/admin-stack';
import { seriousViolations } from '../support/axe';
import { layoutProblems } from '../support/no-overflow';

const WIDE = { width: 1366, height: 900 } as const;
const NARROW = { width: 360, height: 780 } as const;

let admin: AdminStack;

beforeAll(async () => {
  admin = await startAdminStack('admin-rich-text');
});

afterAll(async () => {
  await admin?.close();
});

async function openPage(page: Page, name: string): Promise<Locator> {
  await page.goto(`${admin.origin}/admin/pages`);
  await page.getByRole('navigation', { name: 'Dine sider' }).getByRole('button', { name }).click();
  await page.getByRole('heading', { level: 2, name }).waitFor();
  const text = page.getByRole('textbox', { name: 'Tekst', exact: true });
  await text.waitFor();
  return text;
}

/** Empties the text box the way an owner would: select all, delete. */
async function clear(page: Page, text: Locator): Promise<void> {
  await text.click();
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Delete');
}

/** The page's body text as the public site serves it. */
async function publicProse(path: string): Promise<string> {
  await admin.published();
  const html = await (await fetch(`${admin.origin}/${OWNER.cvr}${path}`)).text();
  return /<div class="prose">([\s\S]*?)<\/div>/.exec(html)?.[1] ?? `no text in ${html.length} characters`;
}

async function storedText(slug: string): Promise<string> {
  return (await findPageBySlug(admin.db, OWNER.cvr, slug))?.content ?? '';
}

describe('page text as formatted text', () => {
  it('makes a heading, a bold word, a list and a link to another page without one Markdown character', async () => {
    const page = await admin.newPage(WIDE);
    await admin.signIn(page);
    const text = await openPage(page, 'Om os');
    // A multi-line text box named by its label, described by its hint.
    expect(await text.getAttribute('aria-multiline')).toBe('true');
    expect(await text.getAttribute('contenteditable')).toBe('true');
    const toolbar = page.getByRole('toolbar', { name: 'Formatér teksten' });
    expect(await toolbar.getByRole('button').allTextContents()).toEqual([
      'Fed',
      'Overskrift',
      'Punktliste',
      'Nummereret liste',
      'Link',
    ]);
    await clear(page, text);
    // Everything typed below: letters, spaces, full stops and Enter; no #, *, -, [, ], ( or ).
    const typed: string[] = [];
    const type = async (words: string) => {
      typed.push(words);
      await page.keyboard.type(words);
    };
    await type('Vores arbejde');
    await toolbar.getByRole('button', { name: 'Overskrift' }).click();
    expect(await toolbar.getByRole('button', { name: 'Overskrift' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    await page.keyboard.press('Enter');
    await type('Vi leverer ');
    await page.keyboard.press('Control+B');
    await type('ordentligt');
    await page.keyboard.press('Control+B');
    await type(' arbejde til tiden.');
    await page.keyboard.press('Enter');
    await toolbar.getByRole('button', { name: 'Punktliste' }).click();
    await type('Nye tage');
    await page.keyboard.press('Enter');
    await type('Vinduer og døre');
    await page.keyboard.press('Enter');
    // Enter on an empty item ends the list, as in any word processor.
    await page.keyboard.press('Enter');
    await type('Se alle vores ydelser.');
    // Select "ydelser" (without the full stop) with the keyboard and link it to the Ydelser page.
    await page.keyboard.press('ArrowLeft');
    for (let i = 0; i < 'ydelser'.length; i++) await page.keyboard.press('Shift+ArrowLeft');
    await toolbar.getByRole('button', { name: 'Link' }).click();
    const panel = page.getByRole('group', { name: 'Indsæt link' });
    expect(await panel.getByLabel('Linktekst').inputValue()).toBe('ydelser');
    const target = panel.getByLabel('Link til');
    // The site's pages by name, the contact form, then an address of one's own.
    const options = await target.locator('option').allTextContents();
    expect(options.slice(0, 2)).toEqual(['Forside', 'Om os']);
    expect(options).toContain('Ydelser');
    expect(options).toContain('Få et tilbud (kontaktformularen)');
    expect(options.at(-1)).toBe('Skriv en adresse …');
    await target.selectOption({ label: 'Ydelser' });
    await admin.shot(page, 'rich-text-link-panel-1366', false);
    // The editor with its panel open, as axe reads it (WCAG 2.1 A/AA, serious and critical).
    expect(await seriousViolations(page)).toEqual([]);
    await panel.getByRole('button', { name: 'Indsæt link' }).click();
    await panel.waitFor({ state: 'detached' });
    for (const words of typed) expect(words).not.toMatch(/[#*\-[\]()>_`]/);

    // The editor shows the formatting itself, not marks.
    expect(await text.locator('h2').textContent()).toBe('Vores arbejde');
    expect(await text.locator('strong').textContent()).toBe('ordentligt');
    expect(await text.locator('ul > li').allTextContents()).toEqual(['Nye tage', 'Vinduer og døre']);
    expect(await text.locator('a').getAttribute('href')).toBe('/ydelser');
    expect(await text.textContent()).not.toMatch(/[#*[\]]/);
    await admin.shot(page, 'rich-text-1366', false);

    await page.getByRole('button', { name: 'Gem ændringer' }).click();
    await page.getByText(MESSAGES.saveSuccess).waitFor();
    const stored = await storedText('om-os');
    expect(stored).toBe(
      '## Vores arbejde\n\nVi leverer **ordentligt** arbejde til tiden.\n\n- Nye tage\n- Vinduer og døre\n\nSe alle vores [ydelser](/ydelser).',
    );
    const prose = await publicProse('/om-os');
    // The stored Markdown renders to exactly what the site shows.
    expect(prose.trim()).toBe(renderPageContent(stored).trim());
    expect(prose).toContain('<h2>Vores arbejde</h2>');
    expect(prose).toContain('<strong>ordentligt</strong>');
    expect(prose).toMatch(/<ul>\s*<li>Nye tage<\/li>\s*<li>Vinduer og døre<\/li>\s*<\/ul>/);
    const href = /<a href="([^"]+)">ydelser<\/a>/.exec(prose)?.[1];
    expect(href).toBe('ydelser');
    // The link works: from the page's own address it opens the Ydelser page.
    const linked = await fetch(new URL(href as string, `${admin.origin}/${OWNER.cvr}/om-os`));
    expect(linked.status).toBe(200);
    expect(await linked.text()).toContain('<a href="ydelser" aria-current="page">Ydelser</a>');
  });

  it('turns Markdown typed at a line start into formatting, for those who know it', async () => {
    const page = await admin.newPage(WIDE);
    await admin.signIn(page);
    const text = await openPage(page, 'Ydelser');
    await clear(page, text);
    await page.keyboard.type('## Tag og facade');
    await page.keyboard.press('Enter');
    await page.keyboard.type('- Tagrender');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Skifer');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.keyboard.type('1. Besigtigelse');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Tilbud');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Altid **fast pris** på opgaven.');
    expect(await text.locator('h2').textContent()).toBe('Tag og facade');
    expect(await text.locator('ul > li').allTextContents()).toEqual(['Tagrender', 'Skifer']);
    expect(await text.locator('ol > li').allTextContents()).toEqual(['Besigtigelse', 'Tilbud']);
    expect(await text.locator('strong').textContent()).toBe('fast pris');
    await page.getByRole('button', { name: 'Gem ændringer' }).click();
    await page.getByText(MESSAGES.saveSuccess).waitFor();
    expect(await storedText('ydelser')).toBe(
      '## Tag og facade\n\n- Tagrender\n- Skifer\n\n1. Besigtigelse\n2. Tilbud\n\nAltid **fast pris** på opgaven.',
    );
  });

  it('keeps only what the site can show of text pasted from Word, Google Docs and a web page', async () => {
    const page = await admin.newPage(WIDE);
    await admin.signIn(page);
    const text = await openPage(page, 'Om os');
    await clear(page, text);
    const paste = (html: string, plain: string) =>
      text.evaluate(
        (element, [html, plain]) => {
          const data = new DataTransfer();
          data.setData('text/html', html as string);
          data.setData('text/plain', plain as string);
          element.dispatchEvent(
            new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
          );
        },
        [html, plain],
      );
    const newParagraph = () => page.keyboard.press('Enter');
    // Word: Mso classes, o:p, conditional comments, a list bullet span, font styles.
    await paste(
      '<html><head><style>p.MsoNormal{color:red}</style></head><body><!--[if gte mso 9]><xml>x</xml><![endif]-->' +
        '<h1 class="MsoTitle">Om firmaet<o:p></o:p></h1>' +
        '<p class="MsoNormal" style="font-family:Calibri"><b>Faglært</b> og <i>lokal</i><o:p></o:p></p>' +
        '<p class="MsoListParagraph"><span style="mso-list:Ignore">·<span>&nbsp;&nbsp;</span></span>Tage</p>' +
        '<img src="file:///C:/billede.png"><script>alert(1)</script></body></html>',
      'Om firmaet',
    );
    await newParagraph();
    // Google Docs: the whole paste wrapped in a non-bold <b>, bold as a font-weight style.
    await paste(
      '<meta charset="utf-8"><b style="font-weight:normal;" id="docs-internal-guid-1"><p dir="ltr">' +
        '<span style="font-weight:700;color:#ff0000">Ring</span><span style="font-weight:400"> i dag</span></p>' +
        '<ul><li><p><span>Gratis tilbud</span></p></li></ul></b>',
      'Ring i dag',
    );
    await newParagraph();
    await newParagraph();
    // A web page: a table, an unsafe link and a safe one, an iframe.
    await paste(
      '<table><tr><td>Pris</td><td>500 kr</td></tr></table><p><a href="javascript:alert(1)">Klik</a> ' +
        '<a href="https://www.firma.dk/side" style="color:blue">Læs mere</a></p><iframe src="https://evil.example"></iframe>',
      'Pris',
    );
    await page.getByRole('button', { name: 'Gem ændringer' }).click();
    await page.getByText(MESSAGES.saveSuccess).waitFor();
    const stored = await storedText('om-os');
    expect(stored).toContain('## Om firmaet');
    expect(stored).toContain('**Faglært** og *lokal*');
    expect(stored).toContain('Tage');
    expect(stored).not.toContain('·');
    expect(stored).toContain('**Ring** i dag');
    expect(stored).toMatch(/^- Gratis tilbud$/m);
    expect(stored).toContain('[Læs mere](https://www.firma.dk/side)');
    expect(stored).toContain('Klik');
    expect(stored).not.toMatch(/javascript|<|alert|mso|Calibri|iframe|evil|png|color/i);
    const prose = await publicProse('/om-os');
    expect(prose).toContain('<h2>Om firmaet</h2>');
    expect(prose).not.toMatch(/<(script|img|iframe|table|span|b)\b/);
  });

  it('lists the pages, refuses a web address that is no real host in Danish, and works at 360 px', async () => {
    const page = await admin.newPage(NARROW);
    await admin.signIn(page);
    const text = await openPage(page, 'Om os');
    await clear(page, text);
    await page.keyboard.type('Skriv til os');
    await page.keyboard.press('Shift+Home');
    await page.keyboard.press('Control+K');
    const panel = page.getByRole('group', { name: 'Indsæt link' });
    const address = panel.getByLabel('Adresse');
    await address.fill('www.google');
    await address.press('Enter');
    await panel.getByText(MESSAGES.invalidWebsiteUrl()).waitFor();
    expect(MESSAGES.invalidWebsiteUrl()).toBe(
      'Indtast venligst en gyldig webadresse (f.eks. www.ditfirma.dk)',
    );
    await panel.scrollIntoViewIfNeeded();
    await admin.shot(page, 'rich-text-link-panel-360', false);
    expect(await layoutProblems(page)).toEqual([]);
    await address.fill('firma.dk');
    await address.press('Enter');
    await panel.waitFor({ state: 'detached' });
    expect(await text.locator('a').getAttribute('href')).toBe('https://firma.dk');
    // The toolbar stays on screen with 44 px targets; the text box is as wide as its column.
    for (const box of await page
      .getByRole('toolbar', { name: 'Formatér teksten' })
      .getByRole('button')
      .evaluateAll((buttons) =>
        buttons.map((button) => button.getBoundingClientRect().toJSON() as DOMRect),
      )) {
      expect(box.left).toBeGreaterThanOrEqual(0);
      expect(box.right).toBeLessThanOrEqual(NARROW.width);
      expect(box.height).toBeGreaterThanOrEqual(44);
    }
    await text.scrollIntoViewIfNeeded();
    await admin.shot(page, 'rich-text-360', false);
    expect(await layoutProblems(page)).toEqual([]);
  });
});
