// The editor's document written back as the stored page text (issue 40, issue 50 item 5), through
// `prosemirror-markdown`'s serializer: it walks the blocks, keeps the line prefixes of quotes and
// lists, and opens and closes bold, italic and links around the words (moving white space out of
// them, never cutting a link in two). What is ours is only what the site's reader (`marked`, through
// rules/page-content.ts) needs beyond plain CommonMark:
// - text is escaped by `escapeText` below (the serializer's own `esc` misses `<`, `&…;`, `=`/`~` at a
//   line start and characters a text may not store);
// - an emphasis delimiter between a letter and punctuation (`a**"b"**`) would not open or close:
//   the letter beside it is written as a character reference (`&#97;`), which the page shows as the
//   same letter but the reader sees as punctuation (the mark specs cannot change neighbouring text,
//   so the text serializer does it);
// - a list is written tight only when the tight Markdown reads back as the same blocks (blocks on
//   consecutive lines can run together), else loose;
// - blank lines inside a paragraph, spaces at a line's ends and line breaks at a paragraph's edges are
//   tidied, since they would end the paragraph, make a break, or show nothing.
// Reading stays in parse-markdown.ts (the site's own reader), so stored pages load as they did.
import type { Tokens } from 'marked';
import {
  MarkdownSerializer,
  type MarkdownSerializerState,
  type MarkSerializerSpec,
} from 'prosemirror-markdown';
import { Fragment, type Mark, type Node } from 'prosemirror-model';
import { pageContentTokens } from '../../../../../rules/page-content';
import { parseMarkdown } from './parse-markdown';
import { schema } from './schema';

// ---- Text ----------------------------------------------------------------------------------------

const WHITESPACE = /\s/u;
const PUNCTUATION = /[\p{P}\p{S}]/u;
// Characters a text may not store (rules/text.ts): written as references, which the page decodes.
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters to find.
const UNSTORABLE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;
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
    if ('\\*_`[]<'.includes(char)) out += `\\${char}`;
    else if (char === '&') {
      const rest = text.slice(index, index + 40);
      out += /^&(?:#\d{1,7}|#[Xx][a-fA-F0-9]{1,6}|\w+);/.test(rest) ? '\\&' : '&';
    } else if (char === '\r') {
      // A stray carriage return shows as nothing.
    } else if (UNSTORABLE.test(char)) out += reference(char);
    else out += char;
  }
  return out;
}

/** A character as a numeric reference: the page shows the same character, the Markdown sees `&…;`. */
function reference(char: string): string {
  return `&#${char.codePointAt(0)};`;
}

/**
 * Whether a character counts as a letter (neither white space nor punctuation) for emphasis. The
 * reader looks at UTF-16 units: half of an emoji is a letter to it, so callers pass units.
 */
function isWordChar(char: string | undefined): boolean {
  return char !== undefined && !WHITESPACE.test(char) && !PUNCTUATION.test(char);
}

function isPunctuation(char: string | undefined): boolean {
  return char !== undefined && PUNCTUATION.test(char);
}

function isEmphasis(mark: Mark): boolean {
  return mark.type === schema.marks.em || mark.type === schema.marks.strong;
}

/** Whether an emphasis starts (`open`) or ends at the edge between `before` and `after`, outside a link's edge. */
function emphasisEdge(before: Node, after: Node, open: boolean): boolean {
  const [outer, inner] = open ? [before, after] : [after, before];
  const links = (node: Node) => node.marks.filter((mark) => mark.type === schema.marks.link);
  const sameLink =
    links(outer).length === links(inner).length && links(inner).every((m) => m.isInSet(outer.marks));
  return sameLink && inner.marks.some((mark) => isEmphasis(mark) && !mark.isInSet(outer.marks));
}

function lastChar(text: string): string | undefined {
  return text === ''
    ? undefined
    : String.fromCodePoint(text.codePointAt(text.length - (/[\udc00-\udfff]$/.test(text) ? 2 : 1)) as number);
}

function firstChar(text: string): string | undefined {
  return text === '' ? undefined : String.fromCodePoint(text.codePointAt(0) as number);
}

/**
 * Whether a text starts a line: only white space (which shows nothing) since the block's start or a
 * line break. Over-escaping after an opening mark is harmless: `\#` shows as `#`.
 */
function startsLine(parent: Node, index: number): boolean {
  for (let at = index - 1; at >= 0; at--) {
    const before = parent.child(at);
    if (!before.isText) return true;
    const text = before.text ?? '';
    if (/\n[ \t]*$/.test(text)) return true;
    if (/[^ \t]/.test(text)) return false;
  }
  return true;
}

