// Issue 51's Done-when journey in Chromium against the real server, mails through a loopback SMTP
// server: a visitor sends a request on the site; the owner at 360 px answers it with a tilbud of two
// labour lines and one material line and sends it, in 9 taps and fields (counted); the customer opens the mailed link at 360 px with
// JavaScript off, sees moms, the total and the labour that counts for fradrag, and accepts; the owner
// gets the mail; the PDF attached to the customer's mail holds the same total; the owner makes the
// invoice, which has the next number and the same lines. Screenshots of the tilbud page at 360 and
// 1366 px in MESTERSIDE_SHOTS_DIR (default test-artifacts/quote-journey/); axe on the page.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PDFParse } from 'pdf-parse';
import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { findQuote, listInvoices, listQuotes, saveQuoteSettings } from '../../db';
import { copenhagenDay } from '../../rules/ai-limit';
import { type AdminStack, OWNER, startAdminStack, type Viewport } from '../support/admin-stack';
import { describeViolations, seriousViolations } from '../support/axe';
import { layoutProblems } from '../support/no-overflow';
import { readMessage, type SmtpSink, startSmtpSink } from '../support/smtp-sink';

const NARROW = { width: 360, height: 780 } as unknown as Viewport;
const WIDE = { width: 1366, height: 900 } as unknown as Viewport;
const CUSTOMER = 'mette.orsted@example.dk';
const SHOTS = process.env.MESTERSIDE_SHOTS_DIR ?? path.join('test-artifacts', 'quote-journey');

let sink: SmtpSink;
let admin: AdminStack;

beforeAll(async () => {
  sink = await startSmtpSink();
  admin = await startAdminStack('quote-journey', { SMTP_URL: sink.url });
  // The owner's one-time settings: the account the invoice names.
  await saveQuoteSettings(admin.db, OWNER.cvr, {
    terms: 'Betaling 8 dage netto. Arbejdet udføres i hverdage.',
    paymentDays: 8,
    validDays: 30,
    bankReg: '1234',
    bankAccount: '0012345678',
    mobilepay: '',
    hourlyRateOre: 52_000,
  });
}, 60_000);

afterAll(async () => {
  await admin?.close();
  await sink?.close();
});

/** Taps and filled fields, counted as the owner makes them (issue 51: under 10 for the tilbud). */
function tapCounter() {
  let count = 0;
  return {
    get count() {
      return count;
    },
    async tap(target: Locator) {
      count += 1;
      await target.click();
    },
    async fill(target: Locator, value: string) {
      count += 1;
      await target.fill(value);
    },
  };
}

