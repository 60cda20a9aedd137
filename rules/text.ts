// Text both databases store alike: PostgreSQL refuses a NUL in text, SQLite keeps it, and neither
// should hold invisible control characters an owner never meant to type. Every text field at the
// API's edge passes this rule (contracts/json-body.ts checks every string of every JSON body;
// contracts/fields.ts adds the one-line rule per field). Tab and newline (and the \r of a pasted
// Windows line end) are allowed where text has lines: page content, gallery descriptions, the
// contact message.

// C0 controls except tab, line feed and carriage return; DEL; C1 controls.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const FORBIDDEN_IN_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
// Every C0 control, DEL, C1, and the Unicode line and paragraph separators.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const FORBIDDEN_IN_ONE_LINE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

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
