// /onboarding in Chromium against the real front server in this process (support/stack.ts): the built
// page and its React island, the onboarding API on SQLite with the demo CVR registry, and an
// in-process publish queue rendering with the built templates, so a created site really gets
// published and opened. Screenshots of every step (phone and desktop) go to test-artifacts/onboarding/
// (git-ignored) for review when asked for (MESTERSIDE_SHOTS=1).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOwnerAccount } from '../../api/auth/accounts';
import { type Db, insertCompany, listAnalyticsEvents } from '../../db';
import { createSitePublisher } from '../../generator';
import { loadSiteRenderer } from '../../generator/astro-renderer';
import { websiteUrlMessage } from '../../rules/domain';
import { MESSAGES } from '../../rules/messages';
import { createPublishQueue, type PublishQueue } from '../../worker';
import { launchChromium } from '../support/browser';
import { layoutProblems } from '../support/no-overflow';
import { reviewShot } from '../support/review-shots';
import { type FrontStack, startTestStack } from '../support/stack';

const PHONE = { width: 375, height: 800 };
const DESKTOP = { width: 1280, height: 900 };
const PASSWORD = 'tagrende-42';

let stack: FrontStack;
let queue: PublishQueue | undefined;
let db: Db;
let browser: Browser;
let origin: string;

beforeAll(async () => {
  // The front server and API in this process (support/stack.ts's 'front') with an in-process publish
  // queue rendering with the built templates: what the onboarding needs of the product, without the
  // rest of npm start's parts (the landing's render at start, previews, the sweeps), about 2 s of CPU.
  stack = await startTestStack({
    serve: 'front',
    env: { PUBLIC_HOST: 'localhost' },
    prepare: async ({ db, config, logger }) => {
      const publisher = await createSitePublisher({ db, config, renderer: await loadSiteRenderer() });
      queue = createPublishQueue({ db, logger, redisUrl: null, render: (cvr) => publisher.publish(cvr) });
    },
    app: { enqueuePublish: (cvr) => (queue ? queue.enqueue(cvr) : Promise.reject(new Error('no queue'))) },
  });
  db = stack.db;
  origin = stack.origin;
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await queue?.close();
  await stack?.close();
});

async function openOnboarding(viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ viewport, locale: 'da-DK' });
  const page = await context.newPage();
  await page.goto(`${origin}/onboarding`);
  // Astro drops the island's ssr attribute once React has hydrated it; before that a click submits natively.
  await page.locator('astro-island:not([ssr])').waitFor({ state: 'attached' });
  return page;
}

/** The whole page, or only the viewport (`fullPage` false) where a fixed overlay or dialog is open. */
function shot(page: Page, name: string, fullPage = true) {
  return reviewShot(page, 'onboarding', name, { fullPage });
}

/** The words inside `selector` that the browser split over two lines. */
function wordsBrokenAcrossLines(page: Page, selector: string): Promise<string[]> {
  return page.locator(selector).evaluate((root) => {
    const broken: string[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (const match of text.matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(node, match.index ?? 0);
        range.setEnd(node, (match.index ?? 0) + match[0].length);
        const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
        if (tops.size > 1) broken.push(match[0]);
      }
    }
    return broken;
  });
}

async function alertText(page: Page): Promise<string> {
  const alert = page.getByRole('alert');
  await alert.waitFor();
  return (await alert.textContent()) ?? '';
}

async function findCompany(page: Page, cvr: string) {
  await page.getByLabel('CVR-nummer').fill(cvr);
  await page.getByRole('button', { name: 'Find virksomhed' }).click();
}

async function fillLogin(page: Page, email: string, password: string, repeat: string, accept: boolean) {
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Gentag password').fill(repeat);
  await page.getByLabel('Jeg accepterer privatlivspolitikken').setChecked(accept);
}

/** The state (done, active, waiting) of one overlay stage. */
function stageState(page: Page, label: string) {
  return page.getByRole('status').locator('li', { hasText: label }).getAttribute('data-state');
}

