import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hasUncleanText, isCleanText, isOneLine, withoutInvisible, withoutInvisibleText } from './text';

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

describe('withoutInvisible', () => {
  it.each([
    ['right-to-left override', '\u202e'],
    ['left-to-right override', '\u202d'],
    ['left-to-right and right-to-left embedding', '\u202a\u202b'],
    ['pop directional formatting', '\u202c'],
    ['isolates', '\u2066\u2067\u2068\u2069'],
    ['left-to-right and right-to-left mark', '\u200e\u200f'],
    ['Arabic letter mark', '\u061c'],
    ['zero-width space', '\u200b'],
    ['word joiner and invisible operators', '\u2060\u2061\u2062\u2063\u2064'],
    ['byte-order mark', '\ufeff'],
    ['deprecated format characters', '\u206a\u206f'],
    ['interlinear annotation', '\ufff9\ufffa\ufffb'],
    ['Mongolian vowel separator', '\u180e'],
  ])('removes the %s', (_name, characters) => {
    expect(withoutInvisible(`Eve${characters}gnp.exe`)).toBe('Evegnp.exe');
  });

  it('keeps what text needs: joiners in emoji and scripts, soft hyphens, variation selectors, flags', () => {
    const kept = [
      'Familie 👨\u200d👩\u200d👧', // zero-width joiner
      'می\u200cخواهم', // zero-width non-joiner (Persian)
      'tag\u00adrende', // soft hyphen
      'Hjerte ❤\ufe0f', // variation selector
      'Skotland 🏴\u{e0067}\u{e0062}\u{e0073}\u{e0063}\u{e0074}\u{e007f}', // tag characters
      'Tømrer & snedker – æøå ÆØÅ “citat”',
    ];
    for (const text of kept) expect(withoutInvisible(text)).toBe(text);
  });

  it('answers the same string when there is nothing to remove', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 20 }), (value) => {
        const cleaned = withoutInvisible(value);
        expect(withoutInvisible(cleaned)).toBe(cleaned);
        expect(cleaned.length).toBeLessThanOrEqual(value.length);
      }),
    );
  });
});

describe('withoutInvisibleText', () => {
  it('cleans every string of a JSON value, keys included, and keeps the value when nothing changes', () => {
    const clean = { a: ['ok', { b: 'fint\n' }], c: 3, d: null };
    expect(withoutInvisibleText(clean)).toBe(clean);
    expect(withoutInvisibleText({ a: ['ok', { b: 'Eve\u202egnp.exe' }], 'n\u200bøgle': 1 })).toEqual({
      a: ['ok', { b: 'Evegnp.exe' }],
      nøgle: 1,
    });
    expect(withoutInvisibleText('\u2067x\u2069')).toBe('x');
  });

  it('keeps a "__proto__" key as data', () => {
    const value = JSON.parse('{"__proto__": {"x": "\u200b"}}') as Record<string, unknown>;
    const cleaned = withoutInvisibleText(value);
    expect(Object.getPrototypeOf(cleaned)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(cleaned, '__proto__')?.value).toEqual({ x: '' });
  });
});
