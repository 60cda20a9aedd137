import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CVR_LENGTH, isValidCvr, normalizeCvr } from './cvr';

const WHITESPACE = [' ', '\t', '\n', '\r', '\u00a0', '\u2009', '\u202f', '\u3000', '\ufeff'];
const digitString = fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: 8, maxLength: 8 });
const whitespaceRun = fc.string({ unit: fc.constantFrom(...WHITESPACE), maxLength: 3 });

describe('normalizeCvr', () => {
  it('strips spaces from a typed CVR', () => {
    expect(normalizeCvr('12 34 56 78')).toBe('12345678');
    expect(normalizeCvr('12345678')).toBe('12345678');
    expect(normalizeCvr('\t1234\u00a05678 ')).toBe('12345678');
  });

  it('rejects anything but exactly 8 ASCII digits', () => {
    expect(CVR_LENGTH).toBe(8);
    expect(normalizeCvr('1234567')).toBeNull();
    expect(normalizeCvr('123456789')).toBeNull();
    expect(normalizeCvr('1234-5678')).toBeNull();
    expect(normalizeCvr('DK12345678')).toBeNull();
    expect(normalizeCvr('１２３４５６７８')).toBeNull();
    expect(normalizeCvr('')).toBeNull();
    expect(normalizeCvr('        ')).toBeNull();
  });

  it('accepts exactly the 8-digit strings with any whitespace inserted', () => {
    fc.assert(
      fc.property(digitString, fc.array(whitespaceRun, { minLength: 9, maxLength: 9 }), (digits, gaps) => {
        const spaced = [...digits].map((d, i) => `${gaps[i] ?? ''}${d}`).join('') + (gaps[8] ?? '');
        expect(normalizeCvr(spaced)).toBe(digits);
        expect(isValidCvr(spaced)).toBe(true);
      }),
    );
  });

  it('accepts an arbitrary string only when its non-space characters are 8 digits', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), (s) => {
        const expected = /^[0-9]{8}$/.test(s.replace(/\s/g, '')) ? s.replace(/\s/g, '') : null;
        expect(normalizeCvr(s)).toBe(expected);
        expect(isValidCvr(s)).toBe(expected !== null);
      }),
    );
  });
});
