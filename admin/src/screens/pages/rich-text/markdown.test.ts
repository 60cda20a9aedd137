// The editor changes nothing a visitor sees (issue 40): a stored text read into the editor and written
// back renders, through the site's own renderer, to the same page as before, for every text the
// product writes (each trade profile's texts from the writer, the demo sites), the renderer's own
// test texts, the hostile texts of the security suites, and thousands of generated ones. And what an
// owner builds in the editor is what the page shows: a generated document, written and rendered, is
// the document.
//
// "The same page" is compared as a browser reads the HTML (tests/…/canonical form below): character
// references decoded (`&#42;` and `*` are one character), white space as the site's CSS collapses it
// (`.prose p` is `pre-line`: its line breaks count, runs of spaces do not), and bold, italic and a
// link over the same words in any nesting order (`<strong><em>` or `<em><strong>`). Everything else —
// every element, its order, each list's kind, start and tightness, each link's address — must match.
import fc from 'fast-check';
import { parseDocument } from 'htmlparser2';
import type { Token, Tokens } from 'marked';
import type { Mark, Node } from 'prosemirror-model';
import { describe, expect, it } from 'vitest';
import { writeFromTemplates } from '../../../../../api/ai/template-writer';
import { ownerLinkHref, pageContentTokens, renderPageContent } from '../../../../../rules/page-content';
import { NEUTRAL_PROFILE, TRADE_PROFILES } from '../../../../../rules/trades';
import { DEMO_COMPANIES } from '../../../../../scripts/seed/demo-companies';
import { propertyRuns } from '../../../../../tests/support/lane';
import { parseMarkdown } from './parse-markdown';
import { schema } from './schema';
import { serializeMarkdown, writesTight } from './serialize-markdown';

// ---- The page as a browser reads it ---------------------------------------------------------------

type Canonical = string;
type ChildNode = ReturnType<typeof parseDocument>['children'][number];
type Element = Extract<ChildNode, { name: string; attribs: Record<string, string> }>;

const BLOCKS = new Set(['p', 'h2', 'h3', 'ul', 'ol', 'li', 'blockquote', 'hr']);

/** Inline content as characters with their formatting as a set (nesting order dropped). */
function characters(
  nodes: readonly ChildNode[],
  format: readonly string[],
  preLine: boolean,
  out: [string, string[]][],
): void {
  for (const node of nodes) {
    if (node.type === 'text') for (const char of node.data) out.push([char, [...format]]);
    else if (node.type === 'tag') {
      const element = node as Element;
      // In `.prose p` (pre-line) a line break and a new line look the same.
      if (element.name === 'br') out.push([preLine ? '\n' : '\uE000', []]);
      else {
        const mark =
          element.name === 'a' ? `a[${element.attribs.href}]` : element.name === 'strong' ? 'strong' : 'em';
        characters(element.children, format.includes(mark) ? format : [...format, mark].sort(), preLine, out);
      }
    }
  }
}

/** Inline content in canonical form; `preLine` for `.prose p`, where line breaks show. */
function inline(nodes: readonly ChildNode[], preLine: boolean): Canonical {
  const chars: [string, string[]][] = [];
  characters(nodes, [], preLine, chars);
  // CSS white space: not the no-break space.
  const space = (char: string) => (preLine ? /[ \t]/ : /[ \t\n\r\f]/).test(char);
  // Collapse white space as CSS does: a run is one space, none at a line's start or end.
  const kept: [string, string[]][] = [];
  for (const [char, format] of chars) {
    const last = kept[kept.length - 1];
    if (space(char)) {
      if (last === undefined || last[0] === ' ' || last[0] === '\n' || last[0] === '\uE000') continue;
      kept.push([' ', format]);
    } else {
      if ((char === '\n' || char === '\uE000') && last?.[0] === ' ') kept.pop();
      kept.push([char, format]);
    }
  }
  // Nor at a block's end; and the editor writes no paragraph that starts with an empty line.
  while (kept.length > 0 && /^[\s\uE000]$/.test(kept[kept.length - 1]?.[0] ?? '')) kept.pop();
  while (kept.length > 0 && /^[\s\uE000]$/.test(kept[0]?.[0] ?? '')) kept.shift();
  // White space shows no bold or italic, and an underline under a space is not told apart.
  kept.forEach(([char], index) => {
    if (/\s/.test(char)) kept[index] = [char, []];
  });
  // A no-break space looks like a space (a phone link's words use them).
  for (const entry of kept) if (entry[0] === '\u00a0') entry[0] = ' ';
  let out = '';
  let current = '';
  for (const [char, format] of kept) {
    const name = format.join(' ');
    if (name !== current) out += `{${name}}`;
    current = name;
    out += char === '\uE000' ? '<br>' : char;
  }
  return out;
}

