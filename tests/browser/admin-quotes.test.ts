// Issue 51, the owner's side in Chromium against the real server at 360 px: the Timepris set in the
// settings; a request in Henvendelser, "Giv et tilbud", which starts with an Arbejdsløn line at the
// Timepris and an empty Materialer line; Enter in a price adds the next line of its kind; moms and
// total live; an empty line left out; "Send tilbud" numbers and locks it and mails the customer;
// then the list with its sum. A tilbud for a customer with only a phone number shows the SMS text
// to copy, after a reload too; a tilbud the customer declined shows the customer's reason. axe finds
// nothing serious on the list, the editor and a sent tilbud.
// Screenshots in test-artifacts/admin-quotes/ (MESTERSIDE_SHOTS=1).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { dayLabel } from '../../admin/src/screens/quotes/quote-format';
import { createQuote, declineQuote, insertLead, markQuoteSent } from '../../db';
import { QUOTE_MESSAGES } from '../../rules/quote-messages';
import { type AdminStack, OWNER, startAdminStack, type Viewport } from '../support/admin-stack';
import { describeViolations, seriousViolations } from '../support/axe';
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
  // The Timepris, once, in the settings under Tilbud.
  await admin.signIn(page, '/admin/henvendelser/tilbud');
  const rate = page.getByLabel('Timepris, kr. ekskl. moms');
  await rate.fill('495 kr');
  await page.getByRole('button', { name: 'Gem indstillinger' }).click();
  await page.getByText(QUOTE_MESSAGES.settingsSaved).waitFor();
  await expect(rate.inputValue()).resolves.toBe('495,00');

  await page.goto(`${admin.origin}/admin/henvendelser`);
  const card = page.locator('.lead-card', { hasText: 'Mette Ørsted' });
  await card.getByRole('button', { name: 'Giv et tilbud' }).click();
  await page.getByRole('heading', { name: /Kladde · Mette Ørsted/ }).waitFor();
  await expect(page.getByLabel('Beskrivelse').inputValue()).resolves.toBe(
    'Vi vil gerne have skiftet tre vinduer i stuen.',
  );

  // Arbejdsløn at the Timepris, then an empty Materialer line.
  const lines = page.locator('.quote-line');
  await expect(lines.count()).resolves.toBe(2);
  const first = lines.nth(0);
  await expect(first.getByLabel('Tekst').inputValue()).resolves.toBe('Arbejdsløn');
  await expect(first.getByLabel('Enhed').inputValue()).resolves.toBe('hours');
  await expect(first.getByLabel('Pris, kr.').inputValue()).resolves.toBe('495,00');
  await expect(lines.nth(1).getByLabel('Type').inputValue()).resolves.toBe('materials');
  // The untouched empty line is not marked as wrong.
  await expect(lines.nth(1).locator('[aria-invalid="true"]').count()).resolves.toBe(0);

  await first.getByLabel('Tekst').fill('Udskiftning af vinduer');
  await first.getByLabel('Antal').fill('6');
  await first.getByLabel('Pris, kr.').fill('520');
  // Enter in the price: the next labour line, right after, at the price just typed, its text focused
  // (and the draft is not saved by it).
  await first.getByLabel('Pris, kr.').press('Enter');
  await expect(lines.count()).resolves.toBe(3);
  const second = lines.nth(1);
  await expect(second.getByLabel('Type').inputValue()).resolves.toBe('labour');
  await expect(second.getByLabel('Pris, kr.').inputValue()).resolves.toBe('520');
  await page.keyboard.type('Oprydning');
  await expect(second.getByLabel('Tekst').inputValue()).resolves.toBe('Oprydning');
  await second.getByLabel('Antal').fill('1,5');
  expect(await page.getByText(QUOTE_MESSAGES.saved).count()).toBe(0);
  const material = lines.nth(2);
  await material.getByLabel('Tekst').fill('Tre vinduer, 3-lags glas');
  await material.getByLabel('Antal').fill('3');
  await material.getByLabel('Pris, kr.').fill('4.250');
  // "+ Materialer" offers the last material price; "+ Kørsel" adds an empty line, left untouched.
  await page.getByRole('button', { name: '+ Materialer' }).click();
  await expect(lines.nth(3).getByLabel('Pris, kr.').inputValue()).resolves.toBe('4.250');
  await lines.nth(3).getByRole('button', { name: 'Fjern' }).click();
  await page.getByRole('button', { name: '+ Kørsel' }).click();
  await expect(lines.count()).resolves.toBe(4);
  // 3.120 + 780 + 12.750 = 16.650 kr.; moms 4.162,50; total 20.812,50 kr.
  const total = page.locator('.quote-total');
  await expect(total.textContent()).resolves.toContain('20.812,50 kr.');
  expect(await layoutProblems(page)).toEqual([]);
  expect(describeViolations('the tilbud editor at 360 px', await seriousViolations(page))).toEqual([]);
  await admin.shot(page, 'editor-360');

  // Sent: numbered, locked, the empty Kørsel line left out; the customer is mailed, so no SMS box.
  await page.getByRole('button', { name: 'Send tilbud' }).click();
  await page.getByRole('heading', { name: /Tilbud \d{4}-0001 · Mette Ørsted/ }).waitFor();
  await expect(page.getByRole('button', { name: 'Ret og send igen' }).isVisible()).resolves.toBe(true);
  await expect(page.locator('.quote-locked-lines li').allTextContents()).resolves.toEqual([
    expect.stringContaining('Udskiftning af vinduer'),
    expect.stringContaining('Oprydning'),
    expect.stringContaining('Tre vinduer, 3-lags glas'),
  ]);
  expect(await page.getByRole('heading', { name: 'Send tilbuddet som sms' }).count()).toBe(0);
  expect(await layoutProblems(page)).toEqual([]);
  expect(describeViolations('a sent tilbud at 360 px', await seriousViolations(page))).toEqual([]);
  await admin.shot(page, 'sent-360');

  await page.getByRole('link', { name: '← Alle tilbud' }).click();
  await page.getByRole('heading', { name: 'Tilbud', exact: true }).waitFor();
  await expect(page.locator('.quote-sums').textContent()).resolves.toContain('20.812,50 kr.');
  await expect(page.locator('.quote-row').first().textContent()).resolves.toContain('Sendt');
  expect(await layoutProblems(page)).toEqual([]);
  expect(describeViolations('the Tilbud list at 360 px', await seriousViolations(page))).toEqual([]);
  await admin.shot(page, 'list-360');
});

