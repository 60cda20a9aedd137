// How long a deleted company's fakturaer and kreditnotaer are kept (issue 51 item 7). Bogføringsloven
// § 10 (as skat.dk's Juridisk Vejledning A.B.3.1.4 puts it): "Den bogføringspligtige skal opbevare
// bogførings- og regnskabsmateriale på betryggende vis i 5 år fra udgangen af det regnskabsår, som
// materialet vedrører" (https://test.skat.dk/data.aspx?oid=2062750; Økonomistyrelsen the same:
// https://oes.dk/oekonomi/oeav/regnskabsregler/generelle-bogfoeringsbestemmelser/opbevaring-af-regnskabsmateriale/;
// read 2026-12-07). We do not know a company's regnskabsår, and a first one may run up to 18 months,
// so the one holding an invoice ends at the latest on 31 December of the year after its date: the
// invoice is kept through the sixth year after the year of its date and deleted from 1 January of
// the seventh. The company's tilbud go with the company at once (they are no regnskabsmateriale).
const INVOICE_KEEP_YEARS = 5;

/** The first day (ISO) an invoice dated `issueDate` may be deleted: 1 January, issue year + 7. */
export function invoiceDeletableFrom(issueDate: string): string {
  return `${Number(issueDate.slice(0, 4)) + INVOICE_KEEP_YEARS + 2}-01-01`;
}

/** Invoices dated before this day (ISO) may be deleted on `today` (ISO): those of year − 7 and earlier. */
export function invoiceRetentionCutoff(today: string): string {
  return `${Number(today.slice(0, 4)) - INVOICE_KEEP_YEARS - 1}-01-01`;
}
