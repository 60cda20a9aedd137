// The owner's tilbud and fakturaer (issue 51): the draft the editor saves, the answers of
// /api/quotes and /api/invoices, and the tilbud settings. Amounts are integers in øre and quantities
// integers in hundredths (rules/quote-money.ts): the admin parses what the owner types, the API
// checks the bounds and answers in Danish.
import { z } from 'zod';
import { QUOTE_MESSAGES } from '../rules/quote-messages';
import { LINE_KINDS, LINE_UNITS, QUOTE_LIMITS } from '../rules/quote-money';
import { body, EMAIL_MAX, emailAddress, multilineText, text } from './fields';

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

const quoteLineSchema = body({
  kind: z.enum(LINE_KINDS, { error: QUOTE_MESSAGES.lineTextRequired }),
  text: z
    .string({ error: QUOTE_MESSAGES.lineTextRequired })
    .trim()
    .min(1, QUOTE_MESSAGES.lineTextRequired)
    .max(QUOTE_LIMITS.lineText, QUOTE_MESSAGES.lineTextTooLong),
  quantityHundredths: z
    .number({ error: QUOTE_MESSAGES.quantityInvalid })
    .int(QUOTE_MESSAGES.quantityInvalid)
    .positive(QUOTE_MESSAGES.quantityInvalid)
    .max(QUOTE_LIMITS.quantityHundredths, QUOTE_MESSAGES.quantityTooLarge),
  unit: z.enum(LINE_UNITS, { error: QUOTE_MESSAGES.quantityInvalid }),
  unitPriceOre: z
    .number({ error: QUOTE_MESSAGES.priceInvalid })
    .int(QUOTE_MESSAGES.priceInvalid)
    .nonnegative(QUOTE_MESSAGES.priceInvalid)
    .max(QUOTE_LIMITS.unitPriceOre, QUOTE_MESSAGES.priceTooLarge),
  deduction: z.enum(['craft', 'service']).nullable().default(null),
}).refine((line) => line.deduction === null || line.kind === 'labour', {
  error: QUOTE_MESSAGES.deductionOnlyLabour,
  path: ['deduction'],
});

/** PUT /api/quotes/{id}: the whole draft. */
export const quoteDraftSchema = body({
  customerName: text('Kundens navn', QUOTE_LIMITS.customerName).min(1, QUOTE_MESSAGES.customerRequired),
  customerEmail: z.union([z.literal(''), emailAddress.max(EMAIL_MAX)]).default(''),
  customerPhone: text('Telefonnummeret', 40).default(''),
  customerAddress: multilineText('Adressen', QUOTE_LIMITS.address).default(''),
  title: text('Overskriften', QUOTE_LIMITS.title).default(''),
  description: multilineText('Beskrivelsen', QUOTE_LIMITS.description).default(''),
  validUntil: z.string().regex(ISO_DAY, QUOTE_MESSAGES.validUntilInvalid),
  terms: multilineText('Betingelserne', QUOTE_LIMITS.terms),
  lines: z.array(quoteLineSchema).max(QUOTE_LIMITS.lines, QUOTE_MESSAGES.tooManyLines),
});
export type QuoteDraftJson = z.infer<typeof quoteDraftSchema>;

/** POST /api/quotes: from a request (prefilled from it) or for a customer by name, e-mail or phone. */
export const quoteCreateSchema = z.union(
  [
    body({ leadId: z.string().min(1).max(100) }),
    body({
      customerName: text('Kundens navn', QUOTE_LIMITS.customerName).min(1, QUOTE_MESSAGES.customerRequired),
      customerEmail: z.union([z.literal(''), emailAddress.max(EMAIL_MAX)]).default(''),
      customerPhone: text('Telefonnummeret', 40).default(''),
    }),
  ],
  { error: QUOTE_MESSAGES.customerRequired },
);

const amountsSchema = z.object({ netOre: z.number(), vatOre: z.number(), grossOre: z.number() });

const deductionEstimateSchema = z.object({
  year: z.number(),
  countsOre: z.object({ craft: z.number(), service: z.number() }),
  savingOre: z.number().nullable(),
  ceilingsOre: z.object({ craft: z.number(), service: z.number() }).nullable(),
  conditions: z.string(),
  infoUrl: z.string(),
});

const QUOTE_STATES = ['draft', 'sent', 'seen', 'accepted', 'declined', 'expired'] as const;

