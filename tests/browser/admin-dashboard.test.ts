// Issue 14 items 1, 5 and 7 in Chromium against the real server, with screenshots in
// test-artifacts/admin-dashboard/: the dashboard's figures (chart, weeks, top pages, images, whole
// trial days, addresses with a copy button), the end of the trial (texts per state, "Bestil
// abonnement", what visitors of a closed site see) and the operator view (404 for other owners). Each
// screen at one width, 360 px (the order form and the grace days at 1366 px): what a screen shows is
// the same at both, and every screen's fit at 360 and 1366 px is admin-phone.test.ts's subject.
import { readdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOwnerAccount } from '../../api/auth/accounts';
import { addSitePageViews, incrementAnalyticsCount, markPublishWanted, recordPublishFailure } from '../../db';
import { outboxDir } from '../../lib/mailer';
import { copenhagenDay } from '../../rules/ai-limit';
import { DAY_MS } from '../../rules/trial';
import { shiftDay } from '../../rules/visitor-stats';
import { type AdminStack, OWNER, startAdminStack, type Viewport } from '../support/admin-stack';

// The two widths. admin-stack types its two presets literally; these are the same shape.
const NARROW = { width: 360, height: 780 } as unknown as Viewport;
const WIDE = { width: 1366, height: 900 } as unknown as Viewport;
const OTHER = { cvr: '87654321', email: 'ejer@demo-vvs.example', password: 'vandhane-42' };

let admin: AdminStack;

beforeAll(async () => {
  admin = await startAdminStack('admin-dashboard', {
    OPERATOR_EMAILS: OWNER.email,
    CONTACT_TO: 'drift@mesterside.example',
  });
  await admin.db
    .updateTable('companies')
    .set({ companyEmail: OTHER.email })
    .where('cvr', '=', OTHER.cvr)
    .execute();
  await createOwnerAccount(admin.db, { email: OTHER.email, password: OTHER.password }, new Date());
  // The operator's address is in OPERATOR_EMAILS and verified (the operator view needs both).
  await admin.db
    .updateTable('users')
    .set({ emailVerifiedAt: new Date().toISOString() })
    .where('email', '=', OWNER.email)
    .execute();
}, 60_000);

afterAll(async () => {
  await admin?.close();
});

/** The page scrolls sideways nowhere: the document is no wider than the viewport. */
async function expectNoSidewaysScroll(page: Page) {
  const { scroll, viewport } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    viewport: window.innerWidth,
  }));
  expect(scroll).toBeLessThanOrEqual(viewport);
}

/** A full-page screenshot from the top (the sticky tab bar would otherwise sit mid-page). */
async function shot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await admin.shot(page, name);
}

async function setTrialEnd(daysFromNow: number, planStatus = 'active') {
  await admin.db
    .updateTable('companies')
    .set({ trialEndDate: new Date(Date.now() + daysFromNow * DAY_MS).toISOString(), planStatus })
    .where('cvr', '=', OWNER.cvr)
    .execute();
}

