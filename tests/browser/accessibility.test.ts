// axe-core (WCAG 2.1 A and AA) over every company-site layout, every admin screen and tab, and every
// onboarding step, at phone (360 px) and desktop (1366 px) width: no serious or critical violation
// anywhere. A failure lists each violation (screen, rule, impact, elements), so it says what to fix.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeLeadPhotos } from '../../api/leads/lead-photos';
import { insertLead, insertPage, listPages, setPendingLeadRecipient } from '../../db';
import { UNSAVED_MESSAGES } from '../../rules/messages';
import { solidImage } from '../fixtures/images/make-images';
import { type AdminStack, OWNER, startAdminStack } from '../support/admin-stack';
import { describeViolations, seriousViolations } from '../support/axe';

const NARROW = { width: 360, height: 780 } as const;
const WIDE = { width: 1366, height: 900 } as const;
const LAYOUTS = ['hero', 'text', 'text-image', 'gallery', 'grid'];

let admin: AdminStack;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  admin = await startAdminStack('accessibility', { OPERATOR_EMAILS: OWNER.email });
  // The operator view needs a verified login e-mail (issue 23).
  await admin.db.updateTable('users').set({ emailVerifiedAt: new Date().toISOString() }).execute();
  // The layouts the demo company has no page in, as the admin's "Ny side" makes them.
  await insertPage(admin.db, OWNER.cvr, {
    pageName: 'Galleri',
    layout: 'gallery',
    gallery: [
      { title: 'Ny terrasse', description: 'Terrasse i lærk.', image: '/images/examples/tomrer-600.webp' },
      { title: 'Tagrender', description: '', image: '' },
    ],
  });
  await insertPage(admin.db, OWNER.cvr, {
    pageName: 'Kort',
    layout: 'grid',
    content: 'Tagrender og inddækning.\n\nNye vinduer og døre.\n\nTerrasser i træ.',
  });
  await admin.stack.queue.requestPublish(OWNER.cvr);
  await admin.published();
  // Henvendelser with requests in it (issue 39): one unread with a photo, one read and handled, and
  // a new recipient waiting for its confirmation.
  const id = crypto.randomUUID();
  const photos = await writeLeadPhotos(admin.storageDir, OWNER.cvr, id, [
    { data: await solidImage(800, 600), width: 800, height: 600 },
  ]);
  const request = { phone: '20 30 40 50', email: 'mette@example.dk', postcode: '4600', contentHash: id };
  await insertLead(
    admin.db,
    OWNER.cvr,
    { ...request, name: 'Mette Ørsted', message: 'Taget drypper.', photos },
    new Date(),
    id,
  );
  const handled = await insertLead(admin.db, OWNER.cvr, {
    ...request,
    name: 'Jonas Berg',
    message: 'Et nyt vindue.',
    photos: [],
    contentHash: 'jonas',
  });
  await admin.db
    .updateTable('leads')
    .set({ readAt: handled.createdAt, handledAt: handled.createdAt })
    .where('id', '=', handled.id)
    .execute();
  await setPendingLeadRecipient(admin.db, OWNER.cvr, 'kontor@demo-toemrer.example');
}, 120_000);

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => {});
  await admin?.close();
});

// A context of its own per test: axe is injected as an inline script, which the CSP refuses.
async function newPage(viewport: typeof NARROW | typeof WIDE): Promise<Page> {
  const context = await admin.browser.newContext({ viewport, locale: 'da-DK', bypassCSP: true });
  context.setDefaultTimeout(8000);
  contexts.push(context);
  return context.newPage();
}

/** Collects the violations of every screen looked at, for one assertion that lists them all. */
function audit() {
  const problems: string[] = [];
  const screens: string[] = [];
  return {
    problems,
    screens,
    async check(page: Page, screen: string) {
      screens.push(screen);
      problems.push(...describeViolations(screen, await seriousViolations(page)));
    },
  };
}

/**
 * Opens an address and waits for the heading that says the screen is there, and for no skeleton.
 * Inside the admin it moves as a link click does (history and popstate, which the router follows):
 * a new document would have to load axe again, and that costs seconds on a busy machine.
 */
