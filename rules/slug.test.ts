import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { slugify, uniqueSlug } from './slug';

const SLUG = /^([a-z0-9]+(-[a-z0-9]+)*)?$/;
// Danish letters and punctuation show up far more often than fc.string alone would produce them.
const danishText = fc.oneof(
  fc.string(),
  fc.string({ unit: fc.constantFrom(...'aæøåÆØÅé ü-_&./\u0301 \t9Z'), maxLength: 30 }),
  fc.string({ unit: 'grapheme' }),
);

describe('slugify', () => {
  it('follows the spec examples', () => {
    expect(slugify('Om os')).toBe('om-os');
    expect(slugify('Tømrer & Snedker Århus')).toBe('toemrer-snedker-aarhus');
    expect(slugify('Forside')).toBe('forside');
    expect(slugify('Ny side')).toBe('ny-side');
    expect(slugify('ÆBLE-Økologi')).toBe('aeble-oekologi');
  });

  it('collapses runs of separators and trims hyphens', () => {
    expect(slugify('  --Vores   ydelser!!--  ')).toBe('vores-ydelser');
    expect(slugify('a___b...c')).toBe('a-b-c');
    expect(slugify('!!!')).toBe('');
    expect(slugify('')).toBe('');
  });

  it('folds other accented letters to their base letter', () => {
    expect(slugify('Café Müller')).toBe('cafe-muller');
    expect(slugify('Straße')).toBe('strasse');
    // A decomposed å (a + combining ring) still follows the Danish rule.
    expect(slugify('A\u030arhus')).toBe('aarhus');
  });

  it('always returns a well-formed slug', () => {
    fc.assert(
      fc.property(danishText, (text) => {
        expect(slugify(text)).toMatch(SLUG);
      }),
    );
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(danishText, (text) => {
        const once = slugify(text);
        expect(slugify(once)).toBe(once);
      }),
    );
  });
});

describe('uniqueSlug', () => {
  it('returns the base when it is free', () => {
    expect(uniqueSlug('om-os', ['forside'])).toBe('om-os');
  });

  it('numbers from 2 when the base is taken', () => {
    expect(uniqueSlug('ny-side', ['ny-side'])).toBe('ny-side-2');
    expect(uniqueSlug('ny-side', ['ny-side', 'ny-side-2', 'ny-side-3'])).toBe('ny-side-4');
  });

  it('slugifies its base and falls back to "side" when nothing is left', () => {
    expect(uniqueSlug('Om os', [])).toBe('om-os');
    expect(uniqueSlug('', [])).toBe('side');
    expect(uniqueSlug('???', ['side'])).toBe('side-2');
  });

  it('never returns a taken slug and always returns a well-formed one', () => {
    fc.assert(
      fc.property(danishText, fc.array(fc.string({ maxLength: 12 })), fc.nat(5), (base, extra, clashes) => {
        const slug = slugify(base) || 'side';
        const taken = [...extra, slug, ...Array.from({ length: clashes }, (_, i) => `${slug}-${i + 2}`)];
        const result = uniqueSlug(base, taken);
        expect(taken).not.toContain(result);
        expect(result).toMatch(SLUG);
        expect(result.startsWith(slug)).toBe(true);
      }),
    );
  });
});
