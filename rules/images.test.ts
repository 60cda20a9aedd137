import { describe, expect, it } from 'vitest';
import { canUploadImage, MAX_IMAGES, safeImageSrc } from './images';

describe('image limit', () => {
  it('allows uploads only while fewer than 15 images exist', () => {
    expect(MAX_IMAGES).toBe(15);
    expect(canUploadImage(0)).toBe(true);
    expect(canUploadImage(14)).toBe(true);
    expect(canUploadImage(15)).toBe(false);
    expect(canUploadImage(20)).toBe(false);
  });
});

describe('safeImageSrc', () => {
  it('allows web and relative images only', () => {
    expect(safeImageSrc('https://cdn.example.dk/a.jpg')).toBe('https://cdn.example.dk/a.jpg');
    expect(safeImageSrc('/uploads/a.jpg')).toBe('/uploads/a.jpg');
    expect(safeImageSrc('mailto:a@b.dk')).toBeNull();
    expect(safeImageSrc('javascript:alert(1)')).toBeNull();
    expect(safeImageSrc('data:image/svg+xml,<svg/>')).toBeNull();
    expect(safeImageSrc(null)).toBeNull();
    expect(safeImageSrc('')).toBeNull();
  });

  it('is the one rule for stored and shown images: site paths and http(s) only', () => {
    expect(safeImageSrc('  /media/12345678/a.webp ')).toBe('/media/12345678/a.webp');
    expect(safeImageSrc('HTTP://cdn.example.dk/a.jpg')).toBe('HTTP://cdn.example.dk/a.jpg');
    // Escaped on output, so quotes may stay.
    expect(safeImageSrc('/uploads/a.jpg?a=1&b="2"')).toBe('/uploads/a.jpg?a=1&b="2"');
    for (const unsafe of [
      '//evil.example/x.png',
      '/\\evil.example/x.png',
      '/\\/evil.example/x.png',
      'https://cdn.example.dk/a b.jpg',
      'billede.jpg',
      './billede.jpg',
      'java\tscript:alert(1)',
      '/a\u0000.jpg',
      '/a\u0085.jpg',
      'https://',
      'ftp://example.dk/a.jpg',
    ]) {
      expect(safeImageSrc(unsafe), unsafe).toBeNull();
    }
  });
});
