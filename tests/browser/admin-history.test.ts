// History and undo in Chromium against the real product (issue 14): an owner pastes over the
// homepage text, restores the earlier text from "Historik" in one click and sees it live on the public
// site through the real publish pipeline; a deleted page comes back from "Slettede sider". At 360 px,
// where a list can push the page sideways (at 1366 px the panels have four times the room), with
// screenshots in test-artifacts/admin-history/.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listPages } from '../../db';
import { MESSAGES } from '../../rules/messages';
import { type AdminStack, OWNER, startAdminStack } from '../support/admin-stack';

const NARROW = { width: 360, height: 780 } as const;

let admin: AdminStack;

beforeAll(async () => {
  admin = await startAdminStack('admin-history');
});

afterAll(async () => {
  await admin?.close();
});

async function openPage(page: Page, name: string) {
  await page.goto(`${admin.origin}/admin/pages`);
  await page.getByText('Vælg en side fra menuen').waitFor();
  await page.getByRole('navigation', { name: 'Dine sider' }).getByRole('button', { name }).click();
  await page.getByRole('heading', { level: 2, name }).waitFor();
}

/** The public page as a visitor's browser gets it, without waiting for anything. */
async function publicText(path: string): Promise<{ status: number; html: string }> {
  const response = await fetch(`${admin.origin}/${OWNER.cvr}${path}`, { redirect: 'manual' });
  return { status: response.status, html: await response.text() };
}

async function noSidewaysScroll(page: Page, width: number) {
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(width);
}

/** A distinctive phrase of the stored homepage text: the start of a paragraph HTML shows as it is. */
async function homepagePhrase(): Promise<string> {
  const home = (await listPages(admin.db, OWNER.cvr)).find((page) => page.type === 'homepage');
  const paragraph = home?.content.split('\n').find((line) => line.length > 40 && !/[&<>"'[\]]/.test(line));
  const phrase = paragraph?.slice(0, 40).trim() ?? '';
  expect(phrase.length).toBeGreaterThan(10);
  return phrase;
}

describe('history and undo at phone width', () => {
  const [label, viewport] = ['phone', NARROW] as const;
  it('restores the earlier homepage text in one click, and the public site shows it', async () => {
    const original = await homepagePhrase();
    const page = await admin.newPage(viewport);
    await admin.signIn(page);
    await openPage(page, 'Forside');

    const pasted = `Forkert indsat tekst (${label})`;
    await page.getByLabel('Tekst', { exact: true }).fill(pasted);
    await page.getByRole('button', { name: 'Gem ændringer' }).click();
    await page.getByText(MESSAGES.saveSuccess).waitFor();
    await admin.published();
    expect((await publicText('/')).html).toContain(pasted);
    expect((await publicText('/')).html).not.toContain(original);

    await page.getByText('Historik', { exact: true }).click();
    const history = page.locator('.page-history');
    await history.getByText('Tekst ændret').first().waitFor();
    await history.getByText('Nuværende').waitFor();
    await noSidewaysScroll(page, viewport.width);
    await admin.shot(page, `history-${label}`);

    // The version before the paste: the second newest.
    const target = history.locator('.page-history-item').nth(1);
    const clicked = Date.now();
    await target.getByRole('button', { name: /^Gendan versionen fra/ }).click();
    await history.getByText(/er gendannet og offentliggjort/).waitFor();
    await expect
      .poll(async () =>
        ((await page.getByRole('textbox', { name: 'Tekst', exact: true }).textContent()) ?? '').includes(
          original,
        ),
      )
      .toBe(true);

    // Live for a visitor: poll the public page as a browser would, through the real publish queue.
    await expect
      .poll(async () => (await publicText('/')).html.includes(original), { interval: 25, timeout: 10_000 })
      .toBe(true);
    const liveAfterMs = Date.now() - clicked;
    expect((await publicText('/')).html).not.toContain(pasted);
    await history
      .getByText(/^Gendannet fra /)
      .first()
      .waitFor();
    await admin.shot(page, `history-restored-${label}`);
    record(`restore-to-live-${label}`, liveAfterMs);
  });

  it('brings a deleted page back from "Slettede sider"', async () => {
    const page = await admin.newPage(viewport);
    await admin.signIn(page);
    await openPage(page, 'Om os');
    await page.getByRole('button', { name: 'Slet side' }).click();
    const dialog = page.getByRole('dialog', { name: 'Slet side' });
    await dialog.getByText(MESSAGES.deletePageConfirm).waitFor();
    await dialog.getByRole('button', { name: 'Slet side' }).click();
    await page.getByText('Vælg en side fra menuen').waitFor();
    await admin.published();
    expect((await publicText('/om-os')).status).toBe(404);

    await page.getByText('Slettede sider (1)').click();
    await noSidewaysScroll(page, viewport.width);
    await admin.shot(page, `deleted-pages-${label}`);
    await page.getByRole('button', { name: 'Gendan Om os' }).click();
    await page.getByRole('heading', { level: 2, name: 'Om os' }).waitFor();
    expect(await page.getByText(/^Slettede sider/).count()).toBe(0);
    await admin.published();
    const back = await publicText('/om-os');
    expect(back.status).toBe(200);
    expect(back.html).toContain('Om os');
    await admin.shot(page, `deleted-page-restored-${label}`);
  });
});

/** Writes a measured figure beside the screenshots, for the report (no timing is asserted). */
function record(name: string, ms: number) {
  const dir = path.resolve(import.meta.dirname, '../../test-artifacts/admin-history');
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, `${name}.txt`), `${ms} ms\n`);
}
