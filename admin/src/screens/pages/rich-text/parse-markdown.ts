// A stored page text read into the editor's document (issue 40); serialize-markdown.ts writes it
// back. Storage, the API and the site stay as they were: the editor reads a text and writes one back,
// and what a visitor sees of it does not change (markdown.test.ts beside this file holds
// `render(serialize(parse(md)))` to `render(md)` over every text the product writes and thousands of
// generated ones).
//
// Reading goes through the site's own Markdown reader (`pageContentTokens`, the same `marked` with the
// same extensions the site renders with), so the editor shows exactly the structure the site draws:
// quirks of the reader (a line of dashes under text staying a paragraph, nesting caps, emphasis
// rules) cannot disagree. Runs headless (no DOM), so the round trip is tested in Node.
import { decodeHTMLStrict } from 'entities/decode';
import type { Token, Tokens } from 'marked';
import type { Mark, Node } from 'prosemirror-model';
import { ownerLinkHref, pageContentTokens } from '../../../../../rules/page-content';
import { schema } from './schema';

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
