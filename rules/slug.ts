// Page slugs (the spec's Validation rules): lowercase ASCII words joined by single hyphens, unique within a company.
import { foldToAscii } from './fold';

const FALLBACK_SLUG = 'side';

// Accented letters fold to their base letter ('café' → 'cafe') rather than becoming a hyphen,
// because that is what users expect; the Danish æ/ø/å rule runs first inside foldToAscii.
export function slugify(text: string): string {
  return foldToAscii(text)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

// The caller must leave the page's own current slug out of `taken` when re-saving that page.
export function uniqueSlug(base: string, taken: Iterable<string>): string {
  const slug = slugify(base) || FALLBACK_SLUG;
  const used = new Set(taken);
  if (!used.has(slug)) return slug;
  for (let n = 2; ; n++) {
    const candidate = `${slug}-${n}`;
    if (!used.has(candidate)) return candidate;
  }
}

/** The longest slug a page address may have (the request paths of rules/request-target.ts). */
export const SLUG_MAX_LENGTH = 100;

/** Why `text` cannot be a page's address as the owner typed it, or null when it can (issue 49). */
export function slugProblem(text: string): 'empty' | 'invalid' | 'too-long' | null {
  if (text === '') return 'empty';
  if (text.length > SLUG_MAX_LENGTH) return 'too-long';
  return slugify(text) === text ? null : 'invalid';
}
