// Issue 39, "Mulig spam" in Chromium against the real server: with requests set aside during a flood,
// Henvendelser shows a two-way switch; the requests stay the default list, the possible spam is one
// press away with a line saying what it is, the summary mail's link (`?vis=spam`) opens it directly,
// unread counts only real requests, and the switch hides again when there is no spam. Layout and axe
// at 360 and 1366 px; screenshots in test-artifacts/admin-leads-spam/ (MESTERSIDE_SHOTS=1).
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cancelByPrefix, insertLead, listLeads } from '../../db';
import { type AdminStack, OWNER, startAdminStack, type Viewport } from '../support/admin-stack';
import { describeViolations, seriousViolations } from '../support/axe';
import { layoutProblems } from '../support/no-overflow';

const NARROW = { width: 360, height: 780 } as unknown as Viewport;
const WIDE = { width: 1366, height: 900 } as unknown as Viewport;

let admin: AdminStack;

beforeAll(async () => {
  admin = await startAdminStack('admin-leads-spam');
}, 60_000);

afterAll(async () => {
  await admin?.close();
});

async function clear() {
  for (const list of ['requests', 'spam'] as const) {
    for (const lead of await listLeads(admin.db, OWNER.cvr, 500, list)) {
      await cancelByPrefix(admin.db, `lead-mail:${OWNER.cvr}:${lead.id}`);
      await admin.db.deleteFrom('leads').where('id', '=', lead.id).execute();
    }
  }
}

/** One real request and three set aside during a flood, a minute apart. */
async function seed() {
  await clear();
  const base = Date.now() - 3_600_000;
  const requests = [
    { name: 'Lise Holm', message: 'Vi vil gerne have en ny terrasse i lærk, ca. 20 m².', spam: false },
    { name: 'Peter Hansen 1', message: 'Nyt tag på 140 m² (sag 1). Hvornår kan I komme?', spam: true },
    { name: 'Peter Hansen 2', message: 'Nyt tag på 140 m² (sag 2). Hvornår kan I komme?', spam: true },
    { name: 'Peter Hansen 3', message: 'Nyt tag på 140 m² (sag 3). Hvornår kan I komme?', spam: true },
  ];
  for (const [minute, request] of requests.entries()) {
    await insertLead(
      admin.db,
      OWNER.cvr,
      {
        name: request.name,
        phone: '20 30 40 50',
        email: 'kunde@example.dk',
        postcode: '4000',
        message: request.message,
        photos: [],
        contentHash: `spam-test-${minute}`,
        spam: request.spam,
      },
      new Date(base + minute * 60_000),
    );
  }
}

const card = (page: Page, name: string) => page.locator('.lead-card', { hasText: name });

async function noProblems(page: Page, screen: string) {
  expect(await layoutProblems(page)).toEqual([]);
  expect(describeViolations(screen, await seriousViolations(page))).toEqual([]);
}

describe('Mulig spam', () => {
  beforeEach(seed);

  it('keeps the requests as the list and the possible spam one press away', async () => {
    for (const [viewport, width] of [
      [NARROW, 360],
      [WIDE, 1366],
    ] as const) {
      const page = await admin.newPage(viewport);
      await admin.signIn(page, '/admin/henvendelser');
      await card(page, 'Lise Holm').waitFor();
      const switcher = page.getByRole('group', { name: 'Vis' });
      const requests = switcher.getByRole('button', { name: 'Henvendelser' });
      const spam = switcher.getByRole('button', { name: 'Mulig spam (3)' });
      expect(await requests.getAttribute('aria-pressed')).toBe('true');
      expect(await spam.getAttribute('aria-pressed')).toBe('false');
      expect(await page.locator('.lead-card').count()).toBe(1);
      // Spam is never news: only the real request counts as unread.
      const tab = page
        .getByRole('navigation', { name: 'Administration' })
        .getByRole('link', { name: /Henvendelser/ });
      await expect.poll(() => tab.textContent()).toBe('Henvendelser1 ulæst');
      await noProblems(page, `requests ${width}`);
      await page.evaluate(() => window.scrollTo(0, 0));
      await admin.shot(page, `requests-${width}`, false);

      await spam.click();
      await card(page, 'Peter Hansen 3').waitFor();
      expect(await spam.getAttribute('aria-pressed')).toBe('true');
      expect(await page.locator('.lead-card').count()).toBe(3);
      // Unread, but not news: no "Ny" badge on possible spam.
      expect(await page.locator('.lead-card .lead-badge', { hasText: 'Ny' }).count()).toBe(0);
      await page.getByText('Forespørgsler, der kom ind, mens formularen fik usædvanligt mange').waitFor();
      // Newest first.
      expect(await page.locator('.lead-card h2').first().textContent()).toContain('Peter Hansen 3');
      await noProblems(page, `spam ${width}`);
      await page.evaluate(() => window.scrollTo(0, 0));
      await admin.shot(page, `spam-${width}`, false);

      await requests.click();
      await card(page, 'Lise Holm').waitFor();
      expect(await page.locator('.lead-card').count()).toBe(1);
      await page.close();
    }
  });

  it("opens on the spam list from the summary mail's link, and hides the switch once there is none", async () => {
    const page = await admin.newPage(NARROW);
    await admin.signIn(page, '/admin/henvendelser?vis=spam');
    await card(page, 'Peter Hansen 1').waitFor();
    expect(await page.locator('.lead-card').count()).toBe(3);

    // The owner deletes them one by one; the count follows.
    for (const left of [2, 1, 0]) {
      await page.locator('.lead-card').first().getByRole('button', { name: 'Slet' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Slet' }).click();
      await page
        .getByRole('button', { name: `Mulig spam (${left})` })
        .waitFor()
        .catch(async () => {
          if (left > 0) throw new Error(`no "Mulig spam (${left})"`);
        });
    }
    await page.getByText('Der er ingen mulig spam.').waitFor();
    // Back on the requests, with no spam left, the switch is gone.
    await page.getByRole('button', { name: 'Henvendelser' }).click();
    await card(page, 'Lise Holm').waitFor();
    expect(await page.getByRole('group', { name: 'Vis' }).count()).toBe(0);
  });
});
