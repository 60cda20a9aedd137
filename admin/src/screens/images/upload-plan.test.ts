import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../../rules/messages';
import { UPLOAD_MESSAGES } from '../../../../rules/upload-messages';
import { imageCount, planUploads } from './upload-plan';

const jpeg = (name: string) => ({ name, type: 'image/jpeg' });

describe('planUploads', () => {
  it('accepts images that fit in the archive', () => {
    const plan = planUploads([jpeg('a.jpg'), jpeg('b.jpg')], 13);
    expect(plan).toEqual({ ok: true, files: [jpeg('a.jpg'), jpeg('b.jpg')], skipped: [] });
  });

  it('refuses a selection that would pass 15 images with the spec message', () => {
    expect(planUploads([jpeg('a.jpg'), jpeg('b.jpg')], 14)).toEqual({
      ok: false,
      error: MESSAGES.uploadLimit,
    });
  });

  it('refuses anything once the archive is full', () => {
    expect(planUploads([jpeg('a.jpg')], 15)).toEqual({ ok: false, error: MESSAGES.archiveFull });
  });

  it('skips files that are not images, and refuses a selection of only those', () => {
    const text = { name: 'notes.txt', type: 'text/plain' };
    expect(planUploads([text, jpeg('a.jpg')], 0)).toEqual({
      ok: true,
      files: [jpeg('a.jpg')],
      skipped: [text],
    });
    expect(planUploads([text], 0)).toEqual({ ok: false, error: UPLOAD_MESSAGES.notAnImage });
  });

  it('counts non-images out before checking the limit', () => {
    const text = { name: 'notes.txt', type: 'text/plain' };
    expect(planUploads([text, jpeg('a.jpg')], 14).ok).toBe(true);
  });
});

describe('imageCount', () => {
  it('shows the count against the limit', () => {
    expect(imageCount(3)).toBe('3/15');
  });
});
