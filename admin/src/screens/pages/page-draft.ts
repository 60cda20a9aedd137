// The pages editor's working copy of one page and the pure rules on it: what a save sends, how AI
// text joins what is there (SPEC §4: appended after a separator, title filled only if empty), and
// the gallery's item operations.
import type { PageUpdateInput } from '../../../../contracts/pages';
import {
  AI_SEPARATOR,
  type EditableLayout,
  type GalleryItem,
  isEditableLayout,
} from '../../../../rules/pages';
import type { Page } from '../../api/types';

export interface PageDraft {
  pageName: string;
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

/** The PUT body: every field the editor shows; the layout only when the owner changed it. */
export function updateFrom(draft: PageDraft, page: Page): PageUpdateInput {
  const layoutChanged = draft.layout !== (isEditableLayout(page.layout) ? page.layout : 'text');
  return {
    pageName: draft.pageName,
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

/** Whether the draft would save anything the page does not hold already (issue 40: "Ikke gemt"). */
export function hasChanges(draft: PageDraft, page: Page): boolean {
  return JSON.stringify(updateFrom(draft, page)) !== JSON.stringify(updateFrom(draftFrom(page), page));
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

/** Keywords are comma-separated (SPEC §5); the button waits for at least one that is not blank. */
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
