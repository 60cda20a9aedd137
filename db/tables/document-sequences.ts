// Per-company number series for documents (issue 51): "Tilbud 2027-0001" and invoice numbers, which
// momsbekendtgørelsen § 58 wants "fortløbende" (no gaps). The next number is taken by one upsert in
// the transaction that stores the document: PostgreSQL locks the row until that transaction ends and
// SQLite writes one transaction at a time, so concurrent senders queue for it, and a transaction that
// rolls back gives its number back with everything else.
import type { Db } from '../database';

export interface DocumentSequencesTable {
  companyCvr: string;
  series: string;
  lastValue: number;
}

/** A quote series per Danish year ('quote-2027'); invoices and kreditnotaer share one series. */
export type DocumentSeries = `quote-${number}` | 'invoice';

/** The next number of `series` for the company. Call it inside the transaction that uses it. */
export async function takeNextNumber(trx: Db, cvr: string, series: DocumentSeries): Promise<number> {
  if (!trx.isTransaction) throw new Error('takeNextNumber must run inside the transaction that uses it');
  const row = await trx
    .insertInto('documentSequences')
    .values({ companyCvr: cvr, series, lastValue: 1 })
    .onConflict((conflict) =>
      conflict
        .columns(['companyCvr', 'series'])
        .doUpdateSet((eb) => ({ lastValue: eb(eb.ref('documentSequences.lastValue'), '+', 1) })),
    )
    .returning('lastValue')
    .executeTakeFirstOrThrow();
  return Number(row.lastValue);
}
