import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  META_DESCRIPTION_HINT,
  META_DESCRIPTION_MAX,
  META_TITLE_HINT,
  META_TITLE_MAX,
  truncateAtWord,
} from './meta';

describe('meta limits', () => {
  it('match the spec', () => {
    expect(META_TITLE_MAX).toBe(60);
    expect(META_DESCRIPTION_MAX).toBe(160);
    expect(META_TITLE_HINT).toBe('Maksimum 60 tegn - Dette vises i søgeresultater');
    expect(META_DESCRIPTION_HINT).toBe('Maksimum 160 tegn - Dette vises i søgeresultater');
  });
});

describe('truncateAtWord', () => {
  it('returns short text unchanged apart from collapsed whitespace', () => {
    expect(truncateAtWord('Tømrer i Aarhus', 60)).toBe('Tømrer i Aarhus');
    expect(truncateAtWord('  Tømrer \n\n i   Aarhus ', 60)).toBe('Tømrer i Aarhus');
    expect(truncateAtWord('abcde', 5)).toBe('abcde');
  });

  it('cuts at the last whole word and adds an ellipsis', () => {
    expect(truncateAtWord('Vi bygger tage og køkkener', 20)).toBe('Vi bygger tage og…');
    expect(truncateAtWord('Vi bygger tage og køkkener', 15)).toBe('Vi bygger tage…');
    // The cut lands right before a space, so the whole last word is kept.
    expect(truncateAtWord('abc def ghi', 8)).toBe('abc def…');
  });

  it('drops punctuation left in front of the ellipsis', () => {
    expect(truncateAtWord('Tømrer, murer og maler', 12)).toBe('Tømrer…');
  });

  it('hard cuts a single long word', () => {
    expect(truncateAtWord('Tømrermesterforretningen', 10)).toBe('Tømrermes…');
    expect(truncateAtWord('Tømrermesterforretningen', 10)).toHaveLength(10);
  });

  it('handles limits too small for any text', () => {
    expect(truncateAtWord('abc', 1)).toBe('…');
    expect(truncateAtWord('abc', 0)).toBe('');
    expect(truncateAtWord('abc', Number.NaN)).toBe('');
  });

  it('never splits an emoji', () => {
    expect(truncateAtWord('ab😀cd', 4)).toBe('ab…');
  });

  it('never exceeds max and keeps a prefix of the collapsed text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), fc.integer({ min: 0, max: 200 }), (text, max) => {
        const result = truncateAtWord(text, max);
        const collapsed = text.replace(/\s+/g, ' ').trim();
        expect(result.length).toBeLessThanOrEqual(max);
        if (collapsed.length <= max) {
          expect(result).toBe(collapsed);
        } else if (max > 0) {
          expect(result.endsWith('…')).toBe(true);
          expect(collapsed.startsWith(result.slice(0, -1))).toBe(true);
        }
      }),
    );
  });
});