function isBlock(node: ChildNode): boolean {
  return node.type === 'tag' && BLOCKS.has((node as Element).name);
}

/** A container's children: blocks, and the runs of inline content between them. */
function blocks(nodes: readonly ChildNode[]): Canonical[] {
  const out: Canonical[] = [];
  let run: ChildNode[] = [];
  const flush = () => {
    const text = inline(run, false);
    if (text !== '') out.push(`text(${text})`);
    run = [];
  };
  for (const node of nodes) {
    if (!isBlock(node)) {
      run.push(node);
      continue;
    }
    flush();
    const element = node as Element;
    switch (element.name) {
      case 'p': {
        // An empty paragraph shows no words; the editor does not write one.
        const text = inline(element.children, true);
        if (text !== '') out.push(`p(${text})`);
        break;
      }
      case 'h2':
      case 'h3':
        out.push(`${element.name}(${inline(element.children, false)})`);
        break;
      case 'hr':
        out.push('hr');
        break;
      case 'ol':
        out.push(`ol[${element.attribs.start ?? '1'}](${blocks(element.children).join(',')})`);
        break;
      default:
        out.push(`${element.name}(${blocks(element.children).join(',')})`);
    }
  }
  flush();
  return out;
}

/** The page text's HTML as a browser shows it. */
function canonical(html: string): Canonical {
  return blocks(parseDocument(html, { decodeEntities: true }).children).join('\n');
}

function roundTrip(markdown: string): string {
  return serializeMarkdown(parseMarkdown(markdown));
}

function expectSamePage(markdown: string): void {
  const written = roundTrip(markdown);
  expect(
    canonical(renderPageContent(written)),
    `${JSON.stringify(markdown)} → ${JSON.stringify(written)}`,
  ).toBe(canonical(renderPageContent(markdown)));
}

// ---- Texts the product writes and the suites' texts ----------------------------------------------

function writerTexts(): string[] {
  const texts: string[] = [];
  for (const profile of [...TRADE_PROFILES, NEUTRAL_PROFILE]) {
    for (const [pageType, topic] of [
      ['homepage', undefined],
      ['page', 'about'],
      ['page', 'services'],
      ['page', undefined],
    ] as const) {
      for (const variant of [0, 1]) {
        const written = writeFromTemplates(
          {
            companyName: `${profile.noun.singular} Hansen ApS`,
            industryDesc: '',
            industryCode: profile.codes[0],
            city: 'Silkeborg',
            keywords: [],
            startDate: '2009-03-01',
            employees: 4,
            hasPhone: true,
            hasEmail: true,
            pageType,
            topic,
          },
          variant,
          new Date('2026-11-23T12:00:00Z'),
        );
        texts.push(written.content);
      }
    }
  }
  return texts;
}

const DEMO_TEXTS = DEMO_COMPANIES.flatMap((demo) => demo.pages.map((page) => page.content ?? ''));

// rules/page-content.test.ts, rules/markdown-bounds.test.ts and the toolbar's own texts.
const RENDERER_TEXTS = [
  'Vi bygger tage.\n\n---\n\nLæs [om os](/om-os) eller [ring](tel:+4512345678).',
  '## Ydelser\n\n- **Tag**\n- Vinduer\n\n# Stor\n\n#### Lille',
  '<script>alert(1)</script>\n\nTekst <img src=x onerror=alert(1)> ![billede](https://x.dk/a.png)\n\n    <b>kode</b>',
  '[a](javascript:alert(1)) [b](//evil.example) [c](data:text/html,x) <javascript:alert(2)> [d](vbscript:x)',
  'Tekst\n---',
  '[x](https://a.dk/?q="><b>)',
  '[12 34 56 78](tel:+4512345678)',
  'Se [Tømrer (erhverv)](https://da.wikipedia.org/wiki/Tømrer_(erhverv)) og [kontakt](/kontakt).',
  '> Citat\n> > svar\n\n- a\n  - b\n    - c',
  '1. Et\n2. To\n\n7) Syv\n8) Otte',
  'Linje et\nlinje to  \nlinje tre\\\nlinje fire',
  '**fed *kursiv* fed** og *kursiv **fed** kursiv* og ***begge*** og **_begge_**',
  'a**b**c a*b*c **"citat"** *(parentes)*',
  'Ring på 12 34 56 78 eller skriv til [os@firma.dk](mailto:os@firma.dk).',
  'Priser fra 1.500 kr. – *ekskl.* moms & kørsel; 50% rabat på #1 <3',
  '- [ ] ikke en opgave\n- [Link](/priser) i en liste\n\n  med et afsnit',
  '```\nkode *med* stjerner\n```\n\n~~~\nogså kode\n~~~',
  '&amp; &lt;b&gt; &#42;ikke kursiv&#42; &aelig;ble &copy; &#0; &#x1F600; &ukendt; &#12345678;',
  '<!-- kommentar -->\n\n<div>\n*blok*\n</div>\n\nEfter',
  '[ref]: /om-os\n\nSe [ref] og [tekst][ref].',
  '<https://firma.dk> og <os@firma.dk>',
];

