import { describe, expect, it } from 'vitest';
import { canUploadImage, MAX_IMAGES } from './images';

describe('image limit', () => {
  it('allows uploads only while fewer than 15 images exist', () => {
    expect(MAX_IMAGES).toBe(15);
    expect(canUploadImage(0)).toBe(true);
    expect(canUploadImage(14)).toBe(true);
    expect(canUploadImage(15)).toBe(false);
    expect(canUploadImage(20)).toBe(false);
  });
});