it('shows the SMS text to copy for a customer with only a phone number, after a reload too', async () => {
  const page = await admin.newPage(NARROW);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: admin.origin });
  await admin.signIn(page, '/admin/henvendelser/tilbud');
  await page.getByLabel('Kundens navn').fill('Jens Hansen');
  await page.getByLabel('Telefon eller e-mail').fill('40 50 60 70');
  await page.getByRole('button', { name: 'Lav tilbud' }).click();
  await page.getByRole('heading', { name: /Kladde · Jens Hansen/ }).waitFor();
  const first = page.locator('.quote-line').nth(0);
  await first.getByLabel('Antal').fill('2');
  await first.getByLabel('Pris, kr.').fill('495');
  await page.getByRole('button', { name: 'Send tilbud' }).click();
  await page.getByRole('heading', { name: /Tilbud \d{4}-\d{4} · Jens Hansen/ }).waitFor();

  // 2 × 495 kr. = 990 kr. + moms = 1.237,50 kr.
  const box = page.getByLabel('Tekst til sms');
  const text = await box.inputValue();
  expect(text).toContain('1.237,50 kr.');
  expect(text).toMatch(new RegExp(`http://\\S+/api/sites/${OWNER.cvr}/tilbud/\\S+`));
  expect(text).toMatch(/tilbud \d{4}-\d{4} fra /);
  await page.reload();
  await page.getByRole('heading', { name: 'Send tilbuddet som sms' }).waitFor();
  await expect(box.inputValue()).resolves.toBe(text);
  await expect(box.getAttribute('readonly')).resolves.toBe('');

  await page.getByRole('button', { name: 'Kopiér' }).click();
  await page.getByRole('status').filter({ hasText: QUOTE_MESSAGES.smsCopied }).waitFor();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(text);
  const sms = page.getByRole('link', { name: 'Åbn i sms' });
  await expect(sms.getAttribute('href')).resolves.toBe(`sms:+4540506070?body=${encodeURIComponent(text)}`);
  expect(await layoutProblems(page)).toEqual([]);
  expect(describeViolations('a tilbud sent by SMS at 360 px', await seriousViolations(page))).toEqual([]);
  await admin.shot(page, 'sms-360');
});

it("shows the owner the customer's reason on a declined tilbud", async () => {
  const now = new Date();
  const day = now.toISOString().slice(0, 10);
  const validUntil = new Date(now.getTime() + 20 * 86_400_000).toISOString().slice(0, 10);
  const draft = {
    leadId: null,
    customerName: 'Karen Holm',
    customerEmail: 'karen@example.dk',
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
  await page.getByRole('heading', { name: /Tilbud \d{4}-\d{4} · Karen Holm/ }).waitFor();
  const declined = page.locator('.quote-declined');
  await expect(declined.textContent()).resolves.toContain(`${QUOTE_MESSAGES.declineReason} ${reason}`);
  await expect(declined.textContent()).resolves.toContain(QUOTE_MESSAGES.declinedOn(dayLabel(day)));
  expect(await layoutProblems(page)).toEqual([]);
  await admin.shot(page, 'declined-360');
});
