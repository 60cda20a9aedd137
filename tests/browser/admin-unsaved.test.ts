// Nothing lost (issue 40) in Chromium against the real server: an editor with unsaved changes says
// "Ikke gemt", and leaving it by any route asks first — another settings tab, another page (with
// the title or only the formatted text changed), the Dashboard link, the browser's back button, "Log ud" ("Du har ændringer, der ikke er gemt": "Gem"
// saves, "Kassér" discards, "Bliv" and Escape stay), a reload the browser's own prompt. Screenshots
// in test-artifacts/admin-unsaved/ (MESTERSIDE_SHOTS=1).
import type { Dialog, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getLeadSettings, getTrustSettings, listPages } from '../../db';
import { UNSAVED_MESSAGES } from '../../rules/messages';
import { getTheme } from '../../rules/themes';
import { type AdminStack, OWNER, startAdminStack } from '../support/admin-stack';

const SMALL_PHONE = { width: 360, height: 780 } as const;
const LAPTOP = { width: 1366, height: 800 } as const;
const HOME_FRAME = 'iframe[title="Forhåndsvisning af forsiden"][data-state="shown"]';

let admin: AdminStack;

beforeAll(async () => {
  admin = await startAdminStack('admin-unsaved');
});

afterAll(async () => {
  await admin?.close();
});

function question(page: Page) {
  return page.getByRole('dialog', { name: UNSAVED_MESSAGES.leaveTitle });
}

