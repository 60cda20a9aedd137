// How an owner's page text becomes safe output. Page text is a small Markdown subset (paragraphs,
// `- ` lists, `**bold**`, `[text](href)` links, `##`/`###` subheadings, the AI generator's `---`),
// rendered by `marked` with raw HTML shown as text, images shown as their text, hrefs limited to
// harmless schemes, site paths made relative so one set of files serves every address, and
// `/kontakt`-style links sent to the page's own contact section.
import { Marked, type MarkedExtension, type Token, type Tokens } from 'marked';
import { escapeHtml } from './escape-html';
import { boundedMarkdown } from './markdown-bounds';

// The image-address rule lives with the image limits (no `marked` behind it, so the admin's page
// schema can use it); templates import it from here with the other output rules.
export { safeImageSrc } from './images';

export type Segment = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

// `[text](href)`: the text has no brackets or line breaks; the href has no whitespace and may hold one
// level of balanced parentheses, as in `https://da.wikipedia.org/wiki/Tømrer_(erhverv)`.
const LINK = /\[([^[\]\n]+)\]\(((?:[^()\s]|\([^()\s]*\))+)\)/g;

const ALLOWED_SCHEMES = new Set(['http:', 'https:', 'mailto:', 'tel:']);
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;

/** Splits one paragraph into text and link segments; a link with an unsafe href stays as its text. */
export function parseParagraph(text: string): Segment[] {
  const segments: Segment[] = [];
  const pushText = (value: string) => {
    if (value === '') return;
    const last = segments[segments.length - 1];
    if (last?.kind === 'text') last.text += value;
    else segments.push({ kind: 'text', text: value });
  };
  let rest = 0;
  for (const match of text.matchAll(LINK)) {
    const [whole, label = '', target = ''] = match;
    pushText(text.slice(rest, match.index));
    rest = match.index + whole.length;
    const href = safeHref(target);
    if (href === null || label.trim() === '') pushText(label);
    else segments.push({ kind: 'link', text: label, href });
  }
  pushText(text.slice(rest));
  return segments;
}

/**
 * The href trimmed when it is safe to put in a page: http:, https:, mailto:, tel: or a relative
 * reference (`om-os`, `/om-os`, `#kontakt`, `?side=2`). Null for every other scheme (javascript:,
 * data:, vbscript:, …), protocol-relative `//host`, backslashes (browsers read `/\host` as `//host`)
 * and control characters.
 */
export function safeHref(href: string): string | null {
  if (typeof href !== 'string' || hasControlCharacter(href)) return null;
  const trimmed = href.trim();
  if (trimmed === '' || trimmed.includes('\\') || trimmed.startsWith('//')) return null;
  const scheme = SCHEME.exec(trimmed)?.[1];
  if (scheme === undefined) return trimmed;
  return ALLOWED_SCHEMES.has(`${scheme.toLowerCase()}:`) ? trimmed : null;
}

// C0 controls, DEL and C1 controls: browsers drop some of them inside URLs, so `java\tscript:` would
// otherwise run as `javascript:`.
function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) return true;
  }
  return false;
}

/**
 * A link as it must appear in a company site's files. A root path becomes relative (`/om-os` →
 * `om-os`, `/` → `./`, `/om-os#kontakt` → `om-os#kontakt`) because the same files are served under
 * `/<cvr>/` and at the root of a subdomain; relative links resolve right in both. Other hrefs pass
 * through unchanged. Expects an href that `safeHref` accepted.
 */
