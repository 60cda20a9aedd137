// The customer's mail of a faktura or kreditnota (issue 51 item 6): plain text (a customer's or the
// owner's words never become markup), the link to the invoice's page on the company's own address,
// the total and due date, and the PDF attached. Replies go to the firm.
import type { Company, Invoice } from '../../db';
import type { MailMessage } from '../../lib/mailer';
import { invoicePagePath } from '../../rules/customer-pages';
import { danishShortDate } from '../../rules/danish-date';
import { formatOre } from '../../rules/quote-money';
import { canonicalOrigin } from '../../rules/site-url';
import { invoicePdfName } from '../quotes/document-pdf';

/** The address of the invoice's page, by its signed link. */
export function invoicePageUrl(company: Company, publicHost: string, token: string): string {
  return `${canonicalOrigin(company, publicHost)}${invoicePagePath(company.cvr, token)}`;
}

function oneLine(value: string, max: number): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point.
  const flat = value.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

export function invoiceMail(company: Company, invoice: Invoice, link: string, pdf: Buffer): MailMessage {
  const credit = invoice.kind === 'credit';
  const what = credit ? 'Kreditnota' : 'Faktura';
  const seller = oneLine(invoice.sellerName, 120);
  const body = credit
    ? [
        `Hej ${oneLine(invoice.buyerName, 80)}`,
        '',
        `Her er kreditnota nr. ${invoice.number} fra ${seller}. Den annullerer faktura nr. ${invoice.creditsInvoiceNumber ?? ''} og lyder på ${formatOre(invoice.totalOre)} inkl. moms.`,
      ]
    : [
        `Hej ${oneLine(invoice.buyerName, 80)}`,
        '',
        `Her er faktura nr. ${invoice.number} fra ${seller} på ${formatOre(invoice.totalOre)} inkl. moms, som betales senest ${danishShortDate(invoice.dueDate)}.`,
      ];
  const text = [
    ...body,
    '',
    `Se ${credit ? 'kreditnotaen' : 'fakturaen'} her:`,
    link,
    '',
    `${credit ? 'Kreditnotaen' : 'Fakturaen'} er også vedhæftet som PDF.`,
    '',
    'Venlig hilsen',
    seller,
    `CVR ${invoice.sellerCvr}`,
  ].join('\n');
  const replyTo = company.email || company.companyEmail || undefined;
  return {
    to: invoice.buyerEmail,
    subject: `${what} nr. ${invoice.number} fra ${seller}`,
    text,
    ...(replyTo ? { replyTo } : {}),
    attachments: [
      {
        filename: `${invoicePdfName(invoice)}.pdf`,
        content: pdf,
        contentType: 'application/pdf',
      },
    ],
  };
}