function writeText(state: MarkdownSerializerState, node: Node, parent: Node, index: number): void {
  const heading = parent.type === schema.nodes.heading;
  const original = parent.child(index);
  let text = node.text ?? '';
  // An emphasis opening or closing right beside punctuation: the letter on the other side is written
  // as a reference, so that the delimiter opens (`&#97;**"b"**`) or closes (`**"b"**&#99;`).
  let head = '';
  let tail = '';
  const previous = index > 0 ? parent.child(index - 1) : null;
  const next = index + 1 < parent.childCount ? parent.child(index + 1) : null;
  const first = firstChar(text);
  if (
    text === original.text &&
    previous?.isText &&
    isWordChar(text[0]) &&
    isPunctuation((previous.text ?? '').at(-1)) &&
    emphasisEdge(previous, original, false)
  ) {
    head = reference(first as string);
    text = text.slice((first as string).length);
  }
  const last = lastChar(text);
  if (
    text !== '' &&
    text === (original.text ?? '').slice((original.text ?? '').length - text.length) &&
    next?.isText &&
    isWordChar(text.at(-1)) &&
    isPunctuation((next.text ?? '')[0]) &&
    emphasisEdge(original, next, true)
  ) {
    tail = reference(last as string);
    text = text.slice(0, text.length - (last as string).length);
  }
  const lineStart = head === '' && node.text === original.text && startsLine(parent, index);
  state.text(head + escapeText(text, lineStart, heading) + tail, false);
}

/** A line break shows nothing before a block's first words or after its last. */
function writeBreak(state: MarkdownSerializerState, _node: Node, parent: Node, index: number): void {
  const words = (from: number, to: number) => {
    for (let at = from; at < to; at++) if (/[^ \t\n]/.test(parent.child(at).text ?? '')) return true;
    return false;
  };
  if (words(0, index) && words(index + 1, parent.childCount)) state.write('\\\n');
}

/** A link's address between `(` and `)`, read back by `marked` as the same href. */
function linkDestination(href: string): string {
  if (/^[^\s<>()\\]+$/.test(href)) return href;
  return `<${href.replace(/[\\<>]/g, '\\$&')}>`;
}

const MARKS: Record<string, MarkSerializerSpec> = {
  // Outermost (first in the schema): a link is never cut in two; emphasis closes and reopens inside it.
  link: {
    open: '[',
    close: (_state, mark) => `](${linkDestination(mark.attrs.href as string)})`,
    // A space at a link's edge is not underlined on the page, and a phone link's words are trimmed.
    expelEnclosingWhitespace: true,
  },
  em: { open: '*', close: '*', mixable: true, expelEnclosingWhitespace: true },
  strong: { open: '**', close: '**', mixable: true, expelEnclosingWhitespace: true },
};

/**
 * A textblock with marks taken off white space where they do not continue on both sides (a space
 * alone in a link or after an italic's last word would otherwise open or close a mark the serializer
 * cannot close around nothing), a link without words made plain text (the page shows it so), and
 * emphasis off line breaks.
 */
function tidyMarks(block: Node): Node {
  const pieces: { text: string | null; marks: readonly Mark[] }[] = [];
  block.forEach((child) => {
    if (!child.isText) {
      pieces.push({ text: null, marks: child.marks.filter((mark) => !isEmphasis(mark)) });
      return;
    }
    const [, lead = '', body = '', trail = ''] = /^(\s*)([\s\S]*?)(\s*)$/u.exec(child.text ?? '') ?? [];
    for (const text of [lead, body, trail]) if (text !== '') pieces.push({ text, marks: child.marks });
  });
  const isSpace = (at: number) => {
    const text = pieces[at]?.text;
    return text === null || (text !== undefined && text.trim() === '');
  };
  const continues = (mark: Mark, from: number, step: 1 | -1) => {
    for (let at = from + step; at >= 0 && at < pieces.length; at += step) {
      if (!mark.isInSet(pieces[at]?.marks ?? [])) return false;
      if (!isSpace(at)) return true;
    }
    return false;
  };
  // The serializer moves white space out of a mark it opens, but writes it inside the marks still
  // open: white space keeps only the marks its neighbours with words share from the outermost in
  // (`[*a*](x) [*b*](y)`: the space between takes neither the links nor the italic).
  const wordMarks = (from: number, step: 1 | -1): readonly Mark[] => {
    for (let at = from + step; at >= 0 && at < pieces.length; at += step)
      if (!isSpace(at)) return pieces[at]?.marks ?? [];
    return [];
  };
  const kept = pieces.map((piece, at) => {
    if (!isSpace(at) || piece.text === null) return piece;
    const before = wordMarks(at, -1);
    const after = wordMarks(at, 1);
    let shared = 0;
    while (shared < before.length && shared < after.length && before[shared]?.eq(after[shared] as Mark))
      shared++;
    const marks = piece.marks.filter(
      (mark) => mark.isInSet(before.slice(0, shared)) && continues(mark, at, -1) && continues(mark, at, 1),
    );
    return { text: piece.text, marks };
  });
  // A link whose words are only white space is not a link on the page.
  for (let start = 0; start < kept.length; ) {
    const link = kept[start]?.marks.find((mark) => mark.type === schema.marks.link);
    let end = start + 1;
    if (link) {
      while (end < kept.length && link.isInSet(kept[end]?.marks ?? [])) end++;
      const words = kept.slice(start, end).some((piece) => piece.text === null || piece.text.trim() !== '');
      if (!words)
        for (let at = start; at < end; at++)
          kept[at] = {
            ...(kept[at] as (typeof kept)[number]),
            marks: link.removeFromSet(kept[at]?.marks ?? []),
          };
    }
    start = end;
  }
  const nodes = kept.map((piece) =>
    piece.text === null
      ? schema.nodes.hard_break.create(null, null, piece.marks)
      : schema.text(piece.text, piece.marks),
  );
  return block.type.create(block.attrs, Fragment.fromArray(nodes));
}

