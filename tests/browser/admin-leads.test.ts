// Issue 39, the owner's side, in Chromium against the real server: Henvendelser marks a request unread
// again, opens a photo in a lightbox (Escape closes it, focus returns to the thumbnail), asks before
// deleting and keeps focus in the list; the inbox mail's link survives the login; where requests go,
// a new address waiting for its confirmation (send again, cancel) and the confirmation page its inbox
// opens; the dashboard's Henvendelser tab in view at 360 px. Screenshots at 360 and 1366 px in
// test-artifacts/admin-leads/ (MESTERSIDE_SHOTS=1).
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { writeLeadPhotos } from '../../api/leads/lead-photos';
import {
  cancelByPrefix,
  clearPendingLeadRecipient,
  getLeadSettings,
  getPendingLeadRecipient,
  insertLead,
  listLeads,
  saveLeadSettings,
} from '../../db';
import { LEAD_RECIPIENT_MESSAGES } from '../../rules/lead-messages';
import { type AdminStack, OWNER, startAdminStack, type Viewport } from '../support/admin-stack';
import { layoutProblems } from '../support/no-overflow';
import { outboxMails, waitForMailLink } from '../support/outbox';

const NARROW = { width: 360, height: 780 } as unknown as Viewport;
const WIDE = { width: 1366, height: 900 } as unknown as Viewport;
const OFFICE = 'kontor@demo-toemrer.example';

let admin: AdminStack;

beforeAll(async () => {
  admin = await startAdminStack('admin-leads');
}, 60_000);

afterAll(async () => {
  await admin?.close();
});

