// The answer of a document's PDF (issue 51): the owner's tilbud, faktura and kreditnota at
// GET /api/quotes/{id}/pdf and /api/invoices/{id}/pdf, and the customer's faktura by its link. Shown
// inline under the document's name, never cached (a customer's address and prices) and never
// sniffed as anything else.
import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { refusals } from '../openapi';

/** The OpenAPI route of an owner's document as PDF: GET /{id}/pdf in its group. */
export function ownerPdfRoute(tag: string, summary: string) {
  return createRoute({
    method: 'get',
    path: '/{id}/pdf',
    tags: [tag],
    summary,
    request: { params: z.object({ id: z.string() }) },
    responses: {
      200: { description: 'The PDF', content: { 'application/pdf': { schema: z.string() } } },
      ...refusals('not_found'),
    },
  });
}

/** `bytes` as the PDF `name`.pdf, shown inline. */
export function pdfAnswer(c: Context, bytes: Uint8Array, name: string): Response {
  return c.body(new Uint8Array(bytes), 200, {
    'Content-Type': 'application/pdf',
    'Content-Disposition': `inline; filename="${name}.pdf"`,
    'Cache-Control': 'private, no-store',
    'X-Content-Type-Options': 'nosniff',
  });
}
