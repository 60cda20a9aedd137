import { describe, expect, it } from 'vitest';
import {
  currentDeduction,
  DEDUCTION_LAW,
  DEDUCTION_TRADES,
  DEDUCTION_YEARS,
  danishYear,
  deductionBlock,
  deductionDue,
  deductionForYear,
  deductionLawCovers,
  formatKroner,
} from './tax-deduction';
import { TRADE_PROFILES } from './trades';

describe('håndværkerfradrag table', () => {
  // No case here reads the system clock: a year the table lacks must never fail a test on a date. It
  // shows in the health check, the operator view and the test output instead (fact-freshness.ts).
  it('shows the work without any figure in a year the law covers but whose amounts are missing', () => {
    const lastAmounts = Math.max(...DEDUCTION_YEARS.map((row) => row.year));
    const missing = lastAmounts + 1;
    if (missing > DEDUCTION_LAW.lastYear) return; // every year of the law has its amounts
    const clock = new Date(`${missing}-01-01T00:30:00+01:00`);
    expect(danishYear(clock)).toBe(missing);
    expect(currentDeduction(clock)).toBeNull();
    const block = deductionBlock('elektriker', clock);
    expect(block).toMatchObject({ year: missing, amountsKnown: false });
    expect(block?.items.map((item) => [item.kind, item.ceilingKr])).toEqual([
      ['craft', null],
      ['service', null],
    ]);
    // One hour earlier, the last year with amounts still shows its figures.
    const before = deductionBlock('elektriker', new Date(`${lastAmounts}-12-31T23:30:00+01:00`));
    expect(before).toMatchObject({ year: lastAmounts, amountsKnown: true });
    expect(before?.items.every((item) => typeof item.ceilingKr === 'number')).toBe(true);
  });

  it('shows no block past the last year of the law', () => {
    const after = DEDUCTION_LAW.lastYear + 1;
    expect(deductionLawCovers(after)).toBe(false);
    expect(deductionBlock('vvs', new Date(`${after}-01-01T00:30:00+01:00`))).toBeNull();
    expect(deductionBlock('vvs', new Date(`${DEDUCTION_LAW.lastYear}-12-31T23:30:00+01:00`))).not.toBeNull();
  });

  it('names the first year it cannot answer whole, and why', () => {
    expect(deductionDue(new Date('2026-06-01T12:00:00Z'))).toEqual({ dueYear: 2027, reason: 'amounts' });
    expect(deductionDue(new Date('2027-06-01T12:00:00Z'))).toEqual({ dueYear: 2027, reason: 'amounts' });
    expect(deductionDue(new Date('2028-02-01T12:00:00Z'))).toEqual({ dueYear: 2028, reason: 'law' });
  });

  it('reads the year in Denmark, not in UTC', () => {
    expect(danishYear(new Date('2025-12-31T23:30:00Z'))).toBe(2026);
    expect(danishYear(new Date('2026-06-30T12:00:00Z'))).toBe(2026);
  });

  it('has 2025 and 2026 with a source and a checked date each, and the law its years', () => {
    expect(DEDUCTION_LAW).toMatchObject({ firstYear: 2025, lastYear: 2027 });
    expect(DEDUCTION_LAW.source).toMatch(/^https:\/\//);
    expect(deductionForYear(2025)).toMatchObject({ craftCeilingKr: 8_600, serviceCeilingKr: 17_500 });
    expect(deductionForYear(2026)).toMatchObject({ craftCeilingKr: 9_000, serviceCeilingKr: 18_300 });
    for (const row of DEDUCTION_YEARS) {
      expect(row.source).toMatch(/^https:\/\//);
      expect(row.checked).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  });

  it('gives each kind of work its own ceiling', () => {
    const block = deductionBlock('elektriker', new Date('2026-03-01T12:00:00Z'));
    expect(block?.items.map((item) => [item.kind, item.ceilingKr])).toEqual([
      ['craft', 9_000],
      ['service', 18_300],
    ]);
    expect(formatKroner(18_300)).toBe('18.300 kr.');
  });

  it('shows no block for a trade whose work is not on the list', () => {
    expect(deductionBlock('maler', new Date('2026-03-01T12:00:00Z'))).toBeNull();
    expect(deductionBlock('frisor', new Date('2026-03-01T12:00:00Z'))).toBeNull();
  });

  it('names only trades that have a profile', () => {
    const ids = new Set(TRADE_PROFILES.map((profile) => profile.id));
    for (const id of DEDUCTION_TRADES) expect(ids.has(id), id).toBe(true);
  });
});