export function siteHref(href: string): string {
  if (!href.startsWith('/') || href.startsWith('//')) return href;
  const split = href.search(/[?#]/);
  const path = split === -1 ? href : href.slice(0, split);
  const tail = split === -1 ? '' : href.slice(split);
  const relative = withoutDotSegments(path).slice(1);
  if (relative === '') return `./${tail}`;
  // `tel:1`, `.x` or `/x` at the start of a relative reference would read as a scheme, a dot segment
  // or a root path.
  const firstSegment = relative.split('/')[0] ?? '';
  return firstSegment.includes(':') || /^[./]/.test(relative) ? `./${relative}${tail}` : relative + tail;
}

// `/a/../b` → `/b`, clamped at the root, so `..` cannot climb out of `/<cvr>/` once made relative.
function withoutDotSegments(path: string): string {
  if (!/(^|\/)\.\.?(\/|$)/.test(path)) return path;
  const out: string[] = [];
  const parts = path.split('/').slice(1);
  parts.forEach((part, index) => {
    const last = index === parts.length - 1;
    if (part === '..') out.pop();
    if (part === '.' || part === '..') {
      if (last) out.push('');
    } else out.push(part);
  });
  return `/${out.join('/')}`;
}

/**
 * A paragraph as plain text (meta descriptions, card subtitles): links reduced to their text, and
 * Markdown marks (heading marks, list markers, bold) dropped.
 */
export function paragraphText(text: string): string {
  const unmarked = text
    .split('\n')
    .map((line) => line.replace(/^\s*(?:#{1,6}|[-*+]|\d+\.)\s+/, ''))
    .join('\n');
  return parseParagraph(withoutBoldMarks(unmarked))
    .map((segment) => segment.text)
    .join('');
}

const WHITE_SPACE = /\s/;

/**
 * `**bold**` and `__bold__` without their marks: an opening pair before a non-space, closed by the
 * nearest pair after a non-space (what `/(\*\*|__)(?=\S)([\s\S]*?\S)\1/g` would replace). That
 * expression looks to the end of the text from every unclosed pair, so 30,000 characters of `**a`
 * took seconds (issue 23); here each pair finds its closer through a table built right to left.
 */
function withoutBoldMarks(text: string): string {
  if (!text.includes('**') && !text.includes('__')) return text;
  // nextCloser[mark][p]: the first index j >= p where a closing `mark` starts, or -1.
  const closers = (mark: string) => {
    const next = new Int32Array(text.length + 2).fill(-1);
    for (let j = text.length - 2; j >= 0; j--) {
      const closes = j > 0 && text.startsWith(mark, j) && !WHITE_SPACE.test(text[j - 1] ?? ' ');
      next[j] = closes ? j : (next[j + 1] ?? -1);
    }
    return next;
  };
  const next = { '**': closers('**'), __: closers('__') };
  let out = '';
  let i = 0;
  while (i < text.length) {
    const mark = text.startsWith('**', i) ? '**' : text.startsWith('__', i) ? '__' : null;
    if (mark && i + 2 < text.length && !WHITE_SPACE.test(text[i + 2] ?? ' ')) {
      const close = next[mark][i + 3] ?? -1;
      if (close !== -1) {
        out += text.slice(i + 2, close);
        i = close + 2;
        continue;
      }
    }
    out += text[i];
    i++;
  }
  return out;
}

// Paths that mean "contact us": they go to the Kontakt section every page of a company site has.
const CONTACT_PATHS = new Set(['/kontakt', '/kontakt-os', '/contact', 'kontakt', 'kontakt-os']);
/** The id of the contact section on every page of a company site. */
const CONTACT_ANCHOR = 'kontakt';
/**
 * "Book tid" in the text (issue 52): `/book-tid` becomes this placeholder, which the site's rich text
 * (templates/site/rich-text.astro) points at the booking page while the site takes bookings, else
 * at the contact section.
 */
export const BOOKING_LINK_PLACEHOLDER = '#book-tid';
/** A link's whole text that asks for a time: "Bestil tid", "Book en tid". */
const BOOKING_WORDS = /^(bestil|book)( en)? tid$/i;

/**
 * The href an owner's link gets in a company site: `/kontakt`-style links become `#kontakt` (the
 * contact section on the same page, whatever the site's address), other root paths relative (see
 * siteHref). Null for an unsafe href.
 */
export function ownerLinkHref(href: string, text = ''): string | null {
  const safe = safeHref(href);
  if (safe === null) return null;
  const split = safe.search(/[?#]/);
  const path = (split === -1 ? safe : safe.slice(0, split)).replace(/\/+$/, '').toLowerCase();
  // Sites written before booking (issue 52) say "[Bestil tid](/kontakt)": it books when the site does.
  if (CONTACT_PATHS.has(path))
    return BOOKING_WORDS.test(text.replace(/[*_]/g, '').trim())
      ? BOOKING_LINK_PLACEHOLDER
      : `#${CONTACT_ANCHOR}`;
  if (path === '/book-tid') return BOOKING_LINK_PLACEHOLDER;
  return siteHref(safe);
}

/** A phone number in a link's text should not wrap. */
function unbreakablePhone(html: string): string {
  return html.trim().replace(/\s+/g, '\u00a0').replace(/-/g, '\u2011');
}

/**
 * A Markdown renderer whose output is safe to insert as is: raw HTML and images are shown as their
 * text, and a link keeps an href only when `linkHref` returns one for it (else it is its text). Owner
 * page text and the marketing blog posts both render through it; `extension` adds what one of them
 * needs beyond that (marked applies it over these rules).
 */
export function safeMarkdown(options: {
  gfm: boolean;
  /** `text`: the link's text, without its markup. */
  linkHref: (href: string, text: string) => string | null;
  /** The link's inner HTML, given the href it got (default: as rendered). */
  linkText?: (html: string, href: string) => string;
  extension?: MarkedExtension;
}): (text: string) => string {
  const markdown = safeMarked(options);
  return (text) => markdown.parse(text ?? '', { async: false }) as string;
}

/** The configured `marked` behind `safeMarkdown`: its lexer is what the page text editor reads. */
function safeMarked(options: Parameters<typeof safeMarkdown>[0]): Marked {
  const markdown = new Marked({ gfm: options.gfm, breaks: false, async: false });
  // Linear time and bounded depth in the text's length, whatever it holds (issue 23).
  markdown.use(boundedMarkdown());
  markdown.use({
    renderer: {
      html(token: Tokens.HTML | Tokens.Tag) {
        return escapeHtml(token.text);
      },
      image(token: Tokens.Image) {
        return escapeHtml(token.text);
      },
      link(token: Tokens.Link) {
        const text = this.parser.parseInline(token.tokens);
        const href = options.linkHref(token.href, token.text);
        if (href === null || text.trim() === '') return text;
        return `<a href="${escapeHtml(href)}">${options.linkText ? options.linkText(text, href) : text}</a>`;
      },
    },
  });
  if (options.extension) markdown.use(options.extension);
  return markdown;
}

// Owner page text's `marked`: the site's renderer and the editor's reader.
const pageContentMarkdown = safeMarked({
  gfm: false,
  linkHref: ownerLinkHref,
  linkText: (html, href) => (href.startsWith('tel:') ? unbreakablePhone(html) : html),
  extension: {
    tokenizer: {
      // 'Text' over a line of '---' stays a paragraph: a setext heading would surprise an owner who
      // only wanted a line under a paragraph.
      lheading(src: string) {
        const match = /^(?!\s*$)((?:[^\n]+\n)+?)[ \t]{0,3}(=+|-+)[ \t]*(?:\n+|$)/.exec(src);
        if (!match) return undefined;
        const text = match[0].trim();
        const paragraph: Tokens.Paragraph = {
          type: 'paragraph',
          raw: match[0],
          text,
          tokens: this.lexer.inline(text),
        };
        // marked types this hook as returning a heading; any block token is rendered by its type.
        return paragraph as unknown as Tokens.Heading;
      },
    },
    renderer: {
      code(token: Tokens.Code) {
        return `<p>${escapeHtml(token.text)}</p>\n`;
      },
      codespan(token: Tokens.Codespan) {
        return escapeHtml(token.text);
      },
      heading(token: Tokens.Heading) {
        // The page title is the h1; owner subheadings are h2 or h3.
        const level = token.depth <= 2 ? 2 : 3;
        return `<h${level}>${this.parser.parseInline(token.tokens)}</h${level}>\n`;
      },
    },
  },
});

/**
 * Owner page text as HTML, safe to insert as is: raw HTML in the text is shown as text, links are
 * checked (http, https, mailto, tel, site-relative) and made to work on every address of the site.
 */
export function renderPageContent(text: string): string {
  return readable(text ?? '', (source) => pageContentMarkdown.parse(source, { async: false }) as string);
}

/**
 * Runs marked over owner text, and where marked itself breaks on it (marked 18's blockquote
 * tokenizer throws a TypeError on a quote ending in an empty list item inside a list item,
 * `- Tag\n  > 1.\n  Tag`) reads it again with its quote marks as plain characters, and failing that
 * with every Markdown mark as a plain character: the owner's words are always shown, and a text a
 * owner saved can never stop the site's render or the editor.
 */
function readable<T>(text: string, read: (source: string) => T): T {
  try {
    return read(text);
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
  }
  try {
    return read(text.replace(/^([ \t]*)>/gm, '$1\\>'));
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
  }
  return read(text.replace(/[\\`*_{}[\]()#+\-.!>|<~]/g, '\\$&'));
}

/**
 * The tokens `renderPageContent` renders `text` from, after the same hooks (emphasis found, nesting
 * capped). The page text editor reads a text from them, so it sees exactly what the site shows.
 */
export function pageContentTokens(text: string): Token[] {
  const tokens = readable(text ?? '', (source) => pageContentMarkdown.lexer(source));
  return pageContentMarkdown.defaults.hooks?.processAllTokens(tokens) as Token[];
}
