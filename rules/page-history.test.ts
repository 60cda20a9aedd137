import { describe, expect, it } from 'vitest';
import { saveWindow } from './limits';
import {
  changedFields,
  deletedPageExpiry,
  formatRevisionTime,
  restoredSummary,
  revisionSummary,
} from './page-history';

describe('revisionSummary', () => {
  it('names what changed, in the editor order, in Danish', () => {
    expect(revisionSummary(['content'])).toBe('Tekst ændret');
    expect(revisionSummary(['title'])).toBe('Titel ændret');
    expect(revisionSummary(['content', 'title'])).toBe('Titel og tekst ændret');
    expect(revisionSummary(['gallery', 'pageName', 'content'])).toBe(
      'Navn i menuen, tekst og galleri ændret',
    );
    expect(revisionSummary(['metaTitle', 'metaDescription'])).toBe('Google ændret');
    expect(revisionSummary(['image', 'heroBackgroundImage'])).toBe('Billede ændret');
    expect(revisionSummary([])).toBe('Gemt uden ændringer');
  });

  it('compares values, arrays included', () => {
    const page = {
      pageName: 'Forside',
      title: 'Velkommen',
      subtitle: '',
      content: 'Tekst',
      layout: 'hero',
      image: null,
      heroBackgroundImage: null,
      gallery: [{ title: 'a', description: '', image: '' }],
      metaTitle: '',
      metaDescription: '',
    };
    expect(changedFields(page, { ...page })).toEqual([]);
    expect(changedFields(page, { ...page, gallery: [], content: 'Ny' })).toEqual(['content', 'gallery']);
  });
});

describe('times', () => {
  it('formats a revision in Copenhagen time', () => {
    expect(formatRevisionTime('2026-11-23T20:05:00.000Z')).toBe('23. nov. 2026 kl. 21.05');
    expect(formatRevisionTime('2026-07-01T10:00:00.000Z')).toBe('1. jul. 2026 kl. 12.00');
    expect(restoredSummary('2026-11-23T20:05:00.000Z')).toBe('Gendannet fra 23. nov. 2026 kl. 21.05');
  });

  it('keeps a deleted page 30 days', () => {
    expect(deletedPageExpiry('2026-03-01T12:00:00.000Z')).toBe('2026-03-31T12:00:00.000Z');
  });

  it('counts saves per whole minute', () => {
    expect(saveWindow(new Date('2026-03-01T12:00:59.999Z'))).toBe(
      saveWindow(new Date('2026-03-01T12:00:00.000Z')),
    );
    expect(saveWindow(new Date('2026-03-01T12:01:00.000Z'))).toBe(
      saveWindow(new Date('2026-03-01T12:00:00.000Z')) + 1,
    );
  });
});
