import { describe, expect, it } from 'vitest';
import { deductionEstimate, deductionSchemes } from './quote-deduction';
import { DEDUCTION_LAW, DEDUCTION_YEARS } from './tax-deduction';

describe('fradrag on a tilbud', () => {
  it('estimates 26 % of the labour incl. moms that counts, for 2026', () => {
    // 5.000 kr. labour incl. moms under the 2026 ceiling of 9.000 kr.: 1.300 kr.
    const estimate = deductionEstimate({ craft: 500_000, service: 0 }, 2026);
    expect(estimate?.savingOre).toBe(130_000);
    expect(estimate?.ceilingsOre).toEqual({ craft: 900_000, service: 1_830_000 });
    expect(estimate?.infoUrl).toMatch(/^https:\/\/skat\.dk\//);
    expect(estimate?.conditions).toMatch(/elektronisk/);
  });

  it('caps each scheme at its ceiling per person', () => {
    // 20.000 kr. craft labour capped at 9.000; 1.000 kr. service labour counts whole.
    const estimate = deductionEstimate({ craft: 2_000_000, service: 100_000 }, 2026);
    expect(estimate?.savingOre).toBe(Math.round((900_000 + 100_000) * 0.26));
    // 2025 had its own, lower ceiling.
    expect(deductionEstimate({ craft: 2_000_000, service: 0 }, 2025)?.savingOre).toBe(223_600);
  });

  it('shows the labour that counts without an estimate in a year whose amounts are unknown', () => {
    const unknown = Math.max(...DEDUCTION_YEARS.map((row) => row.year)) + 1;
    if (unknown > DEDUCTION_LAW.lastYear) return; // every year of the law has its amounts
    const estimate = deductionEstimate({ craft: 500_000, service: 0 }, unknown);
    expect(estimate).toMatchObject({ year: unknown, savingOre: null, ceilingsOre: null });
    expect(estimate?.countsOre.craft).toBe(500_000);
  });

  it('shows nothing when no labour counts or the law does not cover the year', () => {
    expect(deductionEstimate({ craft: 0, service: 0 }, 2026)).toBeNull();
    expect(deductionEstimate({ craft: 500_000, service: 0 }, DEDUCTION_LAW.lastYear + 1)).toBeNull();
  });

  it('offers the schemes of the trade only', () => {
    expect(deductionSchemes('elektriker')).toEqual(['craft', 'service']);
    expect(deductionSchemes('vinduespudser')).toEqual(['service']);
    expect(deductionSchemes('maler')).toEqual([]);
  });
});