// The shapes of rules/markdown-bounds.test.ts and tests/page-text-hostile.test.ts, shorter.
const HOSTILE_TEXTS = [
  '> '.repeat(40),
  '- '.repeat(40),
  '*a_'.repeat(300),
  '_a*'.repeat(300),
  '**_'.repeat(300),
  '['.repeat(500),
  '[a]('.repeat(200),
  '`'.repeat(300),
  '<'.repeat(300),
  `${'*'.repeat(100)}a${'*'.repeat(100)}`,
  `${'*a **b '.repeat(50)}${' c** d*'.repeat(50)}`,
  '[a *b](c) *'.repeat(100),
  '_a**b__c*'.repeat(100),
  `${'> '.repeat(12)}- x`,
  `${'  '.repeat(15)}- dybt`,
  // tests/browser/admin-preview.test.ts and tests/api: markup that must stay text.
  '<img src=x onerror="top.__xss=1;alert(1)">',
  '<svg onload="top.__xss=2;alert(2)"></svg>',
  '</p><script>top.__xss=3;alert(3)</script>',
  '[klik](javascript:top.__xss=4) [billede](data:text/html,<script>alert(5)</script>) [ud](//evil.example)',
  '"><iframe srcdoc="<script>top.__xss=6;alert(6)</script>"></iframe>',
  "' onfocus='top.__xss=7' autofocus x='",
  '[x](java\tscript:alert(1)) [y](/\\evil.example) [z](JAVASCRIPT:alert(1))',
  '<a href="javascript:alert(1)">klik</a> <style>body{display:none}</style>',
];

describe('stored text read into the editor and written back shows the same page', () => {
  it.each(writerTexts().map((text, index) => [index, text]))('writer text %i', (_index, text) => {
    expectSamePage(text);
  });

  it('the writer texts come back as they were written', () => {
    // The common case keeps its exact Markdown, so a history diff shows only the owner's change.
    for (const text of writerTexts()) expect(roundTrip(text)).toBe(text);
  });

  it.each(DEMO_TEXTS)('demo text %#', (text) => {
    expectSamePage(text);
  });

  it.each(RENDERER_TEXTS)('renderer text %#: %s', (text) => {
    expectSamePage(text);
  });

  it.each(HOSTILE_TEXTS.map((text) => [text.slice(0, 40), text]))('hostile text %s', (_name, text) => {
    expectSamePage(text);
  });

  it('writing is stable: a written text reads and writes to itself', () => {
    for (const text of [...RENDERER_TEXTS, ...HOSTILE_TEXTS, ...DEMO_TEXTS]) {
      const once = roundTrip(text);
      expect(roundTrip(once), JSON.stringify(text)).toBe(once);
    }
  });
});

// ---- Generated texts -----------------------------------------------------------------------------

/** Pieces of Markdown, plain and special, joined at random: the reader's corners, not just its paths. */
const PIECES = [
  'Tag',
  'æble',
  'Søren',
  'vi',
  'a',
  'b',
  '1',
  '2024',
  ' ',
  ' ',
  ' ',
  '  ',
  '\t',
  '\n',
  '\n',
  '\n\n',
  '- ',
  '* ',
  '+ ',
  '1. ',
  '2) ',
  '> ',
  '## ',
  '# ',
  '### ',
  '---',
  '***',
  '___',
  '===',
  '**',
  '**',
  '*',
  '*',
  '_',
  '__',
  '`',
  '```',
  '~~~',
  '[',
  ']',
  '(',
  ')',
  '](/om-os)',
  '](https://firma.dk/side)',
  '](tel:+4512345678)',
  '](javascript:x)',
  '<',
  '>',
  '<b>',
  '</b>',
  '<div>',
  '<!--',
  '-->',
  '&amp;',
  '&#42;',
  '&aelig;',
  '&',
  ';',
  '\\',
  '!',
  '[x]: /y\n',
  '    ',
  '\u00a0',
  '😀',
  'é',
  '"',
  "'",
  '.',
  ',',
  '?',
];

