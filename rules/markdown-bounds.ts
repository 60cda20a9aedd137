// Keeps `marked` working in time linear in an owner's text and at a bounded depth (issue 23 items 5
// and 6). Two of its parts are not: its emphasis tokenizer looks ahead for a closing `*`/`_` from
// every opening one and lexes an emphasis' content again for each level, so 30,000 characters of
// `*a_*a_…` took 8 s; and block quotes and lists recurse once per level, so `> ` nested 15,000 deep
// overflowed the stack and every publish of that site failed.
//
// So `*` and `_` are lexed as plain text, and emphasis is found afterwards over each run of inline
// tokens by CommonMark's delimiter algorithm ("process emphasis", with its openers-bottom table),
// which visits each delimiter a bounded number of times and nests tokens without lexing again.
// Emphasis deeper than MAX_EMPHASIS_DEPTH stays as its `*`/`_` text, and a quote or list deeper than
// MAX_TEXT_NESTING is read as a paragraph: the excess shows as text instead of failing.
import { type MarkedExtension, type Token, Tokenizer, type Tokens } from 'marked';
import { MAX_TEXT_NESTING } from './limits';

/** Levels of emphasis inside emphasis that render as such; deeper ones show their marks. */
const MAX_EMPHASIS_DEPTH = 8;

/** The extension that bounds `marked`'s time and depth; owner text and the blog both use it. */
export function boundedMarkdown(): MarkedExtension {
  let containerDepth = 0;
  // Runs a container tokenizer one level deeper, or declines (the lines become a paragraph) when
  // the text is already MAX_TEXT_NESTING containers deep.
  function nested<T>(tokenize: () => T): T | undefined {
    if (containerDepth >= MAX_TEXT_NESTING) return undefined;
    containerDepth++;
    try {
      return tokenize();
    } finally {
      containerDepth--;
    }
  }
  return {
    tokenizer: {
      // Emphasis is found by processAllTokens below.
      emStrong() {
        return undefined;
      },
      // Text keeps its character references as written (`&#42;` is output as `&#42;`, which a browser
      // shows as `*`), so a decoded `*` can never pass for a delimiter; text is always escaped.
      inlineText(src: string) {
        const token = Tokenizer.prototype.inlineText.call(this, src);
        if (!token) return undefined;
        return { type: 'text', raw: token.raw, text: token.raw, escaped: false };
      },
      blockquote(src: string) {
        return nested(() => Tokenizer.prototype.blockquote.call(this, src));
      },
      list(src: string) {
        return nested(() => Tokenizer.prototype.list.call(this, src));
      },
    },
    hooks: {
      processAllTokens(tokens) {
        walkBlocks(tokens);
        return tokens;
      },
    },
  };
}

// ---- Walking the token tree ----------------------------------------------------------------------

type WithTokens = Token & { tokens?: Token[] };

function walkBlocks(tokens: Token[]): void {
  for (const token of tokens) {
    switch (token.type) {
      case 'paragraph':
      case 'heading':
      case 'text':
        if ((token as WithTokens).tokens)
          (token as WithTokens).tokens = emphasize((token as WithTokens).tokens ?? []);
        break;
      case 'blockquote':
        walkBlocks((token as Tokens.Blockquote).tokens);
        break;
      case 'list':
        for (const item of (token as Tokens.List).items) walkBlocks(item.tokens);
        break;
      case 'table': {
        const table = token as Tokens.Table;
        for (const cell of table.header) cell.tokens = emphasize(cell.tokens);
        for (const row of table.rows) for (const cell of row) cell.tokens = emphasize(cell.tokens);
        break;
      }
      default:
    }
  }
}

// ---- Emphasis over one run of inline tokens ------------------------------------------------------

interface Delimiter {
  char: '*' | '_';
  /** Its place among the run's delimiters: an openers-bottom bound. */
  index: number;
  /** Marks not yet used by an emphasis. */
  count: number;
  /** Marks in the run as written (the rule of 3 reads it). */
  length: number;
  canOpen: boolean;
  canClose: boolean;
  below: Delimiter | null;
  above: Delimiter | null;
}

