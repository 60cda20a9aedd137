// Tilbud and fakturaer on both dialects (issue 51): a draft is edited, a sent version never; sending
// numbers per company and year with no gaps, also 20 at once; "Ret og send igen" keeps the number
// and marks the old version replaced; an invoice only from an accepted tilbud, once, numbered with no
// gaps under 20 at once; a kreditnota refers to its invoice; nothing of one company reaches another.
import { expect, it } from 'vitest';
import { describeEachDialect } from '../../tests/support/databases';
import { insertCompany } from './companies';
import { createCreditNote, createInvoiceFromQuote, type InvoiceIssuer, listInvoices } from './invoices';
import {
  acceptQuote,
  createQuote,
  declineQuote,
  deleteQuoteDraft,
  findQuote,
  listQuotes,
  markQuoteSeen,
  markQuoteSent,
  type QuoteDraft,
  quoteState,
  reviseQuote,
  saveQuoteDraft,
} from './quotes';

const A = '11111111';
const B = '22222222';
const now = new Date('2027-03-02T09:00:00Z');

const draft = (name = 'Mette Hansen'): QuoteDraft => ({
  leadId: null,
  customerName: name,
  customerEmail: 'mette@example.dk',
  customerPhone: '',
  customerAddress: 'Strandvejen 1, 4600 Køge',
  title: 'Ny varmepumpe',
  description: '',
  validUntil: '2027-04-01',
  terms: 'Betaling 8 dage netto.',
  lines: [
    {
      kind: 'labour',
      text: 'Montering',
      quantityHundredths: 800,
      unit: 'hours',
      unitPriceOre: 49_500,
      deduction: 'craft',
    },
    {
      kind: 'materials',
      text: 'Luft/vand-varmepumpe',
      quantityHundredths: 100,
      unit: 'pieces',
      unitPriceOre: 4_500_000,
      deduction: null,
    },
  ],
});

const issuer: InvoiceIssuer = {
  sellerName: 'Eksempel VVS ApS',
  sellerAddress: 'Værkstedsvej 2, 4600 Køge',
  sellerCvr: A,
  paymentDays: 8,
  bankReg: '1234',
  bankAccount: '0012345678',
  mobilepay: '',
};

