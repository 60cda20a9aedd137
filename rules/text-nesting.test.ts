import { describe, expect, it } from 'vitest';
import { MAX_TEXT_NESTING } from './limits';
import { textNestingDepth } from './text-nesting';

describe('textNestingDepth', () => {
  it.each([
    ['Vi bygger tage.', 0],
    ['> Citat', 1],
    ['> Citat\n> > svar', 2],
    ['- a\n  - b\n    - c', 3],
    ['1. a\n   1. b', 2],
    ['> - a\n>   - b', 3],
    ['- **Tag** – nyt tag\n- Vinduer', 1],
    ['Pris: 5 - 3 kr', 0],
    ['2024. Et godt år', 1],
    ['-ikke en liste', 0],
  ])('%j is at most %i deep', (text, depth) => {
    expect(textNestingDepth(text)).toBe(depth);
  });

  it('counts quotes and lists nested thousands deep, in linear time', () => {
    expect(textNestingDepth('> '.repeat(15_000))).toBe(15_000);
    expect(textNestingDepth('- '.repeat(15_000))).toBe(15_000);
    expect(textNestingDepth('>'.repeat(30_000))).toBe(30_000);
    expect(textNestingDepth(`Tekst\n${' '.repeat(2 * MAX_TEXT_NESTING)}- dyb`)).toBe(MAX_TEXT_NESTING + 1);
  });
});
