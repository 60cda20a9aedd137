// Page text between its stored Markdown and the editor's document (issue 40). Storage, the API and
// the site stay as they were: the editor reads a text and writes one back, and what a visitor sees
// of it does not change (tests/rich-text-round-trip.test.ts holds `render(serialize(parse(md)))` to
// `render(md)` over every text the product writes and thousands of generated ones).
//
// Reading goes through the site's own Markdown reader (`pageContentTokens`, the same `marked` with the
// same extensions the site renders with), so the editor shows exactly the structure the site draws:
// quirks of the reader (a line of dashes under text staying a paragraph, nesting caps, emphasis
// rules) cannot disagree. Writing produces plain CommonMark for that reader: escapes only where a
// character would otherwise mean something, blank lines between blocks, `-` lists, `**bold**`,
// `*italic*`, `[text](address)`. Runs headless (no DOM), so the round trip is tested in Node.
import { decodeHTMLStrict } from 'entities/decode';
import type { Token, Tokens } from 'marked';
import type { Mark, Node } from 'prosemirror-model';
import { ownerLinkHref, pageContentTokens } from '../../../../../rules/page-content';
import { schema } from './schema';

// ---- Reading -------------------------------------------------------------------------------------

/** A character reference `marked` passes through to the page (others it escapes): the browser decodes it. */
const REFERENCE = /&(?:#\d{1,7}|#[Xx][a-fA-F0-9]{1,6}|\w+);/g;

/** Text as a visitor reads it: the character references the page keeps, decoded. */
function decodeReferences(text: string): string {
  return text.includes('&') ? text.replace(REFERENCE, (reference) => decodeHTMLStrict(reference)) : text;
}

interface InlinePiece {
  text: string | null;
  marks: readonly Mark[];
}

function inlinePieces(tokens: readonly Token[], marks: readonly Mark[], out: InlinePiece[]): void {
  for (const token of tokens) {
    switch (token.type) {
      case 'text':
        if ((token as Tokens.Text).tokens) inlinePieces((token as Tokens.Text).tokens ?? [], marks, out);
        else out.push({ text: decodeReferences((token as Tokens.Text).text), marks });
        break;
      case 'escape':
      case 'codespan':
      case 'html':
        // An escaped character, code and raw HTML all show as their characters, as written.
        out.push({ text: (token as Tokens.Escape).text, marks });
        break;
      case 'image':
        // The site shows an image as the words between its brackets, marks and all.
        out.push({ text: (token as Tokens.Image).text, marks });
        break;
      case 'strong':
        inlinePieces((token as Tokens.Strong).tokens, schema.marks.strong.create().addToSet(marks), out);
        break;
      case 'em':
        inlinePieces((token as Tokens.Em).tokens, schema.marks.em.create().addToSet(marks), out);
        break;
      case 'br':
        out.push({ text: null, marks });
        break;
      case 'link': {
        const link = token as Tokens.Link;
        const inner: InlinePiece[] = [];
        inlinePieces(link.tokens, marks, inner);
        // The site drops a link with an unsafe address or without words, and keeps its content.
        const shown = inner.some((piece) => piece.text === null || piece.text.trim() !== '');
        const href = ownerLinkHref(link.href);
        if (href === null || !shown) out.push(...inner);
        else {
          // The site trims a phone link's words.
          if (href.startsWith('tel:')) trimPieces(inner);
          const mark = schema.marks.link.create({ href: link.href });
          for (const piece of inner) out.push({ text: piece.text, marks: mark.addToSet(piece.marks) });
        }
        break;
      }
      default:
        // Nothing else reaches inline content with this reader; show what it holds rather than lose it.
        if ('text' in token && typeof token.text === 'string') out.push({ text: token.text, marks });
    }
  }
}

/** The pieces without white space at their start and end. */
function trimPieces(pieces: InlinePiece[]): void {
  const first = pieces.findIndex((piece) => piece.text !== null);
  if (first !== -1) {
    const piece = pieces[first] as InlinePiece;
    pieces[first] = { text: (piece.text as string).trimStart(), marks: piece.marks };
  }
  const last = pieces.findLastIndex((piece) => piece.text !== null);
  if (last !== -1) {
    const piece = pieces[last] as InlinePiece;
    pieces[last] = { text: (piece.text as string).trimEnd(), marks: piece.marks };
  }
}

/** Inline nodes from inline tokens; adjacent text with the same marks is one node. */
function inlineNodes(tokens: readonly Token[], options: { breaks: boolean }): Node[] {
  const pieces: InlinePiece[] = [];
  inlinePieces(tokens, [], pieces);
  const nodes: Node[] = [];
  let text = '';
  let marks: readonly Mark[] = [];
  const flush = () => {
    if (text !== '') nodes.push(schema.text(text, marks));
    text = '';
  };
  for (const piece of pieces) {
    if (piece.text === null) {
      flush();
      if (options.breaks) nodes.push(schema.nodes.hard_break.create());
      continue;
    }
    if (piece.text === '') continue;
    if (text !== '' && !sameMarks(marks, piece.marks)) flush();
    text += piece.text;
    marks = piece.marks;
  }
  flush();
  return nodes;
}

function sameMarks(a: readonly Mark[], b: readonly Mark[]): boolean {
  return a.length === b.length && a.every((mark, index) => mark.eq(b[index] as Mark));
}

function blockNodes(tokens: readonly Token[]): Node[] {
  const nodes: Node[] = [];
  for (const token of tokens) {
    switch (token.type) {
      case 'paragraph':
        nodes.push(
          schema.nodes.paragraph.create(
            null,
            inlineNodes((token as Tokens.Paragraph).tokens, { breaks: true }),
          ),
        );
        break;
      case 'text': {
        // The text of a tight list item: shown without paragraph spacing, written without blank lines.
        const text = token as Tokens.Text;
        const inline = text.tokens
          ? inlineNodes(text.tokens, { breaks: true })
          : text.text === ''
            ? []
            : [schema.text(decodeReferences(text.text))];
        nodes.push(schema.nodes.paragraph.create(null, inline));
        break;
      }
      case 'heading': {
        const heading = token as Tokens.Heading;
        nodes.push(
          schema.nodes.heading.create(
            { level: heading.depth <= 2 ? 2 : 3 },
            inlineNodes(heading.tokens, { breaks: false }),
          ),
        );
        break;
      }
      case 'hr':
        nodes.push(schema.nodes.horizontal_rule.create());
        break;
      case 'blockquote': {
        const inner = blockNodes((token as Tokens.Blockquote).tokens);
        nodes.push(
          schema.nodes.blockquote.create(null, inner.length > 0 ? inner : schema.nodes.paragraph.create()),
        );
        break;
      }
      case 'list': {
        const list = token as Tokens.List;
        const items = list.items.map((item) => {
          const inner = blockNodes(item.tokens);
          return schema.nodes.list_item.create(
            null,
            inner.length > 0 ? inner : schema.nodes.paragraph.create(),
          );
        });
        nodes.push(
          list.ordered
            ? schema.nodes.ordered_list.create(
                { start: Number(list.start === '' ? 1 : list.start), tight: !list.loose },
                items,
              )
            : schema.nodes.bullet_list.create({ tight: !list.loose }, items),
        );
        break;
      }
      case 'code': {
        const text = (token as Tokens.Code).text;
        nodes.push(schema.nodes.code_block.create(null, text === '' ? null : schema.text(text)));
        break;
      }
      case 'html': {
        const text = (token as Tokens.HTML).text.replace(/\n+$/, '');
        nodes.push(schema.nodes.html_block.create(null, text === '' ? null : schema.text(text)));
        break;
      }
      default:
      // `space` between blocks and link definitions (`[a]: /x`) show nothing.
    }
  }
  return nodes;
}

/** The editor's document for a stored page text. */
export function parseMarkdown(markdown: string): Node {
  const blocks = blockNodes(pageContentTokens(markdown));
  return schema.nodes.doc.create(null, blocks.length > 0 ? blocks : schema.nodes.paragraph.create());
}

// ---- Writing -------------------------------------------------------------------------------------

const WHITESPACE = /\s/u;
const PUNCTUATION = /[\p{P}\p{S}]/u;
// Characters a text may not store (rules/text.ts): written as references, which the page decodes.
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters to find.
const UNSTORABLE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

/** How an emphasis is written, with `*` or `_`; links are brackets around their text. */
function delimiterOf(mark: Mark, char: string): string {
  return mark.type === schema.marks.strong ? char + char : char;
}

type Segment =
  | { kind: 'text'; raw: string }
  | { kind: 'break' }
  | { kind: 'open'; mark: Mark }
  | { kind: 'close'; mark: Mark };

interface InlineItem {
  text: string | null;
  marks: readonly Mark[];
}

/** Whether a mark is drawn with `*` delimiters, which must touch the words they wrap. */
function isEmphasis(mark: Mark): boolean {
  return mark.type === schema.marks.em || mark.type === schema.marks.strong;
}

/**
 * The items of a block's inline content, with marks moved off the whitespace at their edges (the
 * Markdown cannot open `**` before a space, and the page trims a phone link's text) and emphasis off
 * line breaks.
 */
function inlineItems(node: Node): InlineItem[] {
  const items: InlineItem[] = [];
  node.forEach((child) => {
    if (child.isText) items.push({ text: child.text ?? '', marks: child.marks });
    else if (child.type === schema.nodes.hard_break)
      items.push({ text: null, marks: child.marks.filter((mark) => !isEmphasis(mark)) });
  });
  // Split each text at its leading and trailing whitespace, and drop emphasis there that does not
  // continue into the neighbour on that side.
  const split: InlineItem[] = [];
  for (const item of items) {
    if (item.text === null || item.marks.length === 0) {
      split.push(item);
      continue;
    }
    const match = /^(\s*)([\s\S]*?)(\s*)$/u.exec(item.text) as RegExpExecArray;
    const [, lead = '', body = '', trail = ''] = match;
    if (lead !== '') split.push({ text: lead, marks: item.marks });
    if (body !== '') split.push({ text: body, marks: item.marks });
    if (trail !== '') split.push({ text: trail, marks: item.marks });
  }
  const isSpace = (item: InlineItem) => item.text === null || (item.text !== '' && item.text.trim() === '');
  // A whitespace item keeps a mark only between two items with words that both carry it.
  for (let index = 0; index < split.length; index++) {
    const item = split[index] as InlineItem;
    if (!isSpace(item) || item.text === null) continue;
    const keep = (mark: Mark, step: 1 | -1) => {
      for (let at = index + step; at >= 0 && at < split.length; at += step) {
        const other = split[at] as InlineItem;
        if (!mark.isInSet(other.marks)) return false;
        if (!isSpace(other)) return true;
      }
      return false;
    };
    // A link's edges too: a space at the end of a link is not underlined on the page.
    const marks = item.marks.filter((mark) => keep(mark, -1) && keep(mark, 1));
    split[index] = { text: item.text, marks };
  }
  // A link whose words are only whitespace is not a link on the page.
  for (let start = 0; start < split.length; ) {
    const link = split[start]?.marks.find((mark) => mark.type === schema.marks.link);
    if (!link) {
      start++;
      continue;
    }
    let end = start;
    while (end < split.length && link.isInSet((split[end] as InlineItem).marks)) end++;
    const words = split.slice(start, end).some((item) => item.text === null || item.text.trim() !== '');
    if (!words) {
      for (let at = start; at < end; at++) {
        const item = split[at] as InlineItem;
        split[at] = { text: item.text, marks: link.removeFromSet(item.marks) };
      }
    }
    start = end;
  }
  return split.filter((item) => item.text !== '');
}

/** How many items from `index` on carry `mark` without a break in the run. */
function runLength(items: readonly InlineItem[], index: number, mark: Mark): number {
  let end = index;
  while (end < items.length && mark.isInSet((items[end] as InlineItem).marks)) end++;
  return end - index;
}

/** Which of two marks over the same words is written outside: `***a***`, `**[a](/x)**`. */
const WRITE_ORDER = [schema.marks.em, schema.marks.strong, schema.marks.link];

function rankOf(mark: Mark): number {
  return WRITE_ORDER.indexOf(mark.type);
}

/** The marks, opening and closing as the items need them: a mark that runs longer opens first. */
function segmentsOf(items: readonly InlineItem[]): Segment[] {
  const segments: Segment[] = [];
  const open: Mark[] = [];
  items.forEach((item, index) => {
    let keep = 0;
    while (keep < open.length && (open[keep] as Mark).isInSet(item.marks)) keep++;
    // A link is never cut in two (the page would show two links, and a phone link's words would
    // break between them): a link opening here that runs past an open emphasis closes that emphasis
    // first, and the emphasis reopens inside the link (`*a*[*b* c](x)`), which shows the same.
    const link = item.marks.find((mark) => mark.type === schema.marks.link && !mark.isInSet(open));
    if (link !== undefined) {
      const length = runLength(items, index, link);
      const cut = open.findIndex((mark, at) => at < keep && runLength(items, index, mark) < length);
      if (cut !== -1) keep = cut;
    }
    while (open.length > keep) segments.push({ kind: 'close', mark: open.pop() as Mark });
    const opening = item.marks
      .filter((mark) => !mark.isInSet(open))
      .map((mark) => ({ mark, length: runLength(items, index, mark) }))
      .sort((a, b) => b.length - a.length || rankOf(a.mark) - rankOf(b.mark));
    for (const { mark } of opening) {
      open.push(mark);
      segments.push({ kind: 'open', mark });
    }
    segments.push(item.text === null ? { kind: 'break' } : { kind: 'text', raw: item.text });
  });
  while (open.length > 0) segments.push({ kind: 'close', mark: open.pop() as Mark });
  // A mark split at another's edge may reopen before a space (`[a **b](x) c**`): white space at the
  // inner edge of a mark moves outside it (a phone link's text is trimmed on the page).
  for (let changed = true; changed; ) {
    changed = false;
    for (let index = 0; index + 1 < segments.length; index++) {
      const segment = segments[index] as Segment;
      const next = segments[index + 1] as Segment;
      if (segment.kind === 'open' && next.kind === 'close' && next.mark.eq(segment.mark)) {
        // A mark left around nothing (its white space moved out, `** **` before a link): `****`
        // would show as stars.
        segments.splice(index, 2);
        changed = true;
      } else if (segment.kind === 'open' && next.kind === 'text') {
        const lead = /^\s+/u.exec(next.raw)?.[0];
        if (lead === undefined) continue;
        segments.splice(index, 2, { kind: 'text', raw: lead }, segment);
        if (lead !== next.raw)
          segments.splice(index + 2, 0, { kind: 'text', raw: next.raw.slice(lead.length) });
        changed = true;
      } else if (segment.kind === 'text' && next.kind === 'close') {
        const trail = /\s+$/u.exec(segment.raw)?.[0];
        if (trail === undefined) continue;
        const rest = segment.raw.slice(0, segment.raw.length - trail.length);
        segments.splice(index, 2, ...(rest === '' ? [] : [{ kind: 'text', raw: rest } as Segment]), next, {
          kind: 'text',
          raw: trail,
        });
        changed = true;
      }
    }
  }
  return segments;
}

/** A link's address between `(` and `)`, read back by `marked` as the same href. */
function linkDestination(href: string): string {
  if (/^[^\s<>()\\]+$/.test(href)) return href;
  return `<${href.replace(/[\\<>]/g, '\\$&')}>`;
}

const LINE_START_ORDERED = /^(\d{1,9})([.)])(?=[ \t\n]|$)/;