async function answer(page: Page, choice: 'Gem' | 'Kassér' | 'Bliv') {
  const dialog = question(page);
  await dialog.waitFor();
  await dialog.getByRole('button', { name: choice, exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
}

function settingsTab(page: Page, name: string) {
  return page.getByRole('tablist', { name: 'Indstillinger' }).getByRole('tab', { name, exact: true });
}

async function selectedTab(page: Page): Promise<string> {
  return (
    (await page
      .getByRole('tablist', { name: 'Indstillinger' })
      .locator('[aria-selected="true"]')
      .textContent()) ?? ''
  );
}

describe('the settings tabs', () => {
  it('keep "Blå" when Åbningstider opens: the tab asks, Bliv and Escape stay, Kassér and Gem go on', async () => {
    const page = await admin.newPage(LAPTOP);
    await admin.signIn(page, '/admin/settings?fane=design');
    expect((await admin.company()).theme).toBe('amber');
    const blue = page.getByLabel('Blå', { exact: true });
    await blue.check();
    await page.getByText('Ikke gemt', { exact: true }).waitFor();

    // Bliv: still on Design with Blå chosen.
    await settingsTab(page, 'Åbningstider').click();
    await question(page).waitFor();
    await admin.shot(page, '1366-settings-question', false);
    // Focus is in the dialog, on "Gem".
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Gem');
    await answer(page, 'Bliv');
    expect(await selectedTab(page)).toBe('Design');
    expect(new URL(page.url()).searchParams.get('fane')).toBe('design');
    expect(await blue.isChecked()).toBe(true);

    // Escape is Bliv too.
    await settingsTab(page, 'Åbningstider').click();
    await question(page).waitFor();
    await page.keyboard.press('Escape');
    await question(page).waitFor({ state: 'hidden' });
    expect(await selectedTab(page)).toBe('Design');
    expect(await blue.isChecked()).toBe(true);

    // Kassér: Åbningstider opens, and Design shows the stored Rav again.
    await settingsTab(page, 'Åbningstider').click();
    await answer(page, 'Kassér');
    await page.getByRole('heading', { name: 'Åbningstider', level: 2 }).waitFor();
    expect((await admin.company()).theme).toBe('amber');
    await settingsTab(page, 'Design').click();
    expect(await page.getByLabel('Rav', { exact: true }).isChecked()).toBe(true);
    expect(await page.getByText('Ikke gemt', { exact: true }).count()).toBe(0);

    // Gem: Blå is stored, and Åbningstider's preview shows it.
    await blue.check();
    await settingsTab(page, 'Åbningstider').click();
    await answer(page, 'Gem');
    await page.getByRole('heading', { name: 'Åbningstider', level: 2 }).waitFor();
    expect((await admin.company()).theme).toBe('blue');
    await expect
      .poll(async () => page.locator(HOME_FRAME).getAttribute('srcdoc'), { timeout: 5000 })
      .toContain(getTheme('blue').colors.primary);
    await settingsTab(page, 'Design').click();
    expect(await blue.isChecked()).toBe(true);
    expect(await page.getByText('Ikke gemt', { exact: true }).count()).toBe(0);
  });

  it("asks before Troværdighed's unsaved area is lost: Kassér forgets it, Gem stores it", async () => {
    const page = await admin.newPage(LAPTOP);
    await admin.signIn(page, '/admin/settings?fane=trovaerdighed');
    const radius = page.getByRole('radio', { name: 'Afstand fra adressen' });
    await radius.check();
    await page.getByLabel('Hvor langt kører I? (km)').fill('25');
    await page.getByText('Ikke gemt', { exact: true }).waitFor();

    // Kassér: Kontakt opens, and Troværdighed shows what is stored again.
    await settingsTab(page, 'Kontakt').click();
    await answer(page, 'Kassér');
    await settingsTab(page, 'Troværdighed').click();
    await page.getByRole('radio', { name: 'Ikke angivet' }).waitFor();
    expect(await page.getByRole('radio', { name: 'Ikke angivet' }).isChecked()).toBe(true);
    expect((await getTrustSettings(admin.db, OWNER.cvr)).area).toEqual({ mode: 'none' });

    // Gem from the question: the area is stored, and the tab is clean.
    await page.getByRole('radio', { name: 'Afstand fra adressen' }).check();
    await page.getByLabel('Hvor langt kører I? (km)').fill('25');
    await settingsTab(page, 'Kontakt').click();
    await answer(page, 'Gem');
    await page.getByRole('heading', { name: 'Kontakt', level: 2 }).waitFor();
    expect((await getTrustSettings(admin.db, OWNER.cvr)).area).toEqual({ mode: 'radius', km: 25 });
    await settingsTab(page, 'Troværdighed').click();
    await page.getByRole('radio', { name: 'Afstand fra adressen' }).waitFor();
    expect(await page.getByText('Ikke gemt', { exact: true }).count()).toBe(0);
  });

  it('asks before the Dashboard link, the back button and "Log ud" leave changed opening hours', async () => {
    const page = await admin.newPage(SMALL_PHONE);
    await admin.signIn(page);
    const nav = page.getByRole('navigation', { name: 'Administration' });
    await nav.getByRole('link', { name: 'Hjemmeside' }).click();
    await settingsTab(page, 'Åbningstider').click();
    const monday = page.getByLabel('Mandag');
    const stored = (await admin.company()).hours.Mandag;
    await monday.fill('Kl. 6 til 14');
    await page.getByText('Ikke gemt', { exact: true }).waitFor();

    // The Dashboard link: Bliv keeps the text, Kassér goes and forgets it.
    await nav.getByRole('link', { name: 'Overblik' }).click();
    await question(page).waitFor();
    await admin.shot(page, '360-settings-question', false);
    await answer(page, 'Bliv');
    expect(new URL(page.url()).pathname).toBe('/admin/settings');
    expect(await monday.inputValue()).toBe('Kl. 6 til 14');

    // The browser's back button (to the Dashboard) asks too.
    await page.goBack();
    await answer(page, 'Bliv');
    expect(new URL(page.url()).pathname).toBe('/admin/settings');
    expect(await selectedTab(page)).toBe('Åbningstider');
    expect(await monday.inputValue()).toBe('Kl. 6 til 14');

    // "Log ud" asks before the session ends.
    await page.getByRole('button', { name: 'Log ud' }).click();
    await answer(page, 'Bliv');
    expect(new URL(page.url()).pathname).toBe('/admin/settings');

    await nav.getByRole('link', { name: 'Overblik' }).click();
    await answer(page, 'Kassér');
    await page.getByRole('heading', { name: 'Overblik', level: 1 }).waitFor();
    expect((await admin.company()).hours.Mandag).toBe(stored);

    // Gem on the way to the Dashboard stores the change.
    await page.goto(`${admin.origin}/admin/settings?fane=aabningstider`);
    await monday.fill('Kl. 7 til 15');
    await nav.getByRole('link', { name: 'Overblik' }).click();
    await answer(page, 'Gem');
    await page.getByRole('heading', { name: 'Overblik', level: 1 }).waitFor();
    expect((await admin.company()).hours.Mandag).toBe('Kl. 7 til 15');
  });

  it('a refused "Gem" stays with its message beside the field', async () => {
    const page = await admin.newPage(LAPTOP);
    await admin.signIn(page, '/admin/settings?fane=kontakt');
    await page.getByLabel('E-mail').fill('ikke-en-email');
    await settingsTab(page, 'Design').click();
    await answer(page, 'Gem');
    expect(await selectedTab(page)).toBe('Kontakt');
    await page.locator('[aria-invalid="true"]').first().waitFor();
    expect(await page.getByLabel('E-mail').inputValue()).toBe('ikke-en-email');
  });

  it('a reload asks through the browser, and the changes stay when the owner stays', async () => {
    const page = await admin.newPage(LAPTOP);
    await admin.signIn(page, '/admin/settings?fane=sociale-medier');
    const tiktok = page.getByLabel('TikTok');
    await tiktok.fill('tiktok.com/@ikkegemt');
    const asked: string[] = [];
    let stay = true;
    const onDialog = (dialog: Dialog) => {
      asked.push(dialog.type());
      void (stay ? dialog.dismiss() : dialog.accept());
    };
    page.on('dialog', onDialog);
    // Staying cancels the reload.
    await page.reload().catch(() => undefined);
    expect(asked).toEqual(['beforeunload']);
    expect(await tiktok.inputValue()).toBe('tiktok.com/@ikkegemt');
    // Leaving reloads, and the stored value shows.
    stay = false;
    await page.reload();
    await page.getByRole('heading', { name: 'Sociale medier', level: 2 }).waitFor();
    expect(asked).toEqual(['beforeunload', 'beforeunload']);
    expect(await page.getByLabel('TikTok').inputValue()).toBe('');
    // Nothing unsaved: no question.
    await page.reload();
    await page.getByRole('heading', { name: 'Sociale medier', level: 2 }).waitFor();
    expect(asked).toHaveLength(2);
    page.off('dialog', onDialog);
  });
});

async function storedTitle(name: string): Promise<string | undefined> {
  return (await listPages(admin.db, OWNER.cvr)).find((page) => page.pageName === name)?.title;
}

async function storedContent(name: string): Promise<string | undefined> {
  return (await listPages(admin.db, OWNER.cvr)).find((page) => page.pageName === name)?.content;
}

function menuButton(page: Page, name: string) {
  return page.getByRole('navigation', { name: 'Dine sider' }).getByRole('button', { name });
}

async function openPage(page: Page, name: string) {
  await menuButton(page, name).click();
  await page.getByRole('heading', { level: 2, name }).waitFor();
}

function keptDrafts(page: Page): Promise<string[]> {
  return page.evaluate(() => Object.keys(localStorage).filter((key) => key.includes('page-draft')));
}

describe('the page editor', () => {
  it('asks before another page opens: Kassér keeps the stored title, Gem saves it', async () => {
    const page = await admin.newPage(LAPTOP);
    await admin.signIn(page, '/admin/pages');
    await openPage(page, 'Forside');
    const title = page.getByLabel('Overskrift', { exact: true });
    const stored = await title.inputValue();
    await title.fill('Tag og tømrerarbejde i Aarhus');
    await page.getByText('Ikke gemt', { exact: true }).waitFor();
    await admin.shot(page, '1366-editor-unsaved', false);

    await menuButton(page, 'Om os').click();
    await answer(page, 'Bliv');
    expect(await title.inputValue()).toBe('Tag og tømrerarbejde i Aarhus');

    await menuButton(page, 'Om os').click();
    await answer(page, 'Kassér');
    await page.getByRole('heading', { level: 2, name: 'Om os' }).waitFor();
    expect(await storedTitle('Forside')).toBe(stored);
    expect(await keptDrafts(page)).toEqual([]);
    await openPage(page, 'Forside');
    expect(await title.inputValue()).toBe(stored);

    await title.fill('Tag og tømrerarbejde i Aarhus');
    await menuButton(page, 'Om os').click();
    await answer(page, 'Gem');
    await page.getByRole('heading', { level: 2, name: 'Om os' }).waitFor();
    expect(await storedTitle('Forside')).toBe('Tag og tømrerarbejde i Aarhus');
    expect(await keptDrafts(page)).toEqual([]);

    // "Ny side" asks before it makes a page: Bliv makes none.
    const count = (await listPages(admin.db, OWNER.cvr)).length;
    await title.fill('Om Demo Tømrer');
    await page.getByRole('button', { name: 'Ny side' }).click();
    await answer(page, 'Bliv');
    expect((await listPages(admin.db, OWNER.cvr)).length).toBe(count);
    // Deleting the page itself asks nothing more than "Slet side".
    await page.getByRole('button', { name: 'Slet side' }).click();
    await page.getByRole('dialog', { name: 'Slet side' }).getByRole('button', { name: 'Slet side' }).click();
    await page.getByText('Vælg en side fra menuen').waitFor();
    expect(await question(page).isVisible()).toBe(false);
    expect(await keptDrafts(page)).toEqual([]);
  });

  it('asks before the Dashboard link, and Gem saves on the way', async () => {
    const page = await admin.newPage(SMALL_PHONE);
    await admin.signIn(page, '/admin/pages');
    await openPage(page, 'Ydelser');
    const title = page.getByLabel('Overskrift', { exact: true });
    await title.fill('Det vi laver');
    const dashboard = page
      .getByRole('navigation', { name: 'Administration' })
      .getByRole('link', { name: 'Overblik' });
    await dashboard.click();
    await question(page).waitFor();
    await admin.shot(page, '360-editor-question', false);
    await answer(page, 'Bliv');
    expect(await title.inputValue()).toBe('Det vi laver');
    await dashboard.click();
    await answer(page, 'Gem');
    await page.getByRole('heading', { name: 'Overblik', level: 1 }).waitFor();
    expect(await storedTitle('Ydelser')).toBe('Det vi laver');
  });

  it('asks when only the text changed: the page list asks, and Kassér on the way to the Dashboard forgets it', async () => {
    const page = await admin.newPage(LAPTOP);
    await admin.signIn(page, '/admin/pages');
    await openPage(page, 'Forside');
    const stored = await storedContent('Forside');
    // The formatted text box (issue 40), not the title: a sentence typed at the end of the text.
    const text = page.getByRole('textbox', { name: 'Tekst', exact: true });
    await text.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Vi lægger også tagrender om');
    await page.getByText('Ikke gemt', { exact: true }).waitFor();

    // The page list: Bliv keeps the sentence in the text box.
    await menuButton(page, 'Ydelser').click();
    await question(page).waitFor();
    await admin.shot(page, '1366-editor-text-question', false);
    await answer(page, 'Bliv');
    await page.getByRole('heading', { level: 2, name: 'Forside' }).waitFor();
    expect(await text.textContent()).toContain('Vi lægger også tagrender om');

    // The Dashboard link: Kassér goes there, and nothing of the sentence is stored or kept.
    await page
      .getByRole('navigation', { name: 'Administration' })
      .getByRole('link', { name: 'Overblik' })
      .click();
    await answer(page, 'Kassér');
    await page.getByRole('heading', { name: 'Overblik', level: 1 }).waitFor();
    expect(await storedContent('Forside')).toBe(stored);
    expect(await keptDrafts(page)).toEqual([]);
    await page.goto(`${admin.origin}/admin/pages`);
    await openPage(page, 'Forside');
    await text.waitFor();
    expect(await text.textContent()).not.toContain('tagrender');
    expect(await page.getByText(/Du har en kladde fra/).count()).toBe(0);
    expect(await page.getByText('Ikke gemt', { exact: true }).count()).toBe(0);
  });

  it('asks the browser on reload, and offers the draft back after a reload or a crashed tab', async () => {
    const page = await admin.newPage(LAPTOP);
    await admin.signIn(page, '/admin/pages');
    await openPage(page, 'Forside');
    const title = page.getByLabel('Overskrift', { exact: true });
    const stored = await title.inputValue();
    await title.fill('Kladde efter genindlæsning');
    await page.getByText('Ikke gemt', { exact: true }).waitFor();
    const asked: string[] = [];
    const leave = (dialog: Dialog) => {
      asked.push(dialog.type());
      void dialog.accept();
    };
    page.on('dialog', leave);
    await page.reload();
    page.off('dialog', leave);
    expect(asked).toEqual(['beforeunload']);

    // Back on the page: the draft is offered, with when it was written.
    await page.getByRole('heading', { level: 2, name: 'Forside' }).waitFor();
    const offer = page.getByText(/Du har en kladde fra i dag kl\. \d{1,2}\.\d{2}, der ikke er gemt/);
    await offer.waitFor();
    expect(await title.inputValue()).toBe(stored);
    await admin.shot(page, '1366-editor-draft-offer', false);
    await page.getByRole('button', { name: 'Fortsæt med kladden' }).click();
    expect(await title.inputValue()).toBe('Kladde efter genindlæsning');
    await page.getByText('Ikke gemt', { exact: true }).waitFor();
    expect(await storedTitle('Forside')).toBe(stored);

    // A crashed tab: no question at all, the page just goes. A new tab finds the draft.
    await title.fill('Kladde efter et nedbrud');
    await expect.poll(() => keptDrafts(page)).toHaveLength(1);
    await expect
      .poll(() => page.evaluate(() => Object.values(localStorage).join('')))
      .toContain('Kladde efter et nedbrud');
    const context = page.context();
    await page.close({ runBeforeUnload: false });
    const again = await context.newPage();
    await again.goto(`${admin.origin}/admin/pages`);
    await openPage(again, 'Forside');
    await again.getByText(/Du har en kladde fra/).waitFor();
    // Another page has no draft (Om os was deleted above).
    await menuButton(again, 'Ydelser').click();
    await again.getByRole('heading', { level: 2, name: 'Ydelser' }).waitFor();
    expect(await again.getByText(/Du har en kladde fra/).count()).toBe(0);
    await openPage(again, 'Forside');
    await again.getByRole('button', { name: 'Fortsæt med kladden' }).click();
    const titleAgain = again.getByLabel('Overskrift', { exact: true });
    expect(await titleAgain.inputValue()).toBe('Kladde efter et nedbrud');
    await again.getByRole('button', { name: 'Gem ændringer' }).click();
    await again.getByText('Ændringer gemt!').waitFor();
    expect(await storedTitle('Forside')).toBe('Kladde efter et nedbrud');
    expect(await keptDrafts(again)).toEqual([]);

    // "Kassér kladden" throws a kept draft away.
    await titleAgain.fill('Smides væk');
    await expect.poll(() => keptDrafts(again)).toHaveLength(1);
    await again.evaluate(() => window.dispatchEvent(new Event('pagehide')));
    await again.goto('about:blank').catch(() => undefined);
    await again.goto(`${admin.origin}/admin/pages`);
    await openPage(again, 'Forside');
    await again.getByRole('button', { name: 'Kassér kladden' }).click();
    expect(await titleAgain.inputValue()).toBe('Kladde efter et nedbrud');
    expect(await keptDrafts(again)).toEqual([]);
    await again.close();
  });
});

describe('the other editors with a save button', () => {
  it('account, menu order and the quote form settings mark and ask too', async () => {
    const page = await admin.newPage(SMALL_PHONE);
    await admin.signIn(page, '/admin/konto');
    const nav = page.getByRole('navigation', { name: 'Administration' });

    // Account: a half-typed new password is asked about; Kassér empties it.
    await page.getByLabel('Nuværende adgangskode').fill(OWNER.password);
    await page.getByText('Ikke gemt', { exact: true }).waitFor();
    await nav.getByRole('link', { name: 'Sider' }).click();
    await answer(page, 'Bliv');
    expect(await page.getByLabel('Nuværende adgangskode').inputValue()).toBe(OWNER.password);
    await nav.getByRole('link', { name: 'Sider' }).click();
    await answer(page, 'Kassér');
    await page.getByText('Vælg en side fra menuen').waitFor();

    // Menu order: a page taken out of the menu is asked about when a page is chosen.
    await page.getByRole('button', { name: 'Menu og rækkefølge' }).click();
    await page.locator('.menu-order-list li', { hasText: 'Ydelser' }).getByLabel('Vis i menuen').click();
    await page.getByText('Ikke gemt', { exact: true }).waitFor();
    await menuButton(page, 'Forside').click();
    await answer(page, 'Bliv');
    await page.getByRole('heading', { name: 'Menu og rækkefølge' }).waitFor();
    await menuButton(page, 'Forside').click();
    await answer(page, 'Kassér');
    await page.getByRole('heading', { level: 2, name: 'Forside' }).waitFor();

    // The quote form's settings: Gem on the way out stores them.
    await nav.getByRole('link', { name: /Henvendelser/ }).click();
    const show = page.getByLabel('Vis formularen på forsiden og kontaktsiden');
    await show.uncheck();
    await page.getByText('Ikke gemt', { exact: true }).waitFor();
    await nav.getByRole('link', { name: 'Overblik' }).click();
    await answer(page, 'Gem');
    await page.getByRole('heading', { name: 'Overblik', level: 1 }).waitFor();
    expect((await getLeadSettings(admin.db, OWNER.cvr)).formEnabled).toBe(false);
  });
});
