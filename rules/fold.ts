// Folds free text to lowercase ASCII letters the way Danish users expect (æ→ae, ø→oe, å→aa,
// é→e), before slug and subdomain rules turn what is left into hyphens or nothing.

// Letters that do not decompose into a base letter plus marks; without this map they would be lost.
const LETTER_MAP: Readonly<Record<string, string>> = {
  æ: 'ae',
  ø: 'oe',
  ß: 'ss',
  œ: 'oe',
  ð: 'd',
  þ: 'th',
  đ: 'd',
  ł: 'l',
};

const MAPPED_LETTERS = /[æøßœðþđł]/g;
// å decomposes to a + ring above; other marks may sit between them in canonical order.
const A_WITH_RING = /a\p{M}*\u030a/gu;
const COMBINING_MARKS = /\p{M}/gu;

export function foldToAscii(text: string): string {
  // NFKC turns compatibility forms (full-width letters, ligatures, the Ångström sign) into plain
  // letters before lowercasing. Marks are stripped before mapping so an accented æ or ø (ǽ, ǿ)
  // still becomes ae or oe; only the ring is read first, because it is what makes å.
  return text
    .normalize('NFKC')
    .toLowerCase()
    .normalize('NFD')
    .replace(A_WITH_RING, 'aa')
    .replace(COMBINING_MARKS, '')
    .replace(MAPPED_LETTERS, (letter) => LETTER_MAP[letter] ?? letter);
}
