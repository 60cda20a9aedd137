import { describe, expect, it } from 'vitest';
import {
  divideRounded,
  documentTotals,
  formatOre,
  formatQuantity,
  lineAmounts,
  type MoneyLine,
  parseHundredths,
  vatOf,
} from './quote-money';

const labour = (quantityHundredths: number, unitPriceOre: number): MoneyLine => ({
  kind: 'labour',
  quantityHundredths,
  unitPriceOre,
});

describe('quote money', () => {
  it('rounds half away from zero, exactly, for credit notes too', () => {
    expect(divideRounded(250, 100)).toBe(3);
    expect(divideRounded(249, 100)).toBe(2);
    expect(divideRounded(-250, 100)).toBe(-3);
    expect(divideRounded(-249, 100)).toBe(-2);
    expect(() => divideRounded(1.5, 100)).toThrow(RangeError);
  });

  it('prices a line as quantity × unit price excl. moms with its 25 % moms beside it', () => {
    // 1,5 timer à 495,00 kr. = 742,50 kr.; moms 185,625 → 185,63 kr.
    expect(lineAmounts({ quantityHundredths: 150, unitPriceOre: 49_500 })).toEqual({
      netOre: 74_250,
      vatOre: 18_563,
      grossOre: 92_813,
    });
    // 0,33 m à 0,01 kr. = 0,0033 kr. → 0 øre.
    expect(lineAmounts({ quantityHundredths: 33, unitPriceOre: 1 }).netOre).toBe(0);
  });

  it('computes the moms once on the total, which may differ by an øre from the lines summed', () => {
    // Three lines of 0,10 kr.: each line's moms 0,025 → 0,03 kr. (0,09 summed), the total's 0,30 × 25 % = 0,075 → 0,08.
    const totals = documentTotals([labour(100, 10), labour(100, 10), labour(100, 10)]);
    expect(totals.lines.map((line) => line.vatOre)).toEqual([3, 3, 3]);
    expect(totals.netOre).toBe(30);
    expect(totals.vatOre).toBe(8);
    expect(totals.totalOre).toBe(38);
  });

  it('names labour apart from materials and counts the marked labour incl. moms for fradrag', () => {
    const totals = documentTotals([
      { ...labour(800, 50_000), deduction: 'craft' }, // 4.000 kr.
      labour(200, 50_000), // 1.000 kr., not marked
      { kind: 'materials', quantityHundredths: 100, unitPriceOre: 1_200_000 }, // 12.000 kr.
      { kind: 'driving', quantityHundredths: 4_000, unitPriceOre: 380 }, // 152 kr.
      // A materials line marked by mistake never counts.
      { kind: 'materials', quantityHundredths: 100, unitPriceOre: 100, deduction: 'service' },
    ]);
    expect(totals.labourNetOre).toBe(500_000);
    expect(totals.otherNetOre).toBe(1_215_300);
    expect(totals.deductibleGrossOre).toEqual({ craft: 500_000, service: 0 });
    expect(totals.netOre).toBe(1_715_300);
    expect(totals.vatOre).toBe(428_825);
    expect(totals.totalOre).toBe(2_144_125);
  });

  it('keeps the largest document in safe integers', () => {
    const lines = Array.from({ length: 50 }, () => labour(1_000_000, 100_000_000));
    const totals = documentTotals(lines);
    expect(Number.isSafeInteger(totals.totalOre)).toBe(true);
    expect(totals.netOre).toBe(50 * 1_000_000_000_000);
    expect(vatOf(-12_345)).toBe(-3_086);
  });

  it('writes amounts as Danish invoices do', () => {
    expect(formatOre(123_450)).toBe('1.234,50 kr.');
    expect(formatOre(5)).toBe('0,05 kr.');
    expect(formatOre(-5)).toBe('-0,05 kr.');
    expect(formatOre(123_456_789_00)).toBe('123.456.789,00 kr.');
    expect(formatOre(0, '')).toBe('0,00');
  });

  it('reads and writes quantities with up to two decimals', () => {
    expect(parseHundredths('1,5')).toBe(150);
    expect(parseHundredths('1.234,50')).toBe(123_450);
    expect(parseHundredths('1.234')).toBe(123_400);
    expect(parseHundredths('12.5')).toBe(1_250);
    expect(parseHundredths(' 3 ')).toBe(300);
    expect(parseHundredths('495 kr.')).toBe(49_500);
    expect(parseHundredths('1,234')).toBeNull();
    expect(parseHundredths('abc')).toBeNull();
    expect(parseHundredths('')).toBeNull();
    expect(formatQuantity(150)).toBe('1,5');
    expect(formatQuantity(125)).toBe('1,25');
    expect(formatQuantity(200)).toBe('2');
    expect(formatQuantity(123_400)).toBe('1.234');
  });
});
