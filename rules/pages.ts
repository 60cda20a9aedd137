// Company site pages (the spec's Entities, States): layouts, types, the defaults new pages start from, and how
// body text splits into paragraphs.

export const PAGE_LAYOUTS = ['hero', 'text', 'text-image', 'gallery', 'grid'] as const;

export type PageLayout = (typeof PAGE_LAYOUTS)[number];

// The layout tab offers these; 'grid' exists only so older pages still render publicly.
export const EDITABLE_LAYOUTS = ['hero', 'text', 'text-image', 'gallery'] as const;

export type EditableLayout = (typeof EDITABLE_LAYOUTS)[number];

export const PAGE_TYPES = ['homepage', 'page'] as const;

export type PageType = (typeof PAGE_TYPES)[number];

export interface PageDefaults {
  pageName: string;
  slug: string;
  type: PageType;
  layout: PageLayout;
}

export const NEW_PAGE_DEFAULTS: Readonly<PageDefaults> = Object.freeze({
  pageName: 'Ny side',
  slug: 'ny-side',
  type: 'page',
  layout: 'text',
});

export const HOMEPAGE_DEFAULTS: Readonly<PageDefaults> = Object.freeze({
  pageName: 'Forside',
  slug: 'forside',
  type: 'homepage',
  layout: 'hero',
});

export const ABOUT_PAGE_DEFAULTS: Readonly<PageDefaults> = Object.freeze({
  pageName: 'Om os',
  slug: 'om-os',
  type: 'page',
  layout: 'text-image',
});

export interface GalleryItem {
  title: string;
  description: string;
  image: string;
}

export function isPageLayout(x: unknown): x is PageLayout {
  return typeof x === 'string' && (PAGE_LAYOUTS as readonly string[]).includes(x);
}

export function isEditableLayout(x: unknown): x is EditableLayout {
  return typeof x === 'string' && (EDITABLE_LAYOUTS as readonly string[]).includes(x);
}

export function isPageType(x: unknown): x is PageType {
  return typeof x === 'string' && (PAGE_TYPES as readonly string[]).includes(x);
}

/**
 * The marker the admin's AI generator puts between existing text and the text it appends (the spec's States),
 * on a paragraph of its own; the site renders that paragraph as a thematic break (`<hr>`).
 */
export const AI_SEPARATOR = '---';

// A line of only spaces looks blank to the owner, so it separates paragraphs too. Single line
// breaks stay inside a paragraph.
export function splitParagraphs(body: string): string[] {
  return body
    .replace(/\r\n?/g, '\n')
    .split(/\n[^\S\n]*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '');
}

/**
 * Slugs of a site's contact page (issue 39): the owner's page of one of these names is the site's
 * Kontakt page (the menu's "Kontakt" item, with the quote form on it); a site without one gets a
 * generated page at the first (generator/lead-pages.ts), so no menu shows two items for it.
 */
export const CONTACT_PAGE_SLUGS: readonly string[] = ['kontakt', 'kontakt-os'];

/** The owner's contact page among `pages`: the one named Kontakt, else Kontakt os; null for none. */
export function findContactPage<T extends { type: string; slug: string }>(pages: readonly T[]): T | null {
  for (const slug of CONTACT_PAGE_SLUGS) {
    const page = pages.find((candidate) => candidate.type !== 'homepage' && candidate.slug === slug);
    if (page) return page;
  }
  return null;
}

/**
 * Slugs a company page may not take: on a subdomain these paths are the product's own pages
 * (the spec's subdomain route table) or files of the rendered site, so a page there would be unreachable.
 */
export const RESERVED_PAGE_SLUGS: ReadonlySet<string> = new Set([
  'admin',
  'api',
  'privacy',
  'faq',
  'blog',
  '404',
  'index',
  'sitemap',
  'robots',
  'onboarding',
]);

/** The slug of the quote form's thank-you page (generator/lead-pages.ts renders it). */
export const THANKS_SLUG = 'tak';
