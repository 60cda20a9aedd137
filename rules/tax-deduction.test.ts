import { describe, expect, it } from 'vitest';
import {
  currentDeduction,
  DEDUCTION_TRADES,
  DEDUCTION_YEARS,
  danishYear,
  deductionBlock,
  deductionForYear,
  formatKroner,
} from './tax-deduction';
import { TRADE_PROFILES } from './trades';

describe('håndværkerfradrag table', () => {
  // Fails from 1 January of a year the table lacks: add that year's row (amounts, source, checked)
  // before then. Until it is added the sites show no figure at all (deductionBlock answers null).
  it('covers the current year', () => {
    const now = new Date();
    const year = danishYear(now);
    expect(
      currentDeduction(now),
      `rules/tax-deduction.ts has no row for ${year}: add the year's ceilings from skat.dk`,
    ).not.toBeNull();
  });

  it('sees the gap when the clock is set to a year the table lacks, and the block shows no figure', () => {
    const uncovered = Math.max(...DEDUCTION_YEARS.map((row) => row.year)) + 1;
    const clock = new Date(`${uncovered}-01-01T00:30:00+01:00`);
    expect(danishYear(clock)).toBe(uncovered);
    expect(currentDeduction(clock)).toBeNull();
    expect(deductionBlock('vvs', clock)).toBeNull();
    // The last covered year still answers, one hour earlier.
    const lastCovered = new Date(`${uncovered - 1}-12-31T23:30:00+01:00`);
    expect(deductionBlock('vvs', lastCovered)?.year).toBe(uncovered - 1);
  });

  it('reads the year in Denmark, not in UTC', () => {
    expect(danishYear(new Date('2025-12-31T23:30:00Z'))).toBe(2026);
    expect(danishYear(new Date('2026-06-30T12:00:00Z'))).toBe(2026);
  });

  it('has 2025 and 2026 with a source and a checked date each', () => {
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
