// The customer's invoice pages (issue 51 item 6), public, beside the review pages under /api/sites (on
// a company's own host the CVR must be that host's company):
//   GET /api/sites/{cvr}/faktura/{token}      – the faktura or kreditnota (HTML, no JavaScript, no cookies)
//   GET /api/sites/{cvr}/faktura/{token}/pdf  – the same as PDF
// The token is a signed per-document link (db/document-link.ts, purpose 'faktura') bound to one
// company and one invoice; it is given only in the mail of a sent invoice, and an invoice not sent
// has no page. GET only: the link reads, it changes nothing.
import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { documentLinkId, findInvoice, type Invoice } from '../../db';
import { CONTENT_SECURITY_POLICY } from '../../rules/content-security-policy';
import { invoicePagePath } from '../../rules/customer-pages';
import { INVOICE_MESSAGES } from '../../rules/invoice-messages';
import type { AppEnv } from '../env';
import { invoicePage } from '../invoices/invoice-page';
import { INVOICE_LINK_PURPOSE } from '../jobs/invoice-mail';
import { routeGroup } from '../openapi';
import { messagePage, plainMessagePage } from '../public-form/branded-page';
import { invoicePdf, invoicePdfName } from '../quotes/document-pdf';
import { pdfAnswer } from '../quotes/pdf-answer';
import { siteOfRequest } from '../services/site-of-request';

const params = z.object({ cvr: z.string(), token: z.string() });
const html = { 'text/html': { schema: z.string() } };

const page = createRoute({
  method: 'get',
  path: '/{cvr}/faktura/{token}',
  tags: ['sites'],
  summary: "A customer's faktura or kreditnota by its signed link (HTML, no JavaScript)",
  request: { params },
  responses: {
    200: { description: 'The invoice', content: html },
    404: { description: 'No such link', content: html },
  },
});

const pdf = createRoute({
  method: 'get',
  path: '/{cvr}/faktura/{token}/pdf',
  tags: ['sites'],
  summary: "A customer's faktura or kreditnota as PDF by its signed link",
  request: { params },
  responses: {
    200: { description: 'The PDF', content: { 'application/pdf': { schema: z.string() } } },
    404: { description: 'No such link', content: html },
  },
});

/** Never cached, never indexed, no cookie; the token in the address goes to no other site. */
function pageHeaders(c: Context<AppEnv>): void {
  c.header('Content-Security-Policy', CONTENT_SECURITY_POLICY);
  c.header('Cache-Control', 'private, no-store');
  c.header('X-Robots-Tag', 'noindex');
  c.header('Referrer-Policy', 'no-referrer');
  c.header('X-Content-Type-Options', 'nosniff');
}

type Found = { invoice: Invoice; site: NonNullable<Awaited<ReturnType<typeof siteOfRequest>>> };

/** The sent invoice of the link on this host's company, or a Danish 404 page (already answered). */
async function invoiceOf(c: Context<AppEnv>, cvr: string, token: string): Promise<Found | Response> {
  const db = c.get('db');
  const site = await siteOfRequest(c, cvr);
  pageHeaders(c);
  const id = site ? await documentLinkId(db, INVOICE_LINK_PURPOSE, cvr, token) : null;
  const invoice = site && id ? await findInvoice(db, cvr, id) : null;
  if (!site || !invoice?.sentAt) {
    if (!site)
      return c.html(plainMessagePage(INVOICE_MESSAGES.linkInvalid, INVOICE_MESSAGES.linkInvalidText), 404);
    return c.html(
      messagePage(
        site.company,
        `${site.base}/`,
        INVOICE_MESSAGES.linkInvalid,
        INVOICE_MESSAGES.linkInvalidText,
      ),
      404,
    );
  }
  return { invoice, site };
}

export function createSiteInvoiceRoutes(): OpenAPIHono<AppEnv> {
  const routes = routeGroup<AppEnv>();
  routes.openapi(page, (async (c: Context<AppEnv>) => {
    const { cvr, token } = c.req.param() as { cvr: string; token: string };
    const found = await invoiceOf(c, cvr, token);
    if (found instanceof Response) return found;
    const { invoice, site } = found;
    const pdfHref = `${invoicePagePath(cvr, encodeURIComponent(token))}/pdf`;
    return c.html(invoicePage(site.company, `${site.base}/`, invoice, pdfHref), 200);
  }) as never);
  routes.openapi(pdf, (async (c: Context<AppEnv>) => {
    const { cvr, token } = c.req.param() as { cvr: string; token: string };
    const found = await invoiceOf(c, cvr, token);
    if (found instanceof Response) return found;
    const { invoice, site } = found;
    const bytes = await invoicePdf(invoice, site.company, c.get('config').storageDir);
    return pdfAnswer(c, bytes, invoicePdfName(invoice));
  }) as never);
  return routes;
}
