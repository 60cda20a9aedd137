// Issue 51 (phase 1), the owner's side in Chromium against the real server at 360 px: a request in
// Henvendelser, "Giv et tilbud", two labour lines and one material line typed in, moms and total live,
// saved and "Send tilbud" (numbered and locked; the mail is phase 2), then the list with its sum; a
// tilbud the customer declined shows the customer's reason.
// Screenshots in test-artifacts/admin-quotes/ (MESTERSIDE_SHOTS=1).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { dayLabel } from '../../admin/src/screens/quotes/quote-format';
import { createQuote, declineQuote, insertLead, markQuoteSent } from '../../db';
import { QUOTE_MESSAGES } from '../../rules/quote-messages';
import { type AdminStack, OWNER, startAdminStack, type Viewport } from '../support/admin-stack';
import { layoutProblems } from '../support/no-overflow';

const NARROW = { width: 360, height: 780 } as unknown as Viewport;

let admin: AdminStack;

beforeAll(async () => {
  admin = await startAdminStack('admin-quotes');
}, 60_000);

afterAll(async () => {
  await admin?.close();
});

it('answers a request with a tilbud at 360 px, with moms and total live, and sends it', async () => {
  await insertLead(admin.db, OWNER.cvr, {
    name: 'Mette Ørsted',
    phone: '20304050',
    email: 'mette@example.dk',
    postcode: '4600',
    message: 'Vi vil gerne have skiftet tre vinduer i stuen.',
    photos: [],
    contentHash: 'quote-browser-1',
  });
  const page = await admin.newPage(NARROW);
  await admin.signIn(page, '/admin/henvendelser');
  const card = page.locator('.lead-card', { hasText: 'Mette Ørsted' });
  await card.getByRole('button', { name: 'Giv et tilbud' }).click();
  await page.getByRole('heading', { name: /Kladde · Mette Ørsted/ }).waitFor();
  await expect(page.getByLabel('Beskrivelse').inputValue()).resolves.toBe(
    'Vi vil gerne have skiftet tre vinduer i stuen.',
  );

  const lines = page.locator('.quote-line');
  const fill = async (index: number, text: string, quantity: string, price: string) => {
    const line = lines.nth(index);
    await line.getByLabel('Tekst').fill(text);
    await line.getByLabel('Antal').fill(quantity);
    await line.getByLabel('Pris, kr.').fill(price);
  };
  await fill(0, 'Udskiftning af vinduer', '6', '520');
  await page.getByRole('button', { name: '+ Arbejdsløn' }).click();
  await fill(1, 'Oprydning', '1,5', '520');
  await page.getByRole('button', { name: '+ Materialer' }).click();
  await fill(2, 'Tre vinduer, 3-lags glas', '3', '4.250');
  // 3.120 + 780 + 12.750 = 16.650 kr.; moms 4.162,50; total 20.812,50 kr.
  const total = page.locator('.quote-total');
  await expect(total.textContent()).resolves.toContain('20.812,50 kr.');
  expect(await layoutProblems(page)).toEqual([]);
  await admin.shot(page, 'editor-360');

  await page.getByRole('button', { name: 'Send tilbud' }).click();
  await page.getByRole('heading', { name: /Tilbud \d{4}-0001 · Mette Ørsted/ }).waitFor();
  await expect(page.getByRole('button', { name: 'Ret og send igen' }).isVisible()).resolves.toBe(true);
  await admin.shot(page, 'sent-360');

  await page.getByRole('link', { name: '← Alle tilbud' }).click();
  await page.getByRole('heading', { name: 'Tilbud', exact: true }).waitFor();
  await expect(page.locator('.quote-sums').textContent()).resolves.toContain('20.812,50 kr.');
  await expect(page.locator('.quote-row').first().textContent()).resolves.toContain('Sendt');
  expect(await layoutProblems(page)).toEqual([]);
  await admin.shot(page, 'list-360');
});

it("shows the owner the customer's reason on a declined tilbud", async () => {
  const now = new Date();
  const day = now.toISOString().slice(0, 10);
  const validUntil = new Date(now.getTime() + 20 * 86_400_000).toISOString().slice(0, 10);
  const draft = {
    leadId: null,
    customerName: 'Jens Hansen',
    customerEmail: 'jens@example.dk',
    customerPhone: '',
    customerAddress: '',
    title: 'Nyt tag',
    description: '',
    validUntil,
    terms: 'Betaling 8 dage netto.',
    lines: [
      {
        kind: 'labour' as const,
        text: 'Tagarbejde',
        quantityHundredths: 1000,
        unit: 'hours' as const,
        unitPriceOre: 50_000,
        deduction: null,
      },
    ],
  };
  const quote = await createQuote(admin.db, OWNER.cvr, draft, now);
  expect((await markQuoteSent(admin.db, OWNER.cvr, quote.id, now)).ok).toBe(true);
  const reason = 'For dyrt <b>desværre</b>';
  expect((await declineQuote(admin.db, OWNER.cvr, quote.id, reason, now)).ok).toBe(true);

  const page = await admin.newPage(NARROW);
  await admin.signIn(page, `/admin/henvendelser/tilbud/${quote.id}`);
  await page.getByRole('heading', { name: /Tilbud \d{4}-\d{4} · Jens Hansen/ }).waitFor();
  const declined = page.locator('.quote-declined');
  await expect(declined.textContent()).resolves.toContain(`${QUOTE_MESSAGES.declineReason} ${reason}`);
  await expect(declined.textContent()).resolves.toContain(QUOTE_MESSAGES.declinedOn(dayLabel(day)));
  expect(await layoutProblems(page)).toEqual([]);
  await admin.shot(page, 'declined-360');
});
