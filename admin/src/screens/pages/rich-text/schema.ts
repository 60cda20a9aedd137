// The page text's document model (issue 40): exactly what the site can show of an owner's text
// (rules/page-content.ts renders it), so the editor can hold nothing the Markdown cannot say and the
// site cannot draw. Paragraphs, `##`/`###` subheadings, bullet and numbered lists, quotes, a rule,
// bold, italic, links and line breaks; plus two blocks the editor never makes but stored text can
// hold and the site shows as plain text (code and raw HTML), kept so that reading and writing a text
// changes nothing a visitor sees. The DOM rules double as the paste filter: whatever a pasted page
// holds beyond these (styles, classes, images, tables, scripts) is dropped and its text kept.
import { type DOMOutputSpec, type Mark, type Node, Schema } from 'prosemirror-model';
import { ownerLinkHref } from '../../../../../rules/page-content';

/** A bold weight as Google Docs and Word write it in a `style` attribute. */
function isBoldWeight(weight: string): boolean {
  return weight === 'bold' || weight === 'bolder' || (/^\d+$/.test(weight) && Number(weight) >= 600);
}

export const schema = new Schema({
  nodes: {
    doc: { content: 'block+' },
    paragraph: {
      content: 'inline*',
      group: 'block',
      parseDOM: [{ tag: 'p' }],
      toDOM: (): DOMOutputSpec => ['p', 0],
    },
    heading: {
      // The page title is the h1; owner subheadings are h2 or h3, as the site renders them.
      attrs: { level: { default: 2, validate: 'number' } },
      content: 'text*',
      group: 'block',
      defining: true,
      parseDOM: [
        { tag: 'h1', attrs: { level: 2 } },
        { tag: 'h2', attrs: { level: 2 } },
        { tag: 'h3', attrs: { level: 3 } },
        { tag: 'h4', attrs: { level: 3 } },
        { tag: 'h5', attrs: { level: 3 } },
        { tag: 'h6', attrs: { level: 3 } },
      ],
      toDOM: (node: Node): DOMOutputSpec => [`h${node.attrs.level === 3 ? 3 : 2}`, 0],
    },
    blockquote: {
      content: 'block+',
      group: 'block',
      defining: true,
      parseDOM: [{ tag: 'blockquote' }],
      toDOM: (): DOMOutputSpec => ['blockquote', 0],
    },
    horizontal_rule: {
      group: 'block',
      parseDOM: [{ tag: 'hr' }],
      toDOM: (): DOMOutputSpec => ['hr'],
    },
    bullet_list: {
      // Tight: items without blank lines between them, shown without paragraph spacing.
      attrs: { tight: { default: true } },
      content: 'list_item+',
      group: 'block',
      parseDOM: [{ tag: 'ul' }],
      toDOM: (node: Node): DOMOutputSpec => ['ul', { 'data-tight': node.attrs.tight ? 'true' : null }, 0],
    },
    ordered_list: {
      attrs: { start: { default: 1, validate: 'number' }, tight: { default: true } },
      content: 'list_item+',
      group: 'block',
      parseDOM: [
        {
          tag: 'ol',
          getAttrs: (dom: HTMLElement) => {
            const start = Number(dom.getAttribute('start') ?? '1');
            return { start: Number.isInteger(start) && start >= 0 && start <= 999_999_999 ? start : 1 };
          },
        },
      ],
      toDOM: (node: Node): DOMOutputSpec => [
        'ol',
        {
          start: node.attrs.start === 1 ? null : String(node.attrs.start),
          'data-tight': node.attrs.tight ? 'true' : null,
        },
        0,
      ],
    },
    list_item: {
      content: 'block+',
      defining: true,
      parseDOM: [{ tag: 'li' }],
      toDOM: (): DOMOutputSpec => ['li', 0],
    },
    // Stored code (indented or fenced): the site shows its text as a paragraph, as written.
    code_block: {
      content: 'text*',
      marks: '',
      group: 'block',
      code: true,
      defining: true,
      toDOM: (): DOMOutputSpec => ['p', { class: 'rich-text-literal', 'data-kind': 'code' }, 0],
    },
    // Stored raw HTML on lines of its own: the site shows it as text, never as markup.
    html_block: {
      content: 'text*',
      marks: '',
      group: 'block',
      code: true,
      defining: true,
      toDOM: (): DOMOutputSpec => ['p', { class: 'rich-text-literal', 'data-kind': 'html' }, 0],
    },
    text: { group: 'inline' },
    hard_break: {
      inline: true,
      group: 'inline',
      selectable: false,
      parseDOM: [{ tag: 'br' }],
      toDOM: (): DOMOutputSpec => ['br'],
    },
  },
  marks: {
    // First: a link wraps the bold or italic words inside it.
    link: {
      attrs: { href: { validate: 'string' } },
      inclusive: false,
      parseDOM: [
        {
          tag: 'a[href]',
          // Only a link the site would keep (http(s), mailto, tel, a path); the rest stays text.
          getAttrs: (dom: HTMLElement) => {
            const href = dom.getAttribute('href') ?? '';
            return ownerLinkHref(href) === null ? false : { href: href.trim() };
          },
        },
      ],
      toDOM: (mark: Mark): DOMOutputSpec => [
        'a',
        { href: mark.attrs.href, rel: 'noopener noreferrer nofollow', title: mark.attrs.href },
        0,
      ],
    },
    em: {
      parseDOM: [
        { tag: 'i' },
        { tag: 'em' },
        { style: 'font-style=italic' },
        { style: 'font-style=normal', clearMark: (mark) => mark.type.name === 'em' },
      ],
      toDOM: (): DOMOutputSpec => ['em', 0],
    },
    strong: {
      parseDOM: [
        { tag: 'strong' },
        // Google Docs wraps a whole paste in <b style="font-weight:normal">: not bold.
        { tag: 'b', getAttrs: (dom: HTMLElement) => dom.style.fontWeight !== 'normal' && null },
        {
          style: 'font-weight',
          getAttrs: (value: string) => isBoldWeight(value) && null,
        },
        { style: 'font-weight=normal', clearMark: (mark) => mark.type.name === 'strong' },
        { style: 'font-weight=400', clearMark: (mark) => mark.type.name === 'strong' },
      ],
      toDOM: (): DOMOutputSpec => ['strong', 0],
    },
  },
});