/** Writes one textblock's inline content on its own, so that its lines can be tidied. */
const inlineWriter = new MarkdownSerializer(
  {
    paragraph: (state, node) => state.renderInline(node),
    heading: (state, node) => state.renderInline(node),
    text: writeText,
    hard_break: writeBreak,
  },
  MARKS,
);

const writtenInline = new WeakMap<Node, string>();

/** A paragraph's or heading's inline Markdown, tidied for the reader. */
function inlineMarkdown(block: Node): string {
  const known = writtenInline.get(block);
  if (known !== undefined) return known;
  let out = inlineWriter.serialize(schema.nodes.doc.create(null, tidyMarks(block)));
  if (block.type === schema.nodes.heading) {
    out = out.replace(/\s+/g, (space) => space.replace(/\n/g, ' ')).replace(/^[ \t]+|[ \t]+$/g, '');
    // A `#` at the end would be read as the heading's closing marks.
    if (out.endsWith('#')) out = `${out.slice(0, -1)}\\#`;
  } else {
    // An empty line would end the paragraph: it is written as a line break, which shows the same.
    // Spaces at a line's ends would make a hard break or code, and show nothing. Only spaces and
    // tabs make a line blank: a line of no-break spaces is text, and shows as one.
    const lines = out.split('\n').map((line) => line.replace(/^[ \t]+|[ \t]+$/g, ''));
    const filled = (line: string) => line !== '';
    const first = lines.findIndex(filled);
    const last = lines.findLastIndex(filled);
    out = lines
      .slice(first, last + 1)
      .map((line) => (filled(line) ? line : '\\'))
      .join('\n');
    // A break's backslash left last (its words were white space) would show as a backslash.
    out = out.replace(/\\$/, '');
  }
  writtenInline.set(block, out);
  return out;
}

// ---- Blocks --------------------------------------------------------------------------------------

/** Whether a block writes anything: a paragraph of only spaces or breaks writes nothing. */
function isVisible(node: Node): boolean {
  return node.type !== schema.nodes.paragraph || inlineMarkdown(node) !== '';
}

/** Whether each list being written is tight, innermost last. */
const writingTight: boolean[] = [];
/** The list whose tight form `writesTight` is trying. */
let tryingTight: Node | null = null;

/** Ends a block: in a tight list's item the next block follows on the next line, else after a blank one. */
function endBlock(state: MarkdownSerializerState, node: Node, parent: Node): void {
  if (parent.type === schema.nodes.list_item && writingTight.at(-1)) state.ensureNewLine();
  else state.closeBlock(node);
}

function isList(node: Node): boolean {
  return node.type === schema.nodes.bullet_list || node.type === schema.nodes.ordered_list;
}

/**
 * Whether a list takes the other marker (`+`, `1)`): two lists of one kind in a row would be read as
 * one, and a list first in an item would make `- - -` a rule.
 */
function alternates(list: Node, parent: Node, index: number): boolean {
  let alternate = false;
  let at = index - 1;
  for (; at >= 0; at--) {
    const before = parent.child(at);
    if (!isVisible(before)) continue;
    if (before.type !== list.type) break;
    alternate = !alternate;
  }
  const firstInItem = parent.type === schema.nodes.list_item && at < 0;
  return firstInItem !== alternate;
}

