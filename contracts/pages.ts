// A page as the owner creates and saves it (the spec's Screens Pages editor, Validation rules): name, address, texts, layout,
// images, gallery and the SEO fields with their 60/160 limits. Shared with the admin's editor.
import { z } from 'zod';
import { safeImageSrc } from '../rules/images';
import { GALLERY_MAX_ITEMS, MAX_PAGE_CONTENT_CHARS, MAX_TEXT_NESTING } from '../rules/limits';
import { MESSAGES, oneLineMessage } from '../rules/messages';
import { META_DESCRIPTION_MAX, META_TITLE_MAX } from '../rules/meta';
import { PAGE_MESSAGES } from '../rules/page-messages';
import { PAGE_LAYOUTS, PAGE_TYPES, RESERVED_PAGE_SLUGS } from '../rules/pages';
import { slugProblem } from '../rules/slug';
import { isOneLine } from '../rules/text';
import { textNestingDepth } from '../rules/text-nesting';
import { body, multilineText, text, untrimmedText } from './fields';

const IMAGE_URL_MAX = 2048;

const pageName = text('Navn i menuen', 100).min(1, PAGE_MESSAGES.pageNameRequired);

const SLUG_MESSAGES = {
  empty: PAGE_MESSAGES.slugRequired,
  invalid: PAGE_MESSAGES.slugInvalid,
  'too-long': PAGE_MESSAGES.slugTooLong,
} as const;

/** A page's address as the owner sets it on purpose (issue 49): a slug as rules/slug.ts makes them. */
const slug = z
  .string({ error: MESSAGES.invalidInput })
  .trim()
  .superRefine((value, context) => {
    const problem = slugProblem(value);
    if (problem !== null) context.addIssue({ code: 'custom', message: SLUG_MESSAGES[problem] });
    else if (RESERVED_PAGE_SLUGS.has(value))
      context.addIssue({ code: 'custom', message: PAGE_MESSAGES.slugReserved });
  });

const imageUrl = z
  .string({ error: MESSAGES.invalidInput })
  .trim()
  .max(IMAGE_URL_MAX, PAGE_MESSAGES.invalidImage)
  // An address on this site (`/…`) or an absolute http(s) URL: the rule the templates apply too.
  .refine((value) => value === '' || safeImageSrc(value) !== null, PAGE_MESSAGES.invalidImage);

/** A page's own image: an address, or `''`/null for none. */
const optionalImage = imageUrl.nullable().transform((value) => (value === '' ? null : value));

function meta(max: number, message: string, label: string) {
  return z
    .string({ error: MESSAGES.invalidInput })
    .trim()
    .max(max, message)
    .refine(isOneLine, oneLineMessage(label));
}

const galleryItem = body({
  title: text('Billedtitel', 200).default(''),
  description: multilineText('Billedtekst', 1000).default(''),
  image: imageUrl.default(''),
});

export const pageCreateSchema = body({ pageName: pageName.optional() });

export const pageUpdateSchema = body({
  pageName: pageName.optional(),
  slug: slug.optional(),
  title: text('Overskrift', 200).optional(),
  subtitle: text('Undertitel', 300).optional(),
  content: untrimmedText('Teksten', MAX_PAGE_CONTENT_CHARS)
    .refine((value) => textNestingDepth(value) <= MAX_TEXT_NESTING, PAGE_MESSAGES.textTooDeep)
    .optional(),
  layout: z.enum(PAGE_LAYOUTS, { error: PAGE_MESSAGES.invalidLayout }).optional(),
  image: optionalImage.optional(),
  heroBackgroundImage: optionalImage.optional(),
  gallery: z
    .array(galleryItem, { error: MESSAGES.invalidInput })
    .max(GALLERY_MAX_ITEMS, PAGE_MESSAGES.galleryTooLong)
    .optional(),
  metaTitle: meta(META_TITLE_MAX, PAGE_MESSAGES.metaTitleTooLong, 'Titel i Google').optional(),
  metaDescription: meta(
    META_DESCRIPTION_MAX,
    PAGE_MESSAGES.metaDescriptionTooLong,
    'Tekst i Google',
  ).optional(),
});

export type PageUpdateInput = z.input<typeof pageUpdateSchema>;

// ---- Answers -------------------------------------------------------------------------------------

/** A page as the editor sees it (every page answer of /api/pages). */
export const pageSchema = z.object({
  id: z.string(),
  pageName: z.string(),
  title: z.string(),
  slug: z.string(),
  type: z.enum(PAGE_TYPES),
  layout: z.enum(PAGE_LAYOUTS),
  subtitle: z.string(),
  content: z.string(),
  image: z.string().nullable(),
  heroBackgroundImage: z.string().nullable(),
  gallery: z.array(z.object({ title: z.string(), description: z.string(), image: z.string() })),
  metaTitle: z.string(),
  metaDescription: z.string(),
  sortOrder: z.number(),
  showInMenu: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** One revision as the editor lists it ("Historik"): when, what changed, enough to recognise it. */
export const pageRevisionSchema = z.object({
  id: z.string(),
  version: z.number(),
  summary: z.string(),
  createdAt: z.string(),
  title: z.string(),
  /** The first 160 characters of the text. */
  preview: z.string(),
});

/** One page in "Slettede sider". */
export const deletedPageSchema = z.object({
  id: z.string(),
  pageName: z.string(),
  title: z.string(),
  deletedAt: z.string(),
  /** The last moment it can be restored. */
  restorableUntil: z.string(),
});

export type PageJson = z.infer<typeof pageSchema>;
export type PageRevisionJson = z.infer<typeof pageRevisionSchema>;
export type DeletedPageJson = z.infer<typeof deletedPageSchema>;