type Node = { prev: Node | null; next: Node | null } & (
  | { kind: 'token'; token: Token }
  | { kind: 'delimiter'; delimiter: Delimiter }
  | { kind: 'emphasis'; strong: boolean; first: Node | null; depth: number }
  // Emphasis too deep to nest: its marks show as text around its content.
  | { kind: 'marks'; marks: string; first: Node | null; depth: number }
);

const DELIMITER_RUN = /\*+|_+/g;
const WHITESPACE = /\s/u;
const PUNCTUATION = /[\p{P}\p{S}]/u;

function isPlainText(token: Token): token is Tokens.Text {
  return token.type === 'text' && !(token as WithTokens).tokens;
}

/** The tokens with `*`/`_` runs turned into em and strong tokens where CommonMark pairs them. */
function emphasize(tokens: Token[]): Token[] {
  for (const token of tokens) {
    if (token.type === 'link' || token.type === 'del') {
      (token as WithTokens).tokens = emphasize((token as WithTokens).tokens ?? []);
    }
  }
  if (!tokens.some((token) => isPlainText(token) && /[*_]/.test(token.text))) return tokens;

  // The run as a linked list: text split at its delimiter runs, other tokens whole.
  const head: Node = { kind: 'token', token: { type: 'space', raw: '' }, prev: null, next: null };
  let tail: Node = head;
  const append = (node: Node) => {
    node.prev = tail;
    tail.next = node;
    tail = node;
  };
  const delimiters: Delimiter[] = [];
  const delimiterNodes: Node[] = [];
  let pending = '';
  // The character before the text being split: the end of the previous token, or a line start.
  let before = '\n';
  const flushText = (after: string) => {
    if (pending === '') return;
    let rest = 0;
    for (const match of pending.matchAll(DELIMITER_RUN)) {
      const start = match.index;
      const run = match[0];
      if (start > rest) append(textNode(pending.slice(rest, start)));
      const prev = start === 0 ? before : (pending[start - 1] ?? '\n');
      const next = pending[start + run.length] ?? after;
      const delimiter = delimiterOf(run, prev, next, delimiters.length);
      if (delimiters.length > 0) {
        const last = delimiters[delimiters.length - 1] as Delimiter;
        last.above = delimiter;
        delimiter.below = last;
      }
      delimiters.push(delimiter);
      const node: Node = { kind: 'delimiter', delimiter, prev: null, next: null };
      delimiterNodes.push(node);
      append(node);
      rest = start + run.length;
    }
    if (rest < pending.length) append(textNode(pending.slice(rest)));
    before = pending[pending.length - 1] ?? before;
    pending = '';
  };
  for (const token of tokens) {
    if (isPlainText(token)) {
      pending += token.text;
      continue;
    }
    flushText(token.raw[0] ?? ' ');
    append({ kind: 'token', token, prev: null, next: null });
    before = token.raw[token.raw.length - 1] ?? ' ';
  }
  flushText('\n');

  processEmphasis(delimiters, delimiterNodes);
  return toTokens(head.next);
}

function textNode(text: string): Node {
  return { kind: 'token', token: { type: 'text', raw: text, text, escaped: false }, prev: null, next: null };
}

function delimiterOf(run: string, prev: string, next: string, index: number): Delimiter {
  const char = run[0] as '*' | '_';
  const prevSpace = WHITESPACE.test(prev);
  const nextSpace = WHITESPACE.test(next);
  const prevPunct = PUNCTUATION.test(prev);
  const nextPunct = PUNCTUATION.test(next);
  const left = !nextSpace && (!nextPunct || prevSpace || prevPunct);
  const right = !prevSpace && (!prevPunct || nextSpace || nextPunct);
  return {
    char,
    index,
    count: run.length,
    length: run.length,
    canOpen: char === '*' ? left : left && (!right || prevPunct),
    canClose: char === '*' ? right : right && (!left || nextPunct),
    below: null,
    above: null,
  };
}

