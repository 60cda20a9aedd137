// Issue 49 item 3 in Chromium at 360 px: the own-domain guide shows exactly what to type into a
// registrar's form. For www.frisoer-eksempel.dk: host parts "@", "www" and "_mesterside.www" (never
// the whole name where the form wants the host), type and value, a "Kopiér" per value that puts the
// value on the clipboard (read back with the clipboard permission granted) and says "Kopieret",
// both the bare domain and www explained; nothing wider than the phone. Screenshots at 360 and
// 1366 px go to test-artifacts/admin-domain-guide/ with MESTERSIDE_SHOTS=1.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verificationName, verificationValue } from '../../api/services/domain-dns';
import { DOMAIN_GUIDE_MESSAGES } from '../../rules/settings-messages';
import { type AdminStack, OWNER, startAdminStack } from '../support/admin-stack';
import { describeViolations, seriousViolations } from '../support/axe';
import { type FakeDns, startFakeDns } from '../support/fake-dns';
import { layoutProblems } from '../support/no-overflow';

const ADDRESS = '203.0.113.10';
const DOMAIN = 'www.frisoer-eksempel.dk';
const NARROW = { width: 360, height: 780 } as const;
const WIDE = { width: 1366, height: 900 } as const;

let admin: AdminStack;
let dns: FakeDns;

beforeAll(async () => {
  dns = await startFakeDns();
  admin = await startAdminStack('admin-domain-guide', { DNS_A_RECORD: ADDRESS, DNS_SERVERS: dns.server });
}, 60_000);

afterAll(async () => {
  await admin?.close();
  await dns?.close();
});

async function openDomainTab(page: Page): Promise<void> {
  await admin.signIn(page, '/admin/settings');
  await page.getByRole('heading', { name: 'Hjemmesideindstillinger' }).waitFor();
  await page.getByRole('tab', { name: 'Domæne' }).click();
  await page.getByRole('heading', { name: 'Domæne', level: 2 }).waitFor();
}

/** The guide's rows as the owner reads them: host part, type, value. */
async function rows(page: Page): Promise<string[][]> {
  return page.$$eval('.dns-table tbody tr', (trs) =>
    trs.map((tr) => [
      tr.querySelector('.dns-host')?.textContent ?? '',
      (tr.querySelector('td[data-label="Type"]')?.textContent ?? '').trim(),
      tr.querySelector('.dns-value')?.textContent ?? '',
    ]),
  );
}

describe('the own-domain guide (issue 49)', () => {
  it('shows host parts, types and values with working copy buttons at 360 px', async () => {
    const page = await admin.newPage(NARROW);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: admin.origin });
    await openDomainTab(page);
    await page.getByLabel('Eget domæne').fill(DOMAIN);
    await page.getByRole('button', { name: 'Gem ændringer' }).click();
    await page.getByRole('heading', { name: 'Sådan sætter du DNS op' }).waitFor();

    const txt = verificationValue(OWNER.cvr);
    expect(await rows(page)).toEqual([
      ['@', 'A', ADDRESS],
      ['www', 'A', ADDRESS],
      ['_mesterside.www', 'TXT', txt],
    ]);
    const guide = page.locator('.dns-card');
    const text = (await guide.textContent()) ?? '';
    // Both names explained, and no dead end where the address belongs.
    expect(text).toContain(DOMAIN_GUIDE_MESSAGES.bothNames(DOMAIN, 'frisoer-eksempel.dk'));
    expect(text).toContain(DOMAIN_GUIDE_MESSAGES.hostHelp('frisoer-eksempel.dk'));
    expect(text).not.toContain('Kontakt os');
    // Each card names its columns on a phone (the table's header is hidden there).
    expect((await page.locator('.dns-table thead').boundingBox())?.height).toBeLessThanOrEqual(1);
    expect(await page.locator('.dns-table td[data-label="Værdi"]').first().isVisible()).toBe(true);
    expect(await layoutProblems(page)).toEqual([]);
    expect(describeViolations('the domain guide at 360 px', await seriousViolations(page))).toEqual([]);

    // Each value's own button copies it and says so where it was pressed.
    const copies = [
      ['værdien for www', ADDRESS],
      ['værdien for _mesterside.www', txt],
      ['værdien for @', ADDRESS],
    ] as const;
    for (const [what, value] of copies) {
      await page.evaluate(() => navigator.clipboard.writeText('-'));
      const button = page.getByRole('button', { name: `Kopiér ${what}`, exact: true });
      await button.click();
      const row = page.locator('.dns-table tbody tr').filter({ has: button });
      await row.getByRole('status').getByText('Kopieret').waitFor();
      expect(await row.getByRole('status').isVisible()).toBe(true);
      expect(await page.evaluate(() => navigator.clipboard.readText()), what).toBe(value);
    }
    await admin.shot(page, 'guide-360');

    // Without the clipboard API (an older browser, or http on a LAN address) the copy still works.
    await page.evaluate(() => {
      Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
    });
    await page.getByRole('button', { name: 'Kopiér værdien for _mesterside.www', exact: true }).click();
    const txtRow = page.locator('.dns-table tbody tr').nth(2);
    await txtRow
      .getByRole('status')
      .getByText(/Kopieret|Kunne ikke kopiere/)
      .waitFor();
    expect(await txtRow.getByRole('status').textContent()).toBe(DOMAIN_GUIDE_MESSAGES.copied);
    // A fresh page has the clipboard API again, to read what the old way copied.
    await page.reload();
    await page.getByRole('tab', { name: 'Domæne' }).click();
    await page.getByRole('heading', { name: 'Sådan sætter du DNS op' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(txt);

    // The check asks DNS for exactly what the guide says, and accepts it.
    dns.records.set(DOMAIN, { a: [ADDRESS] });
    dns.records.set('frisoer-eksempel.dk', { a: [ADDRESS] });
    dns.records.set(verificationName(DOMAIN), { txt: [txt] });
    await page.getByRole('button', { name: 'Tjek nu' }).click();
    await page.getByText('Dit domæne er sat rigtigt op.').waitFor();
  }, 60_000);

  it('reads as one table at 1366 px', async () => {
    const page = await admin.newPage(WIDE);
    await openDomainTab(page);
    await page.getByRole('heading', { name: 'Sådan sætter du DNS op' }).waitFor();
    expect((await page.locator('.dns-table thead').boundingBox())?.height).toBeGreaterThan(20);
    const headers = await page.locator('.dns-table thead th').allTextContents();
    expect(headers).toEqual(['Navn', 'Type', 'Værdi']);
    expect(await layoutProblems(page)).toEqual([]);
    await admin.shot(page, 'guide-1366');
  });
});
