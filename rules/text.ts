// Text both databases store alike: PostgreSQL refuses a NUL in text, SQLite keeps it, and neither
// should hold invisible control characters an owner never meant to type. Every text field at the
// API's edge passes this rule (api/openapi.ts checks every string of every JSON body;
// contracts/fields.ts adds the one-line rule per field). Tab and newline (and the \r of a pasted
// Windows line end) are allowed where text has lines: page content, gallery descriptions, the
// contact message.
//
// Invisible formatting characters are the other half of the rule. The bidi overrides and isolates
// (U+202A–U+202E, U+2066–U+2069) and marks (U+200E, U+200F, U+061C) reorder what is shown: a name
// `Eve<U+202E>gnp.exe` reads "Eveexe.png" in the inbox and in a mail subject, and a link or a
// phone number can be made to read as another. The zero-width space, word joiner and byte-order
// mark (U+200B, U+2060, U+FEFF, and their rarer kin) hide inside words, so a link cap or a duplicate
// check can be passed by text that reads the same. Nobody can see them, so nobody can be asked to
// remove them: they are removed where text arrives (every string of every JSON body in
// api/openapi.ts and api/validation.ts, the quote form's fields in rules/lead-form.ts, uploaded file
// names), the same for owners and for visitors. Kept, because text needs them: the zero-width
// joiner and non-joiner (emoji sequences, Persian and Indic spelling), the soft hyphen (a Danish
// compound's break point), variation selectors and tag characters (emoji and flags).

// C0 controls except tab, line feed and carriage return; DEL; C1 controls.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const FORBIDDEN_IN_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
// Every C0 control, DEL, C1, and the Unicode line and paragraph separators.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const FORBIDDEN_IN_ONE_LINE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

// Bidi marks, embeddings, overrides and isolates; zero-width space; word joiner and the invisible
// operators; the deprecated format characters; byte-order mark; interlinear annotation; the
// Mongolian vowel separator (a zero-width space in older Unicode).
const INVISIBLE_FORMATTING =
  /[\u061c\u180e\u200b\u200e\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb]/g;
const HAS_INVISIBLE_FORMATTING = new RegExp(INVISIBLE_FORMATTING.source);

/** `value` without the invisible formatting characters (bidi controls, zero-width space, …). */
export function withoutInvisible(value: string): string {
  return HAS_INVISIBLE_FORMATTING.test(value) ? value.replace(INVISIBLE_FORMATTING, '') : value;
}

/**
 * A parsed JSON value with withoutInvisible applied to every string in it (object keys included);
 * the very same value when nothing had to be removed, so a caller can tell by identity.
 */
export function withoutInvisibleText<T>(value: T, depth = 0): T {
  if (typeof value === 'string') return withoutInvisible(value) as T;
  // JSON bodies are capped in size; past the depth cap hasUncleanText has nothing to say either.
  if (value === null || typeof value !== 'object' || depth > 64) return value;
  if (Array.isArray(value)) {
    const items = value.map((item) => withoutInvisibleText(item, depth + 1));
    return items.some((item, index) => item !== value[index]) ? (items as T) : value;
  }
  let changed = false;
  const entries = Object.entries(value).map(([key, item]) => {
    const entry = [withoutInvisible(key), withoutInvisibleText(item, depth + 1)] as const;
    if (entry[0] !== key || entry[1] !== item) changed = true;
    return entry;
  });
  return changed ? (Object.fromEntries(entries) as T) : value;
}

/** True when `value` holds no control character a text of lines may not hold. */
export function isCleanText(value: string): boolean {
  return !FORBIDDEN_IN_LINES.test(value);
}

/** True when `value` is clean and on one line (no tab, newline or line separator either). */
export function isOneLine(value: string): boolean {
  return !FORBIDDEN_IN_ONE_LINE.test(value);
}

/** Whether any string in a parsed JSON value (object keys included) breaks isCleanText. */
export function hasUncleanText(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return !isCleanText(value);
  // JSON bodies are capped in size; the depth cap keeps a hostile nesting from costing the stack.
  if (value === null || typeof value !== 'object' || depth > 64) return false;
  if (Array.isArray(value)) return value.some((item) => hasUncleanText(item, depth + 1));
  return Object.entries(value).some(([key, item]) => !isCleanText(key) || hasUncleanText(item, depth + 1));
}
