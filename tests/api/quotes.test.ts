// Issue 51 (phase 1) over HTTP on the real app, on SQLite and PostgreSQL: the owner answers a quote
// request with a tilbud (prefilled from it), writes two labour lines and one material line, sees moms,
// the total and the labour that counts for fradrag; sends it (it takes its number and is locked, a
// change is refused in Danish); "Ret og send igen" makes version 2; an accepted tilbud becomes an
// invoice with the next number, the same lines and the total in its PDF; a kreditnota refers to it. A
// tilbud sent to a phone only keeps its SMS text (link and total) for the admin; the Timepris is kept.
import { afterEach, expect, it } from 'vitest';
import { acceptQuote, insertLead } from '../../db';
import { QUOTE_MESSAGES } from '../../rules/quote-messages';
import { formatOre } from '../../rules/quote-money';
import { describeWithDialects } from '../support/databases';
import { pdfText } from '../support/documents';
import { type ApiHarness, createApiHarness, errorOf } from './api-harness';

let h: ApiHarness;

afterEach(async () => {
  await h?.close();
});

const A = '51515151';
const B = '52525252';

async function responsePdfText(response: Response): Promise<string> {
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/pdf');
  return pdfText(new Uint8Array(await response.arrayBuffer()));
}

describeWithDialects('tilbud and faktura for the owner (issue 51)', (dialect) => {
  let cookie: string;

  async function setUp() {
    h = await createApiHarness({}, { dialect });
    await h.createOwner(A, 'Eksempel VVS ApS', 'ejer@eksempel-vvs.dk');
    // VVS: its labour may count for håndværkerfradrag (rules/tax-deduction.ts).
    await h.db
      .updateTable('companies')
      .set({ industryCode: '432200', address: 'Værkstedsvej 2', zipcode: '4600', city: 'Køge' })
      .where('cvr', '=', A)
      .execute();
    await h.createOwner(B, 'Anden Tømrer ApS', 'ejer@anden.dk');
    cookie = await h.signIn('ejer@eksempel-vvs.dk');
  }

  const lines = [
    {
      kind: 'labour',
      text: 'Montering af varmepumpe',
      quantityHundredths: 750,
      unit: 'hours',
      unitPriceOre: 52_000,
      deduction: 'craft',
    },
    {
      kind: 'labour',
      text: 'Nedtagning af gammelt fyr',
      quantityHundredths: 200,
      unit: 'hours',
      unitPriceOre: 52_000,
      deduction: null,
    },
    {
      kind: 'materials',
      text: 'Luft/vand-varmepumpe 8 kW <b>inkl.</b> beholder',
      quantityHundredths: 100,
      unit: 'pieces',
      unitPriceOre: 3_899_500,
      deduction: null,
    },
  ];

  it('answers a request with a tilbud, sends it, invoices it and credits the invoice', async () => {
    await setUp();
    const lead = await insertLead(
      h.db,
      A,
      {
        name: 'Mette Ørsted',
        phone: '20304050',
        email: 'mette@example.dk',
        postcode: '4600',
        message: 'Vi vil gerne have skiftet oliefyret til en varmepumpe.',
        photos: [],
        contentHash: 'hash-1',
      },
      h.now(),
    );
    const created = await h.send('POST', '/api/quotes', { cookie, body: { leadId: lead.id } });
    expect(created.status).toBe(201);
    const draft = await created.json();
    expect(draft).toMatchObject({
      state: 'draft',
      number: null,
      leadId: lead.id,
      customerName: 'Mette Ørsted',
      customerEmail: 'mette@example.dk',
      description: 'Vi vil gerne have skiftet oliefyret til en varmepumpe.',
      deductionSchemes: ['craft'],
    });
    expect(draft.terms).toMatch(/moms/);
    // Valid 30 days by default.
    expect(draft.validUntil).toBe('2026-04-01');

    const body = {
      customerName: 'Mette Ørsted',
      customerEmail: 'mette@example.dk',
      customerPhone: '20304050',
      customerAddress: 'Strandvejen 1\n4600 Køge',
      title: 'Ny varmepumpe',
      description: draft.description,
      validUntil: draft.validUntil,
      terms: draft.terms,
      lines,
    };
    const saved = await h.send('PUT', `/api/quotes/${draft.id}`, { cookie, body });
    expect(saved.status).toBe(200);
    const quote = await saved.json();
    // 7,5 × 520 + 2 × 520 + 38.995 = 3.900 + 1.040 + 38.995 = 43.935 kr.; moms 10.983,75; total 54.918,75.
    expect(quote).toMatchObject({
      netOre: 4_393_500,
      vatOre: 1_098_375,
      totalOre: 5_491_875,
      labourNetOre: 494_000,
    });
    expect(quote.lines.map((line: { amounts: { vatOre: number } }) => line.amounts.vatOre)).toEqual([
      97_500, 26_000, 974_875,
    ]);
    // The labour that counts: 3.900 kr. + moms = 4.875 kr.; 26 % of it ≈ 1.267,50 kr. in 2026.
    expect(quote.deduction).toMatchObject({
      year: 2026,
      countsOre: { craft: 487_500, service: 0 },
      savingOre: 126_750,
    });

    // Refusals in Danish: too many lines, a bad price, fradrag on materials, a fradrag the trade lacks.
    const tooMany = await h.send('PUT', `/api/quotes/${draft.id}`, {
      cookie,
      body: { ...body, lines: Array.from({ length: 51 }, () => lines[0]) },
    });
    expect(tooMany.status).toBe(400);
    expect((await errorOf(tooMany)).message).toBe(QUOTE_MESSAGES.tooManyLines);
    const badPrice = await h.send('PUT', `/api/quotes/${draft.id}`, {
      cookie,
      body: { ...body, lines: [{ ...lines[0], unitPriceOre: 12.5 }] },
    });
    expect((await errorOf(badPrice)).message).toBe(QUOTE_MESSAGES.priceInvalid);
    const materialsDeduction = await h.send('PUT', `/api/quotes/${draft.id}`, {
      cookie,
      body: { ...body, lines: [{ ...lines[2], deduction: 'craft' }] },
    });
    expect((await errorOf(materialsDeduction)).message).toBe(QUOTE_MESSAGES.deductionOnlyLabour);
    const service = await h.send('PUT', `/api/quotes/${draft.id}`, {
      cookie,
      body: { ...body, lines: [{ ...lines[0], deduction: 'service' }] },
    });
    expect((await errorOf(service)).message).toBe(QUOTE_MESSAGES.deductionNotForTrade);

    // The PDF of the tilbud holds the total and the fradrag.
    const quoteText = await responsePdfText(await h.send('GET', `/api/quotes/${draft.id}/pdf`, { cookie }));
    expect(quoteText).toContain(formatOre(5_491_875));
    expect(quoteText).toContain('Håndværkerfradrag');
    // The customer's text is text in the PDF, never markup.
    expect(quoteText).toContain('<b>inkl.');
    // The customer's phone as Danes write it.
    expect(quoteText).toContain('20 30 40 50');

    // Send: numbered and locked.
    const sent = await h.send('POST', `/api/quotes/${draft.id}/send`, { cookie });
    expect(sent.status).toBe(200);
    expect(await sent.json()).toMatchObject({ state: 'sent', number: '2026-0001' });
    const locked = await h.send('PUT', `/api/quotes/${draft.id}`, { cookie, body });
    expect(locked.status).toBe(409);
    expect((await errorOf(locked)).message).toBe(QUOTE_MESSAGES.notDraft);
    const listed = await (await h.send('GET', '/api/quotes', { cookie })).json();
    expect(listed).toMatchObject({ openOre: 5_491_875, openCount: 1, acceptedThisMonthOre: 0 });

    // "Ret og send igen": version 2, same number.
    const revised = await h.send('POST', `/api/quotes/${draft.id}/revise`, { cookie });
    expect(revised.status).toBe(201);
    const second = await revised.json();
    expect(second).toMatchObject({ state: 'draft', number: '2026-0001', version: 2, replacesId: draft.id });
    await h.send('POST', `/api/quotes/${second.id}/send`, { cookie });
    const afterRevision = await (await h.send('GET', '/api/quotes', { cookie })).json();
    expect(afterRevision.openCount).toBe(1);

    // Not accepted yet: no invoice.
    const early = await h.send('POST', `/api/quotes/${second.id}/invoice`, { cookie, body: {} });
    expect(early.status).toBe(409);
    expect((await errorOf(early)).message).toBe(QUOTE_MESSAGES.notAccepted);
    // The customer accepts (the customer's page is phase 2: the repository call it will make).
    const accepted = await acceptQuote(
      h.db,
      A,
      second.id,
      { name: 'Mette Ørsted', ip: '192.0.2.7', documentHash: 'a'.repeat(64) },
      h.now(),
    );
    expect(accepted.ok).toBe(true);
    const month = await (await h.send('GET', '/api/quotes', { cookie })).json();
    expect(month).toMatchObject({ openOre: 0, acceptedThisMonthOre: 5_491_875, acceptedThisMonthCount: 1 });

    // No bank account or MobilePay yet: the invoice says what is missing.
    const noBank = await h.send('POST', `/api/quotes/${second.id}/invoice`, { cookie, body: {} });
    expect((await errorOf(noBank)).message).toBe(QUOTE_MESSAGES.invoiceDetailsMissing);
    const settings = await (await h.send('GET', '/api/quotes/settings', { cookie })).json();
    const badBank = await h.send('PUT', '/api/quotes/settings', {
      cookie,
      body: { ...settings, bankReg: '12', bankAccount: '1' },
    });
    expect((await errorOf(badBank)).message).toBe(QUOTE_MESSAGES.bankInvalid);
    const savedSettings = await h.send('PUT', '/api/quotes/settings', {
      cookie,
      body: { ...settings, bankReg: '1234', bankAccount: '0012345678', mobilepay: '12345' },
    });
    expect(savedSettings.status).toBe(200);

    const made = await h.send('POST', `/api/quotes/${second.id}/invoice`, {
      cookie,
      body: { deliveryDate: '2026-03-01' },
    });
    expect(made.status).toBe(201);
    const invoice = await made.json();
    expect(invoice).toMatchObject({
      number: 1,
      kind: 'invoice',
      totalOre: 5_491_875,
      vatOre: 1_098_375,
      labourNetOre: 494_000,
      sellerCvr: A,
      sellerAddress: 'Værkstedsvej 2, 4600 Køge',
      buyerAddress: 'Strandvejen 1\n4600 Køge',
      deliveryDate: '2026-03-01',
      dueDate: '2026-03-10',
      bankReg: '1234',
    });
    expect(invoice.lines.map((line: { text: string }) => line.text)).toEqual(lines.map((line) => line.text));
    const again = await h.send('POST', `/api/quotes/${second.id}/invoice`, { cookie, body: {} });
    expect((await errorOf(again)).message).toBe(QUOTE_MESSAGES.alreadyInvoiced);

    // The invoice's PDF: everything a full invoice needs, and the same total.
    const invoiceText = await responsePdfText(
      await h.send('GET', `/api/invoices/${invoice.id}/pdf`, { cookie }),
    );
    for (const part of [
      'Faktura nr. 1',
      'Fakturadato',
      'Leveringsdato',
      `CVR ${A}`,
      'Værkstedsvej 2, 4600 Køge',
      'Mette Ørsted',
      'Strandvejen 1',
      'Moms 25 %',
      formatOre(5_491_875),
      'Arbejdsløn ekskl. moms',
      formatOre(494_000),
      'reg.nr. 1234',
      'MobilePay til 12345',
    ])
      expect(invoiceText).toContain(part);

    // A kreditnota: refers to the invoice, takes the next number; an invoice is credited once.
    const credited = await h.send('POST', `/api/invoices/${invoice.id}/credit`, { cookie });
    expect(credited.status).toBe(201);
    expect(await credited.json()).toMatchObject({ kind: 'credit', number: 2, creditsInvoiceNumber: 1 });
    const twice = await h.send('POST', `/api/invoices/${invoice.id}/credit`, { cookie });
    expect((await errorOf(twice)).message).toBe(QUOTE_MESSAGES.alreadyCredited);
    const invoices = await (await h.send('GET', '/api/invoices', { cookie })).json();
    expect(
      invoices.invoices.map((row: { number: number; creditedById: string | null }) => row.number),
    ).toEqual([2, 1]);
    const creditText = await responsePdfText(
      await h.send('GET', `/api/invoices/${invoices.invoices[0].id}/pdf`, { cookie }),
    );
    expect(creditText).toContain('Kreditnota nr. 2');
    expect(creditText).toContain('Vedrører faktura nr.');

    // Company B sees none of it.
    const other = await h.signIn('ejer@anden.dk');
    expect((await h.send('GET', `/api/quotes/${draft.id}`, { cookie: other })).status).toBe(404);
    expect((await h.send('GET', `/api/invoices/${invoice.id}/pdf`, { cookie: other })).status).toBe(404);
    expect((await (await h.send('GET', '/api/quotes', { cookie: other })).json()).quotes).toEqual([]);
  });

  it('makes a tilbud without a request for a customer by name and phone, and needs one of e-mail or phone', async () => {
    await setUp();
    const missing = await h.send('POST', '/api/quotes', { cookie, body: { customerName: 'Jens' } });
    expect((await errorOf(missing)).message).toBe(QUOTE_MESSAGES.customerContactRequired);
    const made = await h.send('POST', '/api/quotes', {
      cookie,
      body: { customerName: 'Jens Hansen', customerPhone: '40506070' },
    });
    expect(made.status).toBe(201);
    const quote = await made.json();
    expect(quote).toMatchObject({
      leadId: null,
      customerName: 'Jens Hansen',
      customerPhone: '40506070',
      lines: [],
    });
    const send = await h.send('POST', `/api/quotes/${quote.id}/send`, { cookie });
    expect((await errorOf(send)).message).toBe(QUOTE_MESSAGES.noLines);
    expect((await h.send('DELETE', `/api/quotes/${quote.id}`, { cookie })).status).toBe(204);
  });

  it('keeps the SMS text of a tilbud sent to a customer with only a phone number, with the link and the total', async () => {
    await setUp();
    const quote = await (
      await h.send('POST', '/api/quotes', {
        cookie,
        body: { customerName: 'Jens Hansen', customerPhone: '40506070' },
      })
    ).json();
    const body = {
      customerName: 'Jens Hansen',
      customerPhone: '40506070',
      validUntil: quote.validUntil,
      terms: quote.terms,
      lines: [lines[0]],
    };
    expect((await h.send('PUT', `/api/quotes/${quote.id}`, { cookie, body })).status).toBe(200);
    // A draft has no SMS text yet.
    expect((await (await h.send('GET', `/api/quotes/${quote.id}`, { cookie })).json()).smsText).toBeNull();

    const sent = await (await h.send('POST', `/api/quotes/${quote.id}/send`, { cookie })).json();
    // 7,5 × 520 kr. = 3.900 kr. + moms = 4.875 kr.
    expect(sent.smsText).toContain(formatOre(487_500));
    // Read again (a reload of the admin): the same text, the company, the number, the total, the link.
    const read = await (await h.send('GET', `/api/quotes/${quote.id}`, { cookie })).json();
    expect(read.smsText).toBe(sent.smsText);
    for (const part of ['Eksempel VVS ApS', 'tilbud 2026-0001', formatOre(487_500)])
      expect(read.smsText).toContain(part);
    const link = new URL(/https?:\/\/\S+/.exec(read.smsText)?.[0] ?? '');
    expect(link.pathname).toMatch(new RegExp(`^/api/sites/${A}/tilbud/[^/]+$`));
    // The link opens the customer's page of this tilbud.
    const page = await h.send('GET', link.pathname);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Tilbud 2026-0001');
    expect(html).toContain(formatOre(487_500));

    // A customer with an e-mail was mailed: no SMS text.
    const mailed = await (
      await h.send('POST', '/api/quotes', {
        cookie,
        body: { customerName: 'Mette Ørsted', customerEmail: 'mette@example.dk', customerPhone: '20304050' },
      })
    ).json();
    await h.send('PUT', `/api/quotes/${mailed.id}`, {
      cookie,
      body: { ...body, customerName: 'Mette Ørsted', customerEmail: 'mette@example.dk' },
    });
    expect(
      (await (await h.send('POST', `/api/quotes/${mailed.id}/send`, { cookie })).json()).smsText,
    ).toBeNull();
    expect((await (await h.send('GET', `/api/quotes/${mailed.id}`, { cookie })).json()).smsText).toBeNull();
  });

  it('keeps a Timepris in the settings and refuses one that is not an amount in øre', async () => {
    await setUp();
    const settings = await (await h.send('GET', '/api/quotes/settings', { cookie })).json();
    expect(settings.hourlyRateOre).toBe(0);
    const saved = await h.send('PUT', '/api/quotes/settings', {
      cookie,
      body: { ...settings, hourlyRateOre: 52_050 },
    });
    expect(saved.status).toBe(200);
    expect((await saved.json()).hourlyRateOre).toBe(52_050);
    expect((await (await h.send('GET', '/api/quotes/settings', { cookie })).json()).hourlyRateOre).toBe(
      52_050,
    );
    for (const hourlyRateOre of [-100, 12.5, '495']) {
      const refused = await h.send('PUT', '/api/quotes/settings', {
        cookie,
        body: { ...settings, hourlyRateOre },
      });
      expect(refused.status).toBe(400);
      expect((await errorOf(refused)).message).toBe(QUOTE_MESSAGES.hourlyRateInvalid);
    }
    const tooHigh = await h.send('PUT', '/api/quotes/settings', {
      cookie,
      body: { ...settings, hourlyRateOre: 100_000_001 },
    });
    expect((await errorOf(tooHigh)).message).toBe(QUOTE_MESSAGES.priceTooLarge);
    // Company B's settings are its own.
    const other = await h.signIn('ejer@anden.dk');
    expect(
      (await (await h.send('GET', '/api/quotes/settings', { cookie: other })).json()).hourlyRateOre,
    ).toBe(0);
  });
});
