// SEO meta limits and hints (the spec's Validation rules, Limits), and the word-aware cut used for fallback descriptions.

export const META_TITLE_MAX = 60;
export const META_DESCRIPTION_MAX = 160;
export const META_TITLE_HINT = 'Maksimum 60 tegn - Dette vises i søgeresultater';
export const META_DESCRIPTION_HINT = 'Maksimum 160 tegn - Dette vises i søgeresultater';

const ELLIPSIS = '…';
// Punctuation left dangling before the ellipsis reads badly ('Tømrer, …').
const TRAILING_JUNK = /[\s,;:.\-–—]+$/;

// Lengths are UTF-16 units, like HTML maxlength and zod's .max(), so the limits agree everywhere.
export function truncateAtWord(text: string, max: number): string {
  const collapsed = text.replace(/\s+/g, ' ').trim();
  if (collapsed.length <= max) return collapsed;
  const limit = Math.floor(max);
  // Also catches NaN: no room for even the ellipsis means nothing can be shown.
  if (!(limit >= ELLIPSIS.length)) return '';
  const room = limit - ELLIPSIS.length;
  let cut = collapsed.slice(0, room);
  // A space right after the cut means the cut already ends on a whole word.
  if (collapsed[room] !== ' ') {
    const lastSpace = cut.lastIndexOf(' ');
    if (lastSpace > 0) cut = cut.slice(0, lastSpace);
  }
  let result = cut.replace(TRAILING_JUNK, '');
  if (result === '') result = collapsed.slice(0, room);
  // Never end on half of a surrogate pair (an emoji cut in two renders as garbage).
  if (/[\uD800-\uDBFF]$/.test(result)) result = result.slice(0, -1);
  return result + ELLIPSIS;
}
