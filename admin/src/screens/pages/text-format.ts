// The page text toolbar's edits (issue 27 item 5): Fed, Overskrift, Punktliste and Link write the
// Markdown subset the site renders (rules/page-content.ts: `**bold**`, `## ` subheadings, `- ` list
// lines, `[text](href)`), so an owner formats by clicking and never types a mark. Each function takes
// the text with its selection and returns the new text with the selection to show; pressing a button
// again undoes what it wrote. Nothing here touches the DOM.
//
// What the renderer needs and these edits keep: `**` must touch the word it marks (no space inside,
// no punctuation between a mark and a letter outside it); a list line followed directly by a text
// line swallows that line into its last item, so a new list gets a blank line after it; a bold mark
// or a link never spans lines.
import { PAGE_MESSAGES } from '../../../../rules/messages';

/** A text with a selection; `start === end` is a caret. Offsets count UTF-16 units, like a textarea. */
export interface TextSelection {
  text: string;
  start: number;
  end: number;
}

/** One replacement in the original text: `[from, to)` becomes `insert`. */
interface Change {
  from: number;
  to: number;
  insert: string;
}

const BOLD = '**';
const HEADING = '## ';
const BULLET = '- ';
/** A heading's marks at a line's start (CommonMark: up to 3 spaces, 1–6 `#`, then a space or the end). */
const HEADING_PREFIX = /^ {0,3}#{1,6}(?:[ \t]+|$)/;
/** A list marker at a line's start: `-`, `*`, `+` or `1.`/`1)`, then a space or tab. */
const LIST_PREFIX = /^[ \t]*(?:[-*+]|\d{1,9}[.)])[ \t]+/;
/** Everything before a line's words: quote, heading and list marks, indentation. */
const BLOCK_PREFIX = /^[ \t]*(?:(?:>[ \t]?|#{1,6}[ \t]+|(?:[-*+]|\d{1,9}[.)])[ \t]+)[ \t]*)*/;
const WORD_CHAR = /[\p{L}\p{N}'’-]/u;
const SPACE = /\s/u;
const PUNCTUATION = /[\p{P}\p{S}]/u;

// ---- Lines ---------------------------------------------------------------------------------------

interface Line {
  start: number;
  /** Where its text ends (before the line break). */
  end: number;
  text: string;
}

function linesOf(text: string): Line[] {
  const lines: Line[] = [];
  let start = 0;
  for (;;) {
    const end = text.indexOf('\n', start);
    if (end === -1) {
      lines.push({ start, end: text.length, text: text.slice(start) });
      return lines;
    }
    lines.push({ start, end, text: text.slice(start, end) });
    start = end + 1;
  }
}

/**
 * The indexes of the lines a selection touches. A selection that ends at the very start of a line
 * (as a triple click or Shift+Down leaves it) does not touch that line.
 */
function touchedLines(lines: Line[], start: number, end: number): { first: number; last: number } {
  const at = (offset: number) => {
    const index = lines.findIndex((line) => offset <= line.end);
    return index === -1 ? lines.length - 1 : index;
  };
  const first = at(start);
  let last = at(end);
  if (end > start && last > first && end === (lines[last] as Line).start) last--;
  return { first, last };
}

// ---- Applying changes ----------------------------------------------------------------------------

function apply(text: string, changes: Change[]): string {
  let out = '';
  let at = 0;
  for (const change of changes) {
    out += text.slice(at, change.from) + change.insert;
    at = change.to;
  }
  return out + text.slice(at);
}

/**
 * Where an offset of the original text lands after the changes (sorted, not overlapping). An
 * insertion exactly at the offset goes before it when `after` is true (the offset follows what was
 * inserted), after it otherwise; an offset inside a removed range lands at the range's start.
 */
function mapOffset(changes: Change[], offset: number, after: boolean): number {
  let delta = 0;
  for (const change of changes) {
    const grows = change.insert.length - (change.to - change.from);
    if (change.to < offset || (change.to === offset && (change.from < offset || after))) delta += grows;
    else if (change.from < offset && offset < change.to)
      return change.from + delta + (after ? change.insert.length : 0);
    else break;
  }
  return offset + delta;
}

function result({ text }: TextSelection, changes: Change[], start: number, end: number): TextSelection {
  const sorted = [...changes].sort((a, b) => a.from - b.from || a.to - b.to);
  const newStart = mapOffset(sorted, start, true);
  const newEnd = Math.max(newStart, mapOffset(sorted, end, start === end));
  return { text: apply(text, sorted), start: newStart, end: newEnd };
}

// ---- Fed -----------------------------------------------------------------------------------------

/** A `**…**` span: the offsets of its opening and closing marks. */
interface BoldSpan {
  open: number;
  close: number;
}

/** The bold spans of one line: its `**` marks paired from the left. */
function boldSpans(line: Line): BoldSpan[] {
  const marks: number[] = [];
  for (let i = line.text.indexOf(BOLD); i !== -1; i = line.text.indexOf(BOLD, i + BOLD.length)) {
    marks.push(line.start + i);
  }
  const spans: BoldSpan[] = [];
  for (let i = 0; i + 1 < marks.length; i += 2) {
    spans.push({ open: marks[i] as number, close: marks[i + 1] as number });
  }
  return spans;
}

/** The bold span holding `[start, end)` (marks included or not), if there is one. */
function spanAround(spans: BoldSpan[], start: number, end: number): BoldSpan | undefined {
  return spans.find((span) => span.open <= start && end <= span.close + BOLD.length);
}

/** The word around a caret (letters, digits, `-`, `'`), or null when the caret touches none. */
function wordAt(text: string, offset: number): { start: number; end: number } | null {
  let start = offset;
  let end = offset;
  while (start > 0 && WORD_CHAR.test(text[start - 1] as string)) start--;
  while (end < text.length && WORD_CHAR.test(text[end] as string)) end++;
  return start === end ? null : { start, end };
}

/**
 * The part of `[start, end)` on one line that bold can wrap: after the line's block marks, without
 * spaces at either end. Null when nothing is left.
 */
function wrappable(line: Line, start: number, end: number): { start: number; end: number } | null {
  const content = line.start + (BLOCK_PREFIX.exec(line.text)?.[0].length ?? 0);
  let from = Math.max(start, content);
  let to = Math.min(end, line.end);
  while (from < to && SPACE.test(line.text[from - line.start] as string)) from++;
  while (to > from && SPACE.test(line.text[to - 1 - line.start] as string)) to--;
  return from < to ? { start: from, end: to } : null;
}

/**
 * The changes that make `[start, end)` of one line bold: spans it overlaps join it, their inner
 * marks go, and punctuation at an end moves outside when a mark there would not count (`**ord.**x`
 * renders its marks as text).
 */
function wrapChanges(
  text: string,
  spans: BoldSpan[],
  range: { start: number; end: number },
): { changes: Change[]; start: number; end: number } {
  let { start, end } = range;
  for (const span of spans) {
    if (span.open < end && start < span.close + BOLD.length) {
      start = Math.min(start, span.open);
      end = Math.max(end, span.close + BOLD.length);
    }
  }
  const changes: Change[] = [];
  for (const span of spans) {
    if (start <= span.open && span.close + BOLD.length <= end) {
      changes.push({ from: span.open, to: span.open + BOLD.length, insert: '' });
      changes.push({ from: span.close, to: span.close + BOLD.length, insert: '' });
    }
  }
  const removed = (offset: number) => changes.some((change) => change.from <= offset && offset < change.to);
  // The first and last characters that stay, skipping removed marks.
  let first = start;
  while (first < end && removed(first)) first++;
  let last = end - 1;
  while (last >= first && removed(last)) last--;
  const before = text[start - 1] ?? ' ';
  const after = text[end] ?? ' ';
  const isWordChar = (char: string) => !SPACE.test(char) && !PUNCTUATION.test(char);
  // `**` before punctuation opens only after a space or punctuation; likewise at the end.
  while (first < last && PUNCTUATION.test(text[first] as string) && isWordChar(before)) first++;
  while (last > first && PUNCTUATION.test(text[last] as string) && isWordChar(after)) last--;
  changes.push({ from: first, to: first, insert: BOLD });
  changes.push({ from: last + 1, to: last + 1, insert: BOLD });
  return { changes, start: first, end: last + 1 };
}

/**
 * Fed: the selection becomes `**bold**`, or stops being bold when it already is. A caret in a word
 * makes that word bold; a caret elsewhere writes `**fed tekst**` with the words selected to type over.
 * A selection over several lines makes each line's part bold (a mark cannot span lines).
 */
export function toggleBold(selection: TextSelection): TextSelection {
  const { text, start, end } = selection;
  const lines = linesOf(text);
  const { first, last } = touchedLines(lines, start, end);
  const parts: { line: Line; spans: BoldSpan[]; range: { start: number; end: number } }[] = [];
  for (let index = first; index <= last; index++) {
    const line = lines[index] as Line;
    const spans = boldSpans(line);
    let range = wrappable(line, start, end);
    if (start === end) {
      const span = spanAround(spans, start, end);
      const word = wordAt(text, start);
      range = span ? { start: span.open, end: span.close + BOLD.length } : word;
    }
    if (range) parts.push({ line, spans, range });
  }
  if (parts.length === 0) {
    const placeholder = 'fed tekst';
    return {
      text: text.slice(0, start) + BOLD + placeholder + BOLD + text.slice(end),
      start: start + BOLD.length,
      end: start + BOLD.length + placeholder.length,
    };
  }
  const inside = parts.map((part) => spanAround(part.spans, part.range.start, part.range.end));
  const changes: Change[] = [];
  let newStart: number;
  let newEnd: number;
  if (inside.every((span) => span !== undefined)) {
    for (const span of inside as BoldSpan[]) {
      changes.push({ from: span.open, to: span.open + BOLD.length, insert: '' });
      changes.push({ from: span.close, to: span.close + BOLD.length, insert: '' });
    }
    const firstSpan = inside[0] as BoldSpan;
    const lastSpan = inside[inside.length - 1] as BoldSpan;
    // A selection of the words stays on them; a caret stays where it was in the word.
    newStart = start === end ? start : Math.max(start, firstSpan.open + BOLD.length);
    newEnd = start === end ? end : Math.min(end, lastSpan.close);
    if (start !== end && newStart > newEnd) newStart = newEnd;
  } else {
    newStart = Number.POSITIVE_INFINITY;
    newEnd = 0;
    for (const part of parts) {
      const wrapped = wrapChanges(text, part.spans, part.range);
      changes.push(...wrapped.changes);
      newStart = Math.min(newStart, wrapped.start);
      newEnd = Math.max(newEnd, wrapped.end);
    }
    if (start === end) {
      newStart = start;
      newEnd = start;
    }
  }
  const sorted = [...changes].sort((a, b) => a.from - b.from || a.to - b.to);
  const mappedStart = mapOffset(sorted, newStart, true);
  const mappedEnd = start === end ? mappedStart : Math.max(mappedStart, mapOffset(sorted, newEnd, false));
  return { text: apply(text, sorted), start: mappedStart, end: mappedEnd };
}

// ---- Overskrift and Punktliste -------------------------------------------------------------------

/** The lines a line command works on: the touched lines with text, or the caret's line. */
function targetLines(selection: TextSelection): { lines: Line[]; targets: Line[]; last: number } {
  const lines = linesOf(selection.text);
  const { first, last } = touchedLines(lines, selection.start, selection.end);
  const touched = lines.slice(first, last + 1);
  const withText = touched.filter((line) => line.text.trim() !== '');
  return { lines, targets: withText.length > 0 ? withText : touched.slice(0, 1), last };
}

/**
 * Overskrift: each touched line becomes a `## ` subheading, or, when all of them already are
 * headings, plain text again. A list marker gives way to the heading marks.
 */
export function toggleHeading(selection: TextSelection): TextSelection {
  const { targets } = targetLines(selection);
  const allHeadings = targets.every((line) => HEADING_PREFIX.test(line.text));
  const changes: Change[] = [];
  for (const line of targets) {
    const heading = HEADING_PREFIX.exec(line.text)?.[0];
    if (allHeadings) {
      changes.push({ from: line.start, to: line.start + (heading ?? '').length, insert: '' });
    } else if (heading === undefined) {
      const marks = /^[ \t]*/.exec(line.text)?.[0].length ?? 0;
      const list = LIST_PREFIX.exec(line.text)?.[0].length ?? marks;
      changes.push({ from: line.start, to: line.start + list, insert: HEADING });
    }
  }
  return result(selection, changes, selection.start, selection.end);
}

/**
 * Punktliste: each touched line with text becomes a `- ` list line, or, when all of them already
 * are list lines, plain text again. A new list gets a blank line after it when text follows at once,
 * so that text stays a paragraph of its own instead of joining the last item.
 */
export function toggleList(selection: TextSelection): TextSelection {
  const { lines, targets, last } = targetLines(selection);
  const allItems = targets.every((line) => LIST_PREFIX.test(line.text));
  const changes: Change[] = [];
  for (const line of targets) {
    const marker = LIST_PREFIX.exec(line.text)?.[0];
    if (allItems) {
      changes.push({ from: line.start, to: line.start + (marker ?? '').length, insert: '' });
    } else if (marker === undefined) {
      const heading = HEADING_PREFIX.exec(line.text)?.[0].length ?? 0;
      const indent = /^[ \t]*/.exec(line.text.slice(heading))?.[0].length ?? 0;
      changes.push({ from: line.start, to: line.start + heading + indent, insert: BULLET });
    }
  }
  const next = lines[last + 1];
  if (!allItems && next && next.text.trim() !== '' && !LIST_PREFIX.test(next.text)) {
    const end = (lines[last] as Line).end;
    changes.push({ from: end, to: end, insert: '\n' });
  }
  return result(selection, changes, selection.start, selection.end);
}

/** Which toolbar buttons show as pressed for a selection. */
export function activeFormats(selection: TextSelection): { bold: boolean; heading: boolean; list: boolean } {
  const { text, start, end } = selection;
  const lines = linesOf(text);
  const { first, last } = touchedLines(lines, start, end);
  const { targets } = targetLines(selection);
  let bold = false;
  if (first === last) {
    const line = lines[first] as Line;
    const range = start === end ? { start, end } : wrappable(line, start, end);
    bold = range !== null && spanAround(boldSpans(line), range.start, range.end) !== undefined;
  }
  return {
    bold,
    heading: targets.every((line) => HEADING_PREFIX.test(line.text)),
    list: targets.every((line) => LIST_PREFIX.test(line.text)),
  };
}

// ---- Link ----------------------------------------------------------------------------------------

/** `[text](href)` as the renderer reads it: one line, one level of parentheses in the href. */
const LINK = /\[((?:[^[\]\n\\]|\\.)*)\]\(((?:[^()\s]|\([^()\s]*\))*)\)/g;

export interface LinkDraft {
  /** The words the link shows. */
  label: string;
  /** The address as the owner sees it (empty for a new link). */
  href: string;
  /** What the link replaces in the text. */
  start: number;
  end: number;
}

/**
 * What the Link dialog starts from: the link the selection is in (to change it), or the selected
 * words (the caret's word when nothing is selected) as the text of a new link.
 */
export function linkDraft({ text, start, end }: TextSelection): LinkDraft {
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  const lineEndAt = text.indexOf('\n', start);
  const lineEnd = lineEndAt === -1 ? text.length : lineEndAt;
  for (const match of text.slice(lineStart, lineEnd).matchAll(LINK)) {
    const from = lineStart + match.index;
    const to = from + match[0].length;
    if (from <= start && end <= to) {
      return {
        label: (match[1] ?? '').replace(/\\(.)/g, '$1'),
        href: decodeHref(match[2] ?? ''),
        start: from,
        end: to,
      };
    }
  }
  if (start === end) {
    const word = wordAt(text, start);
    if (word) return { label: text.slice(word.start, word.end), href: '', start: word.start, end: word.end };
    return { label: '', href: '', start, end };
  }
  // Spaces around the selected words stay outside the link.
  let from = start;
  let to = end;
  while (from < to && SPACE.test(text[from] as string)) from++;
  while (to > from && SPACE.test(text[to - 1] as string)) to--;
  return { label: text.slice(from, to).replace(/\s+/g, ' '), href: '', start: from, end: to };
}

/** The address as the owner typed it, without the escapes `linkHref` added. */
function decodeHref(href: string): string {
  return href.replace(/%28/gi, '(').replace(/%29/gi, ')').replace(/%3C/gi, '<').replace(/%3E/gi, '>');
}

export type LinkAddress = { ok: true; href: string } | { ok: false; message: string };

const ALLOWED_SCHEMES = new Set(['http', 'https', 'mailto', 'tel']);
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;
const EMAIL = /^[^\s@/:]+@[^\s@/]+\.[^\s@/]+$/;
const PHONE = /^\+?[0-9][0-9 ]{6,}[0-9]$/;
const DOMAIN = /^(?:[a-z0-9æøå-]+\.)+[a-zæøå]{2,}(?::\d+)?(?:[/?#]\S*)?$/i;

/**
 * The href for what the owner typed as a link's address, or a Danish message. Accepted: http(s),
 * mailto and tel addresses, a path on the site (`/kontakt`), and the short forms an owner writes —
 * `firma.dk` (https), `navn@firma.dk` (mailto), `12 34 56 78` (tel). Every other scheme is refused
 * here, as the renderer would show such a link as plain text.
 */
export function checkLinkAddress(input: string): LinkAddress {
  const typed = input.trim();
  if (typed === '') return { ok: false, message: PAGE_MESSAGES.linkAddressRequired };
  const invalid = { ok: false, message: PAGE_MESSAGES.linkAddressInvalid } as const;
  // C0 and C1 controls: a browser drops some inside a URL (`java\tscript:`).
  if (typed.includes('\\') || [...typed].some(isControl)) return invalid;
  if (PHONE.test(typed)) return { ok: true, href: `tel:${typed.replace(/ /g, '')}` };
  if (/\s/.test(typed)) return invalid;
  if (EMAIL.test(typed)) return { ok: true, href: `mailto:${typed}` };
  if (typed.startsWith('/')) return typed.startsWith('//') ? invalid : { ok: true, href: typed };
  const scheme = SCHEME.exec(typed)?.[1]?.toLowerCase();
  if (scheme === undefined) return DOMAIN.test(typed) ? { ok: true, href: `https://${typed}` } : invalid;
  if (!ALLOWED_SCHEMES.has(scheme)) return invalid;
  const rest = typed.slice(scheme.length + 1);
  if (scheme === 'http' || scheme === 'https') {
    try {
      const url = new URL(typed);
      if (!rest.startsWith('//') || url.hostname === '') return invalid;
    } catch {
      return invalid;
    }
  } else if (scheme === 'mailto' ? !EMAIL.test(rest.split('?')[0] ?? '') : !/^\+?[0-9-]{3,}$/.test(rest)) {
    return invalid;
  }
  return { ok: true, href: typed };
}

function isControl(char: string): boolean {
  const code = char.charCodeAt(0);
  return code < 0x20 || (code >= 0x7f && code <= 0x9f);
}

/** The address as written between `(` and `)`: parentheses and angle brackets escaped. */
function linkHref(href: string): string {
  return href.replace(/\(/g, '%28').replace(/\)/g, '%29').replace(/</g, '%3C').replace(/>/g, '%3E');
}

/** Shown as a link's text when the owner gave none: the address without its scheme. */
function labelFor(href: string): string {
  return href.replace(/^(?:https?:\/\/|mailto:|tel:)/i, '');
}

/**
 * Link: `[label](href)` in place of what the draft covers, the caret after it. `href` is one
 * `checkLinkAddress` accepted; an empty label shows the address.
 */
export function insertLink(selection: TextSelection, draft: LinkDraft, href: string): TextSelection {
  const shown = draft.label.replace(/\s+/g, ' ').trim() || labelFor(href);
  const label = shown.replace(/([\\[\]])/g, '\\$1');
  const link = `[${label}](${linkHref(href)})`;
  const text = selection.text.slice(0, draft.start) + link + selection.text.slice(draft.end);
  const caret = draft.start + link.length;
  return { text, start: caret, end: caret };
}