async function createAndLand(page: Page, cvr: string, name: string) {
  // Hold the create call and the first publish check a moment, so each real stage can be seen.
  await page.route('**/api/onboarding/create', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 400));
    await route.continue();
  });
  let held = false;
  await page.route(`**/${cvr}/`, async (route) => {
    if (route.request().resourceType() === 'fetch' && !held) {
      held = true;
      await new Promise((resolve) => setTimeout(resolve, 600));
    }
    await route.continue();
  });
  await page.getByRole('button', { name: 'Opret hjemmeside' }).click();
  const status = page.getByRole('status');
  await status.waitFor();
  expect(await status.getAttribute('aria-live')).toBe('polite');
  expect(await stageState(page, 'Finder virksomheden…')).toBe('done');
  expect(await stageState(page, 'Skriver teksterne…')).toBe('active');
  expect(await stageState(page, 'Udgiver hjemmesiden…')).toBe('waiting');
  await shot(page, `${name}-4-overlay-writing`, false);
  await expect.poll(() => stageState(page, 'Udgiver hjemmesiden…'), { timeout: 10_000 }).toBe('active');
  expect(await stageState(page, 'Skriver teksterne…')).toBe('done');
  await shot(page, `${name}-5-overlay-publishing`, false);

  await page.waitForURL(`${origin}/${cvr}/?newsite=true`, { timeout: 20_000 });
  const welcome = page.locator('#welcome');
  await expect.poll(() => welcome.isVisible()).toBe(true);
  expect(await welcome.getByRole('heading').textContent()).toBe('Velkommen til din nye hjemmeside!');
  await shot(page, `${name}-6-new-site`, false);
}

