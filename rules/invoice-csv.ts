// The bookkeeper's export (issue 51 item 6): the invoices and kreditnotaer as a CSV that Danish Excel
// opens as columns on a double-click. Danish Excel reads the list separator from the regional
// settings, which in Denmark is the semicolon (the comma is the decimal mark), and reads a file as
// UTF-8 only when it starts with a byte order mark (otherwise "Køge" comes out as "KÃ¸ge").
// Amounts are written from integer øre with a decimal comma and no thousands separator, so the
// cells are numbers Excel can sum. A kreditnota's amounts are negative: the two cancel in a sum.
import { formatOre } from './quote-money';

const CSV_BOM = '\uFEFF';
const SEPARATOR = ';';

export interface CsvInvoice {
  number: number;
  kind: 'invoice' | 'credit';
  creditsInvoiceNumber: number | null;
  issueDate: string;
  buyerName: string;
  netOre: number;
  vatOre: number;
  totalOre: number;
  lines: readonly { kind: string; netOre: number }[];
}

const HEADER = [
  'Nummer',
  'Type',
  'Krediterer faktura',
  'Dato',
  'Kunde',
  'Beløb ekskl. moms',
  'Moms',
  'Total inkl. moms',
  'Heraf arbejdsløn ekskl. moms',
  'Heraf materialer m.m. ekskl. moms',
];

/** Øre as a Danish spreadsheet number: 123450 → '1234,50', -5 → '-0,05'. */
export function csvAmount(ore: number): string {
  return formatOre(ore, '').replace(/\./g, '');
}

/** One cell, quoted when it holds a separator, a quote or a line break; a leading = + - @ is defused. */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[;"\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** "15-05-2027" for '2027-05-15', the date form Danish Excel reads as a date. */
function danishDate(isoDay: string): string {
  const [year, month, day] = isoDay.split('-');
  return `${day}-${month}-${year}`;
}

function row(invoice: CsvInvoice): string[] {
  const sign = invoice.kind === 'credit' ? -1 : 1;
  const labour = invoice.lines
    .filter((line) => line.kind === 'labour')
    .reduce((sum, line) => sum + line.netOre, 0);
  return [
    String(invoice.number),
    invoice.kind === 'credit' ? 'Kreditnota' : 'Faktura',
    invoice.creditsInvoiceNumber === null ? '' : String(invoice.creditsInvoiceNumber),
    danishDate(invoice.issueDate),
    csvCell(invoice.buyerName),
    csvAmount(sign * invoice.netOre),
    csvAmount(sign * invoice.vatOre),
    csvAmount(sign * invoice.totalOre),
    csvAmount(sign * labour),
    csvAmount(sign * (invoice.netOre - labour)),
  ];
}

/** The whole file: BOM, header, one row per document, lowest number first, CRLF line ends. */
export function invoicesCsv(invoices: readonly CsvInvoice[]): string {
  const sorted = [...invoices].sort((a, b) => a.number - b.number);
  const lines = [HEADER, ...sorted.map(row)].map((cells) => cells.join(SEPARATOR));
  return `${CSV_BOM}${lines.join('\r\n')}\r\n`;
}
