// The job 'invoice-mail' (db/tables/invoice-send.ts queues it): the customer's mail of a faktura or
// kreditnota, with the signed link to its page and the PDF attached, made when it goes out.
import {
  type Db,
  documentLinkToken,
  findCompanyByCvr,
  findInvoice,
  type InvoiceMailPayload,
  type Job,
} from '../../db';
import type { Config } from '../../lib/config';
import type { Mailer } from '../../lib/mailer';
import { invoiceMail, invoicePageUrl } from '../invoices/invoice-mail';
import { invoicePdf } from '../quotes/document-pdf';
import type { JobHandler } from './runner';

/** The purpose of an invoice's signed link (db/document-link.ts): read it, nothing else. */
export const INVOICE_LINK_PURPOSE = 'faktura';

function invoiceLinkToken(db: Db, cvr: string, invoiceId: string): Promise<string> {
  return documentLinkToken(db, INVOICE_LINK_PURPOSE, cvr, invoiceId);
}

export function invoiceMailJob(deps: {
  db: Db;
  config: Pick<Config, 'storageDir' | 'publicHost'>;
  mailer: Mailer;
}): JobHandler {
  const { db, config, mailer } = deps;
  return async (job: Job) => {
    const { cvr, invoiceId } = job.payload as InvoiceMailPayload;
    const [company, invoice] = await Promise.all([
      findCompanyByCvr(db, cvr),
      findInvoice(db, cvr, invoiceId),
    ]);
    // A company deleted meanwhile, or an invoice without an address: nothing will ever be sendable.
    if (!company || !invoice?.buyerEmail || !invoice.sentAt) return 'done';
    const link = invoicePageUrl(company, config.publicHost, await invoiceLinkToken(db, cvr, invoiceId));
    const pdf = await invoicePdf(invoice, company, config.storageDir);
    await mailer.send(invoiceMail(company, invoice, link, pdf));
    return 'sent';
  };
}