describe('onboarding in the browser', () => {
  it('creates and opens a new site on a 375 px phone', async () => {
    const page = await openOnboarding(PHONE);
    expect(await page.title()).toBe('Opret din hjemmeside | Mesterside');
    expect(await page.locator('html').getAttribute('lang')).toBe('da');
    expect(await page.getByLabel('CVR-nummer').getAttribute('inputmode')).toBe('numeric');
    await shot(page, 'phone-1-cvr');

    await findCompany(page, '9900 0101');
    const heading = page.getByRole('heading', { name: 'Bekræft virksomhed' });
    await heading.waitFor();
    await expect.poll(() => heading.evaluate((element) => element === document.activeElement)).toBe(true);
    const card = await page.locator('.ob-company').textContent();
    expect(card).toContain('Tømrerfirmaet Eksempel ApS');
    // The trade "Tømrer- og bygningssnedkervirksomhed" keeps its words whole (issue 49: it broke as
    // "bygningssnedkervir|ksomhed"), at 375 px and at 360 px.
    expect(card).toContain('bygningssnedkervirksomhed');
    expect(await wordsBrokenAcrossLines(page, '.ob-company')).toEqual([]);
    await page.setViewportSize({ width: 360, height: PHONE.height });
    expect(await wordsBrokenAcrossLines(page, '.ob-company')).toEqual([]);
    await page.setViewportSize(PHONE);
    // No Google search configured: nothing proposed, so the two other answers are offered.
    expect(await page.getByLabel('Ja, det er vores hjemmeside').count()).toBe(0);
    await page.getByLabel('Vi har ingen hjemmeside').check();
    await shot(page, 'phone-2-confirm');
    await page.getByRole('button', { name: 'Fortsæt' }).click();

    await page.getByRole('heading', { name: 'Opret login' }).waitFor();
    await fillLogin(page, 'ejer@eksempel.dk', PASSWORD, PASSWORD, true);
    expect(await page.getByRole('link', { name: 'Læs privatlivspolitikken' }).getAttribute('href')).toBe(
      '/privacy',
    );
    await shot(page, 'phone-3-login');
    // Nothing in the flow is wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    await createAndLand(page, '99000101', 'phone');
    await page.context().close();
  }, 40_000);

  it('checks the login form in the spec order on desktop, then creates the site', async () => {
    const page = await openOnboarding(DESKTOP);
    await shot(page, 'desktop-1-cvr');
    await findCompany(page, '99000303');
    await page.getByRole('heading', { name: 'Bekræft virksomhed' }).waitFor();

    // Another website: validated before step 2.
    await page.getByLabel('Vi har en anden hjemmeside').check();
    await page.getByLabel('Webadresse').fill('ikke en adresse');
    await page.getByRole('button', { name: 'Fortsæt' }).click();
    expect(await alertText(page)).toBe(websiteUrlMessage());
    expect(await page.getByLabel('Webadresse').getAttribute('aria-describedby')).toBe('onboarding-error');
    await shot(page, 'desktop-2-confirm-bad-url');
    await page.getByLabel('Vi har ingen hjemmeside').check();
    await shot(page, 'desktop-2-confirm');
    await page.getByRole('button', { name: 'Fortsæt' }).click();
    await page.getByRole('heading', { name: 'Opret login' }).waitFor();

    const submit = () => page.getByRole('button', { name: 'Opret hjemmeside' }).click();
    await submit();
    expect(await alertText(page)).toBe(MESSAGES.emailAndPasswordRequired);
    await fillLogin(page, '', PASSWORD, PASSWORD, false);
    await submit();
    expect(await alertText(page)).toBe(MESSAGES.emailRequired);
    await fillLogin(page, 'vvs@eksempel.dk', 'kort', 'kort', false);
    await submit();
    expect(await alertText(page)).toBe(MESSAGES.passwordTooShort);
    await fillLogin(page, 'vvs@eksempel.dk', PASSWORD, `${PASSWORD}x`, false);
    await submit();
    expect(await alertText(page)).toBe(MESSAGES.passwordsDoNotMatch);
    const repeat = page.getByLabel('Gentag password');
    expect(await repeat.getAttribute('aria-invalid')).toBe('true');
    expect(await repeat.evaluate((element) => element === document.activeElement)).toBe(true);
    await shot(page, 'desktop-3-login-mismatch');
    await fillLogin(page, 'vvs@eksempel.dk', PASSWORD, PASSWORD, false);
    await submit();
    expect(await alertText(page)).toBe(MESSAGES.privacyRequired);
    await page.getByLabel('Jeg accepterer privatlivspolitikken').check();
    await shot(page, 'desktop-3-login');

    await createAndLand(page, '99000303', 'desktop');
    await page.context().close();
  }, 40_000);

  it('shows the CVR errors: bad number, unknown company, already registered', async () => {
    await insertCompany(db, {
      cvr: '99000707',
      name: 'Eksempel El-Installation A/S',
      subdomain: 'eleksempel',
    });
    const page = await openOnboarding(PHONE);

    await findCompany(page, '1234 567');
    expect(await alertText(page)).toBe(MESSAGES.invalidCvr);
    expect(await alertText(page)).toBe('CVR nummeret skal være 8 cifre');
    const input = page.getByLabel('CVR-nummer');
    expect(await input.getAttribute('aria-describedby')).toBe('onboarding-error');
    expect(await input.evaluate((element) => element === document.activeElement)).toBe(true);
    await shot(page, 'phone-1-cvr-invalid');

    await findCompany(page, '99999999');
    await expect.poll(() => alertText(page)).toBe('Kunne ikke finde firma med dette CVR nummer');

    await findCompany(page, '99000707');
    await expect.poll(() => alertText(page)).toBe('Dette CVR nummer er allerede registreret');
    await shot(page, 'phone-1-cvr-taken');
    await page.context().close();

    // Each lookup was counted by our own cookieless endpoint, with what was typed and the outcome.
    const events = async () =>
      (await listAnalyticsEvents(db, 'cvr_lookup')).map((event) => [
        event.data.status,
        event.data.cvr_number,
        event.data.cvr_length,
        event.data.cvr_value,
      ]);
    await expect.poll(events).toEqual(
      expect.arrayContaining([
        ['invalid', '1234 567', 7, '1234567'],
        ['not_found', '99999999', 8, '99999999'],
        ['taken', '99000707', 8, '99000707'],
      ]),
    );
  });

  it('asks about a proposed website, then refuses an e-mail already registered', async () => {
    await createOwnerAccount(db, { email: 'optaget@eksempel.dk', password: PASSWORD }, new Date());
    const page = await openOnboarding(PHONE);
    // No search service here, so the proposal is added to the real answer.
    await page.route('**/api/onboarding/lookup', async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      const website = { url: 'https://www.frisoer-eksempel.dk/', title: 'Frisør Eksempel', snippet: '' };
      await route.fulfill({ response, json: { ...body, website } });
    });
    await findCompany(page, '99000909');
    await page.getByRole('heading', { name: 'Bekræft virksomhed' }).waitFor();
    expect(await page.getByLabel('Vi har ingen hjemmeside').count()).toBe(0);
    await page.getByRole('button', { name: 'Fortsæt' }).click();
    expect(await alertText(page)).toBe('Vælg venligst om det er jeres eksisterende hjemmeside');
    await shot(page, 'phone-2-confirm-proposed');
    await page.getByLabel('Nej, det er ikke vores').check();
    await page.getByLabel('Vi har ingen hjemmeside').check();
    await page.getByRole('button', { name: 'Fortsæt' }).click();

    await page.getByRole('heading', { name: 'Opret login' }).waitFor();
    await fillLogin(page, 'optaget@eksempel.dk', PASSWORD, PASSWORD, true);
    await page.getByRole('button', { name: 'Opret hjemmeside' }).click();
    await expect
      .poll(() => alertText(page), { timeout: 10_000 })
      .toBe('Denne email er allerede registreret. Brug venligst en anden email.');
    expect(await page.getByRole('status').count()).toBe(0);
    await page.getByRole('heading', { name: 'Opret login' }).waitFor();
    await shot(page, 'phone-3-login-email-taken');
    await page.context().close();
  }, 30_000);
  it('keeps a CVR number sent before the script has loaded (scripts delayed by 3 s)', async () => {
    const context = await browser.newContext({ viewport: { width: 360, height: 800 }, locale: 'da-DK' });
    const page = await context.newPage();
    // A slow phone: every script of the island arrives 3 s late, on the first load and after the reload.
    await page.route('**/_astro/**/*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 3000));
      await route.continue();
    });
    await page.goto(`${origin}/onboarding`, { waitUntil: 'domcontentloaded' });
    expect(await page.locator('astro-island[ssr]').count()).toBe(1);
    const field = page.getByLabel('CVR-nummer');
    await field.fill('99000606');
    await field.press('Enter');
    // The plain form sends the number in the address; the field shows it again while the script loads.
    await page.waitForURL(`${origin}/onboarding?cvr=99000606`);
    expect(await page.getByLabel('CVR-nummer').inputValue()).toBe('99000606');
    await shot(page, 'slow-1-sent-before-script');
    const heading = page.getByRole('heading', { name: 'Bekræft virksomhed' });
    await heading.waitFor({ timeout: 15_000 });
    expect(await page.locator('.ob-company').textContent()).toContain('Mekanikeren Eksempel ApS');
    // The number is used once: the address no longer carries it.
    expect(new URL(page.url()).search).toBe('');
    await shot(page, 'slow-2-company-found');
    await context.close();
  }, 40_000);

  it('says so when the form checks cannot load, and finds the company on the next try', async () => {
    const context = await browser.newContext({ viewport: PHONE, locale: 'da-DK' });
    const page = await context.newPage();
    // The connection drops just as the island fetches its checks (the chunk with zod).
    await page.route('**/_astro/onboarding-checks.*.js', (route) => route.abort('connectionreset'));
    await page.goto(`${origin}/onboarding`);
    await page.locator('astro-island:not([ssr])').waitFor({ state: 'attached' });
    await findCompany(page, '99000606');
    expect(await alertText(page)).toBe(MESSAGES.internalError);
    expect(await page.getByLabel('CVR-nummer').inputValue()).toBe('99000606');

    await page.unroute('**/_astro/onboarding-checks.*.js');
    await page.getByRole('button', { name: 'Find virksomhed' }).click();
    await page.getByRole('heading', { name: 'Bekræft virksomhed' }).waitFor();
    expect(await page.locator('.ob-company').textContent()).toContain('Mekanikeren Eksempel ApS');
    await context.close();
  });

  it.each([
    ['phone', { width: 360, height: 780 }],
    ['laptop', { width: 1366, height: 800 }],
  ])(
    'fits every step at %s width: nothing wider than the viewport, no clipped label',
    async (size, viewport) => {
      const page = await openOnboarding(viewport);
      const check = async (step: string) => {
        await shot(page, `fit-${size}-${step}`);
        expect(await layoutProblems(page), step).toEqual([]);
      };
      await check('1-cvr');
      await findCompany(page, '123');
      await alertText(page);
      await check('1-cvr-error');
      await findCompany(page, '99000505');
      await page.getByRole('heading', { name: 'Bekræft virksomhed' }).waitFor();
      await page.getByLabel('Vi har en anden hjemmeside').check();
      await check('2-confirm');
      await page.getByLabel('Vi har ingen hjemmeside').check();
      await page.getByRole('button', { name: 'Fortsæt' }).click();
      await page.getByRole('heading', { name: 'Opret login' }).waitFor();
      await page.getByRole('button', { name: 'Opret hjemmeside' }).click();
      await alertText(page);
      await check('3-login-error');
      // The input that takes the focus is in sight, not scrolled under the sticky header.
      const covered = await page.evaluate(() => {
        const focused = document.activeElement as HTMLElement;
        const box = focused.getBoundingClientRect();
        const onTop = document.elementFromPoint(box.left + box.width / 2, box.top + 2);
        return { id: focused.id, onTop: onTop === focused ? null : onTop?.className };
      });
      expect(covered).toEqual({ id: 'ob-email', onTop: null });
      await page.context().close();
    },
    40_000,
  );
});
