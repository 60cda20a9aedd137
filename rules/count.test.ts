import { describe, expect, it } from 'vitest';
import { countOf } from './count';

describe('countOf', () => {
  it('uses the singular for one only', () => {
    expect(countOf(1, 'billede', 'billeder')).toBe('1 billede');
    expect(countOf(2, 'billede', 'billeder')).toBe('2 billeder');
    expect(countOf(0, 'billede', 'billeder')).toBe('0 billeder');
    expect(countOf(1500, 'henvendelse', 'henvendelser')).toBe('1.500 henvendelser');
  });
});