/** CommonMark's "process emphasis" over the whole run (stack bottom: none). */
function processEmphasis(delimiters: Delimiter[], nodes: Node[]): void {
  // Per closer kind (char, whether it can open, length mod 3): the highest delimiter index below
  // which no opener for such a closer exists. Keeps the look-back linear overall.
  const openersBottom = new Map<string, number>();
  const remove = (delimiter: Delimiter) => {
    if (delimiter.below) delimiter.below.above = delimiter.above;
    if (delimiter.above) delimiter.above.below = delimiter.below;
  };
  let closer: Delimiter | null = delimiters[0] ?? null;
  while (closer) {
    if (!closer.canClose) {
      closer = closer.above;
      continue;
    }
    const key = `${closer.char}${closer.canOpen ? 1 : 0}${closer.length % 3}`;
    const bottom = openersBottom.get(key) ?? -1;
    let opener: Delimiter | null = closer.below;
    while (opener && opener.index > bottom) {
      if (opener.char === closer.char && opener.canOpen) {
        const ruleOfThree =
          (opener.canClose || closer.canOpen) &&
          (opener.length + closer.length) % 3 === 0 &&
          !(opener.length % 3 === 0 && closer.length % 3 === 0);
        if (!ruleOfThree) break;
      }
      opener = opener.below;
    }
    if (opener && opener.index > bottom) {
      const used = opener.count >= 2 && closer.count >= 2 ? 2 : 1;
      opener.count -= used;
      closer.count -= used;
      wrap(nodes[opener.index] as Node, nodes[closer.index] as Node, used === 2, closer.char);
      // Delimiters between the two are now inside the emphasis: text from here on.
      opener.above = closer;
      closer.below = opener;
      if (opener.count === 0) remove(opener);
      if (closer.count === 0) {
        const next: Delimiter | null = closer.above;
        remove(closer);
        closer = next;
      }
    } else {
      openersBottom.set(key, closer.below?.index ?? -1);
      const next: Delimiter | null = closer.above;
      if (!closer.canOpen) remove(closer);
      closer = next;
    }
  }
}

/** Puts the nodes between an opener's node and a closer's node into one emphasis node. */
function wrap(openerNode: Node, closerNode: Node, strong: boolean, char: string): void {
  const first = openerNode.next === closerNode ? null : openerNode.next;
  let depth = 0;
  if (first) {
    const last = closerNode.prev as Node;
    first.prev = null;
    last.next = null;
    for (let node: Node | null = first; node; node = node.next) {
      if (node.kind === 'emphasis' || node.kind === 'marks') depth = Math.max(depth, node.depth);
    }
  }
  const node: Node =
    depth + 1 > MAX_EMPHASIS_DEPTH
      ? {
          kind: 'marks',
          marks: char.repeat(strong ? 2 : 1),
          first,
          depth,
          prev: openerNode,
          next: closerNode,
        }
      : { kind: 'emphasis', strong, first, depth: depth + 1, prev: openerNode, next: closerNode };
  openerNode.next = node;
  closerNode.prev = node;
}

/** The node list as marked tokens; emphasis nodes nest at most MAX_EMPHASIS_DEPTH deep. */
function toTokens(first: Node | null): Token[] {
  const out: Token[] = [];
  // An explicit stack: a run of `marks` nodes can be as deep as the text is long.
  const stack: { node: Node | null; into: Token[]; close: string }[] = [
    { node: first, into: out, close: '' },
  ];
  const pushText = (into: Token[], text: string) => {
    if (text === '') return;
    const last = into[into.length - 1];
    if (last && isPlainText(last)) {
      last.raw += text;
      last.text += text;
    } else into.push({ type: 'text', raw: text, text, escaped: false });
  };
  while (stack.length > 0) {
    const frame = stack[stack.length - 1] as (typeof stack)[number];
    const node = frame.node;
    if (!node) {
      stack.pop();
      const parent = stack[stack.length - 1];
      if (parent) pushText(parent.into, frame.close);
      continue;
    }
    frame.node = node.next;
    if (node.kind === 'token') {
      if (isPlainText(node.token)) pushText(frame.into, node.token.text);
      else frame.into.push(node.token);
    } else if (node.kind === 'delimiter') {
      pushText(frame.into, node.delimiter.char.repeat(node.delimiter.count));
    } else if (node.kind === 'emphasis') {
      const children: Token[] = [];
      frame.into.push({ type: node.strong ? 'strong' : 'em', raw: '', text: '', tokens: children });
      stack.push({ node: node.first, into: children, close: '' });
    } else {
      pushText(frame.into, node.marks);
      stack.push({ node: node.first, into: frame.into, close: node.marks });
    }
  }
  return out;
}