/** The message whose recipient and subject match, once it has arrived. */
async function mailTo(to: string, subject: RegExp) {
  for (let waited = 0; waited < 15_000; waited += 50) {
    const found = sink.messages.find((m) => m.to.includes(to) && subject.test(readMessage(m.raw).subject));
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no mail to ${to} matching ${subject}`);
}

/** The first PDF attached to a raw MIME message (base64). */
function pdfAttachment(raw: string): Buffer {
  const part = /Content-Type: application\/pdf[\s\S]*?\r\n\r\n([A-Za-z0-9+/=\r\n]+?)\r\n(?:--|\r\n)/i.exec(
    raw,
  );
  if (!part?.[1]) throw new Error('no PDF attached');
  return Buffer.from(part[1].replace(/\r\n/g, ''), 'base64');
}

async function pdfText(bytes: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

/** Page 1 of a PDF as a PNG at 2× (A4 is 595 × 842 pt): its size in points, saved for a look. */
async function pdfPicture(bytes: Buffer, file: string): Promise<{ width: number; height: number }> {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    const [page] = (await parser.getScreenshot({ scale: 2, imageBuffer: true, partial: [1] })).pages;
    if (!page) throw new Error('the PDF has no page');
    mkdirSync(SHOTS, { recursive: true });
    writeFileSync(path.join(SHOTS, file), page.data);
    return { width: Math.round(page.width / 2), height: Math.round(page.height / 2) };
  } finally {
    await parser.destroy();
  }
}

it('goes from a request to an accepted tilbud and its invoice', { timeout: 120_000 }, async () => {
  // 1. A visitor sends a request from the site's form.
  const visitor = await admin.newPage(NARROW);
  await visitor.goto(`${admin.origin}/${OWNER.cvr}/`);
  const form = visitor.locator('#lead-form');
  await form.getByLabel('Navn').fill('Mette Ørsted');
  await form.getByLabel('Telefon').fill('20 30 40 50');
  await form.getByLabel('E-mail').fill(CUSTOMER);
  await form.getByLabel('Postnummer').fill('4600');
  await form.getByLabel('Hvad drejer det sig om?').fill('Vi vil gerne have skiftet tre vinduer i stuen.');
  await visitor.getByRole('button', { name: 'Send forespørgsel' }).click();
  await visitor.locator('#lead-thanks').waitFor({ state: 'visible', timeout: 15_000 });

  // 2. The owner answers it at 360 px, every tap and every field counted: at most 9 (the issue asks
  // for under 10). His Timepris (520 kr., set once in the settings above) starts the tilbud with an
  // Arbejdsløn line at that price beside an empty Materialer line.
  const owner = await admin.newPage(NARROW);
  await admin.signIn(owner, '/admin/henvendelser');
  const taps = tapCounter();
  await taps.tap(
    owner.locator('.lead-card', { hasText: 'Mette Ørsted' }).getByRole('button', { name: 'Giv et tilbud' }),
  );
  await owner.getByRole('heading', { name: /Kladde · Mette Ørsted/ }).waitFor();
  const lines = owner.locator('.quote-line');
  await expect(lines.count()).resolves.toBe(2);
  await expect(lines.nth(0).getByLabel('Tekst').inputValue()).resolves.toBe('Arbejdsløn');
  await expect(lines.nth(0).getByLabel('Pris, kr.').inputValue()).resolves.toBe('520,00');
  await expect(lines.nth(1).getByLabel('Type').inputValue()).resolves.toBe('materials');
  await taps.fill(lines.nth(0).getByLabel('Antal'), '6');
  // "+ Arbejdsløn": a second labour line after the first, at the same price, its text focused.
  await taps.tap(owner.getByRole('button', { name: '+ Arbejdsløn' }));
  const second = lines.nth(1);
  await expect(second.getByLabel('Pris, kr.').inputValue()).resolves.toBe('520,00');
  await expect(
    second.getByLabel('Tekst').evaluate((input) => input === document.activeElement),
  ).resolves.toBe(true);
  await taps.fill(second.getByLabel('Tekst'), 'Oprydning');
  await taps.fill(second.getByLabel('Antal'), '1,5');
  const material = lines.nth(2);
  await taps.fill(material.getByLabel('Tekst'), 'Tre vinduer, 3-lags glas');
  await taps.fill(material.getByLabel('Antal'), '3');
  await taps.fill(material.getByLabel('Pris, kr.'), '4.250');
  // 3.120 + 780 + 12.750 = 16.650 kr.; moms 4.162,50; total 20.812,50 kr.
  await expect(owner.locator('.quote-total').textContent()).resolves.toContain('20.812,50 kr.');
  await taps.tap(owner.getByRole('button', { name: 'Send tilbud' }));
  await owner.getByRole('heading', { name: /Tilbud \d{4}-0001 · Mette Ørsted/ }).waitFor();
  // 1 "Giv et tilbud" + 1 field + 1 "+ Arbejdsløn" + 2 fields + 3 fields + 1 "Send tilbud".
  expect(taps.count).toBeLessThanOrEqual(9);

  // 3. The customer's mail: the link and the PDF with the same total.
  const mail = await mailTo(CUSTOMER, /^Tilbud \d{4}-0001 fra /);
  const body = readMessage(mail.raw).body;
  expect(body).toContain('I alt inkl. moms: 20.812,50 kr.');
  const link = /(http:\/\/\S+\/api\/sites\/\d{8}\/tilbud\/\S+)/.exec(body)?.[1];
  expect(link).toBeTruthy();
  const pdf = await pdfText(pdfAttachment(mail.raw));
  // An A4 page (looked at: test-artifacts/quote-journey/tilbud-a4.png).
  expect(await pdfPicture(pdfAttachment(mail.raw), 'tilbud-a4.png')).toEqual({ width: 595, height: 842 });
  expect(pdf).toContain('20.812,50');

  // 4. The customer opens it at 360 px without JavaScript and accepts.
  const context = await admin.browser.newContext({
    viewport: NARROW,
    javaScriptEnabled: false,
    locale: 'da-DK',
  });
  try {
    const customer = await context.newPage();
    await customer.goto(link as string);
    await customer.getByRole('heading', { name: /^Tilbud \d{4}-0001$/ }).waitFor();
    const text = (await customer.locator('main').textContent()) ?? '';
    expect(text).toContain('Moms 25 %');
    expect(text).toContain('4.162,50 kr.');
    expect(text).toContain('20.812,50 kr.');
    // The two labour lines incl. moms: (3.120 + 780) × 1,25 = 4.875 kr.
    expect(text).toMatch(/Arbejdsløn der tæller til [^:]+: 4\.875,00 kr\./);
    expect(text).toContain('skat.dk');
    expect(await layoutProblems(customer)).toEqual([]);
    mkdirSync(SHOTS, { recursive: true });
    writeFileSync(path.join(SHOTS, 'tilbud-360.png'), await customer.screenshot({ fullPage: true }));
    const quote = (await listQuotes(admin.db, OWNER.cvr)).find((q) => q.customerName === 'Mette Ørsted');
    expect(quote && (await findQuote(admin.db, OWNER.cvr, quote.id))?.storedState).toBe('seen');

    // The same page wide, and axe on it (scripts on for axe only).
    const wide = await admin.newPage(WIDE);
    await wide.goto(link as string);
    writeFileSync(path.join(SHOTS, 'tilbud-1366.png'), await wide.screenshot({ fullPage: true }));
    const violations = await seriousViolations(wide);
    expect(describeViolations('tilbud page', violations)).toEqual([]);

    // Refused without the tick: the refusal beside it, the name kept.
    await customer.getByLabel('Dit navn').fill('Mette Ørsted');
    await customer.getByRole('button', { name: 'Accepter tilbuddet' }).click();
    await customer.getByText('Sæt flueben for at acceptere betingelserne').waitFor();
    expect(await customer.getByLabel('Dit navn').inputValue()).toBe('Mette Ørsted');
    await customer.getByLabel('Jeg har læst tilbuddet og accepterer betingelserne').check();
    await customer.getByRole('button', { name: 'Accepter tilbuddet' }).click();
    await customer.getByText('Tak, tilbuddet er accepteret').waitFor();
    writeFileSync(path.join(SHOTS, 'tilbud-accepted-360.png'), await customer.screenshot({ fullPage: true }));
  } finally {
    await context.close();
  }

  // 5. The owner gets the mail.
  const notice = await mailTo(OWNER.email, /accepteret/);
  expect(readMessage(notice.raw).body).toContain('20.812,50 kr.');

  // 6. "Lav faktura": the next number, the same lines.
  await owner.reload();
  await owner.getByRole('button', { name: 'Lav faktura' }).click();
  await owner.getByText(/Faktura nr\. \d+ er lavet\./).waitFor();
  const invoices = await listInvoices(admin.db, OWNER.cvr);
  expect(invoices).toHaveLength(1);
  const [invoice] = invoices;
  expect(invoice?.number).toBe(1);
  // Delivered today, in Denmark (the admin's default; not the UTC date, which lags after midnight).
  expect(invoice?.deliveryDate).toBe(copenhagenDay(new Date()));
  const quote = (await listQuotes(admin.db, OWNER.cvr)).find((q) => q.customerName === 'Mette Ørsted');
  const full = await findQuote(admin.db, OWNER.cvr, quote?.id ?? '');
  expect(invoice?.lines.map((l) => [l.kind, l.text, l.quantityHundredths, l.unitPriceOre])).toEqual(
    full?.lines.map((l) => [l.kind, l.text, l.quantityHundredths, l.unitPriceOre]),
  );
  // The invoice's PDF, as the owner downloads it: A4, the same total.
  const invoicePdf = await owner.request.get(`${admin.origin}/api/invoices/${invoice?.id}/pdf`);
  expect(invoicePdf.status()).toBe(200);
  const invoiceBytes = Buffer.from(await invoicePdf.body());
  expect(await pdfText(invoiceBytes)).toContain('20.812,50');
  expect(await pdfPicture(invoiceBytes, 'faktura-a4.png')).toEqual({ width: 595, height: 842 });
});