describe('dashboard (item 1)', () => {
  beforeAll(async () => {
    const today = copenhagenDay(new Date());
    const rows = [];
    for (let back = 0; back < 30; back++) {
      const day = shiftDay(today, -back);
      rows.push({ companyCvr: OWNER.cvr, day, path: '/', count: 3 + ((back * 7) % 11) });
      if (back % 3 === 0) rows.push({ companyCvr: OWNER.cvr, day, path: '/om-os', count: 2 });
    }
    // Another company's views must not show.
    rows.push({ companyCvr: OTHER.cvr, day: today, path: '/', count: 9999 });
    await addSitePageViews(admin.db, rows);
    // 31 days and 1 hour left: whole days, "31 dage" (issue 28).
    await setTrialEnd(31 + 1 / 24);
  });

  it('shows visitors, week, top pages, images, trial and addresses at 360 px', async () => {
    const width = '360';
    const page = await admin.newPage(NARROW);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: admin.origin });
    await admin.signIn(page);
    const visitors = page.getByRole('region', { name: 'Sidevisninger' });
    await visitors.waitFor();
    await expect(visitors.getByTestId('visitor-chart').isVisible()).resolves.toBe(true);
    expect(await page.locator('[data-testid="visitor-chart"] rect').count()).toBe(30);
    // The text alternative: a table of the 30 days for screen readers.
    expect(
      await visitors
        .getByRole('table', { name: 'Sidevisninger pr. dag de sidste 30 dage' })
        .locator('tbody tr')
        .count(),
    ).toBe(30);
    await visitors.getByText('Sidste 7 dage').waitFor();
    await visitors.getByText('De 7 dage før').waitFor();
    // 64 views in the last 7 days against 53 in the 7 before (the rows seeded above).
    await visitors.getByText('21 % flere end ugen før').waitFor();
    expect(await visitors.textContent()).not.toContain('9999');
    const top = page.getByRole('region', { name: 'Mest besøgte sider' });
    await expect(top.getByRole('listitem').first().textContent()).resolves.toContain('Forside');
    await page.getByRole('region', { name: 'Billeder' }).getByText('af 15 brugt').waitFor();
    await page.getByRole('region', { name: 'Prøveperiode' }).getByText('tilbage').waitFor();
    await page.getByText('31 dage', { exact: true }).waitFor();
    expect(await page.getByText('32 dage').count()).toBe(0);

    const addresses = page.getByRole('region', { name: 'Din hjemmesides adresse' });
    const port = new URL(admin.origin).port;
    await addresses.getByRole('link', { name: `demotoemrersnedkeraps.localhost:${port}` }).waitFor();
    await addresses.getByRole('button', { name: `Kopiér http://localhost:${port}/${OWNER.cvr}/` }).click();
    await addresses.getByText('Kopieret').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      `http://localhost:${port}/${OWNER.cvr}/`,
    );
    await expectNoSidewaysScroll(page);
    await shot(page, `dashboard-${width}`);
  });
});

describe('end of the trial (item 5)', () => {
  it('at 1366 px during the trial and in the grace days: one consistent text and the order form', async () => {
    await setTrialEnd(20);
    const page = await admin.newPage(WIDE);
    await admin.signIn(page, '/admin/subscription');
    await page.getByRole('heading', { name: 'Gratis prøveperiode' }).waitFor();
    await page.getByRole('button', { name: 'Bestil abonnement' }).waitFor();
    expect(await page.locator('main').textContent()).not.toContain('Vi kontakter dig');
    await shot(page, 'subscription-trial-1366');

    await setTrialEnd(-3);
    await page.reload();
    await page.getByRole('heading', { name: 'Din prøveperiode er slut' }).waitFor();
    const text = (await page.locator('main').textContent()) ?? '';
    expect(text).toContain('Din hjemmeside er stadig online');
    expect(text).not.toContain('Vi kontakter dig');
    expect(text).not.toContain('tilbage)');
    await page
      .getByRole('complementary', { name: 'Prøveperiode' })
      .getByText('lukker for besøgende')
      .waitFor();
    await expectNoSidewaysScroll(page);
    await shot(page, 'subscription-grace-1366');
  });

  it('at 360 px after the grace days: visitors see "ikke aktiv"; the owner orders and the state follows', async () => {
    await setTrialEnd(-20);
    // What a visitor sees (the front server asks rules/trial.ts siteState).
    const visitor = await admin.newPage(NARROW);
    const response = await visitor.goto(`${admin.origin}/${OWNER.cvr}/`);
    expect(response?.status()).toBe(503);
    await visitor.getByRole('heading', { name: 'Hjemmesiden er ikke aktiv' }).waitFor();
    await shot(visitor, 'site-inactive-360');

    const page = await admin.newPage(NARROW);
    await admin.signIn(page);
    const banner = page.getByRole('complementary', { name: 'Prøveperiode' });
    await banner.getByText('ikke aktiv for besøgende').waitFor();
    await page.getByRole('region', { name: 'Din hjemmeside er ikke aktiv' }).waitFor();
    await banner.getByRole('link', { name: 'Bestil abonnement' }).click();
    await page.waitForURL(`${admin.origin}/admin/subscription`);
    await page.getByRole('heading', { name: 'Din hjemmeside er ikke aktiv' }).waitFor();
    expect(await page.locator('main').textContent()).not.toContain('Vi kontakter dig');

    await page.getByLabel('E-mail til fakturaen').fill('bogholderi@demo-toemrer.example');
    await page.getByLabel('EAN-nummer (offentlige kunder)').check();
    await page.getByLabel('EAN-nummer', { exact: true }).fill('5790 0001 2345');
    await page.getByRole('button', { name: 'Bestil abonnement' }).click();
    await page.getByText('EAN-nummeret skal være 13 cifre').waitFor();
    await expectNoSidewaysScroll(page);
    await shot(page, 'subscription-order-360');

    await page.getByLabel('EAN-nummer', { exact: true }).fill('5790 0001 2345 6');
    await page.getByRole('button', { name: 'Bestil abonnement' }).click();
    await page.getByRole('heading', { name: 'Abonnement bestilt' }).waitFor();
    await page.getByText('faktureres på EAN 5790000123456').waitFor();
    await banner.waitFor({ state: 'detached' });
    await expectNoSidewaysScroll(page);
    await shot(page, 'subscription-ordered-360');

    expect((await admin.company()).plan.status).toBe('ordered');
    const mails = readdirSync(outboxDir({ storageDir: admin.storageDir })).filter((name) =>
      name.endsWith('.eml'),
    );
    expect(mails).toHaveLength(2);
  });
});

