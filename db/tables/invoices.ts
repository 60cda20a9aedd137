// Fakturaer and kreditnotaer (issue 51 item 6). An invoice is made from an accepted tilbud and is a
// snapshot: seller, buyer, lines, sums, payment terms, taken when it is made and never edited. A
// mistake is put right with a kreditnota that refers to it (momsbekendtgørelsen § 58, stk. 2: a
// document that changes and refers to the invoice counts as one), numbered in the same series. The
// number is taken in the transaction that stores the invoice (document-sequences.ts): no gaps.
import { randomUUID } from 'node:crypto';
import { copenhagenDay } from '../../rules/ai-limit';
import { isFullAddress } from '../../rules/invoice-address';
import { documentTotals } from '../../rules/quote-money';
import { type Db, inTransaction } from '../database';
import { accepted, type Outcome, refused } from '../outcome';
import { takeNextNumber } from './document-sequences';
import { type InvoiceLine, insertInvoiceLines, readInvoiceLines } from './invoice-lines';
import { findQuote } from './quotes';

export interface InvoicesTable {
  id: string;
  companyCvr: string;
  number: number;
  kind: string;
  creditsInvoiceId: string | null;
  quoteId: string | null;
  issueDate: string;
  deliveryDate: string;
  deliveryText: string;
  sellerName: string;
  sellerAddress: string;
  sellerCvr: string;
  buyerName: string;
  buyerAddress: string;
  buyerEmail: string;
  buyerPhone: string;
  paymentDays: number;
  dueDate: string;
  bankReg: string;
  bankAccount: string;
  mobilepay: string;
  netOre: number;
  vatOre: number;
  totalOre: number;
  createdAt: string;
  sentAt: string | null;
}

/** A stored invoice as the product reads it: its row, the kind typed, and its lines. */
export interface Invoice extends Omit<InvoicesTable, 'kind'> {
  kind: 'invoice' | 'credit';
  /** The credited invoice's number, for "Kreditnota til faktura nr. 12". */
  creditsInvoiceNumber: number | null;
  lines: InvoiceLine[];
}

/** The seller and payment details, read from the company and its settings when the invoice is made. */
export interface InvoiceIssuer {
  sellerName: string;
  sellerAddress: string;
  sellerCvr: string;
  paymentDays: number;
  bankReg: string;
  bankAccount: string;
  mobilepay: string;
}

const DAY_MS = 86_400_000;

