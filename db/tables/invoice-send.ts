// "Send faktura" (issue 51 item 6): the invoice (or kreditnota) is marked sent, the first time only,
// and its mail queued in the same transaction (the job 'invoice-mail', api/jobs/invoice-mail.ts), so
// a mail is never queued for an invoice the database does not call sent, nor the other way round.
// Sending again queues the mail again (a customer who lost it) under the same key: one mail waits.
// An invoice is never edited, sent or not: there is no update of its lines or sums anywhere.
import { type Db, inTransaction } from '../database';
import { accepted, type Outcome, refused } from '../outcome';
import { findInvoice, type Invoice } from './invoices';
import { enqueue } from './jobs';

export interface InvoiceMailPayload {
  cvr: string;
  invoiceId: string;
}

const INVOICE_MAIL_KIND = 'invoice-mail';

export async function sendInvoice(
  db: Db,
  cvr: string,
  invoiceId: string,
  now: Date,
): Promise<Outcome<Invoice, 'not_found' | 'no_email'>> {
  const invoice = await findInvoice(db, cvr, invoiceId);
  if (!invoice) return refused('not_found');
  if (invoice.buyerEmail.trim() === '') return refused('no_email');
  await inTransaction(db, async (trx) => {
    await trx
      .updateTable('invoices')
      .set({ sentAt: now.toISOString() })
      .where('companyCvr', '=', cvr)
      .where('id', '=', invoiceId)
      .where('sentAt', 'is', null)
      .execute();
    const payload: InvoiceMailPayload = { cvr, invoiceId };
    await enqueue(trx, INVOICE_MAIL_KIND, payload, { key: `${INVOICE_MAIL_KIND}:${cvr}:${invoiceId}`, now });
  });
  const sent = await findInvoice(db, cvr, invoiceId);
  return sent ? accepted(sent) : refused('not_found');
}

/**
 * Deletes, in batches, the fakturaer and kreditnotaer of companies that no longer exist dated before
 * `cutoff` (rules/invoice-retention.ts: bogføringsloven's five years, counted safely); answers how
 * many went. A company that still exists keeps its own invoices: they are its records.
 */
export async function deleteOrphanInvoicesBefore(db: Db, cutoff: string, batch = 500): Promise<number> {
  let deleted = 0;
  for (;;) {
    const ids = (
      await db
        .selectFrom('invoices')
        .select('id')
        .where('issueDate', '<', cutoff)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('companies').select('cvr').whereRef('companies.cvr', '=', 'invoices.companyCvr'),
            ),
          ),
        )
        .limit(batch)
        .execute()
    ).map((row) => row.id);
    if (ids.length === 0) return deleted;
    await inTransaction(db, async (trx) => {
      await trx.deleteFrom('invoiceLines').where('invoiceId', 'in', ids).execute();
      await trx.deleteFrom('invoices').where('id', 'in', ids).execute();
    });
    deleted += ids.length;
  }
}