function writeList(state: MarkdownSerializerState, node: Node, parent: Node, index: number): void {
  const tight = node === tryingTight || writesTight(node);
  const alternate = alternates(node, parent, index);
  const ordered = node.type === schema.nodes.ordered_list;
  const start = node.attrs.start as number;
  const markers: string[] = [];
  node.forEach((_item, _offset, at) => {
    const number = start + at <= 999_999_999 ? start + at : start;
    markers.push(ordered ? `${number}${alternate ? ')' : '.'} ` : alternate ? '+ ' : '- ');
  });
  const width = Math.max(...markers.map((marker) => marker.length));
  writingTight.push(tight);
  // The serializer takes a list's tightness from its `tight` attribute: the one it is written with.
  const written = node.type.create({ ...node.attrs, tight }, node.content);
  state.renderList(written, ' '.repeat(width), (at) => (markers[at] as string).padEnd(width));
  writingTight.pop();
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

function writeLines(state: MarkdownSerializerState, lines: readonly string[]): void {
  state.write();
  state.text(lines.join('\n'), false);
}

const blockWriter = new MarkdownSerializer(
  {
    paragraph(state, node, parent) {
      const text = inlineMarkdown(node);
      if (text === '') return;
      state.text(text, false);
      endBlock(state, node, parent);
    },
    heading(state, node, parent) {
      const text = inlineMarkdown(node);
      const marks = node.attrs.level === 3 ? '###' : '##';
      state.write(text === '' ? marks : `${marks} `);
      state.text(text, false);
      endBlock(state, node, parent);
    },
    horizontal_rule(state, node, parent) {
      // In a list `- ---` would be a rule, not an item holding one.
      state.write(parent.type === schema.nodes.doc ? '---' : '***');
      endBlock(state, node, parent);
    },
    blockquote(state, node) {
      // An empty quote is its `>` alone (the space after it is trimmed).
      state.wrapBlock('> ', null, node, () => state.renderContent(node));
    },
    bullet_list: writeList,
    ordered_list: writeList,
    list_item: (state, node) => state.renderContent(node),
    code_block(state, node, parent) {
      const text = node.textContent;
      const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
      const fence = '`'.repeat(Math.max(3, longest + 1));
      writeLines(state, [fence, ...(text === '' ? [] : text.split('\n')), fence]);
      endBlock(state, node, parent);
    },
    html_block(state, node, parent) {
      const text = node.textContent;
      if (readsAsHtmlBlock(text)) writeLines(state, text.split('\n'));
      else {
        // Edited into something else: its characters, as a paragraph.
        const paragraph = schema.nodes.paragraph.create(null, text === '' ? null : schema.text(text));
        const written = inlineMarkdown(paragraph);
        if (written === '') return;
        state.text(written, false);
      }
      endBlock(state, node, parent);
    },
  },
  MARKS,
);

// ---- Tight lists ---------------------------------------------------------------------------------

/** Words with their marks, white space and breaks left out: what the Markdown can change. */
function inlineSignature(block: Node): string {
  let signature = '';
  block.forEach((child) => {
    if (!child.isText) return;
    const marks = child.marks
      .map((mark) => (mark.type === schema.marks.link ? `a${mark.attrs.href}` : mark.type.name))
      .sort()
      .join(' ');
    for (const char of child.text ?? '') if (!/\s/u.test(char)) signature += `${char}{${marks}}`;
  });
  return signature;
}

/**
 * The blocks of a node and their words, with each list's tightness as read (`read`) or as it will be
 * written; `top` overrides the outermost list's.
 */
function shape(node: Node, read: boolean, top?: boolean): string {
  if (node.isLeaf) return node.type.name;
  if (node.isTextblock) return `${node.type.name}[${inlineSignature(node)}]`;
  const tight = top ?? (read ? (node.attrs.tight as boolean) : writesTight(node));
  const children = node.children
    .filter(isVisible)
    .map((child) => shape(child, read))
    .join(',');
  return `${node.type.name}${isList(node) ? (tight ? '-' : '+') : ''}(${children})`;
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
  if (list.childCount === 1 && (list.firstChild as Node).children.filter(isVisible).length <= 1) tight = true;
  else if (!list.attrs.tight) tight = false;
  else {
    const outer = tryingTight;
    tryingTight = list;
    const written = blockWriter.serialize(schema.nodes.doc.create(null, list));
    tryingTight = outer;
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

/** The stored Markdown for the editor's document. */
export function serializeMarkdown(doc: Node): string {
  // Spaces at a line's end show nothing (an empty item's marker, a quote's `> `).
  return blockWriter
    .serialize(doc)
    .replace(/[ \t]+$/gm, '')
    .replace(/\n+$/, '');
}
