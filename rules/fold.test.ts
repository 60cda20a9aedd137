import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { foldToAscii } from './fold';

describe('foldToAscii', () => {
  it('maps the Danish letters in either case', () => {
    expect(foldToAscii('ÆØÅ æøå')).toBe('aeoeaa aeoeaa');
  });

  it('applies the Danish rule to decomposed å and the Ångström sign', () => {
    expect(foldToAscii('a\u030a')).toBe('aa');
    expect(foldToAscii('\u212b')).toBe('aa');
    expect(foldToAscii('Ǽ ǿ Ǻ')).toBe('ae oe aa');
  });

  it('folds other accents and compatibility forms to plain letters', () => {
    expect(foldToAscii('Café Müller Straße Łódź')).toBe('cafe muller strasse lodz');
    expect(foldToAscii('ＶＶＳ ﬁrma')).toBe('vvs firma');
  });

  it('leaves plain ASCII lowercased but otherwise unchanged', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)) }),
        (s) => {
          expect(foldToAscii(s)).toBe(s.toLowerCase());
        },
      ),
    );
  });

  it('never leaves a Danish letter or combining mark behind', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (s) => {
        expect(foldToAscii(s)).not.toMatch(/[æøåÆØÅ\p{M}]/u);
      }),
    );
  });
});
