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
import { MarkdownSerializer, type MarkdownSerializerState } from 'prosemirror-markdown';
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

/** White space hidden as a character of the private-use plane 15 (never white space to a regex). */
const HIDDEN = 0xf0000;
const HIDDEN_SPACE = /[\u{f0000}-\u{fffff}]/gu;

function hideSpace(space: string): string {
  return String.fromCodePoint(HIDDEN + (space.codePointAt(0) as number));
}

function showSpace(hidden: string): string {
  return reference(String.fromCodePoint((hidden.codePointAt(0) as number) - HIDDEN));
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

/**
 * Whether an emphasis is written with `_`: when it opens right where another closes, `*` runs side by
 * side would be read as one run and pair up otherwise than meant (`*a***b*c***` for italic `a`, then
 * bold `b` with italic `c` inside: `*a*__b*c*__`).
 */
function underscored(mark: Mark, parent: Node, index: number): boolean {
  // The marks stay open from one child to the next as far as their orders agree (tidyMarks orders them).
  const kept = (at: number) => {
    if (at === 0) return 0;
    const before = parent.child(at - 1).marks;
    const marks = parent.child(at).marks;
    let same = 0;
    while (same < before.length && same < marks.length && before[same]?.eq(marks[same] as Mark)) same++;
    return same;
  };
  const opensAt = (at: number) => parent.child(at).marks.findIndex((other) => other.eq(mark)) >= kept(at);
  let start = Math.min(index, parent.childCount - 1);
  while (start > 0 && !opensAt(start)) start--;
  if (start === 0) return false;
  const closing = parent.child(start - 1).marks.slice(kept(start));
  return closing.some(isEmphasis);
}

/**
 * Whether an emphasis delimiter that opens (`open`) or closes at the edge before child `edge` needs
 * the letter on its outer side written as a reference: punctuation on its inner side (the text's own
 * character, or a link's bracket when the link starts or ends there too, `*[a](x)*`), or a `_`
 * delimiter, which never opens or closes inside a word.
 */
function punctuatedEdge(parent: Node, edge: number, open: boolean): boolean {
  const [outer, inner] = open
    ? [parent.child(edge - 1), parent.child(edge)]
    : [parent.child(edge), parent.child(edge - 1)];
  const starts = (mark: Mark) => !mark.isInSet(outer.marks);
  const emphasis = inner.marks.filter((mark) => isEmphasis(mark) && starts(mark));
  if (emphasis.length === 0) return false;
  if (emphasis.some((mark) => underscored(mark, parent, open ? edge : edge - 1))) return true;
  const bracket = inner.marks.some((mark) => mark.type === schema.marks.link && starts(mark));
  return bracket || isPunctuation(open ? (inner.text ?? '')[0] : (inner.text ?? '').at(-1));
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
  // A letter alone inside an emphasis that opens (closes) on its other side stays a letter: as a
  // reference it would be punctuation on that delimiter's inner side too.
  const ownEmphasis = original.marks.filter(isEmphasis);
  const opensBefore = ownEmphasis.some((mark) => !mark.isInSet(previous?.marks ?? []));
  const closesAfter = ownEmphasis.some((mark) => !mark.isInSet(next?.marks ?? []));
  const first = firstChar(text);
  if (
    !(text === first && closesAfter) &&
    text === original.text &&
    previous?.isText &&
    isWordChar(text[0]) &&
    punctuatedEdge(parent, index, false)
  ) {
    head = reference(first as string);
    text = text.slice((first as string).length);
  }
  const last = lastChar(text);
  if (
    text !== '' &&
    !(text === last && head === '' && opensBefore) &&
    text === (original.text ?? '').slice((original.text ?? '').length - text.length) &&
    next?.isText &&
    isWordChar(text.at(-1)) &&
    punctuatedEdge(parent, index + 1, true)
  ) {
    tail = reference(last as string);
    text = text.slice(0, text.length - (last as string).length);
  }
  // `!` right before a link would make it an image (the serializer's own check takes `\\!` for `\!`).
  if (
    tail === '' &&
    text.endsWith('!') &&
    next?.marks.some((m) => m.type === schema.marks.link && !m.isInSet(original.marks))
  )
    tail = '\\!';
  if (tail === '\\!') text = text.slice(0, -1);
  const lineStart = head === '' && node.text === original.text && startsLine(parent, index);
  state.text(head + escapeText(text, lineStart, heading).replace(HIDDEN_SPACE, showSpace) + tail, false);
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

const MARKS: MarkdownSerializer['marks'] = {
  // Outermost (first in the schema): a link is never cut in two; emphasis closes and reopens inside it.
  link: {
    open: '[',
    close: (_state, mark) => `](${linkDestination(mark.attrs.href as string)})`,
    // A space at the edge of a link is not underlined on the page, and the words of a phone link are trimmed.
    expelEnclosingWhitespace: true,
  },
  em: {
    open: (_state, mark, parent, index) => (underscored(mark, parent, index) ? '_' : '*'),
    close: (_state, mark, parent, index) => (underscored(mark, parent, index - 1) ? '_' : '*'),
    mixable: true,
    expelEnclosingWhitespace: true,
  },
  strong: {
    open: (_state, mark, parent, index) => (underscored(mark, parent, index) ? '__' : '**'),
    close: (_state, mark, parent, index) => (underscored(mark, parent, index - 1) ? '__' : '**'),
    mixable: true,
    expelEnclosingWhitespace: true,
  },
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
  const order = openingOrder(kept);
  const nodes = kept.map((piece, at) =>
    piece.text === null
      ? schema.nodes.hard_break.create(null, null, piece.marks)
      : // `mark` keeps the order given (the serializer opens a text's marks in that order).
        schema.text(piece.text).mark(order[at] as Mark[]),
  );
  // The serializer cuts a marked text at its first line's end when white space ends that line:
  // spaces and tabs there show nothing and are left out; other white space shows (a no-break space),
  // and is hidden from the serializer as a private-use character, which writeText writes back as a
  // reference.
  const cut: Node[] = [];
  Fragment.fromArray(nodes).forEach((node) => {
    if (!node.isText || node.marks.length === 0) {
      cut.push(node);
      return;
    }
    const text = (node.text ?? '').replace(/[ \t]+(?=\n)/g, '').replace(/[^\S\n](?=\n)/gu, hideSpace);
    if (text !== '') cut.push(schema.text(text).mark(node.marks));
  });
  return block.type.create(block.attrs, Fragment.fromArray(cut));
}

/** Which of two marks over the same words is written outside: `***a***`, `**[a](/x)**`. */
const WRITE_ORDER = [schema.marks.em, schema.marks.strong, schema.marks.link];

/**
 * The order each piece's marks open in. The serializer opens a text's marks in their order and keeps
 * open the ones that continue, so a mark that runs longer must come first (else `***a*****b**` for
 * bold over `a b` with italic over `a`, which the reader pairs otherwise). A link opening inside an
 * emphasis that ends before the link does closes that emphasis first (`*a*[*b* c](x)`): a link is
 * never cut in two, or a phone link's words would break between the halves.
 */
function openingOrder(pieces: readonly { text: string | null; marks: readonly Mark[] }[]): Mark[][] {
  const runLength = (from: number, mark: Mark) => {
    let end = from;
    while (end < pieces.length && mark.isInSet(pieces[end]?.marks ?? [])) end++;
    return end - from;
  };
  const orders: Mark[][] = [];
  let open: Mark[] = [];
  pieces.forEach((piece, at) => {
    let keep = 0;
    while (keep < open.length && (open[keep] as Mark).isInSet(piece.marks)) keep++;
    const link = piece.marks.find((mark) => mark.type === schema.marks.link && !mark.isInSet(open));
    if (link !== undefined) {
      const length = runLength(at, link);
      const cut = open.findIndex((mark, index) => index < keep && runLength(at, mark) < length);
      if (cut !== -1) keep = cut;
    }
    const kept = open.slice(0, keep);
    const opening = piece.marks
      .filter((mark) => !mark.isInSet(kept))
      .sort(
        (a, b) =>
          runLength(at, b) - runLength(at, a) || WRITE_ORDER.indexOf(a.type) - WRITE_ORDER.indexOf(b.type),
      );
    open = [...kept, ...opening];
    orders.push(open);
  });
  return orders;
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
    // The last line keeps its spaces: before raw HTML on the next line they show as one.
    const lines = out.split('\n').map((line, at, all) => {
      const trimmed = line.replace(/^[ \t]+/, '');
      return at === all.length - 1 ? trimmed : trimmed.replace(/[ \t]+$/, '');
    });
    const filled = (line: string) => /[^ \t]/.test(line);
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
  // An empty first item, or a number other than 1, cannot interrupt a paragraph: the serializer puts
  // a list right under a paragraph in a tight list, so a blank line is written first.
  const previous = parent.children.slice(0, index).filter(isVisible).at(-1);
  const interrupts = !(ordered && start !== 1) && (node.firstChild as Node).children.some(isVisible);
  if (previous?.type === schema.nodes.paragraph && !interrupts) state.write();
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
  // An empty item's marker and an empty quote line are written without the space after them.
  return blockWriter
    .serialize(doc)
    .replace(/^([ \t>]*(?:[-+]|\d{1,9}[.)])?)[ \t]+$/gm, '$1')
    .replace(/\n+$/, '');
}
