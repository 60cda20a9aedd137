// Page slugs (SPEC §5): lowercase ASCII words joined by single hyphens, unique within a company.
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
