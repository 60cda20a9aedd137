import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ABOUT_PAGE_DEFAULTS,
  EDITABLE_LAYOUTS,
  HOMEPAGE_DEFAULTS,
  isEditableLayout,
  isPageLayout,
  isPageType,
  NEW_PAGE_DEFAULTS,
  PAGE_LAYOUTS,
  PAGE_TYPES,
  splitParagraphs,
} from './pages';
import { slugify } from './slug';

describe('page constants', () => {
  it('lists layouts and types from the spec', () => {
    expect(PAGE_LAYOUTS).toEqual(['hero', 'text', 'text-image', 'gallery', 'grid']);
    expect(EDITABLE_LAYOUTS).toEqual(['hero', 'text', 'text-image', 'gallery']);
    expect(PAGE_TYPES).toEqual(['homepage', 'page']);
  });

  it('has the spec defaults for new, home and about pages', () => {
    expect(NEW_PAGE_DEFAULTS).toEqual({ pageName: 'Ny side', slug: 'ny-side', type: 'page', layout: 'text' });
    expect(HOMEPAGE_DEFAULTS).toEqual({
      pageName: 'Forside',
      slug: 'forside',
      type: 'homepage',
      layout: 'hero',
    });
    expect(ABOUT_PAGE_DEFAULTS).toEqual({
      pageName: 'Om os',
      slug: 'om-os',
      type: 'page',
      layout: 'text-image',
    });
  });

  it('keeps default slugs equal to the slug of the default name', () => {
    for (const d of [NEW_PAGE_DEFAULTS, HOMEPAGE_DEFAULTS, ABOUT_PAGE_DEFAULTS]) {
      expect(slugify(d.pageName)).toBe(d.slug);
    }
  });

  it('recognises layouts and types', () => {
    expect(isPageLayout('grid')).toBe(true);
    expect(isEditableLayout('grid')).toBe(false);
    expect(isEditableLayout('gallery')).toBe(true);
    expect(isPageLayout('Hero')).toBe(false);
    expect(isPageType('homepage')).toBe(true);
    expect(isPageType('blog')).toBe(false);
    expect(isPageType(null)).toBe(false);
  });
});

describe('splitParagraphs', () => {
  it('splits on blank lines and trims', () => {
    expect(splitParagraphs('Første afsnit.\n\nAndet afsnit.')).toEqual(['Første afsnit.', 'Andet afsnit.']);
    expect(splitParagraphs('  a  \n\n\n\n  b  ')).toEqual(['a', 'b']);
  });

  it('keeps single line breaks inside a paragraph', () => {
    expect(splitParagraphs('linje 1\nlinje 2\n\nnyt afsnit')).toEqual(['linje 1\nlinje 2', 'nyt afsnit']);
  });

  it('treats whitespace-only lines as blank and tolerates CRLF', () => {
    expect(splitParagraphs('a\n   \t\nb')).toEqual(['a', 'b']);
    expect(splitParagraphs('a\r\n\r\nb\r\nc')).toEqual(['a', 'b\nc']);
    expect(splitParagraphs('a\r\n \r\nb')).toEqual(['a', 'b']);
  });

  it('returns nothing for empty text', () => {
    expect(splitParagraphs('')).toEqual([]);
    expect(splitParagraphs(' \n\n \n')).toEqual([]);
  });

  it('rebuilds paragraphs that were joined with blank lines', () => {
    const line = fc
      .string({ unit: fc.constantFrom(...'abc æø.'), maxLength: 12 })
      .filter((s) => s.trim() !== '');
    const paragraph = fc.array(line, { minLength: 1, maxLength: 3 }).map((lines) => lines.join('\n').trim());
    const separator = fc.constantFrom('\n\n', '\n\n\n', '\r\n\r\n', '\n \t\n', '\r\n  \r\n\n');
    fc.assert(
      fc.property(fc.array(paragraph, { maxLength: 6 }), separator, (paragraphs, sep) => {
        expect(splitParagraphs(paragraphs.join(sep))).toEqual(paragraphs);
      }),
    );
  });
});