function addDays(isoDay: string, days: number): string {
  return new Date(Date.parse(`${isoDay}T12:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

export type InvoiceRefusal = 'not_found' | 'not_accepted' | 'already_invoiced' | 'no_address';

/** "Lav faktura": the next number, the accepted tilbud's lines and sums, the issuer's details. */
export async function createInvoiceFromQuote(
  db: Db,
  cvr: string,
  quoteId: string,
  issuer: InvoiceIssuer,
  delivery: { date: string; customerAddress?: string | undefined },
  now: Date,
): Promise<Outcome<Invoice, InvoiceRefusal>> {
  const quote = await findQuote(db, cvr, quoteId);
  if (!quote) return refused('not_found');
  if (quote.storedState !== 'accepted') return refused('not_accepted');
  const buyerAddress = (delivery.customerAddress ?? quote.customerAddress).trim();
  if (!isFullAddress(buyerAddress)) return refused('no_address');
  const totals = documentTotals(quote.lines);
  const id = randomUUID();
  const issueDate = copenhagenDay(now);
  const done = await inTransaction(db, async (trx) => {
    // Claim the quote first: a second "Lav faktura" at once finds it taken and takes no number.
    const claimed = await trx
      .updateTable('quotes')
      .set({ invoiceId: id, updatedAt: now.toISOString() })
      .where('companyCvr', '=', cvr)
      .where('id', '=', quoteId)
      .where('invoiceId', 'is', null)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) return false;
    const number = await takeNextNumber(trx, cvr, 'invoice');
    await trx
      .insertInto('invoices')
      .values({
        id,
        companyCvr: cvr,
        number,
        kind: 'invoice',
        creditsInvoiceId: null,
        quoteId,
        issueDate,
        deliveryDate: delivery.date,
        deliveryText:
          quote.title || (quote.number ? `Arbejde efter tilbud ${quote.number}` : 'Arbejde efter tilbud'),
        buyerName: quote.customerName,
        buyerAddress,
        buyerEmail: quote.customerEmail,
        buyerPhone: quote.customerPhone,
        dueDate: addDays(issueDate, issuer.paymentDays),
        netOre: totals.netOre,
        vatOre: totals.vatOre,
        totalOre: totals.totalOre,
        createdAt: now.toISOString(),
        ...issuer,
      })
      .execute();
    await insertInvoiceLines(
      trx,
      id,
      quote.lines.map((line, index) => ({
        ...line,
        netOre: totals.lines[index]?.netOre ?? 0,
        vatOre: totals.lines[index]?.vatOre ?? 0,
      })),
    );
    return true;
  });
  if (!done) return refused('already_invoiced');
  return accepted((await findInvoice(db, cvr, id)) as Invoice);
}

export type CreditRefusal = 'not_found' | 'is_credit' | 'already_credited';

/** A kreditnota for the whole of `invoiceId`: same lines and sums, referring to it, next number. */
export async function createCreditNote(
  db: Db,
  cvr: string,
  invoiceId: string,
  now: Date,
): Promise<Outcome<Invoice, CreditRefusal>> {
  const invoice = await findInvoice(db, cvr, invoiceId);
  if (!invoice) return refused('not_found');
  if (invoice.kind === 'credit') return refused('is_credit');
  const id = randomUUID();
  const issueDate = copenhagenDay(now);
  const done = await inTransaction(db, async (trx) => {
    const existing = await trx
      .selectFrom('invoices')
      .select('id')
      .where('companyCvr', '=', cvr)
      .where('creditsInvoiceId', '=', invoiceId)
      .executeTakeFirst();
    if (existing) return false;
    const number = await takeNextNumber(trx, cvr, 'invoice');
    const { lines, creditsInvoiceNumber: _n, id: _id, number: _number, ...copy } = invoice;
    await trx
      .insertInto('invoices')
      .values({
        ...copy,
        id,
        number,
        kind: 'credit',
        creditsInvoiceId: invoiceId,
        issueDate,
        dueDate: issueDate,
        createdAt: now.toISOString(),
        sentAt: null,
      })
      .execute();
    await insertInvoiceLines(trx, id, lines);
    return true;
  });
  if (!done) return refused('already_credited');
  return accepted((await findInvoice(db, cvr, id)) as Invoice);
}

function toInvoice(row: InvoicesTable, lines: InvoiceLine[], numbers: Map<string, number>): Invoice {
  return {
    ...row,
    number: Number(row.number),
    kind: row.kind as Invoice['kind'],
    creditsInvoiceNumber: row.creditsInvoiceId ? (numbers.get(row.creditsInvoiceId) ?? null) : null,
    paymentDays: Number(row.paymentDays),
    netOre: Number(row.netOre),
    vatOre: Number(row.vatOre),
    totalOre: Number(row.totalOre),
    lines,
  };
}

async function withLines(db: Db, cvr: string, rows: InvoicesTable[]): Promise<Invoice[]> {
  const lines = await readInvoiceLines(
    db,
    rows.map((row) => row.id),
  );
  const credited = rows.map((row) => row.creditsInvoiceId).filter((id): id is string => id !== null);
  const numbers = new Map<string, number>();
  if (credited.length > 0)
    for (const row of await db
      .selectFrom('invoices')
      .select(['id', 'number'])
      .where('companyCvr', '=', cvr)
      .where('id', 'in', credited)
      .execute())
      numbers.set(row.id, Number(row.number));
  return rows.map((row) => toInvoice(row, lines.get(row.id) ?? [], numbers));
}

export async function findInvoice(db: Db, cvr: string, id: string): Promise<Invoice | null> {
  const row = await db
    .selectFrom('invoices')
    .selectAll()
    .where('companyCvr', '=', cvr)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return null;
  return (await withLines(db, cvr, [row]))[0] ?? null;
}

/** The company's invoices and credit notes, highest number first. */
export async function listInvoices(db: Db, cvr: string, limit = 500): Promise<Invoice[]> {
  const rows = await db
    .selectFrom('invoices')
    .selectAll()
    .where('companyCvr', '=', cvr)
    .orderBy('number', 'desc')
    .limit(limit)
    .execute();
  return withLines(db, cvr, rows);
}