async function open(page: Page, path: string, heading: string | RegExp): Promise<void> {
  if (path.startsWith('/admin') && page.url().startsWith(`${admin.origin}/admin`)) {
    await page.evaluate((to) => {
      history.pushState(null, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, path);
  } else {
    await page.goto(`${admin.origin}${path}`);
  }
  await page.getByRole('heading', { name: heading }).first().waitFor();
  await page.waitForFunction(() => document.querySelector('[aria-busy="true"]') === null);
  await page.waitForLoadState('networkidle');
}

/** Each tab of a tab list in turn, checked once shown. */
async function checkTabs(page: Page, list: string, screen: string, checks: ReturnType<typeof audit>) {
  const tabs = page.getByRole('tablist', { name: list }).getByRole('tab');
  const count = await tabs.count();
  expect(count, `${screen} has no tabs`).toBeGreaterThan(1);
  for (let index = 0; index < count; index++) {
    const tab = tabs.nth(index);
    await tab.click();
    await page.waitForFunction(
      (selected) => selected.getAttribute('aria-selected') === 'true',
      await tab.elementHandle(),
    );
    await page.waitForFunction(() => document.querySelector('[aria-busy="true"]') === null);
    // A tab that held a live preview (issue 27) leaves with its frame still loading, and Playwright's
    // networkidle then waits on the detached frame for ever; a tab's data came with its screen, so a
    // short quiet spell is enough before the audit.
    await page.waitForLoadState('networkidle', { timeout: 2000 }).catch(() => undefined);
    await checks.check(page, `${screen} › ${(await tab.textContent())?.trim()}`);
  }
}

describe.each([
  ['360', NARROW],
  ['1366', WIDE],
] as const)('at %s px', (width, viewport) => {
  it('every company-site layout and the welcome dialog have no serious violation', async () => {
    const checks = audit();
    const page = await newPage(viewport);
    const sitePages = await listPages(admin.db, OWNER.cvr);
    expect(new Set(sitePages.map((sitePage) => sitePage.layout))).toEqual(new Set(LAYOUTS));
    for (const sitePage of sitePages) {
      const path = sitePage.type === 'homepage' ? `/${OWNER.cvr}/` : `/${OWNER.cvr}/${sitePage.slug}`;
      await page.goto(`${admin.origin}${path}`);
      await checks.check(page, `site ${sitePage.layout} ${path}`);
    }
    // The contact page every site gets (issue 39), its form refused field by field, and the thank-you.
    await page.goto(`${admin.origin}/${OWNER.cvr}/kontakt`);
    await checks.check(page, 'site contact page');
    await page.getByRole('button', { name: 'Send forespørgsel' }).click();
    await page.locator('#lead-name[aria-invalid="true"]').waitFor();
    await checks.check(page, 'site contact page, form refused');
    await page.goto(`${admin.origin}/${OWNER.cvr}/tak`);
    await checks.check(page, 'site thank-you page');
    if (width === '360') {
      const menu = page.getByRole('button', { name: 'Menu' });
      await menu.click();
      await page.waitForFunction(
        () => document.querySelector('.nav-toggle')?.getAttribute('aria-expanded') === 'true',
      );
      await checks.check(page, 'site menu open');
    }
    await page.goto(`${admin.origin}/${OWNER.cvr}/?newsite=true`);
    await page.locator('#welcome').waitFor({ state: 'visible' });
    await checks.check(page, 'site welcome dialog');
    expect(checks.problems, checks.problems.join('\n')).toEqual([]);
  }, 240_000);

  it('every admin screen and tab has no serious violation', async () => {
    const checks = audit();
    const page = await newPage(viewport);
    await open(page, '/admin', 'Log ind på din side');
    await checks.check(page, 'login');
    await page.getByRole('button', { name: 'Log ind' }).click();
    // Each field's message sits beside it (issue 28): wait for the marked field.
    await page.locator('[aria-invalid="true"]').first().waitFor();
    await checks.check(page, 'login with errors');
    await open(page, '/admin/glemt-password', 'Glemt adgangskode?');
    await checks.check(page, 'forgot password');
    await open(page, `/admin/nulstil-password?token=${'a'.repeat(32)}`, 'Vælg en ny adgangskode');
    await checks.check(page, 'reset password, made-up link');
    await open(page, `/admin/bekraeft-modtager?token=${'a'.repeat(32)}`, 'Bekræft modtager af forespørgsler');
    await checks.check(page, 'confirm a recipient of requests, made-up link');

    // Signed in from the same document (admin.login would open a new one).
    await open(page, '/admin', 'Log ind på din side');
    await page.getByLabel('E-mail').fill(OWNER.email);
    await page.getByLabel('Adgangskode').fill(OWNER.password);
    await page.getByRole('button', { name: 'Log ind' }).click();
    await page.waitForURL(`${admin.origin}/admin/dashboard`);
    await page.getByRole('heading', { name: 'Overblik' }).waitFor();
    await page.waitForFunction(() => document.querySelector('[aria-busy="true"]') === null);
    await checks.check(page, 'dashboard');
    // The mailed links' screens sit behind the login (issue 23): the owner confirms with a button.
    await open(page, `/admin/bekraeft-email?token=${'a'.repeat(32)}`, 'Bekræft ny e-mail');
    await checks.check(page, 'confirm new e-mail, made-up link');
    await open(page, `/admin/bekraeft-din-email?token=${'a'.repeat(32)}`, 'Bekræft din e-mail');
    await checks.check(page, 'verify e-mail, made-up link');
    await open(page, '/admin/henvendelser', 'Henvendelser');
    await page.getByText('Afventer bekræftelse').waitFor();
    await checks.check(page, 'henvendelser with requests');
    await page.getByRole('button', { name: 'Forstør billede 1 fra Mette Ørsted' }).click();
    await page.getByRole('dialog', { name: 'Billede 1 af 1 fra Mette Ørsted' }).waitFor();
    await checks.check(page, 'henvendelser, a photo large');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    for (const [path, heading] of [
      ['/admin/subscription', 'Abonnement'],
      ['/admin/images', 'Billedearkiv'],
      ['/admin/konto', 'Konto'],
      ['/admin/operator', 'Driftsoversigt'],
    ] as const) {
      await open(page, path, heading);
      await checks.check(page, path);
    }

    await open(page, '/admin/pages', 'Sider');
    await page.getByText('Vælg en side fra menuen').waitFor();
    await checks.check(page, 'pages, none chosen');
    for (const name of ['Forside', 'Galleri']) {
      await page.getByRole('navigation', { name: 'Dine sider' }).getByRole('button', { name }).click();
      await page.getByRole('heading', { level: 2, name }).waitFor();
      await checkTabs(page, 'Redigér side', `pages › ${name}`, checks);
    }

    await open(page, '/admin/settings', 'Hjemmesideindstillinger');
    await checkTabs(page, 'Indstillinger', 'settings', checks);

    // Issue 40: the question before unsaved changes are left, and the phone's full-screen preview.
    await page.getByRole('tab', { name: 'Design' }).click();
    await page.getByLabel('Blå', { exact: true }).check();
    await page.getByText('Ikke gemt', { exact: true }).waitFor();
    await page.getByRole('tab', { name: 'Logo' }).click();
    await page.getByRole('dialog', { name: UNSAVED_MESSAGES.leaveTitle }).waitFor();
    await checks.check(page, 'settings › leave question');
    await page.getByRole('button', { name: 'Kassér' }).click();
    await page.getByRole('heading', { name: 'Logo', level: 2 }).waitFor();
    if (width === '360') {
      await page.getByRole('button', { name: 'Vis forhåndsvisning' }).click();
      await page.locator('iframe[data-state="shown"]').waitFor();
      await checks.check(page, 'settings › full-screen preview');
      await page.getByRole('button', { name: 'Luk' }).click();
    }

    expect(checks.screens.length).toBeGreaterThanOrEqual(20);
    expect(checks.problems, checks.problems.join('\n')).toEqual([]);
  }, 240_000);

  it('every onboarding step has no serious violation', async () => {
    const checks = audit();
    const page = await newPage(viewport);
    await open(page, '/onboarding', /./);
    // The island hydrates after its script loads: past the page's 8 s default on a loaded machine.
    await page.locator('astro-island:not([ssr])').waitFor({ state: 'attached', timeout: 30_000 });
    await checks.check(page, 'onboarding CVR');
    await page.getByLabel('CVR-nummer').fill('12');
    await page.getByRole('button', { name: 'Find virksomhed' }).click();
    await page.getByRole('alert').waitFor();
    await checks.check(page, 'onboarding CVR error');

    const cvr = width === '360' ? '99000404' : '99000505';
    await page.getByLabel('CVR-nummer').fill(cvr);
    await page.getByRole('button', { name: 'Find virksomhed' }).click();
    await page.getByRole('heading', { name: 'Bekræft virksomhed' }).waitFor();
    await checks.check(page, 'onboarding confirm company');
    await page.getByLabel('Vi har ingen hjemmeside').check();
    await page.getByRole('button', { name: 'Fortsæt' }).click();
    await page.getByRole('heading', { name: 'Opret login' }).waitFor();
    await checks.check(page, 'onboarding create login');
    await page.getByRole('button', { name: 'Opret hjemmeside' }).click();
    await page.getByRole('alert').waitFor();
    await checks.check(page, 'onboarding create login with errors');

    // Hold the creation, so the overlay can be looked at while it works.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/onboarding/create', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByLabel('E-mail').fill(`ejer-${width}@eksempel.example`);
    await page.getByLabel('Password', { exact: true }).fill('tagrende-42');
    await page.getByLabel('Gentag password').fill('tagrende-42');
    await page.getByLabel('Jeg accepterer privatlivspolitikken').check();
    await page.getByRole('button', { name: 'Opret hjemmeside' }).click();
    await page.getByRole('status').waitFor();
    await checks.check(page, 'onboarding creating overlay');
    release();
    await page.waitForURL(/newsite=true|\/$/, { timeout: 30_000 });
    expect(checks.problems, checks.problems.join('\n')).toEqual([]);
  }, 180_000);
});