/**
 * One text's characters as Markdown that reads back as exactly those characters. `lineStart` says
 * whether the text begins a line (where `#`, `>`, `-`, `+`, `1.` would start a block).
 */
function escapeText(text: string, lineStart: boolean, heading: boolean): string {
  let out = '';
  let atStart = lineStart;
  for (let index = 0; index < text.length; index++) {
    const char = text[index] as string;
    if (char === '\n') {
      if (heading) {
        out += ' ';
        continue;
      }
      // Spaces before a line end would make a hard break; they show as nothing on the page.
      out = out.replace(/[ \t]+$/, '');
      out += '\n';
      atStart = true;
      continue;
    }
    if (atStart) {
      // Indentation shows as nothing; four spaces would start code.
      if (char === ' ' || char === '\t') continue;
      atStart = false;
      if (!heading) {
        const ordered = LINE_START_ORDERED.exec(text.slice(index, index + 12));
        if (ordered) {
          out += `${ordered[1]}\\${ordered[2]}`;
          index += (ordered[0] as string).length - 1;
          continue;
        }
        if (char === '#' || char === '>' || char === '-' || char === '~' || char === '=') {
          out += `\\${char}`;
          continue;
        }
        if (char === '+' && (text[index + 1] === undefined || /[ \t\n]/.test(text[index + 1] as string))) {
          out += '\\+';
          continue;
        }
      }
    }
    if (
      char === '\\' ||
      char === '*' ||
      char === '_' ||
      char === '`' ||
      char === '[' ||
      char === ']' ||
      char === '<'
    ) {
      out += `\\${char}`;
    } else if (char === '&') {
      const rest = text.slice(index, index + 40);
      out += /^&(?:#\d{1,7}|#[Xx][a-fA-F0-9]{1,6}|\w+);/.test(rest) ? '\\&' : '&';
    } else if (char === '\r') {
      // A stray carriage return shows as nothing.
    } else if (UNSTORABLE.test(char)) {
      out += `&#${char.charCodeAt(0)};`;
    } else {
      out += char;
    }
  }
  return out;
}

/** A character as a numeric reference: the page shows the same character, the Markdown sees `&…;`. */
function reference(char: string): string {
  return `&#${char.codePointAt(0)};`;
}

/** Whether a UTF-16 unit counts as whitespace or punctuation the way the emphasis reader sees it. */
function kindOf(char: string | undefined): 'space' | 'punct' | 'word' {
  if (char === undefined || WHITESPACE.test(char)) return 'space';
  return PUNCTUATION.test(char) ? 'punct' : 'word';
}

const writtenInline = new WeakMap<Node, string>();
const writtenHeadings = new WeakMap<Node, string>();

/** Words with their marks, white space and breaks left out: what emphasis delimiters can change. */
function inlineSignature(items: readonly InlineItem[]): string {
  let signature = '';
  for (const item of items) {
    if (item.text === null) continue;
    const marks = item.marks
      .map((mark) => (mark.type === schema.marks.link ? `a${mark.attrs.href}` : mark.type.name))
      .sort()
      .join(' ');
    for (const char of item.text) if (!/\s/u.test(char)) signature += `${char}{${marks}}`;
  }
  return signature;
}

/** A textblock's content as items, as it is. */
function nodeItems(block: Node): InlineItem[] {
  const items: InlineItem[] = [];
  block.forEach((child) => {
    items.push({ text: child.isText ? (child.text ?? '') : null, marks: child.marks });
  });
  return items;
}

/** Whether written inline Markdown reads back as the words and marks of `expected`. */
function readsBackAs(written: string, heading: boolean, expected: string): boolean {
  const doc = parseMarkdown(heading ? `## ${written}` : written);
  const block = doc.firstChild;
  return block !== null && doc.childCount === 1 && inlineSignature(nodeItems(block)) === expected;
}

/**
 * Makes every emphasis delimiter open or close as meant. A run of `*` (or `_`) opens only when it is
 * "left-flanking" (`**` before punctuation opens only after a space or punctuation) and closes only
 * when "right-flanking"; `_` inside a word does neither. Where the character beside a run breaks
 * that, it is written as a character reference (`&#97;` for `a`), which the page shows as the same
 * character but the reader sees as punctuation.
 */
function fixFlanking(segments: readonly Segment[], raws: string[], charOf: (index: number) => string): void {
  const isDelimiter = (at: number) => {
    const segment = segments[at];
    return (
      segment !== undefined &&
      (segment.kind === 'open' || segment.kind === 'close') &&
      isEmphasis(segment.mark)
    );
  };
  for (let index = 0; index < segments.length; index++) {
    if (!isDelimiter(index)) continue;
    // The run: delimiters of one character side by side (and empty text between).
    const char = charOf(index);
    let last = index;
    while (
      last + 1 < segments.length &&
      ((isDelimiter(last + 1) && charOf(last + 1) === char) || raws[last + 1] === '')
    )
      last++;
    const beforeAt = raws.slice(0, index).findLastIndex((raw) => raw !== '');
    const afterAt = raws.findIndex((raw, at) => at > last && raw !== '');
    const prev = kindOf(beforeAt === -1 ? undefined : (raws[beforeAt] as string).at(-1));
    const next = kindOf(afterAt === -1 ? undefined : (raws[afterAt] as string)[0]);
    const opens = segments.slice(index, last + 1).some((segment) => segment.kind === 'open');
    const closes = segments.slice(index, last + 1).some((segment) => segment.kind === 'close');
    // `*`: opening before punctuation needs punctuation before; `_` never opens inside a word.
    if (
      opens &&
      prev === 'word' &&
      (next === 'punct' || char === '_') &&
      segments[beforeAt]?.kind === 'text'
    ) {
      const raw = raws[beforeAt] as string;
      const last = String.fromCodePoint(
        raw.codePointAt(raw.length - (/[\udc00-\udfff]$/.test(raw) ? 2 : 1)) as number,
      );
      raws[beforeAt] = raw.slice(0, raw.length - last.length) + reference(last);
    }
    if (
      closes &&
      next === 'word' &&
      (prev === 'punct' || char === '_') &&
      segments[afterAt]?.kind === 'text'
    ) {
      const raw = raws[afterAt] as string;
      const first = String.fromCodePoint(raw.codePointAt(0) as number);
      raws[afterAt] = reference(first) + raw.slice(first.length);
    }
    index = last;
  }
}

/**
 * The inline content of a block as Markdown. Emphasis delimiters must be "flanking" to count (`**`
 * before punctuation opens only after a space or punctuation, and so on); where the neighbouring
 * character breaks that, it is written as a character reference, which shows the same.
 */
function serializeInline(node: Node, heading: boolean): string {
  const cache = heading ? writtenHeadings : writtenInline;
  const known = cache.get(node);
  if (known !== undefined) return known;
  const items = inlineItems(node);
  const segments = segmentsOf(items);
  // Line breaks before the first word or after the last show nothing (and a break that no word
  // follows would be written as a lone backslash).
  const hasWords = (segment: Segment) => segment.kind === 'text' && /[^ \t\n]/.test(segment.raw);
  const firstWord = segments.findIndex(hasWords);
  const lastWord = segments.findLastIndex(hasWords);
  for (let index = segments.length - 1; index >= 0; index--) {
    const segment = segments[index] as Segment;
    const outside = firstWord === -1 || index < firstWord || index > lastWord;
    if (outside && (segment.kind === 'break' || segment.kind === 'text')) segments.splice(index, 1);
  }
  if (!segments.some((segment) => segment.kind === 'open' && isEmphasis(segment.mark))) {
    const plain = writeSegments(segments, heading, () => '*');
    cache.set(node, plain);
    return plain;
  }
  // Emphasis: `*` runs side by side can pair up otherwise than meant (`**a**` then `*b*` is one
  // run, `***`; italic inside a bold word). Each way of writing is read back, and the first that
  // reads as the same words with the same marks is kept.
  const pairOf = new Map<number, number>();
  const stack: number[] = [];
  segments.forEach((segment, index) => {
    if (segment.kind === 'open') stack.push(index);
    if (segment.kind === 'close') {
      const opener = stack.pop() as number;
      pairOf.set(index, opener);
      pairOf.set(opener, index);
    }
  });
  // Openers that follow a closer directly: written `_` first.
  const touching = new Set<number>();
  segments.forEach((segment, index) => {
    const next = segments[index + 1];
    if (
      segment.kind === 'close' &&
      isEmphasis(segment.mark) &&
      next?.kind === 'open' &&
      isEmphasis(next.mark)
    ) {
      touching.add(index + 1);
      touching.add(pairOf.get(index + 1) as number);
    }
  });
  const policies: ((index: number) => string)[] = [
    (index) => (touching.has(index) ? '_' : '*'),
    () => '*',
    (index) => ((segments[index] as { mark: Mark }).mark.type === schema.marks.em ? '_' : '*'),
    (index) => ((segments[index] as { mark: Mark }).mark.type === schema.marks.strong ? '_' : '*'),
    () => '_',
  ];
  const expected = inlineSignature(items);
  let written = '';
  for (const policy of policies) {
    const candidate = writeSegments(segments, heading, policy);
    written ||= candidate;
    if (readsBackAs(candidate, heading, expected)) {
      written = candidate;
      break;
    }
  }
  cache.set(node, written);
  return written;
}

/** The inline Markdown for segments, emphasis written with the character `charOf` gives. */
function writeSegments(
  segments: readonly Segment[],
  heading: boolean,
  charOf: (index: number) => string,
): string {
  // Each segment's Markdown, text escaped with its place in the line known.
  const raws: string[] = [];
  let lineStart = true;
  segments.forEach((segment, index) => {
    let raw: string;
    switch (segment.kind) {
      case 'text':
        raw = escapeText(segment.raw, lineStart, heading);
        break;
      case 'break':
        raw = heading ? ' ' : '\\\n';
        break;
      case 'open':
        raw = segment.mark.type === schema.marks.link ? '[' : delimiterOf(segment.mark, charOf(index));
        break;
      case 'close':
        raw =
          segment.mark.type === schema.marks.link
            ? `](${linkDestination(segment.mark.attrs.href as string)})`
            : delimiterOf(segment.mark, charOf(index));
        break;
    }
    // `!` right before a link would make it an image.
    const next = segments[index + 1];
    if (segment.kind === 'text' && raw.endsWith('!') && next?.kind === 'open' && !isEmphasis(next.mark)) {
      raw = `${raw.slice(0, -1)}\\!`;
    }
    raws.push(raw);
    if (raw !== '') lineStart = raw.endsWith('\n');
  });
  fixFlanking(segments, raws, charOf);
  let out = raws.join('');
  if (heading) {
    out = out.replace(/^[ \t]+|[ \t]+$/g, '');
    // A `#` at the end would be read as the heading's closing marks.
    if (out.endsWith('#')) out = `${out.slice(0, -1)}\\#`;
  } else {
    // An empty line would end the paragraph: it is written as a line break, which shows the same.
    // Spaces before a line end would make a hard break, and show nothing. Only spaces and tabs make
    // a line blank: a line of no-break spaces is text, and shows as one.
    const lines = out.replace(/[ \t]+\n/g, '\n').split('\n');
    const filled = (line: string) => /[^ \t]/.test(line);
    const first = lines.findIndex(filled);
    const last = lines.findLastIndex(filled);
    out = lines
      .slice(first, last + 1)
      .map((line) => (filled(line) ? line : '\\'))
      .join('\n');
  }
  return out;
}

interface BlockContext {
  /** Inside a list item: a rule is written `***` (`- ---` would be a rule, not an item). */
  inList: boolean;
}

/**
 * The blocks of a node and their words, with each list's tightness as read (`read`) or as it will be
 * written; `top` overrides the outermost list's.
 */
function shape(node: Node, read: boolean, top?: boolean): string {
  if (node.isLeaf) return node.type.name;
  if (node.isTextblock) return `${node.type.name}[${inlineSignature(nodeItems(node))}]`;
  const isList = node.type === schema.nodes.bullet_list || node.type === schema.nodes.ordered_list;
  const tight = top ?? (read ? (node.attrs.tight as boolean) : writesTight(node));
  const children = visibleChildren(node)
    .map((child) => shape(child, read))
    .join(',');
  return `${node.type.name}${isList ? (tight ? '-' : '+') : ''}(${children})`;
}

const tightness = new WeakMap<Node, boolean>();

/**
 * Whether a list is written tight (no blank lines between its items and blocks): when the document
 * says so and the tight Markdown reads back as the same blocks. Blocks on consecutive lines can run
 * together (two paragraphs become one, text after a nested list continues it), and then the list is
 * written loose instead. One item of one block is always tight: no blank line could make it loose.
 */
export function writesTight(list: Node): boolean {
  const known = tightness.get(list);
  if (known !== undefined) return known;
  let tight: boolean;
  if (list.childCount === 1 && visibleChildren(list.firstChild as Node).length <= 1) tight = true;
  else if (!list.attrs.tight) tight = false;
  else {
    const written = serializeList(list, true, false).join('\n');
    tight = readsAsTight(written, list);
  }
  tightness.set(list, tight);
  return tight;
}

/**
 * Whether the tight Markdown of a list reads back as its blocks. marked 18 throws on some tight
 * texts (`- Tag\n  > 1.\n  Tag`: a quote ending in an empty list item, inside an item after its
 * text, with a lazy line after it); the site could not render those, so they are written loose.
 */
function readsAsTight(written: string, list: Node): boolean {
  let read: Node;
  try {
    read = parseMarkdown(written);
  } catch {
    return false;
  }
  return read.childCount === 1 && shape(read, true) === `doc(${shape(list, false, true)})`;
}

/** A container's children that write anything: a paragraph of only spaces or breaks writes nothing. */
function visibleChildren(node: Node): Node[] {
  const children: Node[] = [];
  node.forEach((child) => {
    if (child.type !== schema.nodes.paragraph || serializeInline(child, false) !== '') children.push(child);
  });
  return children;
}

function serializeBlocks(node: Node, tight: boolean, context: BlockContext): string[] {
  const lines: string[] = [];
  let previous: Node | null = null;
  // Two lists of one kind in a row would be read as one: the second uses the other marker. A list
  // first in an item uses the other one too: `- - -` would be a rule.
  let alternate = false;
  for (const child of visibleChildren(node)) {
    const sameKind =
      previous !== null &&
      previous.type === child.type &&
      (child.type === schema.nodes.bullet_list || child.type === schema.nodes.ordered_list);
    alternate = sameKind ? !alternate : node.type === schema.nodes.list_item && previous === null;
    const block = serializeBlock(child, context, alternate);
    if (previous !== null && !tight) lines.push('');
    lines.push(...block);
    previous = child;
  }
  return lines;
}

function serializeBlock(node: Node, context: BlockContext, alternate: boolean): string[] {
  switch (node.type.name) {
    case 'paragraph':
      return serializeInline(node, false).split('\n');
    case 'heading': {
      const text = serializeInline(node, true);
      const marks = node.attrs.level === 3 ? '###' : '##';
      return [text === '' ? marks : `${marks} ${text}`];
    }
    case 'horizontal_rule':
      return [context.inList ? '***' : '---'];
    case 'blockquote': {
      const inner = serializeBlocks(node, false, context);
      return inner.length === 0 ? ['>'] : inner.map((line) => (line === '' ? '>' : `> ${line}`));
    }
    case 'bullet_list':
    case 'ordered_list':
      return serializeList(node, writesTight(node), alternate);
    case 'code_block': {
      const text = node.textContent;
      const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
      const fence = '`'.repeat(Math.max(3, longest + 1));
      return [fence, ...(text === '' ? [] : text.split('\n')), fence];
    }
    case 'html_block': {
      const text = node.textContent;
      if (readsAsHtmlBlock(text)) return text.split('\n');
      // Edited into something else: its characters, as a paragraph.
      const paragraph = schema.nodes.paragraph.create(null, text === '' ? null : schema.text(text));
      return serializeInline(paragraph, false).split('\n');
    }
    default:
      return [];
  }
}

function serializeList(list: Node, tight: boolean, alternate: boolean): string[] {
  const ordered = list.type === schema.nodes.ordered_list;
  const start = list.attrs.start as number;
  const lines: string[] = [];
  list.forEach((item, _offset, index) => {
    const number = start + index <= 999_999_999 ? start + index : start;
    const marker = ordered ? `${number}${alternate ? ')' : '.'} ` : alternate ? '+ ' : '- ';
    const inner = serializeBlocks(item, tight, { inList: true });
    if (index > 0 && !tight) lines.push('');
    if (inner.length === 0) {
      lines.push(marker.trimEnd());
      return;
    }
    const indent = ' '.repeat(marker.length);
    inner.forEach((line, at) => {
      lines.push(at === 0 ? marker + line : line === '' ? '' : indent + line);
    });
  });
  return lines;
}

/** Whether `text` on its own is read as one block of raw HTML with exactly these characters. */
function readsAsHtmlBlock(text: string): boolean {
  if (text.trim() === '') return false;
  const tokens = pageContentTokens(text).filter((token) => token.type !== 'space');
  const only = tokens[0];
  return (
    tokens.length === 1 && only?.type === 'html' && (only as Tokens.HTML).text.replace(/\n+$/, '') === text
  );
}

/** The stored Markdown for the editor's document. */
export function serializeMarkdown(doc: Node): string {
  return serializeBlocks(doc, false, { inList: false }).join('\n');
}