describe('operator view (item 7)', () => {
  beforeAll(async () => {
    const today = copenhagenDay(new Date());
    for (const [status, times] of [
      ['found', 4],
      ['not_found', 2],
      ['taken', 1],
    ] as const) {
      for (let index = 0; index < times; index++)
        await incrementAnalyticsCount(admin.db, today, 'cvr_lookup', status);
    }
    await markPublishWanted(admin.db, '11223344');
    await recordPublishFailure(admin.db, '11223344', 'render failed: the template threw');
    // A trial that ends in 5 days.
    await admin.db
      .updateTable('companies')
      .set({ trialEndDate: new Date(Date.now() + 5 * DAY_MS).toISOString() })
      .where('cvr', '=', OTHER.cvr)
      .execute();
  });

  it('shows sign-ups, funnel, trials ending, orders and failed publishes at 360 px', async () => {
    const width = '360';
    const page = await admin.newPage(NARROW);
    await admin.signIn(page);
    await page.getByRole('link', { name: 'Driftsoversigt' }).click();
    await page.waitForURL(`${admin.origin}/admin/operator`);
    await page.getByRole('heading', { name: 'Driftsoversigt' }).waitFor();
    const funnel = page.getByRole('region', { name: /Onboarding/ });
    await funnel.getByText('CVR fundet').waitFor();
    expect((await funnel.textContent())?.replace(/\s+/g, '')).toContain(
      'CVRfundet4Ikkefundet2Alleredeoprettet1',
    );
    await page
      .getByRole('region', { name: 'Prøveperioder der slutter inden for 14 dage' })
      .getByText(OTHER.cvr)
      .waitFor();
    await page.getByRole('region', { name: 'Bestillinger' }).getByText('EAN 5790000123456').waitFor();
    await page
      .getByRole('region', { name: 'Fejlede udgivelser' })
      .getByText('render failed: the template threw')
      .waitFor();
    await page.getByRole('region', { name: 'Tilmeldinger' }).waitFor();
    await expectNoSidewaysScroll(page);
    await shot(page, `operator-${width}`);
  });

  it('is a 404 for an owner who is not an operator, in the API and the screen', async () => {
    const page = await admin.newPage(NARROW);
    await admin.signIn(page, '/admin/dashboard', OTHER.email);
    expect(await page.getByRole('link', { name: 'Driftsoversigt' }).count()).toBe(0);
    const status = await page.evaluate(async () => (await fetch('/api/operator')).status);
    expect(status).toBe(404);
    await page.goto(`${admin.origin}/admin/operator`);
    await page.waitForURL(`${admin.origin}/404`);
    expect(await page.locator('body').textContent()).not.toContain('Driftsoversigt');
  });
});
