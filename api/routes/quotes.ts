// The owner's tilbud (issue 51), mounted at /api/quotes behind the tenant middleware: every call acts
// on c.get('company') only.
//   GET    /api/quotes                – the tilbud, newest first, with the sums of open and of this
//                                       month's accepted (optionally ?leadId= for one request's)
//   POST   /api/quotes                – a draft from a request (prefilled) or for a named customer
//   GET/PUT /api/quotes/settings      – standard terms, payment days, validity, bank, MobilePay, Timepris
//   GET    /api/quotes/{id}           – one tilbud with its sums, the fradrag estimate and the SMS text
//   PUT    /api/quotes/{id}           – save a draft (a sent tilbud is never changed: 409)
//   DELETE /api/quotes/{id}           – delete a draft
//   POST   /api/quotes/{id}/send      – lock it, give it its number, queue the customer's mail
//   POST   /api/quotes/{id}/revise    – "Ret og send igen": a new draft version of a sent tilbud
//   POST   /api/quotes/{id}/invoice   – "Lav faktura" from an accepted tilbud
//   GET    /api/quotes/{id}/pdf       – the tilbud as PDF
import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import {
  invoiceCreateSchema,
  invoiceSchema,
  quoteCreateSchema,
  quoteDraftSchema,
  quoteListSchema,
  quoteSchema,
  quoteSettingsSchema,
  sentQuoteSchema,
} from '../../contracts/quotes';
import {
  createInvoiceFromQuote,
  createQuote,
  deleteQuoteDraft,
  findLead,
  findQuote,
  getQuoteSettings,
  listQuotes,
  markQuoteSent,
  quoteState,
  reviseQuote,
  saveQuoteDraft,
  saveQuoteSettings,
} from '../../db';
import { AppError } from '../../lib/errors';
import { copenhagenDay } from '../../rules/ai-limit';
import { MESSAGES } from '../../rules/messages';
import { QUOTE_MESSAGES } from '../../rules/quote-messages';
import { documentTotals } from '../../rules/quote-money';
import type { OwnerEnv } from '../env';
import { answer, JSON_BODY, jsonBody, refusals, routeGroup } from '../openapi';
import { quotePdf } from '../quotes/document-pdf';
import { invoiceIssuer } from '../quotes/invoice-issuer';
import { ownerPdfRoute, pdfAnswer } from '../quotes/pdf-answer';
import { checkedDraft, toInvoiceJson, toQuoteJson } from '../quotes/quote-json';
import { queueSentQuote, quoteSmsOf } from '../quotes/quote-send';

const notFound = () => new AppError('not_found', MESSAGES.notFound);
const idParams = z.object({ id: z.string() });
const DAY_MS = 86_400_000;
/** A new tilbud's last valid day: the settings' days from today. */
function defaultValidUntil(settings: { validDays: number }, now: Date): string {
  return copenhagenDay(new Date(now.getTime() + settings.validDays * DAY_MS));
}

const SEND_REFUSALS = {
  no_lines: QUOTE_MESSAGES.noLines,
  not_draft: QUOTE_MESSAGES.notDraft,
  replaces_accepted: QUOTE_MESSAGES.replacesAccepted,
} as const;

const list = createRoute({
  method: 'get',
  path: '/',
  tags: ['quotes'],
  summary: "The company's tilbud, newest first, and the sums of open and of this month's accepted",
  request: { query: z.object({ leadId: z.string().max(100).optional() }) },
  responses: { 200: answer(quoteListSchema, 'The tilbud') },
});

const create = createRoute({
  method: 'post',
  path: '/',
  tags: ['quotes'],
  summary: 'A new draft: from a request (customer and text prefilled) or for a named customer',
  middleware: JSON_BODY,
  request: jsonBody(quoteCreateSchema),
  responses: { 201: answer(quoteSchema, 'The draft'), ...refusals('invalid_input', 'not_found') },
});

const readSettings = createRoute({
  method: 'get',
  path: '/settings',
  tags: ['quotes'],
  summary: 'Standard terms, payment days, validity, bank account and MobilePay',
  responses: { 200: answer(quoteSettingsSchema, 'The settings') },
});

const writeSettings = createRoute({
  method: 'put',
  path: '/settings',
  tags: ['quotes'],
  summary: 'Save the tilbud and faktura settings',
  middleware: JSON_BODY,
  request: jsonBody(quoteSettingsSchema),
  responses: { 200: answer(quoteSettingsSchema, 'The saved settings'), ...refusals('invalid_input') },
});

const read = createRoute({
  method: 'get',
  path: '/{id}',
  tags: ['quotes'],
  summary: 'One tilbud with its sums, the fradrag estimate and, once sent to a phone only, the SMS text',
  request: { params: idParams },
  responses: { 200: answer(sentQuoteSchema, 'The tilbud'), ...refusals('not_found') },
});

