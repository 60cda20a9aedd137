// The owner's fakturaer and kreditnotaer (issue 51 item 6), mounted at /api/invoices behind the
// tenant middleware. An invoice is made from an accepted tilbud (POST /api/quotes/{id}/invoice) and
// never edited: a mistake is put right with a kreditnota referring to it.
//   GET  /api/invoices             – the invoices and kreditnotaer, highest number first
//   GET  /api/invoices/export.csv  – all of them as a CSV for the bookkeeper (rules/invoice-csv.ts)
//   GET  /api/invoices/{id}        – one
//   POST /api/invoices/{id}/credit – a kreditnota for the whole invoice, with the next number
//   GET  /api/invoices/{id}/pdf    – the invoice or kreditnota as PDF
//   POST /api/invoices/{id}/send   – "Send faktura": marked sent (the first time), the customer's mail
//                                    with the link and the PDF queued (db/tables/invoice-send.ts)
// There is no route that changes an invoice: sent or not, it is never edited.
import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import { invoiceListSchema, invoiceSchema } from '../../contracts/quotes';
import { createCreditNote, findInvoice, type Invoice, listInvoices, sendInvoice } from '../../db';
import { AppError } from '../../lib/errors';
import { invoicesCsv } from '../../rules/invoice-csv';
import { INVOICE_MESSAGES } from '../../rules/invoice-messages';
import { MESSAGES } from '../../rules/messages';
import { QUOTE_MESSAGES } from '../../rules/quote-messages';
import type { OwnerEnv } from '../env';
import { answer, refusals, routeGroup } from '../openapi';
import { invoicePdf, invoicePdfName } from '../quotes/document-pdf';
import { ownerPdfRoute, pdfAnswer } from '../quotes/pdf-answer';
import { toInvoiceJson } from '../quotes/quote-json';

const notFound = () => new AppError('not_found', MESSAGES.notFound);
const idParams = z.object({ id: z.string() });

const list = createRoute({
  method: 'get',
  path: '/',
  tags: ['invoices'],
  summary: 'The invoices and kreditnotaer, highest number first',
  responses: { 200: answer(invoiceListSchema, 'The invoices') },
});

const exportCsv = createRoute({
  method: 'get',
  path: '/export.csv',
  tags: ['invoices'],
  summary: 'The invoices and kreditnotaer as a CSV for the bookkeeper (semicolons, decimal commas, BOM)',
  responses: { 200: { description: 'The CSV', content: { 'text/csv': { schema: z.string() } } } },
});

const read = createRoute({
  method: 'get',
  path: '/{id}',
  tags: ['invoices'],
  summary: 'One invoice or kreditnota',
  request: { params: idParams },
  responses: { 200: answer(invoiceSchema, 'The invoice'), ...refusals('not_found') },
});

const credit = createRoute({
  method: 'post',
  path: '/{id}/credit',
  tags: ['invoices'],
  summary: 'A kreditnota for the whole invoice, referring to it, with the next number',
  request: { params: idParams },
  responses: { 201: answer(invoiceSchema, 'The kreditnota'), ...refusals('not_found', 'conflict') },
});

const pdf = ownerPdfRoute('invoices', 'The invoice or kreditnota as PDF');

const send = createRoute({
  method: 'post',
  path: '/{id}/send',
  tags: ['invoices'],
  summary: 'Send faktura: marked sent, and the customer mailed the link and the PDF',
  request: { params: idParams },
  responses: {
    200: answer(invoiceSchema, 'The invoice, sent'),
    ...refusals('not_found', 'invalid_input'),
  },
});

/** Each invoice's kreditnota, by the credited invoice's id. */
function creditsOf(invoices: readonly Invoice[]): Map<string, string> {
  return new Map(
    invoices.flatMap((invoice) =>
      invoice.creditsInvoiceId ? [[invoice.creditsInvoiceId, invoice.id] as const] : [],
    ),
  );
}

export function createInvoiceRoutes(): OpenAPIHono<OwnerEnv> {
  const invoices = routeGroup<OwnerEnv>();

  invoices.openapi(list, async (c) => {
    const rows = await listInvoices(c.var.db, c.var.company.cvr);
    const credits = creditsOf(rows);
    return c.json(
      invoiceListSchema.parse({
        invoices: rows.map((row) => toInvoiceJson(row, credits.get(row.id) ?? null)),
      }),
      200,
    );
  });

  invoices.openapi(exportCsv, (async (c: Parameters<Parameters<typeof invoices.openapi>[1]>[0]) => {
    const { db, company } = c.var;
    const text = invoicesCsv(await listInvoices(db, company.cvr));
    return c.body(text, 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="fakturaer-${company.cvr}.csv"`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    });
  }) as never);

  invoices.openapi(read, async (c) => {
    const { db, company } = c.var;
    const invoice = await findInvoice(db, company.cvr, c.req.valid('param').id);
    if (!invoice) throw notFound();
    const credits = creditsOf(await listInvoices(db, company.cvr));
    return c.json(invoiceSchema.parse(toInvoiceJson(invoice, credits.get(invoice.id) ?? null)), 200);
  });

  invoices.openapi(credit, async (c) => {
    const { db, company } = c.var;
    const outcome = await createCreditNote(db, company.cvr, c.req.valid('param').id, c.get('now')());
    if (!outcome.ok) {
      if (outcome.reason === 'not_found') throw notFound();
      throw new AppError(
        'conflict',
        outcome.reason === 'is_credit' ? QUOTE_MESSAGES.creditNoCredit : QUOTE_MESSAGES.alreadyCredited,
      );
    }
    return c.json(invoiceSchema.parse(toInvoiceJson(outcome.value, null)), 201);
  });

  invoices.openapi(send, async (c) => {
    const { db, company } = c.var;
    const id = c.req.valid('param').id;
    const outcome = await sendInvoice(db, company.cvr, id, c.get('now')());
    if (!outcome.ok) {
      if (outcome.reason === 'not_found') throw notFound();
      throw new AppError('invalid_input', INVOICE_MESSAGES.noBuyerEmail);
    }
    // Committed: the customer's mail is in the job table; the runner sends it now, not at its next look.
    c.var.nudgeMail();
    const credits = creditsOf(await listInvoices(db, company.cvr));
    return c.json(invoiceSchema.parse(toInvoiceJson(outcome.value, credits.get(id) ?? null)), 200);
  });

  invoices.openapi(pdf, (async (c: Parameters<Parameters<typeof invoices.openapi>[1]>[0]) => {
    const { db, company, config } = c.var;
    const { id } = c.req.param() as { id: string };
    const invoice = await findInvoice(db, company.cvr, id);
    if (!invoice) throw notFound();
    return pdfAnswer(c, await invoicePdf(invoice, company, config.storageDir), invoicePdfName(invoice));
  }) as never);

  return invoices;
}