/** Whether a list in the tokens is loose only through a link definition inside it. */
function looseOnlyByDefinition(tokens: readonly Token[]): boolean {
  return tokens.some((token) => {
    if (token.type === 'blockquote') return looseOnlyByDefinition((token as Tokens.Blockquote).tokens);
    if (token.type !== 'list') return false;
    const list = token as Tokens.List;
    const visible = (item: Tokens.ListItem) =>
      item.tokens.filter((t) => t.type !== 'space' && t.type !== 'def');
    if (list.loose && list.items.length === 1 && visible(list.items[0] as Tokens.ListItem).length <= 1) {
      if ((list.items[0] as Tokens.ListItem).tokens.some((t) => t.type === 'def')) return true;
    }
    return list.items.some((item) => looseOnlyByDefinition(item.tokens));
  });
}

/**
 * Whether a tight list item holds text over a line of only `-` or `=` that the page shows as a
 * paragraph. The site's lheading hook reads `Tag\n  ---` (the line indented into the item) as a
 * paragraph token, which marked keeps a <p> in a tight list (line break shown), while `Tag\n---`
 * (a lazy line) or `Tag\n  \---` stays the item's bare text (line break a space). The editor's
 * document has one paragraph for all three, so one of them cannot come back; the writer escapes.
 */
function underlinedInTightItem(tokens: readonly Token[]): boolean {
  return tokens.some((token) => {
    if (token.type === 'blockquote') return underlinedInTightItem((token as Tokens.Blockquote).tokens);
    if (token.type !== 'list') return false;
    const list = token as Tokens.List;
    return list.items.some(
      (item) =>
        (!list.loose &&
          item.tokens.some(
            (t) => t.type === 'paragraph' && /\n[ \t]*(?:-+|=+)[ \t]*$/.test((t as Tokens.Paragraph).text),
          )) ||
        underlinedInTightItem(item.tokens),
    );
  });
}

const markdownText = fc.array(fc.constantFrom(...PIECES), { maxLength: 40 }).map((pieces) => pieces.join(''));

// Counterexamples the generator found, kept so that they are tried on every run.
const FOUND_TEXTS: [string, string][] = [
  // A line of only a no-break space is text, not a blank line: it was written as a line break.
  ['a line of a no-break space', 'Tag\n\u00a0\nTag'],
];

describe('known limit: a tight item over a line of dashes', () => {
  it('is recognised, and comes back as the bare text the editor holds', () => {
    const text = '- Tag\n\t---';
    expect(underlinedInTightItem(pageContentTokens(text))).toBe(true);
    expect(roundTrip(text)).toBe('- Tag\n  \\---');
    expect(underlinedInTightItem(pageContentTokens('- Tag\n---'))).toBe(false);
  });
});

describe('generated texts', () => {
  it.each(FOUND_TEXTS)('found: %s', (_name, text) => {
    expectSamePage(text);
  });

  it(`read and written back, show the same page (${propertyRuns(2000)} texts)`, () => {
    fc.assert(
      fc.property(markdownText, (text) => {
        // Known limit: a list made loose only by an invisible link definition (`- [x]: /y` and a
        // blank line) cannot be written loose without it, and is written tight.
        fc.pre(!looseOnlyByDefinition(pageContentTokens(text)));
        // Known limit: a tight item's text over a line of dashes (underlinedInTightItem).
        fc.pre(!underlinedInTightItem(pageContentTokens(text)));
        expectSamePage(text);
      }),
      { numRuns: propertyRuns(2000) },
    );
  });
});

// ---- Generated documents: what the editor shows is what the page shows ---------------------------

const WORDS = [
  'Tag',
  'vinduer',
  'æ',
  '1.',
  '#',
  '-',
  '*',
  '_',
  '[x]',
  '<b>',
  '&amp;',
  '\\',
  '`',
  '!',
  '😀',
  '>',
];

