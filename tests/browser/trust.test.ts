// Issue 42's "done when" in Chromium against the real server: an electrician (the demo registry's
// Eksempel El-Installation A/S, CVR 99000707) signs up through /onboarding and names its authorisation
// number there; in Indstillinger › Troværdighed the owner ticks a guarantee scheme (confirming it),
// picks three municipalities (by name and by postcode) and turns on the døgnvagt. The homepage then
// shows all four, with the register link and the scheme's own page, says whose word the number is,
// and its JSON-LD passes schema.org's vocabulary; the call bar offers the døgnvagt on a Saturday and
// the ordinary number on a Monday morning (and without JavaScript). The operator view lists the
// number with the register link; marked as checked, the site says so. Screenshots of the tab and the
// homepage at 360 and 1366 px in test-artifacts/trust/ (MESTERSIDE_SHOTS=1).
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findUserByEmail, getTrustSettings, markEmailVerified } from '../../db';
import { MESSAGES } from '../../rules/messages';
import { TRUST_MESSAGES } from '../../rules/trust-messages';
import { type AdminStack, OWNER, startAdminStack, type Viewport } from '../support/admin-stack';
import { layoutProblems } from '../support/no-overflow';
import { schemaOrgProblems } from '../support/schema-org';

const NARROW = { width: 360, height: 780 } as unknown as Viewport;
const WIDE = { width: 1366, height: 900 } as unknown as Viewport;
const EL = { cvr: '99000707', email: 'el@eksempel-el.example', password: 'stikkontakt-42' } as const;

let admin: AdminStack;

beforeAll(async () => {
  // The stack's own owner is the operator (a verified login e-mail in OPERATOR_EMAILS).
  admin = await startAdminStack('trust', { OPERATOR_EMAILS: OWNER.email });
  await markEmailVerified(admin.db, (await findUserByEmail(admin.db, OWNER.email))?.id ?? '');
}, 90_000);

afterAll(async () => {
  await admin?.close();
});

/** An element's text as a reader sees it: non-breaking spaces (phone numbers) as plain ones. */
async function words(locator: { textContent(): Promise<string | null> }): Promise<string> {
  return ((await locator.textContent()) ?? '').replace(/\u00a0/g, ' ');
}

async function jsonLd(page: Page): Promise<Record<string, unknown>> {
  const text = await page.locator('script[type="application/ld+json"]').textContent();
  return JSON.parse(text ?? '{}') as Record<string, unknown>;
}

