import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hasUncleanText, isCleanText, isOneLine } from './text';

describe('isCleanText', () => {
  it('keeps Danish text, tabs and line ends', () => {
    expect(isCleanText('Tømrer & snedker – æøå ÆØÅ “citat” 😀')).toBe(true);
    expect(isCleanText('Linje 1\nLinje 2\r\n\tindrykket')).toBe(true);
  });

  it.each([
    ['NUL', '\u0000'],
    ['bell', '\u0007'],
    ['vertical tab', '\u000b'],
    ['form feed', '\u000c'],
    ['escape', '\u001b'],
    ['DEL', '\u007f'],
    ['C1 next line', '\u0085'],
  ])('refuses %s', (_name, character) => {
    expect(isCleanText(`før${character}efter`)).toBe(false);
  });

  it('agrees with a character-by-character reading of the rule', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 12 }), (value) => {
        const bad = [...value].some((ch) => {
          const code = ch.codePointAt(0) ?? 0;
          if (code === 9 || code === 10 || code === 13) return false;
          return code < 0x20 || (code >= 0x7f && code <= 0x9f);
        });
        expect(isCleanText(value)).toBe(!bad);
      }),
    );
  });
});

describe('isOneLine', () => {
  it('refuses line ends and tabs on top of the control characters', () => {
    expect(isOneLine('Hansens Tømrer ApS')).toBe(true);
    for (const value of ['a\nb', 'a\rb', 'a\tb', 'a\u2028b', 'a\u0000b'])
      expect(isOneLine(value)).toBe(false);
  });
});

describe('hasUncleanText', () => {
  it('finds a bad string anywhere in a JSON value, keys included', () => {
    expect(hasUncleanText({ a: ['ok', { b: 'fint\n' }], c: 3, d: null })).toBe(false);
    expect(hasUncleanText({ a: ['ok', { b: 'x\u0000' }] })).toBe(true);
    expect(hasUncleanText({ 'nøgle\u0000': 'ok' })).toBe(true);
    expect(hasUncleanText('\u0001')).toBe(true);
  });
});