const marks = fc.subarray(['strong', 'em', 'link'] as const);
const textNode = fc
  .record({
    text: fc
      .array(fc.constantFrom(...WORDS, ' ', ' ', '\n'), { minLength: 1, maxLength: 5 })
      .map((w) => w.join('')),
    marks,
    href: fc.constantFrom(
      '/om-os',
      'https://firma.dk/side',
      'tel:+4512345678',
      'mailto:os@firma.dk',
      '#kontakt',
    ),
  })
  .map(({ text, marks: names, href }) =>
    schema.text(
      text,
      names.map((name) =>
        name === 'link' ? schema.marks.link.create({ href }) : schema.marks[name].create(),
      ),
    ),
  );
const inlineContent = fc.array(
  fc.oneof(
    { weight: 6, arbitrary: textNode },
    { weight: 1, arbitrary: fc.constant(schema.nodes.hard_break.create()) },
  ),
  {
    maxLength: 5,
  },
);

const { block } = fc.letrec<{ block: Node; item: Node }>((tie) => ({
  block: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { weight: 5, arbitrary: inlineContent.map((content) => schema.nodes.paragraph.create(null, content)) },
    {
      weight: 2,
      arbitrary: fc
        .record({ level: fc.constantFrom(2, 3), content: inlineContent })
        .map(({ level, content }) =>
          schema.nodes.heading.create(
            { level },
            content
              .filter((node) => node.isText)
              .map((node) => schema.text((node.text ?? '').replace(/\n/g, ' '), node.marks)),
          ),
        ),
    },
    { weight: 1, arbitrary: fc.constant(schema.nodes.horizontal_rule.create()) },
    {
      weight: 1,
      arbitrary: fc
        .array(tie('block'), { minLength: 1, maxLength: 3 })
        .map((content) => schema.nodes.blockquote.create(null, content)),
    },
    {
      weight: 2,
      arbitrary: fc
        .record({ items: fc.array(tie('item'), { minLength: 1, maxLength: 3 }), tight: fc.boolean() })
        .map(({ items, tight }) => schema.nodes.bullet_list.create({ tight }, items)),
    },
    {
      weight: 1,
      arbitrary: fc
        .record({
          items: fc.array(tie('item'), { minLength: 1, maxLength: 3 }),
          tight: fc.boolean(),
          start: fc.constantFrom(1, 2, 10, 0),
        })
        .map(({ items, tight, start }) => schema.nodes.ordered_list.create({ tight, start }, items)),
    },
  ),
  item: fc
    .array(tie('block'), { minLength: 1, maxLength: 3 })
    .map((content) => schema.nodes.list_item.create(null, content)),
}));
const documents = fc
  .array(block, { minLength: 1, maxLength: 5 })
  .map((content) => schema.nodes.doc.create(null, content));

function isList(node: Node): boolean {
  return node.type === schema.nodes.bullet_list || node.type === schema.nodes.ordered_list;
}

/** Whether a block shows on the page: a paragraph of only spaces and line breaks does not. */
function shows(node: Node): boolean {
  return node.type !== schema.nodes.paragraph || /[^ \t\n]/.test(node.textContent);
}

/** Whether a node is a quote whose last block that shows is a list, or a quote that ends so. */
function quoteEndsInList(node: Node): boolean {
  if (node.type !== schema.nodes.blockquote) return false;
  let last: Node | null = null;
  node.forEach((child) => {
    if (shows(child)) last = child;
  });
  return last !== null && (isList(last) || quoteEndsInList(last));
}

