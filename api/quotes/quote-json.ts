// The answers of /api/quotes and /api/invoices, built from the repository's rows and the money rules
// (rules/quote-money.ts), and the checks a draft needs beyond its schema (the trade's fradrag, the
// validity date). One place, so the list, the editor and the PDF show the same sums.
import type { InvoiceJson, QuoteDraftJson, QuoteJson } from '../../contracts/quotes';
import type { Company, Invoice, Quote, QuoteDraft } from '../../db';
import { quoteState } from '../../db';
import { AppError } from '../../lib/errors';
import { copenhagenDay } from '../../rules/ai-limit';
import { type DeductionScheme, deductionEstimate, deductionSchemes } from '../../rules/quote-deduction';
import { QUOTE_MESSAGES } from '../../rules/quote-messages';
import { documentTotals } from '../../rules/quote-money';
import { companyTrade } from '../../rules/site-trust';
import { danishYear } from '../../rules/tax-deduction';

function companySchemes(company: Company): DeductionScheme[] {
  return deductionSchemes(companyTrade(company).id);
}

export function toQuoteJson(quote: Quote, company: Company, now: Date): QuoteJson {
  const totals = documentTotals(quote.lines);
  return {
    id: quote.id,
    number: quote.number,
    version: quote.version,
    state: quoteState(quote, now),
    replacedById: quote.replacedById,
    replacesId: quote.replacesId,
    leadId: quote.leadId,
    customerName: quote.customerName,
    customerEmail: quote.customerEmail,
    customerPhone: quote.customerPhone,
    customerAddress: quote.customerAddress,
    title: quote.title,
    description: quote.description,
    terms: quote.terms,
    validUntil: quote.validUntil,
    createdAt: quote.createdAt,
    sentAt: quote.sentAt,
    seenAt: quote.seenAt,
    acceptedAt: quote.acceptedAt,
    acceptedName: quote.acceptedName,
    declinedAt: quote.declinedAt,
    declineReason: quote.declineReason,
    invoiceId: quote.invoiceId,
    lines: quote.lines.map((line, index) => ({
      ...line,
      amounts: totals.lines[index] ?? { netOre: 0, vatOre: 0, grossOre: 0 },
    })),
    netOre: totals.netOre,
    vatOre: totals.vatOre,
    totalOre: totals.totalOre,
    labourNetOre: totals.labourNetOre,
    otherNetOre: totals.otherNetOre,
    // The year the customer would claim in: the year the tilbud was sent, else this year.
    deduction: deductionEstimate(totals.deductibleGrossOre, danishYear(new Date(quote.sentAt ?? now))),
    deductionSchemes: companySchemes(company),
  };
}

export function toInvoiceJson(invoice: Invoice, creditedById: string | null): InvoiceJson {
  const totals = documentTotals(invoice.lines);
  const { companyCvr: _cvr, createdAt: _created, ...fields } = invoice;
  return { ...fields, creditedById, labourNetOre: totals.labourNetOre, otherNetOre: totals.otherNetOre };
}

const DAY_MS = 86_400_000;

/** A draft from the editor, checked against the company's trade and today's date. */
export function checkedDraft(
  json: QuoteDraftJson,
  leadId: string | null,
  company: Company,
  now: Date,
): QuoteDraft {
  const schemes = companySchemes(company);
  for (const line of json.lines)
    if (line.deduction !== null && !schemes.includes(line.deduction))
      throw new AppError('invalid_input', QUOTE_MESSAGES.deductionNotForTrade);
  const today = copenhagenDay(now);
  const lastDay = copenhagenDay(new Date(now.getTime() + 366 * DAY_MS));
  if (json.validUntil < today || json.validUntil > lastDay || Number.isNaN(Date.parse(json.validUntil)))
    throw new AppError('invalid_input', QUOTE_MESSAGES.validUntilInvalid);
  return { ...json, leadId };
}