/** A photo as a phone takes it and the form stores it (a JPEG): a house's gable and roof, drawn. */
async function photo(width: number, height: number, roof: string) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#7fb2e5"/><stop offset="1" stop-color="#dcecf7"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#sky)"/>
    <rect y="${height * 0.82}" width="100%" height="${height * 0.18}" fill="#6d8f4e"/>
    <rect x="${width * 0.2}" y="${height * 0.5}" width="${width * 0.6}" height="${height * 0.34}" fill="#efe6d8"/>
    <polygon points="${width * 0.12},${height * 0.52} ${width * 0.5},${height * 0.2} ${width * 0.88},${height * 0.52}" fill="${roof}"/>
    <rect x="${width * 0.44}" y="${height * 0.64}" width="${width * 0.12}" height="${height * 0.2}" fill="#7c4a2d"/>
  </svg>`;
  const data = await sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
  return { data, width, height };
}

/** Three requests, newest first: Mette with two photos, Jonas with one, Lise with none. */
async function seedRequests() {
  for (const lead of await listLeads(admin.db, OWNER.cvr)) {
    await cancelByPrefix(admin.db, `lead-mail:${OWNER.cvr}:${lead.id}`);
    await admin.db.deleteFrom('leads').where('id', '=', lead.id).execute();
  }
  const requests = [
    { name: 'Lise Holm', message: 'Vi vil gerne have en ny terrasse i lærk, ca. 20 m².', photos: [] },
    {
      name: 'Jonas Berg',
      message: 'Et vindue i stuen er råddent i bunden.',
      photos: [photo(1600, 1200, '#8a3b2a')],
    },
    {
      name: 'Mette Ørsted',
      message: 'Taget drypper over køkkenet.\nKan I kigge på det i næste uge?',
      // One upright, as a phone takes it, and one across.
      photos: [photo(1200, 1600, '#4b5563'), photo(1600, 1200, '#4b5563')],
    },
  ];
  for (const [minute, request] of requests.entries()) {
    const id = crypto.randomUUID();
    const photos = await writeLeadPhotos(admin.storageDir, OWNER.cvr, id, await Promise.all(request.photos));
    await insertLead(
      admin.db,
      OWNER.cvr,
      {
        name: request.name,
        phone: '20 30 40 50',
        email: `${request.name.split(' ')[0]?.toLowerCase()}@example.dk`,
        postcode: '4600',
        message: request.message,
        photos,
        contentHash: id,
      },
      new Date(Date.now() - (10 - minute) * 60_000),
      id,
    );
  }
}

const card = (page: Page, name: string) => page.locator('.lead-card', { hasText: name });
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    return `${element?.tagName.toLowerCase()} ${element?.getAttribute('aria-label') ?? element?.textContent?.trim()}`;
  });

async function openInbox(page: Page) {
  await admin.signIn(page, '/admin/henvendelser');
  await card(page, 'Mette Ørsted').waitFor();
  await page.locator('.lead-settings').waitFor();
}

describe('Henvendelser', () => {
  beforeEach(async () => {
    await seedRequests();
    await saveLeadSettings(admin.db, OWNER.cvr, { formEnabled: true, recipientEmail: null });
    await clearPendingLeadRecipient(admin.db, OWNER.cvr);
  });

  it('marks a request read and unread again, the badge and the tab count with it', async () => {
    const page = await admin.newPage(WIDE);
    await openInbox(page);
    const mette = card(page, 'Mette Ørsted');
    const tab = page
      .getByRole('navigation', { name: 'Administration' })
      .getByRole('link', { name: /Henvendelser/ });
    await expect.poll(() => tab.textContent()).toBe('Henvendelser3 ulæste');
    await expect.poll(() => mette.locator('.lead-badge', { hasText: 'Ny' }).count()).toBe(1);

    await mette.getByRole('button', { name: 'Markér som læst' }).click();
    await mette.getByRole('button', { name: 'Markér som ulæst' }).waitFor();
    expect(await mette.locator('.lead-badge', { hasText: 'Ny' }).count()).toBe(0);
    await expect.poll(() => tab.textContent()).toBe('Henvendelser2 ulæste');
    // The button stays where the owner's focus is.
    expect(await focused(page)).toBe('button Markér som ulæst');

    await mette.getByRole('button', { name: 'Markér som ulæst' }).click();
    await mette.getByRole('button', { name: 'Markér som læst' }).waitFor();
    await expect.poll(() => tab.textContent()).toBe('Henvendelser3 ulæste');
    const stored = (await listLeads(admin.db, OWNER.cvr)).find((lead) => lead.name === 'Mette Ørsted');
    expect(stored?.readAt).toBeNull();
    // Two photos are "2 billeder".
    expect(await mette.getByRole('list', { name: '2 billeder' }).count()).toBe(1);
    expect(await card(page, 'Jonas Berg').getByRole('list', { name: '1 billede' }).count()).toBe(1);
    await admin.shot(page, 'inbox-1366');
  });

  it('marks a request done, and offers the way back as a link-styled undo (issue 49)', async () => {
    const page = await admin.newPage(NARROW);
    await openInbox(page);
    const mette = card(page, 'Mette Ørsted');
    await mette.getByRole('button', { name: 'Opgaven er udført' }).click();
    const undo = mette.getByRole('button', { name: 'Fortryd: ikke udført' });
    await undo.waitFor();
    expect(await mette.getByText('Markeret som udført.').isVisible()).toBe(true);
    expect(await focused(page)).toBe('button Fortryd: ikke udført');
    // It reads as a link, not as a second status button: no frame, no fill, underlined.
    const look = await undo.evaluate((element) => {
      const style = getComputedStyle(element);
      return {
        border: style.borderTopWidth,
        background: style.backgroundColor,
        underline: style.textDecorationLine,
        height: element.getBoundingClientRect().height,
      };
    });
    expect(look).toMatchObject({ border: '0px', background: 'rgba(0, 0, 0, 0)', underline: 'underline' });
    expect(look.height).toBeGreaterThanOrEqual(44);
    await admin.shot(page, 'lead-done-360');
    await undo.click();
    await mette.getByRole('button', { name: 'Opgaven er udført' }).waitFor();
    expect(await focused(page)).toBe('button Opgaven er udført');
    const stored = (await listLeads(admin.db, OWNER.cvr)).find((lead) => lead.name === 'Mette Ørsted');
    expect(stored?.handledAt).toBeNull();
  });

  it('opens a photo in a lightbox: arrows move, Escape closes, focus returns to the thumbnail', async () => {
    const page = await admin.newPage(NARROW);
    await openInbox(page);
    const pagesBefore = page.context().pages().length;
    const thumbnail = page.getByRole('button', { name: 'Forstør billede 1 fra Mette Ørsted' });
    await thumbnail.click();
    const dialog = page.getByRole('dialog', { name: 'Billede 1 af 2 fra Mette Ørsted' });
    await dialog.waitFor();
    // The photo is shown whole, inside the phone's width, and no tab was opened.
    const box = await dialog.locator('img').boundingBox();
    expect(box?.width).toBeGreaterThan(250);
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(360);
    expect(page.context().pages().length).toBe(pagesBefore);
    expect(
      await page.evaluate(
        () => (document.querySelector('dialog.lightbox img') as HTMLImageElement).naturalWidth,
      ),
    ).toBe(1200);
    // The whole photo in view, however tall.
    expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(780);
    await admin.shot(page, 'lightbox-360', false);

    await page.keyboard.press('ArrowRight');
    await page.getByRole('dialog', { name: 'Billede 2 af 2 fra Mette Ørsted' }).waitFor();
    await page.getByRole('button', { name: 'Næste' }).click();
    await page.getByRole('dialog', { name: 'Billede 1 af 2 fra Mette Ørsted' }).waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await focused(page)).toBe('button Forstør billede 1 fra Mette Ørsted');

    // "Luk" closes it too, and focus goes back to the thumbnail that opened it.
    await page.getByRole('button', { name: 'Forstør billede 1 fra Jonas Berg' }).click();
    await page
      .getByRole('dialog', { name: 'Billede 1 af 1 fra Jonas Berg' })
      .getByRole('button', { name: 'Luk' })
      .click();
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    expect(await focused(page)).toBe('button Forstør billede 1 fra Jonas Berg');
  });

  it('asks before deleting, and keeps focus in the list afterwards', async () => {
    const page = await admin.newPage(WIDE);
    await openInbox(page);
    const remove = card(page, 'Mette Ørsted').getByRole('button', { name: 'Slet' });
    await remove.click();
    const confirm = page.getByRole('dialog', { name: 'Slet henvendelse' });
    await confirm.waitFor();
    await confirm.getByRole('button', { name: 'Annuller' }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect(await focused(page)).toBe('button Slet');
    expect(await listLeads(admin.db, OWNER.cvr)).toHaveLength(3);

    // Deleted: focus on the next request's heading, not lost on the page.
    await remove.click();
    await confirm.getByRole('button', { name: 'Slet' }).click();
    await card(page, 'Mette Ørsted').waitFor({ state: 'detached' });
    await expect.poll(() => focused(page)).toBe('h2 NyJonas Berg');
    expect((await listLeads(admin.db, OWNER.cvr)).map((lead) => lead.name)).toEqual([
      'Jonas Berg',
      'Lise Holm',
    ]);

    // The last one: focus on the one before it.
    await card(page, 'Lise Holm').getByRole('button', { name: 'Slet' }).click();
    await confirm.getByRole('button', { name: 'Slet' }).click();
    await card(page, 'Lise Holm').waitFor({ state: 'detached' });
    await expect.poll(() => focused(page)).toBe('h2 NyJonas Berg');
    // And once the list is empty, the screen's heading.
    await card(page, 'Jonas Berg').getByRole('button', { name: 'Slet' }).click();
    await confirm.getByRole('button', { name: 'Slet' }).click();
    await page.getByText('Du har ingen henvendelser endnu.').waitFor();
    await expect.poll(() => focused(page)).toBe('h1 Henvendelser');
  });

  it("brings a signed-out owner from the mail's link to Henvendelser after the login", async () => {
    const page = await admin.newPage(NARROW);
    await page.goto(`${admin.origin}/admin/henvendelser`);
    await page.getByRole('heading', { name: 'Log ind på din side' }).waitFor();
    await page.getByLabel('E-mail').fill(OWNER.email);
    await page.getByLabel('Adgangskode').fill(OWNER.password);
    await page.getByRole('button', { name: 'Log ind' }).click();
    await page.waitForURL(`${admin.origin}/admin/henvendelser`);
    await card(page, 'Mette Ørsted').waitFor();
  });

  it('shows where requests go, and a new address waiting for its inbox until it is confirmed there', async () => {
    const page = await admin.newPage(NARROW);
    await openInbox(page);
    const settings = page.locator('.lead-settings');
    await settings.getByText(`Forespørgsler sendes til ${OWNER.email} (din login-e-mail)`).waitFor();
    expect(await layoutProblems(page)).toEqual([]);

    await settings.getByLabel('Send forespørgsler til').fill(OFFICE);
    await settings.getByRole('button', { name: 'Gem' }).click();
    await settings
      .getByRole('status')
      .getByText(
        `Vi har sendt en e-mail til ${OFFICE}. Når adressen er bekræftet, sendes forespørgslerne dertil – indtil da til ${OWNER.email}.`,
      )
      .waitFor();
    await settings.getByText('Afventer bekræftelse').waitFor();
    expect(await settings.locator('.lead-pending-email').textContent()).toBe(OFFICE);
    expect(await getLeadSettings(admin.db, OWNER.cvr)).toMatchObject({ recipientEmail: null });
    await page.locator('.lead-settings').scrollIntoViewIfNeeded();
    await admin.shot(page, 'recipient-pending-360');
    expect(await layoutProblems(page)).toEqual([]);

    const link = await waitForMailLink(
      admin.storageDir,
      OFFICE,
      /(http:\/\/\S+\/admin\/bekraeft-modtager\?token=[a-z2-7]+)/,
    );
    await settings.getByRole('button', { name: 'Send e-mailen igen' }).click();
    await settings.getByText(`Vi har sendt e-mailen til ${OFFICE} igen.`).waitFor();
    expect(outboxMails(admin.storageDir).filter((mail) => mail.includes(`To: ${OFFICE}`))).toHaveLength(2);

    // The first link died with the second; the newest is opened by someone without a login.
    const newest = await waitForMailLink(
      admin.storageDir,
      OFFICE,
      /(http:\/\/\S+\/admin\/bekraeft-modtager\?token=[a-z2-7]+)/,
    );
    expect(newest).not.toBe(link);
    const guest = await admin.browser.newContext({ viewport: { width: 360, height: 780 }, locale: 'da-DK' });
    try {
      const inbox = await guest.newPage();
      await inbox.goto(link);
      await inbox.getByRole('alert').getByText(LEAD_RECIPIENT_MESSAGES.linkReplaced).waitFor();
      await inbox.goto(newest);
      await inbox.getByText('Ejeren af hjemmesiden for').waitFor();
      expect(await inbox.locator('.login-card').textContent()).toContain(OFFICE);
      await reviewGuest(inbox, 'confirm-recipient-360');
      expect(await getPendingLeadRecipient(admin.db, OWNER.cvr)).toMatchObject({ email: OFFICE });
      await inbox.getByRole('button', { name: 'Bekræft adressen' }).click();
      await inbox.getByRole('status').getByText(`sendes nu til ${OFFICE}.`, { exact: false }).waitFor();
      await reviewGuest(inbox, 'confirm-recipient-done-360');
    } finally {
      await guest.close();
    }
    expect(await getLeadSettings(admin.db, OWNER.cvr)).toMatchObject({ recipientEmail: OFFICE });

    await page.reload();
    await settings.getByText(`Forespørgsler sendes til ${OFFICE}`).waitFor();
    expect(await settings.getByText('Afventer bekræftelse').count()).toBe(0);

    // Another address, then cancelled: the confirmed one stays.
    await settings.getByLabel('Send forespørgsler til').fill('tilbud@demo-toemrer.example');
    await settings.getByRole('button', { name: 'Gem' }).click();
    await settings.getByText('Afventer bekræftelse').waitFor();
    await settings.getByRole('button', { name: 'Annullér skiftet' }).click();
    await settings
      .getByText(`Skiftet er annulleret. Forespørgslerne sendes fortsat til ${OFFICE}.`)
      .waitFor();
    expect(await getPendingLeadRecipient(admin.db, OWNER.cvr)).toBeNull();
    expect(await settings.getByLabel('Send forespørgsler til').inputValue()).toBe(OFFICE);
  });

  it('shows the settings at 1366 px with an address waiting', async () => {
    const page = await admin.newPage(WIDE);
    await openInbox(page);
    const settings = page.locator('.lead-settings');
    await settings.getByLabel('Send forespørgsler til').fill(OFFICE);
    await settings.getByRole('button', { name: 'Gem' }).click();
    await settings.getByText('Afventer bekræftelse').waitFor();
    expect(await layoutProblems(page)).toEqual([]);
    await admin.shot(page, 'recipient-pending-1366');
  });

  it("keeps the dashboard's Henvendelser tab in view at 360 px", async () => {
    const page = await admin.newPage(NARROW);
    await admin.signIn(page);
    await page.getByRole('heading', { name: 'Overblik' }).waitFor();
    const tab = page
      .getByRole('navigation', { name: 'Administration' })
      .getByRole('link', { name: /Henvendelser/ });
    await expect.poll(() => tab.textContent()).toContain('ulæste');
    const box = await tab.boundingBox();
    expect(box?.x).toBeGreaterThanOrEqual(0);
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(360);
    expect(await layoutProblems(page)).toEqual([]);
    await page.evaluate(() => window.scrollTo(0, 0));
    await admin.shot(page, 'dashboard-360', false);
    await openInbox(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    await admin.shot(page, 'inbox-360');
  });
});

/** The confirmation page's screenshot, taken in the guest's own context. */
async function reviewGuest(page: Page, name: string) {
  const { reviewShot } = await import('../support/review-shots');
  await reviewShot(page, 'admin-leads', name);
}