/** What the site would show for a document, rendered straight from it (the editor's view of it). */
function documentHtml(node: Node, tight = false): string {
  const children = (tightChildren: boolean) => {
    let html = '';
    node.forEach((child) => {
      html += documentHtml(child, tightChildren);
    });
    return html;
  };
  switch (node.type.name) {
    case 'doc':
    case 'blockquote':
      return node.type.name === 'doc' ? children(false) : `<blockquote>${children(false)}</blockquote>`;
    case 'paragraph':
      return tight ? inlineHtml(node) : `<p>${inlineHtml(node)}</p>`;
    case 'heading':
      return `<h${node.attrs.level}>${inlineHtml(node)}</h${node.attrs.level}>`;
    case 'horizontal_rule':
      return '<hr>';
    case 'bullet_list':
      return `<ul>${children(writesTight(node))}</ul>`;
    case 'ordered_list':
      return `<ol start="${node.attrs.start}">${children(writesTight(node))}</ol>`;
    case 'list_item': {
      // As marked reads a tight item: its text is bare until a nested list, then paragraphs; and a
      // paragraph right after a quote that ends in a list is written after a blank line (else it
      // would continue the quote), which makes it a paragraph too. With another block between the
      // quote and the text (a rule, a heading) the text stays bare. Written without a blank line it
      // is a paragraph too: marked 18 leaves its lexer in top-level mode after a quote whose last
      // block is a list, and reads the next text of the item as a paragraph (`- > 1.\n  Tag`). The
      // blocks that count are those the page shows (a paragraph of only spaces and breaks is not
      // written), and a quote in a quote ends in the inner one's last block.
      let html = '';
      let bare = tight;
      let previous: Node | null = null;
      node.forEach((child) => {
        const afterQuotedList =
          child.type === schema.nodes.paragraph && previous !== null && quoteEndsInList(previous);
        html += documentHtml(child, bare && !afterQuotedList);
        if (isList(child)) bare = false;
        if (shows(child)) previous = child;
      });
      return `<li>${html}</li>`;
    }
    default:
      return '';
  }
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** A block's inline content as the editor shows it, with the site's rules for links applied. */
function inlineHtml(node: Node): string {
  const children: Node[] = [];
  node.forEach((child) => {
    children.push(child);
  });
  const render = (child: Node, text: string) => {
    if (child.type === schema.nodes.hard_break) return '<br>';
    let html = escapeHtml(text);
    for (const mark of child.marks as Mark[]) {
      if (mark.type !== schema.marks.link) html = `<${mark.type.name}>${html}</${mark.type.name}>`;
    }
    return html;
  };
  let html = '';
  for (let index = 0; index < children.length; ) {
    const link = children[index]?.marks.find((mark) => mark.type === schema.marks.link);
    let end = index + 1;
    while (end < children.length && link?.isInSet(children[end]?.marks ?? [])) end++;
    const group = children.slice(index, end);
    const href = link ? ownerLinkHref(link.attrs.href) : null;
    const words = group.some((child) => !child.isText || (child.text ?? '').trim() !== '');
    if (href === null || !words) html += group.map((child) => render(child, child.text ?? '')).join('');
    else {
      // The editor shows white space at a link's edges beside it; the site keeps a phone number's
      // words on one line (no-break spaces and hyphens).
      const texts = group.map((child) => child.text ?? '');
      const full = texts.join('');
      const before = /^\s*/.exec(full)?.[0] ?? '';
      const after = full.length > before.length ? (/\s*$/.exec(full)?.[0] ?? '') : '';
      // Cut `before` off the first texts and `after` off the last ones.
      let cut = before.length;
      for (let at = 0; at < texts.length && cut > 0; at++) {
        const take = Math.min(cut, (texts[at] as string).length);
        texts[at] = (texts[at] as string).slice(take);
        cut -= take;
      }
      cut = after.length;
      for (let at = texts.length - 1; at >= 0 && cut > 0; at--) {
        const text = texts[at] as string;
        const take = Math.min(cut, text.length);
        texts[at] = text.slice(0, text.length - take);
        cut -= take;
      }
      const phone = href.startsWith('tel:');
      // A run of spaces over several texts is one no-break space in a phone link (the site joins
      // the link's words after writing it, so the run is one run whatever marks it crossed), also
      // when a text in between was only spaces and is empty now.
      if (phone) {
        let spaceBefore = false;
        for (let at = 0; at < texts.length; at++) {
          if (spaceBefore) texts[at] = (texts[at] as string).replace(/^\s+/, '');
          if (texts[at] !== '') spaceBefore = /\s$/.test(texts[at] as string);
        }
      }
      const inner = group
        .map((child, at) =>
          render(
            child,
            phone
              ? (texts[at] as string).replace(/\s+/g, '\u00a0').replace(/-/g, '\u2011')
              : (texts[at] as string),
          ),
        )
        .join('');
      html += `${escapeHtml(before)}<a href="${escapeHtml(href)}">${inner}</a>${escapeHtml(after)}`;
    }
    index = end;
  }
  return html;
}

/** Whether a document's text could be in the editor: line ends only as read from stored text. */
function isEditorText(doc: Node): boolean {
  // Never two in a row, nor at a paragraph's start or end.
  let editorText = true;
  doc.descendants((node) => {
    const text = node.isTextblock ? node.textBetween(0, node.content.size, undefined, '\n') : '';
    if (/^\s*\n|\n\s*\n|\n\s*$/.test(text)) editorText = false;
  });
  return editorText;
}

/**
 * Known lossy case of the writer (prosemirror-markdown's mark order, measured): an emphasis that
 * closes and opens again between letters while the other emphasis stays open over the gap, as bold
 * over `Tag Tag Tag` with italic on the first and last word: `***Tag*Tag*Tag***`. CommonMark pairs
 * that as meant, but marked 18 pairs the middle `*Tag*` as the italic. Neither `_` (it never opens or
 * closes inside a word) nor a reference on one side of each delimiter makes both delimiters one-sided;
 * the hand-written writer re-parsed up to five spellings per paragraph to dodge it, which is what
 * issue 50 removed. Rare in owners' texts (italic twice inside one bold run, no space between).
 */
function emphasisReopenedInsideOther(doc: Node): boolean {
  let found = false;
  doc.descendants((block) => {
    if (!block.isTextblock) return true;
    const marks = block.children.map((child) => child.marks);
    for (const [name, other] of [
      ['em', 'strong'],
      ['strong', 'em'],
    ] as const) {
      const has = (at: number, mark: string) => marks[at]?.some((m) => m.type.name === mark) ?? false;
      for (let from = 0; from < marks.length; from++) {
        if (!has(from, name) || has(from + 1, name) || !has(from + 1, other)) continue;
        let to = from + 1;
        while (to < marks.length && !has(to, name) && has(to, other)) to++;
        if (to < marks.length && has(to, name) && has(from, other) && has(to, other)) found = true;
      }
    }
    return false;
  });
  return found;
}

/**
 * Known lossy case of the writer: a single letter alone between two mark edges (emphasis or a
 * link's), inside an emphasis, where the delimiter on its other side has punctuation inside it (`*😀**[a](x)***`
 * for italic `😀` then a bold italic link; `**æ*\\[x\\]***`). A delimiter beside punctuation needs
 * the letter written as a reference (`&#230;`), which is punctuation to the reader, and then the
 * delimiter on the letter's other side no longer opens or closes. prosemirror-markdown's mark specs
 * choose only the delimiter string; the old writer re-parsed other spellings to find one.
 */
function letterBetweenEmphasisEdges(doc: Node): boolean {
  let found = false;
  doc.descendants((block) => {
    if (!block.isTextblock) return true;
    const emphasis = (at: number) =>
      // White space shows no emphasis: the writer moves the marks off it.
      at < 0 || at >= block.childCount || (block.child(at).text ?? '').trim() === ''
        ? ''
        : block
            .child(at)
            .marks.map((mark) => mark.type.name + (mark.attrs.href ?? ''))
            .join();
    block.forEach((child, _offset, at) => {
      // White space beside it is written outside the emphasis.
      const letters = [...(child.text ?? '').trim()];
      if (
        letters.length === 1 &&
        /[^\s\p{P}\p{S}]/u.test(letters[0]?.[0] ?? ' ') &&
        block.child(at).marks.some((mark) => mark.type !== schema.marks.link) &&
        emphasis(at) !== emphasis(at - 1) &&
        emphasis(at) !== emphasis(at + 1)
      )
        found = true;
    });
    return false;
  });
  return found;
}

describe('known lossy case: a letter alone between emphasis edges', () => {
  it('is recognised, and the page shows it otherwise than the editor', () => {
    const lossy = doc(paragraph(text('æ', 'strong'), text('[x]', 'em', 'strong')));
    expect(letterBetweenEmphasisEdges(lossy)).toBe(true);
    expect(canonical(renderPageContent(serializeMarkdown(lossy)))).not.toBe(canonical(documentHtml(lossy)));
    // Two letters are enough: the reference goes on the one beside the punctuation.
    expectShownAsEdited(doc(paragraph(text('æb', 'strong'), text('[x]', 'em', 'strong'))));
  });
});

describe('known lossy case: an emphasis reopened inside the other between letters', () => {
  it('is recognised, and the page shows it otherwise than the editor', () => {
    const lossy = doc(
      paragraph(text('Tag', 'em', 'strong'), text('Tag', 'strong'), text('Tag', 'em', 'strong')),
    );
    expect(emphasisReopenedInsideOther(lossy)).toBe(true);
    expect(serializeMarkdown(lossy)).toBe('***Tag*Tag*Tag***');
    expect(canonical(renderPageContent(serializeMarkdown(lossy)))).not.toBe(canonical(documentHtml(lossy)));
    // With a space in the gap the delimiters are one-sided, and it comes back.
    const spaced = doc(
      paragraph(text('Tag', 'em', 'strong'), text(' Tag ', 'strong'), text('Tag', 'em', 'strong')),
    );
    expectShownAsEdited(spaced);
  });
});

function expectShownAsEdited(doc: Node): void {
  const written = serializeMarkdown(doc);
  expect(
    canonical(renderPageContent(written)),
    `${JSON.stringify(doc.toJSON())} → ${JSON.stringify(written)}`,
  ).toBe(canonical(documentHtml(doc)));
}

// Shorthand for the documents below.
const text = (value: string, ...names: ('strong' | 'em' | string)[]) =>
  schema.text(
    value,
    names.map((name) =>
      name === 'strong' || name === 'em'
        ? schema.marks[name].create()
        : schema.marks.link.create({ href: name }),
    ),
  );
const paragraph = (...content: Node[]) => schema.nodes.paragraph.create(null, content);
const doc = (...content: Node[]) => schema.nodes.doc.create(null, content);
const TEL = 'tel:+4512345678';

// Counterexamples the generator found, kept so that they are tried on every run.
const FOUND_DOCUMENTS: [string, Node][] = [
  [
    // A link that starts inside an emphasis and runs past it was cut in two at the emphasis' end;
    // a phone link's words then broke between the halves.
    'a phone link running past an emphasis is one link',
    doc(paragraph(text('Tag', 'em'), text('Tag', 'em', TEL), text('\nTag', TEL))),
  ],
  [
    // The oracle's mistake, not the writer's: a phone link's spaces over three texts are one
    // no-break space on the page, also when the middle text is only a space.
    'a phone link in a heading joins a run of spaces over three texts',
    doc(
      schema.nodes.heading.create({ level: 2 }, [text('Tag ', TEL), text(' ', 'em', TEL), text(' Tag', TEL)]),
      paragraph(),
    ),
  ],
  [
    // The oracle's mistake: a quote ending in a list and an empty paragraph ends in the list on the
    // page (the paragraph is not written), and the text after it in the item is a paragraph.
    'text after a quote that ends in a list and an empty paragraph',
    doc(
      schema.nodes.ordered_list.create({ start: 1, tight: true }, [
        schema.nodes.list_item.create(null, [
          schema.nodes.blockquote.create(null, [
            schema.nodes.ordered_list.create({ start: 1, tight: false }, [
              schema.nodes.list_item.create(null, [paragraph()]),
            ]),
            paragraph(),
          ]),
          paragraph(text('Tag')),
        ]),
      ]),
      paragraph(),
    ),
  ],
  [
    // Its tight Markdown (`- + Tag\n    > 1.\n    Tag`) makes marked 18 throw: the writer's check
    // of the tight form threw with it. Such a list is written loose.
    'a quote ending in an empty item between texts of a tight item',
    doc(
      schema.nodes.bullet_list.create({ tight: true }, [
        schema.nodes.list_item.create(null, [
          schema.nodes.bullet_list.create({ tight: true }, [
            schema.nodes.list_item.create(null, [
              paragraph(text('Tag')),
              schema.nodes.blockquote.create(null, [
                schema.nodes.ordered_list.create({ start: 1, tight: true }, [
                  schema.nodes.list_item.create(null, [paragraph()]),
                ]),
              ]),
              paragraph(text('Tag')),
            ]),
          ]),
        ]),
      ]),
      paragraph(),
    ),
  ],
  [
    // Bold over a space and into a phone link: the bold closed before the link (so that the link
    // stays one) around only the space, which moved out, and `****` was left.
    'bold over a space into a link',
    doc(
      schema.nodes.ordered_list.create({ start: 1, tight: false }, [
        schema.nodes.list_item.create(null, [
          schema.nodes.heading.create({ level: 2 }, [
            text('Tag', 'em'),
            text('Tag', 'em', 'strong'),
            text(' Tag', 'strong', TEL),
            text('Tag', TEL),
          ]),
          paragraph(),
        ]),
      ]),
      paragraph(),
    ),
  ],
];

describe('generated documents', () => {
  it.each(FOUND_DOCUMENTS)('found: %s', (_name, found) => {
    expect(isEditorText(found)).toBe(true);
    expectShownAsEdited(found);
  });

  it(`written and rendered, show what the editor showed (${propertyRuns(1000)} documents)`, () => {
    fc.assert(
      fc.property(documents, (doc) => {
        fc.pre(isEditorText(doc));
        // Known lossy case (emphasisReopenedInsideOther).
        fc.pre(!emphasisReopenedInsideOther(doc));
        // Known lossy case (letterBetweenEmphasisEdges).
        fc.pre(!letterBetweenEmphasisEdges(doc));
        expectShownAsEdited(doc);
      }),
      { numRuns: propertyRuns(1000) },
    );
  });
});
