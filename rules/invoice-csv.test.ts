// The bookkeeper's CSV opens in Danish Excel as columns with numbers it can sum: semicolons between
// cells (the Danish list separator), decimal commas, a UTF-8 byte order mark so "Køge" stays "Køge",
// and a kreditnota that cancels its invoice in a sum.
import { describe, expect, it } from 'vitest';
import { type CsvInvoice, csvAmount, csvCell, invoicesCsv } from './invoice-csv';

const invoice: CsvInvoice = {
  number: 7,
  kind: 'invoice',
  creditsInvoiceNumber: null,
  issueDate: '2027-05-15',
  buyerName: 'Søren Ærø; Køge',
  netOre: 503_500,
  vatOre: 125_875,
  totalOre: 629_375,
  lines: [
    { kind: 'labour', netOre: 390_000 },
    { kind: 'labour', netOre: 52_000 },
    { kind: 'materials', netOre: 61_500 },
  ],
};

describe('the invoice CSV for the bookkeeper', () => {
  it('is UTF-8 with a BOM, semicolon-separated, with Danish decimal commas, as Danish Excel expects', () => {
    const text = invoicesCsv([{ ...invoice, number: 8, kind: 'credit', creditsInvoiceNumber: 7 }, invoice]);
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const bytes = Buffer.from(text, 'utf8');
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = text.slice(1).trimEnd().split('\r\n');
    expect(rows[0]).toBe(
      'Nummer;Type;Krediterer faktura;Dato;Kunde;Beløb ekskl. moms;Moms;Total inkl. moms;Heraf arbejdsløn ekskl. moms;Heraf materialer m.m. ekskl. moms',
    );
    expect(rows[1]).toBe('7;Faktura;;15-05-2027;"Søren Ærø; Køge";5035,00;1258,75;6293,75;4420,00;615,00');
    // The kreditnota refers to invoice 7 and its amounts are negative, so a column sum is 0.
    expect(rows[2]).toBe(
      '8;Kreditnota;7;15-05-2027;"Søren Ærø; Køge";-5035,00;-1258,75;-6293,75;-4420,00;-615,00',
    );
  });

  it('writes amounts without thousands separators and defuses formulas', () => {
    expect(csvAmount(123_456_789)).toBe('1234567,89');
    expect(csvAmount(-5)).toBe('-0,05');
    expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvCell('Hansen "Tømrer"')).toBe('"Hansen ""Tømrer"""');
  });
});