const quoteSummarySchema = z.object({
  id: z.string(),
  number: z.string().nullable(),
  version: z.number(),
  state: z.enum(QUOTE_STATES),
  replacedById: z.string().nullable(),
  leadId: z.string().nullable(),
  customerName: z.string(),
  title: z.string(),
  totalOre: z.number(),
  validUntil: z.string(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  acceptedAt: z.string().nullable(),
  invoiceId: z.string().nullable(),
});

export const quoteSchema = quoteSummarySchema.extend({
  customerEmail: z.string(),
  customerPhone: z.string(),
  customerAddress: z.string(),
  description: z.string(),
  terms: z.string(),
  replacesId: z.string().nullable(),
  seenAt: z.string().nullable(),
  declinedAt: z.string().nullable(),
  declineReason: z.string().nullable(),
  acceptedName: z.string().nullable(),
  lines: z.array(
    z.object({
      kind: z.enum(LINE_KINDS),
      text: z.string(),
      quantityHundredths: z.number(),
      unit: z.enum(LINE_UNITS),
      unitPriceOre: z.number(),
      deduction: z.enum(['craft', 'service']).nullable(),
      amounts: amountsSchema,
    }),
  ),
  netOre: z.number(),
  vatOre: z.number(),
  labourNetOre: z.number(),
  otherNetOre: z.number(),
  deduction: deductionEstimateSchema.nullable(),
  /** The fradrag schemes this company's labour lines may be marked with. */
  deductionSchemes: z.array(z.enum(['craft', 'service'])),
});
export type QuoteJson = z.infer<typeof quoteSchema>;

/**
 * The answer of "Send tilbud" and of GET /api/quotes/{id}: the tilbud, and the SMS text to copy (the
 * company, the number, the total and the link) when it is sent and the customer has only a phone
 * number; null otherwise.
 */
export const sentQuoteSchema = quoteSchema.extend({ smsText: z.string().nullable() });
export type SentQuoteJson = z.infer<typeof sentQuoteSchema>;

export const quoteListSchema = z.object({
  quotes: z.array(quoteSummarySchema),
  /** Sent or seen, neither expired nor replaced: what may still be won. */
  openOre: z.number(),
  openCount: z.number(),
  /** Accepted in this Danish month. */
  acceptedThisMonthOre: z.number(),
  acceptedThisMonthCount: z.number(),
});

export const quoteSettingsSchema = body({
  terms: multilineText('Betingelserne', QUOTE_LIMITS.terms).min(1, QUOTE_MESSAGES.termsTooLong),
  paymentDays: z
    .number({ error: QUOTE_MESSAGES.paymentDaysInvalid })
    .int(QUOTE_MESSAGES.paymentDaysInvalid)
    .min(0, QUOTE_MESSAGES.paymentDaysInvalid)
    .max(60, QUOTE_MESSAGES.paymentDaysInvalid),
  validDays: z
    .number({ error: QUOTE_MESSAGES.validUntilInvalid })
    .int(QUOTE_MESSAGES.validUntilInvalid)
    .min(1, QUOTE_MESSAGES.validUntilInvalid)
    .max(365, QUOTE_MESSAGES.validUntilInvalid),
  bankReg: z.union([z.literal(''), z.string().regex(/^\d{4}$/, QUOTE_MESSAGES.bankInvalid)]),
  bankAccount: z.union([z.literal(''), z.string().regex(/^\d{1,10}$/, QUOTE_MESSAGES.bankInvalid)]),
  mobilepay: z.union([z.literal(''), z.string().regex(/^\d{4,8}$/, QUOTE_MESSAGES.mobilePayInvalid)]),
  /** Timepris in øre excl. moms, the unit price a new Arbejdsløn line starts at; 0 while not set. */
  hourlyRateOre: z
    .number({ error: QUOTE_MESSAGES.hourlyRateInvalid })
    .int(QUOTE_MESSAGES.hourlyRateInvalid)
    .min(0, QUOTE_MESSAGES.hourlyRateInvalid)
    .max(QUOTE_LIMITS.unitPriceOre, QUOTE_MESSAGES.priceTooLarge),
}).refine((settings) => (settings.bankReg === '') === (settings.bankAccount === ''), {
  error: QUOTE_MESSAGES.bankInvalid,
  path: ['bankAccount'],
});

export const invoiceCreateSchema = body({
  /** When the work was done (leveringsdato); default: today. */
  deliveryDate: z.string().regex(ISO_DAY, QUOTE_MESSAGES.validUntilInvalid).optional(),
});

export const invoiceSchema = z.object({
  id: z.string(),
  number: z.number(),
  kind: z.enum(['invoice', 'credit']),
  creditsInvoiceId: z.string().nullable(),
  creditsInvoiceNumber: z.number().nullable(),
  /** The kreditnota made for this invoice, if any. */
  creditedById: z.string().nullable(),
  /** When "Send faktura" first mailed it to the customer; null while not sent. */
  sentAt: z.string().nullable(),
  quoteId: z.string().nullable(),
  issueDate: z.string(),
  deliveryDate: z.string(),
  deliveryText: z.string(),
  sellerName: z.string(),
  sellerAddress: z.string(),
  sellerCvr: z.string(),
  buyerName: z.string(),
  buyerAddress: z.string(),
  buyerEmail: z.string(),
  buyerPhone: z.string(),
  paymentDays: z.number(),
  dueDate: z.string(),
  bankReg: z.string(),
  bankAccount: z.string(),
  mobilepay: z.string(),
  netOre: z.number(),
  vatOre: z.number(),
  totalOre: z.number(),
  labourNetOre: z.number(),
  otherNetOre: z.number(),
  lines: z.array(
    z.object({
      kind: z.enum(LINE_KINDS),
      text: z.string(),
      quantityHundredths: z.number(),
      unit: z.enum(LINE_UNITS),
      unitPriceOre: z.number(),
      netOre: z.number(),
      vatOre: z.number(),
      deduction: z.enum(['craft', 'service']).nullable(),
    }),
  ),
});
export type InvoiceJson = z.infer<typeof invoiceSchema>;

export const invoiceListSchema = z.object({ invoices: z.array(invoiceSchema) });