const save = createRoute({
  method: 'put',
  path: '/{id}',
  tags: ['quotes'],
  summary: 'Save a draft whole (a sent tilbud is never changed)',
  middleware: JSON_BODY,
  request: { params: idParams, ...jsonBody(quoteDraftSchema) },
  responses: { 200: answer(quoteSchema, 'The draft'), ...refusals('invalid_input', 'not_found', 'conflict') },
});

const remove = createRoute({
  method: 'delete',
  path: '/{id}',
  tags: ['quotes'],
  summary: 'Delete a draft (a sent tilbud is kept)',
  request: { params: idParams },
  responses: { 204: { description: 'Deleted' }, ...refusals('not_found', 'conflict') },
});

const send = createRoute({
  method: 'post',
  path: '/{id}/send',
  tags: ['quotes'],
  summary:
    "Lock the draft, give it the next number and queue the customer's mail (or answer the SMS text to copy)",
  request: { params: idParams },
  responses: { 200: answer(sentQuoteSchema, 'The sent tilbud'), ...refusals('not_found', 'conflict') },
});

const revise = createRoute({
  method: 'post',
  path: '/{id}/revise',
  tags: ['quotes'],
  summary: '"Ret og send igen": a new draft version with the same number',
  request: { params: idParams },
  responses: { 201: answer(quoteSchema, 'The new draft'), ...refusals('not_found', 'conflict') },
});

const invoice = createRoute({
  method: 'post',
  path: '/{id}/invoice',
  tags: ['quotes'],
  summary: '"Lav faktura": an invoice with the next number from an accepted tilbud',
  middleware: JSON_BODY,
  request: { params: idParams, ...jsonBody(invoiceCreateSchema) },
  responses: {
    201: answer(invoiceSchema, 'The invoice'),
    ...refusals('invalid_input', 'not_found', 'conflict'),
  },
});

const pdf = ownerPdfRoute('quotes', 'The tilbud as PDF');

export function createQuoteRoutes(): OpenAPIHono<OwnerEnv> {
  const quotes = routeGroup<OwnerEnv>();

  quotes.openapi(list, async (c) => {
    const { db, company } = c.var;
    const now = c.get('now')();
    const rows = await listQuotes(db, company.cvr, { leadId: c.req.valid('query').leadId, limit: 500 });
    const month = copenhagenDay(now).slice(0, 7);
    let openOre = 0;
    let openCount = 0;
    let acceptedThisMonthOre = 0;
    let acceptedThisMonthCount = 0;
    const summaries = rows.map((quote) => {
      const state = quoteState(quote, now);
      const { totalOre } = documentTotals(quote.lines);
      if ((state === 'sent' || state === 'seen') && !quote.replacedById) {
        openOre += totalOre;
        openCount += 1;
      }
      if (
        state === 'accepted' &&
        quote.acceptedAt &&
        copenhagenDay(new Date(quote.acceptedAt)).startsWith(month)
      ) {
        acceptedThisMonthOre += totalOre;
        acceptedThisMonthCount += 1;
      }
      const json = toQuoteJson(quote, company, now);
      return quoteListSchema.shape.quotes.element.parse(json);
    });
    return c.json(
      quoteListSchema.parse({
        quotes: summaries,
        openOre,
        openCount,
        acceptedThisMonthOre,
        acceptedThisMonthCount,
      }),
      200,
    );
  });

  quotes.openapi(create, async (c) => {
    const { db, company } = c.var;
    const now = c.get('now')();
    const input = c.req.valid('json');
    const settings = await getQuoteSettings(db, company.cvr);
    const validUntil = defaultValidUntil(settings, now);
    const base = {
      customerAddress: '',
      title: '',
      validUntil,
      terms: settings.terms,
      lines: [],
    };
    let draft: Parameters<typeof createQuote>[2];
    if ('leadId' in input) {
      const lead = await findLead(db, company.cvr, input.leadId);
      if (!lead) throw new AppError('not_found', QUOTE_MESSAGES.leadNotFound);
      draft = {
        ...base,
        leadId: lead.id,
        customerName: lead.name,
        customerEmail: lead.email,
        customerPhone: lead.phone,
        customerAddress: lead.postcode,
        description: lead.message,
      };
    } else {
      if (input.customerEmail === '' && input.customerPhone === '')
        throw new AppError('invalid_input', QUOTE_MESSAGES.customerContactRequired);
      draft = { ...base, ...input, leadId: null, description: '' };
    }
    const quote = await createQuote(db, company.cvr, draft, now);
    return c.json(quoteSchema.parse(toQuoteJson(quote, company, now)), 201);
  });

  quotes.openapi(readSettings, async (c) => {
    return c.json(quoteSettingsSchema.parse(await getQuoteSettings(c.var.db, c.var.company.cvr)), 200);
  });

  quotes.openapi(writeSettings, async (c) => {
    const saved = await saveQuoteSettings(c.var.db, c.var.company.cvr, c.req.valid('json'));
    return c.json(quoteSettingsSchema.parse(saved), 200);
  });

  quotes.openapi(read, async (c) => {
    const { db, company } = c.var;
    const quote = await findQuote(db, company.cvr, c.req.valid('param').id);
    if (!quote) throw notFound();
    const smsText = await quoteSmsOf(db, company, quote, c.var.config.publicHost);
    return c.json(sentQuoteSchema.parse({ ...toQuoteJson(quote, company, c.get('now')()), smsText }), 200);
  });

  quotes.openapi(save, async (c) => {
    const { db, company } = c.var;
    const now = c.get('now')();
    const { id } = c.req.valid('param');
    const existing = await findQuote(db, company.cvr, id);
    if (!existing) throw notFound();
    const draft = checkedDraft(c.req.valid('json'), existing.leadId, company, now);
    const saved = await saveQuoteDraft(db, company.cvr, id, draft, now);
    if (!saved.ok) {
      if (saved.reason === 'not_found') throw notFound();
      throw new AppError('conflict', QUOTE_MESSAGES.notDraft);
    }
    return c.json(quoteSchema.parse(toQuoteJson(saved.value, company, now)), 200);
  });

  quotes.openapi(remove, async (c) => {
    const { db, company } = c.var;
    const outcome = await deleteQuoteDraft(db, company.cvr, c.req.valid('param').id);
    if (!outcome.ok) {
      if (outcome.reason === 'not_found') throw notFound();
      throw new AppError('conflict', QUOTE_MESSAGES.notDraft);
    }
    return c.body(null, 204);
  });

  registerSentRoutes(quotes);
  return quotes;
}