describeEachDialect('quotes and invoices repository', (use) => {
  async function companies() {
    const { db } = use();
    await insertCompany(db, { cvr: A, name: 'Eksempel VVS' });
    await insertCompany(db, { cvr: B, name: 'Anden Tømrer' });
    return db;
  }

  async function acceptedQuote(name = 'Mette Hansen') {
    const db = use().db;
    const quote = await createQuote(db, A, draft(name), now);
    const sent = await markQuoteSent(db, A, quote.id, now);
    if (!sent.ok) throw new Error(sent.reason);
    const answer = await acceptQuote(
      db,
      A,
      quote.id,
      { name, ip: '192.0.2.1', documentHash: 'x'.repeat(64) },
      now,
    );
    if (!answer.ok) throw new Error(answer.reason);
    return answer.value;
  }

  it('edits a draft, then locks it as sent with the next number of the year', async () => {
    const db = await companies();
    const quote = await createQuote(db, A, draft(), now);
    expect(quote).toMatchObject({ storedState: 'draft', number: null, version: 1 });
    expect(quote.lines.map((line) => line.text)).toEqual(['Montering', 'Luft/vand-varmepumpe']);
    const edited = await saveQuoteDraft(
      db,
      A,
      quote.id,
      { ...draft(), lines: draft().lines.slice(0, 1) },
      now,
    );
    expect(edited.ok && edited.value.lines.length).toBe(1);
    const sent = await markQuoteSent(db, A, quote.id, now);
    expect(sent.ok && sent.value).toMatchObject({ storedState: 'sent', number: '2027-0001' });
    expect(await saveQuoteDraft(db, A, quote.id, draft(), now)).toEqual({ ok: false, reason: 'not_draft' });
    expect(await deleteQuoteDraft(db, A, quote.id)).toEqual({ ok: false, reason: 'not_draft' });
    // B cannot see, edit or send A's.
    expect(await findQuote(db, B, quote.id)).toBeNull();
    expect(await saveQuoteDraft(db, B, quote.id, draft(), now)).toEqual({ ok: false, reason: 'not_found' });
    expect(await markQuoteSent(db, B, quote.id, now)).toEqual({ ok: false, reason: 'not_found' });
    // A sent tilbud past its date reads as expired.
    const found = await findQuote(db, A, quote.id);
    expect(found && quoteState(found, new Date('2027-04-02T09:00:00Z'))).toBe('expired');
    expect(found && quoteState(found, new Date('2027-04-01T21:00:00Z'))).toBe('sent');
  });

  it('records the customer opening and declining a tilbud (the customer page of phase 2 calls these)', async () => {
    const db = await companies();
    const quote = await createQuote(db, A, draft(), now);
    await markQuoteSeen(db, A, quote.id, now);
    expect((await findQuote(db, A, quote.id))?.storedState).toBe('draft');
    await markQuoteSent(db, A, quote.id, now);
    await markQuoteSeen(db, B, quote.id, now);
    expect((await findQuote(db, A, quote.id))?.seenAt).toBeNull();
    await markQuoteSeen(db, A, quote.id, now);
    expect((await findQuote(db, A, quote.id))?.storedState).toBe('seen');
    const declined = await declineQuote(db, A, quote.id, 'For dyrt', now);
    expect(declined.ok && declined.value).toMatchObject({
      storedState: 'declined',
      declineReason: 'For dyrt',
    });
    const record = { name: 'Mette', ip: '192.0.2.1', documentHash: 'x'.repeat(64) };
    expect(await acceptQuote(db, A, quote.id, record, now)).toEqual({ ok: false, reason: 'not_open' });
    // Past its date a tilbud can be neither accepted nor declined.
    const late = await createQuote(db, A, draft(), now);
    await markQuoteSent(db, A, late.id, now);
    expect(await acceptQuote(db, A, late.id, record, new Date('2027-04-02T09:00:00Z'))).toEqual({
      ok: false,
      reason: 'expired',
    });
  });

  it('numbers 20 tilbud sent at once 0001 to 0020 without a gap, per company', async () => {
    const db = await companies();
    const quotes = await Promise.all(
      Array.from({ length: 20 }, (_, i) => createQuote(db, A, draft(`Kunde ${i}`), now)),
    );
    const other = await createQuote(db, B, draft(), now);
    const sent = await Promise.all([
      ...quotes.map((quote) => markQuoteSent(db, A, quote.id, now)),
      markQuoteSent(db, B, other.id, now),
    ]);
    const numbers = sent.slice(0, 20).map((outcome) => (outcome.ok ? outcome.value.number : outcome.reason));
    expect(numbers.sort()).toEqual(
      Array.from({ length: 20 }, (_, i) => `2027-${String(i + 1).padStart(4, '0')}`),
    );
    expect(sent[20]?.ok && sent[20].value.number).toBe('2027-0001');
    // The next year starts again at 0001.
    const next = await createQuote(db, A, draft(), new Date('2028-01-01T00:30:00+01:00'));
    const nextSent = await markQuoteSent(db, A, next.id, new Date('2028-01-01T00:30:00+01:00'));
    expect(nextSent.ok && nextSent.value.number).toBe('2028-0001');
  });

  it('refuses to send a tilbud without lines, and takes no number for it', async () => {
    const db = await companies();
    const empty = await createQuote(db, A, { ...draft(), lines: [] }, now);
    expect(await markQuoteSent(db, A, empty.id, now)).toEqual({ ok: false, reason: 'no_lines' });
    const full = await createQuote(db, A, draft(), now);
    const sent = await markQuoteSent(db, A, full.id, now);
    expect(sent.ok && sent.value.number).toBe('2027-0001');
  });

  it('"Ret og send igen" makes version 2 with the same number and marks version 1 replaced when sent', async () => {
    const db = await companies();
    const quote = await createQuote(db, A, draft(), now);
    await markQuoteSent(db, A, quote.id, now);
    const revised = await reviseQuote(db, A, quote.id, now, '2027-05-01');
    if (!revised.ok) throw new Error(revised.reason);
    expect(revised.value).toMatchObject({
      storedState: 'draft',
      number: '2027-0001',
      version: 2,
      replacesId: quote.id,
      // Still valid: the new version keeps the date.
      validUntil: '2027-04-01',
    });
    // Asking again answers the same open draft.
    const again = await reviseQuote(db, A, quote.id, now, '2027-05-01');
    expect(again.ok && again.value.id).toBe(revised.value.id);
    await markQuoteSent(db, A, revised.value.id, now);
    expect((await findQuote(db, A, quote.id))?.replacedById).toBe(revised.value.id);
    // The replaced version can no longer be accepted; the current one can.
    const record = { name: 'Mette', ip: '192.0.2.1', documentHash: 'x'.repeat(64) };
    expect(await acceptQuote(db, A, quote.id, record, now)).toEqual({ ok: false, reason: 'replaced' });
    expect((await acceptQuote(db, A, revised.value.id, record, now)).ok).toBe(true);
    expect((await listQuotes(db, A)).length).toBe(2);
    expect(await listQuotes(db, B)).toEqual([]);
  });

  it('invoices an accepted tilbud once, and numbers 20 invoices made at once 1 to 20', async () => {
    const db = await companies();
    const draftOnly = await createQuote(db, A, draft(), now);
    expect(await createInvoiceFromQuote(db, A, draftOnly.id, issuer, { date: '2027-03-10' }, now)).toEqual({
      ok: false,
      reason: 'not_accepted',
    });
    const quotes = [];
    for (let i = 0; i < 20; i++) quotes.push(await acceptedQuote(`Kunde ${i}`));
    const made = await Promise.all(
      quotes.map((quote) => createInvoiceFromQuote(db, A, quote.id, issuer, { date: '2027-03-10' }, now)),
    );
    const numbers = made.map((outcome) => (outcome.ok ? outcome.value.number : 0)).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    const first = made[0];
    if (!first?.ok) throw new Error('no invoice');
    expect(first.value).toMatchObject({
      kind: 'invoice',
      netOre: 396_000 + 4_500_000,
      vatOre: 1_224_000,
      totalOre: 6_120_000,
      buyerAddress: 'Strandvejen 1, 4600 Køge',
      dueDate: '2027-03-10',
    });
    expect(first.value.lines.map((line) => [line.kind, line.netOre, line.vatOre])).toEqual([
      ['labour', 396_000, 99_000],
      ['materials', 4_500_000, 1_125_000],
    ]);
    // Twice at once: one invoice, and no number lost.
    const twice = await Promise.all([
      createInvoiceFromQuote(db, A, quotes[0]?.id ?? '', issuer, { date: '2027-03-10' }, now),
      createInvoiceFromQuote(db, A, quotes[0]?.id ?? '', issuer, { date: '2027-03-10' }, now),
    ]);
    expect(twice.map((outcome) => outcome.ok || outcome.reason)).toEqual([
      'already_invoiced',
      'already_invoiced',
    ]);
    // A kreditnota refers to the invoice and takes the next number of the same series.
    const credit = await createCreditNote(db, A, first.value.id, now);
    expect(credit.ok && credit.value).toMatchObject({
      kind: 'credit',
      number: 21,
      creditsInvoiceId: first.value.id,
      creditsInvoiceNumber: first.value.number,
      totalOre: 6_120_000,
    });
    expect(await createCreditNote(db, A, first.value.id, now)).toEqual({
      ok: false,
      reason: 'already_credited',
    });
    if (credit.ok)
      expect(await createCreditNote(db, A, credit.value.id, now)).toEqual({ ok: false, reason: 'is_credit' });
    expect(await createCreditNote(db, B, first.value.id, now)).toEqual({ ok: false, reason: 'not_found' });
    expect((await listInvoices(db, A)).length).toBe(21);
    expect(await listInvoices(db, B)).toEqual([]);
  });
});
