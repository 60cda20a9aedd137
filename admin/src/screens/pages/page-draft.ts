// The pages editor's working copy of one page and the pure rules on it: what a save sends, how AI
// text joins what is there (the spec's States: appended after a separator, title filled only if empty), and
// the gallery's item operations.
import type { PageUpdateInput } from '../../../../contracts/pages';
import {
  AI_SEPARATOR,
  type EditableLayout,
  type GalleryItem,
  isEditableLayout,
  NEW_PAGE_DEFAULTS,
} from '../../../../rules/pages';
import { slugify } from '../../../../rules/slug';
import type { Page } from '../../api/types';

export interface PageDraft {
  /** The page's label in the site's menu ("Navn i menuen"). */
  pageName: string;
  /** The page's address; changed only on purpose (issue 49), or while it is a new page's `ny-side`. */
  slug: string;
  title: string;
  subtitle: string;
  content: string;
  layout: EditableLayout;
  image: string | null;
  heroBackgroundImage: string | null;
  gallery: GalleryItem[];
  metaTitle: string;
  metaDescription: string;
}

export function draftFrom(page: Page): PageDraft {
  return {
    pageName: page.pageName,
    slug: page.slug,
    title: page.title,
    subtitle: page.subtitle,
    content: page.content,
    // An older `grid` page is edited as text; saving it keeps `grid` unless the owner picks a layout.
    layout: isEditableLayout(page.layout) ? page.layout : 'text',
    image: page.image,
    heroBackgroundImage: page.heroBackgroundImage,
    gallery: page.gallery.map((item) => ({ ...item })),
    metaTitle: page.metaTitle,
    metaDescription: page.metaDescription,
  };
}

/** The PUT body: every field the editor shows; the layout only when the owner changed it; the
 *  homepage has no address of its own (it is the site's `/`). */
export function updateFrom(draft: PageDraft, page: Page): PageUpdateInput {
  const layoutChanged = draft.layout !== (isEditableLayout(page.layout) ? page.layout : 'text');
  return {
    pageName: draft.pageName,
    ...(page.type === 'homepage' ? {} : { slug: draft.slug }),
    title: draft.title,
    subtitle: draft.subtitle,
    content: draft.content,
    ...(layoutChanged ? { layout: draft.layout } : {}),
    image: draft.image,
    heroBackgroundImage: draft.heroBackgroundImage,
    gallery: draft.gallery,
    metaTitle: draft.metaTitle,
    metaDescription: draft.metaDescription,
  };
}

/** What the live preview renders: the save's body without the address (it changes nothing on the
 *  page, and a half-typed one would be refused). */
export function previewFrom(draft: PageDraft, page: Page): PageUpdateInput {
  const { slug: _address, ...update } = updateFrom(draft, page);
  return update;
}

/** Whether the draft would save anything the page does not hold already (issue 40: "Ikke gemt"). */
export function hasChanges(draft: PageDraft, page: Page): boolean {
  return JSON.stringify(updateFrom(draft, page)) !== JSON.stringify(updateFrom(draftFrom(page), page));
}

/** A new page's address (`ny-side`, `ny-side-2`, …): nobody links to it yet, so it follows the name. */
const NEW_PAGE_SLUG = new RegExp(`^${NEW_PAGE_DEFAULTS.slug}(?:-[0-9]+)?$`);

/**
 * The draft with a new name in the menu. The address stays as it is (issue 49: renaming "Ydelser"
 * must not move the page away from every link to it), except on a page that still has a new page's
 * address and whose address the owner has not typed: there it follows the name, in sight.
 */
export function withPageName(draft: PageDraft, page: Page, name: string, addressTyped: boolean): PageDraft {
  const follows = page.type !== 'homepage' && !addressTyped && NEW_PAGE_SLUG.test(page.slug);
  return { ...draft, pageName: name, slug: follows ? slugify(name) || page.slug : draft.slug };
}

/** The full address of a page on the site (`siteUrl` is the site's own address, as the shell links it). */
export function pageUrl(siteUrl: string, slug: string): string {
  return `${siteUrl.endsWith('/') ? siteUrl : `${siteUrl}/`}${slug}`;
}

/** AI text joins the draft: body appended after the separator, title (and subtitle) only if empty. */
export function withGeneratedText(
  draft: PageDraft,
  text: { title: string; subtitle?: string | undefined; content: string },
): PageDraft {
  const existing = draft.content.trimEnd();
  return {
    ...draft,
    title: draft.title.trim() === '' ? text.title : draft.title,
    subtitle: draft.subtitle.trim() === '' && text.subtitle ? text.subtitle : draft.subtitle,
    content: existing === '' ? text.content : `${existing}\n\n${AI_SEPARATOR}\n\n${text.content}`,
  };
}

const EMPTY_GALLERY_ITEM: Readonly<GalleryItem> = Object.freeze({
  title: '',
  description: '',
  image: '',
});

export function addGalleryItem(gallery: readonly GalleryItem[]): GalleryItem[] {
  return [...gallery, { ...EMPTY_GALLERY_ITEM }];
}

export function changeGalleryItem(
  gallery: readonly GalleryItem[],
  index: number,
  change: Partial<GalleryItem>,
): GalleryItem[] {
  return gallery.map((item, at) => (at === index ? { ...item, ...change } : item));
}

export function removeGalleryItem(gallery: readonly GalleryItem[], index: number): GalleryItem[] {
  return gallery.filter((_, at) => at !== index);
}

/** Keywords are comma-separated (the spec's Validation rules); the button waits for at least one that is not blank. */
export function canGenerate(
  keywords: string,
  generating: boolean,
  usedToday: number,
  limit: number,
): boolean {
  return !generating && usedToday < limit && keywords.split(',').some((part) => part.trim() !== '');
}

/** The page list after a save: the stored page in place of its old entry, the order kept. */
export function withSavedPage(pages: readonly Page[], saved: Page): Page[] {
  return pages.map((page) => (page.id === saved.id ? saved : page));
}
