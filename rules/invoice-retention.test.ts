// A deleted company's invoices are kept 5 years from the end of the regnskabsår (bogføringsloven),
// counted so that a regnskabsår ending as late as the next 31 December is still covered.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { invoiceDeletableFrom, invoiceRetentionCutoff } from './invoice-retention';

describe('invoice retention', () => {
  it('keeps an invoice through the sixth year after its year', () => {
    expect(invoiceDeletableFrom('2026-03-01')).toBe('2033-01-01');
    expect(invoiceDeletableFrom('2026-12-31')).toBe('2033-01-01');
    // On 1 January 2033 the invoices of 2026 and before may go; those of 2027 stay.
    expect(invoiceRetentionCutoff('2033-01-01')).toBe('2027-01-01');
    expect('2026-12-31' < invoiceRetentionCutoff('2033-01-01')).toBe(true);
    expect('2027-01-01' < invoiceRetentionCutoff('2033-01-01')).toBe(false);
    expect('2026-12-31' < invoiceRetentionCutoff('2032-12-31')).toBe(false);
  });

  it('is what the privacy page tells the owner', () => {
    const page = readFileSync(new URL('../templates/pages/privacy.astro', import.meta.url), 'utf8').replace(
      /\s+/g,
      ' ',
    );
    expect(page).toContain('bogføringsloven kræver, at regnskabsmateriale opbevares i 5 år');
    expect(page).toContain(
      `en faktura fra 2026 slettes 1. januar ${invoiceDeletableFrom('2026-06-01').slice(0, 4)}`,
    );
    expect(page).toContain('dine tilbud slettes sammen med din konto');
  });
});