describe('authorisation, guarantee, area and døgnvagt for an electrician, in Chromium', () => {
  it('signs up through /onboarding with the authorisation number', async () => {
    const page = await admin.newPage(NARROW);
    await page.goto(`${admin.origin}/onboarding`);
    await page.locator('astro-island:not([ssr])').waitFor({ state: 'attached' });
    await page.getByLabel('CVR-nummer').fill(EL.cvr);
    await page.getByRole('button', { name: 'Find virksomhed' }).click();
    await page.getByRole('heading', { name: 'Bekræft virksomhed' }).waitFor();
    expect(await page.locator('.ob-company').textContent()).toContain('Eksempel El-Installation A/S');
    // Letters are refused in Danish beside the field, before anything is sent.
    const number = page.getByLabel('Autoriseret el-installatør, aut. nr.');
    await number.fill('tolv');
    await page.getByLabel('Vi har ingen hjemmeside').check();
    await page.getByRole('button', { name: 'Fortsæt' }).click();
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toContain('Skriv autorisationsnummeret med tal');
    await number.fill('12 345');
    await admin.shot(page, 'onboarding-360');
    await page.getByRole('button', { name: 'Fortsæt' }).click();
    await page.getByRole('heading', { name: 'Opret login' }).waitFor();
    await page.getByLabel('E-mail').fill(EL.email);
    await page.getByLabel('Password', { exact: true }).fill(EL.password);
    await page.getByLabel('Gentag password').fill(EL.password);
    await page.getByLabel('Jeg accepterer privatlivspolitikken').check();
    await page.getByRole('button', { name: 'Opret hjemmeside' }).click();
    await page.waitForURL(`${admin.origin}/${EL.cvr}/?newsite=true`, { timeout: 30_000 });
    expect((await getTrustSettings(admin.db, EL.cvr)).authorisation).toMatchObject({
      type: 'el',
      number: '12345',
      checkedAt: null,
    });
  }, 60_000);

  it('ticks a guarantee scheme, picks three municipalities and turns on the døgnvagt in Troværdighed', async () => {
    const page = await admin.newPage(WIDE);
    await admin.signIn(page, '/admin/settings?fane=trovaerdighed', EL.email);
    await page.getByRole('heading', { name: 'Troværdighed', level: 2 }).waitFor();
    expect(await page.getByLabel('Autorisationsnummer').inputValue()).toBe('12345');
    // Typing a new number (issue 49): the preview shows the rest meanwhile, never a red refusal; the
    // refusal comes beside the field on save.
    const previewAnswers: number[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('/api/trust/preview')) previewAnswers.push(response.status());
    });
    await page.getByLabel('Autorisationsnummer').fill('');
    await page.getByLabel('Autorisationsnummer').pressSequentially('1');
    await expect.poll(() => previewAnswers.length, { timeout: 10_000 }).toBeGreaterThan(0);
    await page.waitForTimeout(500);
    expect(previewAnswers.every((status) => status === 200)).toBe(true);
    expect(await page.locator('.site-preview-error').count()).toBe(0);
    expect(await page.getByText(TRUST_MESSAGES.authorisationNumberRequired).count()).toBe(0);
    await page.getByRole('button', { name: 'Gem ændringer' }).click();
    await page.getByText(TRUST_MESSAGES.authorisationNumberInvalid).waitFor();
    await page.getByLabel('Autorisationsnummer').fill('12345');

    await page.getByLabel('TEKNIQs Garantiordning').check();
    // Without the owner's confirmation nothing is saved.
    await page.getByRole('button', { name: 'Gem ændringer' }).click();
    await expect
      .poll(() => page.locator('.form-error').allTextContents())
      .toContain('Bekræft, at firmaet er medlem af de ordninger og foreninger, du har valgt');
    await page.getByLabel(/Jeg bekræfter, at firmaet er medlem/).check();

    await page.getByLabel('Kommuner', { exact: true }).check();
    const search = page.getByLabel('Tilføj kommune');
    await search.fill('Køb');
    await page.getByRole('option', { name: 'Københavns Kommune' }).click();
    // The keyboard (issue 49): a combobox; the arrows move the marked match (around the ends),
    // Enter adds it and never sends the form, and the focus stays in the search.
    expect(await search.getAttribute('role')).toBe('combobox');
    await search.fill('Frederiks');
    const marked = async () => {
      const id = await search.getAttribute('aria-activedescendant');
      return id === null ? null : page.locator(`[id="${id}"]`).textContent();
    };
    expect(await search.getAttribute('aria-expanded')).toBe('true');
    await expect.poll(marked).toBe('Frederiksberg Kommune');
    await search.press('ArrowDown');
    await expect.poll(marked).toBe('Frederikssund Kommune');
    await search.press('ArrowUp');
    await search.press('ArrowUp');
    await expect.poll(marked).toBe('Frederikshavn Kommune');
    await search.press('ArrowDown');
    await expect.poll(marked).toBe('Frederiksberg Kommune');
    await admin.shot(page, 'kommune-combobox-1366', false);
    await search.press('Enter');
    await expect.poll(() => search.inputValue()).toBe('');
    expect(await page.getByRole('list', { name: 'Valgte kommuner' }).textContent()).toContain(
      'Frederiksberg',
    );
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe(
      'municipalitySearch',
    );
    expect(await page.getByText(MESSAGES.saveSuccess).count()).toBe(0);
    // By postcode: 2900 Hellerup lies in Gentofte.
    await search.fill('2900');
    await page.getByRole('option', { name: 'Gentofte Kommune' }).waitFor();
    await expect.poll(marked).toBe('Gentofte Kommune');
    await search.press('Enter');
    await expect.poll(() => search.inputValue()).toBe('');
    expect(await page.getByRole('list', { name: 'Valgte kommuner' }).textContent()).toContain('Gentofte');

    await page.getByLabel('Vi har døgnvagt hele året').check();
    await page.getByLabel('Døgnvagtens telefon').fill('70 20 30 40');
    await page.getByRole('button', { name: 'Gem ændringer' }).click();
    await page.getByText(MESSAGES.saveSuccess).waitFor();
    expect(await layoutProblems(page)).toEqual([]);
    await admin.shot(page, 'tab-1366');

    const saved = await getTrustSettings(admin.db, EL.cvr);
    expect(saved.schemes).toEqual(['tekniq-garanti']);
    expect(saved.area).toEqual({ mode: 'municipalities', codes: ['0101', '0147', '0157'] });
    expect(saved.emergency).toEqual({ enabled: true, phone: '70 20 30 40', hours: 'always' });

    const phone = await admin.newPage(NARROW);
    await admin.signIn(phone, '/admin/settings?fane=trovaerdighed', EL.email);
    await phone.getByLabel('TEKNIQs Garantiordning').waitFor();
    expect(await layoutProblems(phone)).toEqual([]);
    await admin.shot(phone, 'tab-360');
  }, 60_000);

  it('shows all four on the homepage with their links, and JSON-LD that schema.org accepts', async () => {
    await admin.published();
    for (const [viewport, name] of [
      [NARROW, '360'],
      [WIDE, '1366'],
    ] as const) {
      const page = await admin.newPage(viewport);
      await page.clock.setFixedTime(new Date('2026-03-02T09:00:00+01:00')); // a Monday morning
      await page.goto(`${admin.origin}/${EL.cvr}/`);
      const trust = page.locator('#godt-at-vide');
      await trust.waitFor();
      expect(await trust.textContent()).toContain('Autoriseret el-installatør, aut. nr. 12345');
      expect(await trust.textContent()).toContain('Oplyst af firmaet.');
      expect(await page.textContent('body')).not.toMatch(/verificeret/i);
      expect(
        await trust
          .getByRole('link', { name: 'Tjek nummeret i Sikkerhedsstyrelsens register' })
          .getAttribute('href'),
      ).toBe('https://www.sik.dk/registre/autorisationsregister?search_index=99000707');
      expect(await trust.getByRole('link', { name: 'TEKNIQs Garantiordning' }).getAttribute('href')).toBe(
        'https://www.tekniq.dk/',
      );
      expect(await trust.textContent()).toContain('Døgnvagt – hele året');
      expect(await trust.getByRole('link', { name: 'Ring 70 20 30 40' }).getAttribute('href')).toBe(
        'tel:+4570203040',
      );
      expect(await trust.textContent()).toContain('Håndværkerfradrag');
      expect(await page.locator('#her-arbejder-vi').textContent()).toContain(
        'Vi kører i København, Frederiksberg og Gentofte kommuner.',
      );
      expect(await layoutProblems(page)).toEqual([]);
      if (name === '360') {
        // Monday 09:00: the ordinary number.
        expect(await words(page.locator('.call-bar a').first())).toContain('Ring 87 00 07 07');
      }
      await admin.shot(page, `homepage-${name}`);
    }
    const page = await admin.newPage(NARROW);
    await page.goto(`${admin.origin}/${EL.cvr}/`);
    const data = await jsonLd(page);
    expect(schemaOrgProblems(data)).toEqual([]);
    // Issue 48: the number is the company's word until the operator checks it, and the structured
    // data (which cannot say so) leaves it out until then.
    expect(data.hasCredential).toBeUndefined();
    expect(data.areaServed).toHaveLength(3);
    expect(data.contactPoint).toMatchObject({ contactType: 'emergency', telephone: '+4570203040' });
  }, 60_000);

  it('offers the døgnvagt in the call bar on a Saturday, and keeps the ordinary number without JavaScript', async () => {
    const page = await admin.newPage(NARROW);
    await page.clock.setFixedTime(new Date('2026-03-07T13:00:00+01:00')); // a Saturday
    await page.goto(`${admin.origin}/${EL.cvr}/`);
    const bar = page.locator('.call-bar a').first();
    await expect.poll(() => words(bar)).toContain('Døgnvagt: Ring 70 20 30 40');
    expect(await bar.getAttribute('href')).toBe('tel:+4570203040');
    await admin.shot(page, 'call-bar-saturday-360', false);

    const context = await admin.browser.newContext({
      viewport: NARROW,
      javaScriptEnabled: false,
      locale: 'da-DK',
    });
    try {
      const plain = await context.newPage();
      await plain.goto(`${admin.origin}/${EL.cvr}/`);
      expect(await words(plain.locator('.call-bar a').first())).toContain('Ring 87 00 07 07');
      // The døgnvagt stands in the page's text all the same.
      expect(await words(plain.locator('#kontakt'))).toContain('70 20 30 40');
    } finally {
      await context.close();
    }
  });

  it('tells a visitor from outside the area kindly, with JavaScript as without', async () => {
    const page = await admin.newPage(NARROW);
    await page.goto(`${admin.origin}/${EL.cvr}/kontakt`);
    const form = page.locator('#lead-form');
    await form.getByLabel('Navn').fill('Mette Hansen');
    await form.getByLabel('Telefon').fill('22 33 44 55');
    await form.getByLabel('Postnummer').fill('8000'); // Aarhus, not one of the three municipalities
    await form.getByLabel('Hvad drejer det sig om?').fill('Stikkontakten i køkkenet gnister, når vi tænder.');
    await page.getByRole('button', { name: 'Send forespørgsel' }).click();
    const thanks = page.locator('#lead-thanks');
    await thanks.waitFor();
    expect(await words(thanks)).toContain(TRUST_MESSAGES.outsideArea);
    await admin.shot(page, 'outside-area-360', false);
  });

  it('lists the number in the operator view with the register link; checked, the site says so', async () => {
    const page = await admin.newPage(WIDE);
    await admin.signIn(page, '/admin/operator');
    const section = page.locator('section.card', {
      has: page.getByRole('heading', { name: 'Autorisationer til kontrol' }),
    });
    await section.getByText('Eksempel El-Installation A/S').waitFor();
    expect(await section.textContent()).toContain('Autoriseret el-installatør, aut. nr. 12345');
    expect(
      await section
        .getByRole('link', { name: 'Slå op i Sikkerhedsstyrelsens register' })
        .getAttribute('href'),
    ).toBe('https://www.sik.dk/registre/autorisationsregister?search_index=99000707');
    await admin.shot(page, 'operator-1366');
    await section.getByRole('button', { name: 'Markér som kontrolleret' }).click();
    await section.getByText('Ingen autorisationer venter på kontrol.').waitFor();

    await admin.published();
    const site = await admin.newPage(NARROW);
    await site.goto(`${admin.origin}/${EL.cvr}/`);
    expect(await site.locator('#godt-at-vide').textContent()).toContain(
      'Kontrolleret i Sikkerhedsstyrelsens register.',
    );
    // Checked: now the structured data names it, recognised by Sikkerhedsstyrelsen.
    expect((await jsonLd(site)).hasCredential).toMatchObject({
      identifier: '12345',
      recognizedBy: { name: 'Sikkerhedsstyrelsen' },
    });

    // The scheme waits for its own check (issue 48); checked, then taken back.
    const claims = page.locator('section.card', {
      has: page.getByRole('heading', { name: 'Garantier og medlemskaber til kontrol' }),
    });
    const row = claims.locator('li', { hasText: 'TEKNIQs Garantiordning' });
    await row.getByRole('button', { name: 'Markér som kontrolleret' }).click();
    await claims.getByText(TRUST_MESSAGES.schemeChecked).waitFor();
    await claims.getByText('Ingen ordninger venter på kontrol.').waitFor();
    const checked = claims.locator('li', { hasText: 'TEKNIQs Garantiordning' });
    await checked.getByRole('button', { name: 'Fjern kontrol' }).click();
    await claims.getByText(TRUST_MESSAGES.unchecked).waitFor();
    await claims
      .locator('li', { hasText: 'TEKNIQs Garantiordning' })
      .getByRole('button', { name: 'Markér som kontrolleret' })
      .waitFor();
  });
});
