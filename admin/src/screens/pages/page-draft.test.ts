import { describe, expect, it } from 'vitest';
import type { Page } from '../../api/types';
import {
  addGalleryItem,
  canGenerate,
  changeGalleryItem,
  draftFrom,
  hasChanges,
  pageUrl,
  removeGalleryItem,
  updateFrom,
  withGeneratedText,
  withPageName,
  withSavedPage,
} from './page-draft';

const PAGE: Page = {
  id: 'p1',
  pageName: 'Om os',
  title: 'Om os',
  slug: 'om-os',
  type: 'page',
  layout: 'text-image',
  subtitle: '',
  content: 'Vi bygger tage.',
  image: null,
  heroBackgroundImage: null,
  gallery: [],
  metaTitle: '',
  metaDescription: '',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  sortOrder: 1,
  showInMenu: true,
};

describe('AI text in the draft', () => {
  it('appends after the separator and keeps a title the owner wrote', () => {
    const next = withGeneratedText(draftFrom(PAGE), { title: 'Ny titel', content: 'Ny tekst.' });
    expect(next.title).toBe('Om os');
    expect(next.content).toBe('Vi bygger tage.\n\n---\n\nNy tekst.');
  });

  it('fills an empty title and subtitle, and an empty body without a separator', () => {
    const empty = { ...draftFrom(PAGE), title: '  ', content: '\n', subtitle: '' };
    const next = withGeneratedText(empty, {
      title: 'Tømrer i Aarhus',
      subtitle: 'Kvalitet',
      content: 'Tekst.',
    });
    expect(next).toMatchObject({ title: 'Tømrer i Aarhus', subtitle: 'Kvalitet', content: 'Tekst.' });
  });
});

describe('the generate button', () => {
  it('waits for a keyword that is not blank, and is off while generating or at the limit', () => {
    expect(canGenerate('', false, 0, 5)).toBe(false);
    expect(canGenerate(' ,  , ', false, 0, 5)).toBe(false);
    expect(canGenerate('tag, carport', false, 0, 5)).toBe(true);
    expect(canGenerate('tag', true, 0, 5)).toBe(false);
    expect(canGenerate('tag', false, 5, 5)).toBe(false);
  });
});

describe('saving a draft', () => {
  it('sends the layout only when the owner changed it, so an old grid page stays grid', () => {
    const grid = { ...PAGE, layout: 'grid' as const };
    const draft = draftFrom(grid);
    expect(draft.layout).toBe('text');
    expect(updateFrom(draft, grid)).not.toHaveProperty('layout');
    expect(updateFrom({ ...draft, layout: 'hero' }, grid)).toHaveProperty('layout', 'hero');
  });
});

describe('gallery items', () => {
  it('adds an empty item, changes and clears one, and deletes one', () => {
    let gallery = addGalleryItem([]);
    gallery = addGalleryItem(gallery);
    gallery = changeGalleryItem(gallery, 1, { title: 'Carport', image: '/media/a.jpg' });
    expect(gallery).toEqual([
      { title: '', description: '', image: '' },
      { title: 'Carport', description: '', image: '/media/a.jpg' },
    ]);
    gallery = changeGalleryItem(gallery, 1, { image: '' });
    expect(gallery[1]?.image).toBe('');
    expect(removeGalleryItem(gallery, 0)).toEqual([{ title: 'Carport', description: '', image: '' }]);
  });
});

describe('the page list after a save', () => {
  it('takes the page the PUT answered in place of its old entry, keeping the order', () => {
    const home: Page = { ...PAGE, id: 'p0', pageName: 'Forside', type: 'homepage', sortOrder: 0 };
    const saved: Page = {
      ...PAGE,
      pageName: 'Om firmaet',
      slug: 'om-firmaet',
      updatedAt: '2026-01-02T00:00:00.000Z',
    };
    const list = [home, PAGE];
    expect(withSavedPage(list, saved)).toEqual([home, saved]);
    expect(list).toEqual([home, PAGE]);
  });
});

describe('unsaved changes in the draft', () => {
  it('are any field the save would change, and nothing once typed back', () => {
    const draft = draftFrom(PAGE);
    expect(hasChanges(draft, PAGE)).toBe(false);
    expect(hasChanges({ ...draft, content: 'Vi bygger tage!' }, PAGE)).toBe(true);
    expect(hasChanges({ ...draft, layout: 'text' }, PAGE)).toBe(true);
    expect(hasChanges({ ...draft, gallery: addGalleryItem(draft.gallery) }, PAGE)).toBe(true);
    expect(hasChanges({ ...draft, title: 'Om os' }, PAGE)).toBe(false);
    // An older grid page is shown as text: opening it is no change.
    const grid: Page = { ...PAGE, layout: 'grid' };
    expect(hasChanges(draftFrom(grid), grid)).toBe(false);
  });
});

describe('the name in the menu and the address (issue 49)', () => {
  it('keeps the address when the name changes', () => {
    const draft = withPageName(draftFrom(PAGE), PAGE, 'Om os (kladde til Jens)', false);
    expect(draft).toMatchObject({ pageName: 'Om os (kladde til Jens)', slug: 'om-os' });
    expect(updateFrom(draft, PAGE)).toMatchObject({ pageName: 'Om os (kladde til Jens)', slug: 'om-os' });
  });

  it("lets a new page's address follow its name until the owner types one", () => {
    const fresh: Page = { ...PAGE, pageName: 'Ny side', slug: 'ny-side-2' };
    expect(withPageName(draftFrom(fresh), fresh, 'Tag & facade', false).slug).toBe('tag-facade');
    expect(withPageName(draftFrom(fresh), fresh, '!!!', false).slug).toBe('ny-side-2');
    const typed = { ...draftFrom(fresh), slug: 'tage' };
    expect(withPageName(typed, fresh, 'Tag & facade', true).slug).toBe('tage');
  });

  it('sends no address for the homepage, and shows whole addresses', () => {
    const home: Page = { ...PAGE, type: 'homepage', slug: 'forside' };
    expect(updateFrom(draftFrom(home), home)).not.toHaveProperty('slug');
    expect(
      withPageName(draftFrom({ ...home, slug: 'ny-side' }), { ...home, slug: 'ny-side' }, 'Hjem', false).slug,
    ).toBe('ny-side');
    expect(pageUrl('https://hansen.mesterside.dk', 'om-os')).toBe('https://hansen.mesterside.dk/om-os');
    expect(pageUrl('http://localhost:3000/12345678/', 'om-os')).toBe('http://localhost:3000/12345678/om-os');
  });
});