/** What follows a draft: send, "Ret og send igen", "Lav faktura" and the PDF. */
function registerSentRoutes(quotes: OpenAPIHono<OwnerEnv>): void {
  quotes.openapi(send, async (c) => {
    const { db, company } = c.var;
    const now = c.get('now')();
    const outcome = await markQuoteSent(db, company.cvr, c.req.valid('param').id, now);
    if (!outcome.ok) {
      if (outcome.reason === 'not_found') throw notFound();
      throw new AppError('conflict', SEND_REFUSALS[outcome.reason]);
    }
    // Committed: the customer's mail and its reminder go through the job table.
    const smsText = await queueSentQuote(db, company, outcome.value, c.var.config.publicHost, now);
    c.var.nudgeMail();
    return c.json(sentQuoteSchema.parse({ ...toQuoteJson(outcome.value, company, now), smsText }), 200);
  });

  quotes.openapi(revise, async (c) => {
    const { db, company } = c.var;
    const now = c.get('now')();
    // A version of a tilbud that has expired (the customer asked for a new one) holds from today.
    const validUntil = defaultValidUntil(await getQuoteSettings(db, company.cvr), now);
    const outcome = await reviseQuote(db, company.cvr, c.req.valid('param').id, now, validUntil);
    if (!outcome.ok) {
      if (outcome.reason === 'not_found') throw notFound();
      throw new AppError(
        'conflict',
        outcome.reason === 'accepted' ? QUOTE_MESSAGES.acceptedNoRevise : QUOTE_MESSAGES.notSent,
      );
    }
    return c.json(quoteSchema.parse(toQuoteJson(outcome.value, company, now)), 201);
  });

  quotes.openapi(invoice, async (c) => {
    const { db, company } = c.var;
    const now = c.get('now')();
    const quote = await findQuote(db, company.cvr, c.req.valid('param').id);
    if (!quote) throw notFound();
    if (quote.storedState !== 'accepted') throw new AppError('conflict', QUOTE_MESSAGES.notAccepted);
    if (quote.invoiceId) throw new AppError('conflict', QUOTE_MESSAGES.alreadyInvoiced);
    const issuer = invoiceIssuer(company, await getQuoteSettings(db, company.cvr));
    if (!issuer) throw new AppError('invalid_input', QUOTE_MESSAGES.invoiceDetailsMissing);
    const body = c.req.valid('json');
    const outcome = await createInvoiceFromQuote(
      db,
      company.cvr,
      quote.id,
      issuer,
      { date: body.deliveryDate ?? copenhagenDay(now), customerAddress: body.customerAddress },
      now,
    );
    if (!outcome.ok) {
      if (outcome.reason === 'not_found') throw notFound();
      if (outcome.reason === 'no_address')
        throw new AppError('invalid_input', QUOTE_MESSAGES.customerAddressMissing);
      throw new AppError(
        'conflict',
        outcome.reason === 'already_invoiced' ? QUOTE_MESSAGES.alreadyInvoiced : QUOTE_MESSAGES.notAccepted,
      );
    }
    return c.json(invoiceSchema.parse(toInvoiceJson(outcome.value, null)), 201);
  });

  quotes.openapi(pdf, (async (c: Parameters<Parameters<typeof quotes.openapi>[1]>[0]) => {
    const { db, company, config } = c.var;
    const { id } = c.req.param() as { id: string };
    const quote = await findQuote(db, company.cvr, id);
    if (!quote) throw notFound();
    const bytes = await quotePdf(quote, company, config.storageDir, c.get('now')());
    return pdfAnswer(c, bytes, quote.number ? `tilbud-${quote.number}` : 'tilbud-kladde');
  }) as never);
}
