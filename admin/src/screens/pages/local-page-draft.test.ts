import { describe, expect, it } from 'vitest';
import { type DraftStore, draftTime, readDraft, removeDraft, writeDraft } from './local-page-draft';
import type { PageDraft } from './page-draft';

function memoryStore(): DraftStore & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

const DRAFT: PageDraft = {
  pageName: 'Forside',
  slug: 'forside',
  title: 'Tag og tømrerarbejde',
  subtitle: '',
  content: '## Vores ydelser\n\n- Nye tage',
  layout: 'hero',
  image: null,
  heroBackgroundImage: '/media/uploads/12345678/hero.webp',
  gallery: [{ title: 'Terrasse', description: '', image: '' }],
  metaTitle: '',
  metaDescription: '',
};

describe('a page draft kept in the browser', () => {
  it('is read back per company and page, and removed', () => {
    const store = memoryStore();
    const now = Date.UTC(2026, 10, 28, 13, 5);
    writeDraft(store, '12345678', 'page-1', DRAFT, now);
    expect(readDraft(store, '12345678', 'page-1', now + 1000)).toEqual({ savedAt: now, draft: DRAFT });
    expect(readDraft(store, '12345678', 'page-2', now)).toBeNull();
    expect(readDraft(store, '87654321', 'page-1', now)).toBeNull();
    removeDraft(store, '12345678', 'page-1');
    expect(readDraft(store, '12345678', 'page-1', now)).toBeNull();
  });

  it('drops what it did not write, and drafts older than two weeks', () => {
    const store = memoryStore();
    const now = Date.UTC(2026, 10, 28);
    const key = 'mesterside:page-draft:12345678:page-1';
    for (const raw of [
      'not json',
      JSON.stringify({ savedAt: now, draft: { ...DRAFT, title: 7 } }),
      JSON.stringify({ savedAt: now, draft: { ...DRAFT, gallery: [{ title: 'x' }] } }),
      JSON.stringify({ savedAt: 'today', draft: DRAFT }),
      JSON.stringify({ savedAt: now - 15 * 86_400_000, draft: DRAFT }),
    ]) {
      store.data.set(key, raw);
      expect(readDraft(store, '12345678', 'page-1', now), raw).toBeNull();
    }
  });

  it('survives a browser whose storage refuses writes', () => {
    const refusing: DraftStore = {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
      removeItem: () => {},
    };
    expect(() => writeDraft(refusing, '12345678', 'page-1', DRAFT, 0)).not.toThrow();
    expect(readDraft(null, '12345678', 'page-1', 0)).toBeNull();
  });

  it('says when it was written as the owner reads a time', () => {
    const now = new Date(2026, 11, 3, 15, 0).getTime();
    expect(draftTime(new Date(2026, 11, 3, 14, 5).getTime(), now)).toBe('i dag kl. 14.05');
    expect(draftTime(new Date(2026, 11, 2, 9, 30).getTime(), now)).toBe('i går kl. 9.30');
    expect(draftTime(new Date(2026, 10, 28, 9, 30).getTime(), now)).toBe('28. november kl. 9.30');
  });
});
