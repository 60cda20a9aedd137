import { describe, expect, it } from 'vitest';
import { formatKroner, PRICE_INCL_MOMS_ORE, PRICE_ORE, PRICE_TEXT } from './plan';

describe('the price (issue 49: whether moms is included)', () => {
  it('is 249 kr. a month excluding moms, 311,25 kr. including 25 % moms, counted in øre', () => {
    expect(PRICE_ORE).toBe(24_900);
    expect(PRICE_INCL_MOMS_ORE).toBe(31_125);
    expect(PRICE_TEXT).toBe('249 kr. om måneden ekskl. moms (311,25 kr. inkl. moms)');
  });

  it('writes øre as Danish kroner', () => {
    expect(formatKroner(24_900)).toBe('249 kr.');
    expect(formatKroner(31_125)).toBe('311,25 kr.');
    expect(formatKroner(5)).toBe('0,05 kr.');
  });
});
