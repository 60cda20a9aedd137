// Pulls what onboarding wants from an existing website's HTML (the spec's Entities: mainContent, logo,
// phone, email) with htmlparser2's streaming parser. Pure: no network, no clock.
import { Parser } from 'htmlparser2';
import { formatPhone } from '../../rules/phone';
import type { ScrapeResult } from './contracts';

export const MAX_MAIN_CONTENT = 4000;

// Elements whose text is never readable page content.
const SKIPPED = new Set([
  'script',
  'style',
  'noscript',
  'nav',
  'header',
  'footer',
  'form',
  'svg',
  'template',
  'head',
  'iframe',
  'object',
  'canvas',
]);
// Elements whose text is never shown at all, so contact details are not searched there either.
const INVISIBLE = new Set(['script', 'style', 'noscript', 'svg', 'template', 'head', 'iframe', 'object']);
// Elements that start a new paragraph.
const BLOCKS = new Set([
  'p',
  'div',
  'section',
  'article',
  'main',
  'aside',
  'blockquote',
  'pre',
  'ul',
  'ol',
  'li',
  'dl',
  'dt',
  'dd',
  'table',
  'tr',
  'td',
  'th',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'br',
  'hr',
  'address',
  'figure',
  'figcaption',
]);
const CONTENT_ROOTS = new Set(['main', 'article']);

const PHONE_IN_TEXT = /(?:(?:\+|00)45[\s.-]?)?(?<![\d+])\d{2}(?:[\s.-]?\d{2}){3}(?!\d)/g;
const PHONE_LABEL = /(?:tlf|telefon|mobil|ring|phone|tel)\.?:?\s*$/i;
const NOT_PHONE_LABEL = /(?:cvr|se|reg|konto|kontonr|ordre|faktura)[\s.-]*(?:nr|nummer)?\.?:?\s*$/i;
const EMAIL = /[a-z0-9._%+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}/gi;
const EMAIL_EXACT = /^[a-z0-9._%+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}$/i;
const IMAGE_SUFFIX = /\.(?:png|jpe?g|gif|svg|webp|avif|bmp|ico)$/i;

/** Gathers text into paragraphs, collapsing whitespace inside each. */
class TextCollector {
  private readonly paragraphs: string[] = [];
  private current = '';

  add(text: string): void {
    this.current += text;
  }

  breakParagraph(): void {
    const paragraph = this.current.replace(/\s+/g, ' ').trim();
    if (paragraph !== '') this.paragraphs.push(paragraph);
    this.current = '';
  }

  result(): string {
    this.breakParagraph();
    return this.paragraphs.join('\n\n');
  }
}

/** Cuts text to at most `limit` characters, at a sentence end if one is near, else at a word. */
export function truncateText(text: string, limit = MAX_MAIN_CONTENT): string {
  if (text.length <= limit) return text;
  const slice = text.slice(0, limit);
  const sentenceEnd = Math.max(
    ...['. ', '! ', '? ', '.\n', '!\n', '?\n'].map((end) => slice.lastIndexOf(end)),
  );
  if (sentenceEnd >= limit * 0.6) return slice.slice(0, sentenceEnd + 1).trim();
  const space = slice.slice(0, limit - 1).search(/\s\S*$/);
  return `${(space > 0 ? slice.slice(0, space) : slice.slice(0, limit - 1)).trim()}…`;
}

/** '+45 12 34 56 78', '0045-12345678', 'tel:12345678' → '12 34 56 78'; null if not a Danish number. */
export function normalizeDanishPhone(input: string): string | null {
  let digits = input.replace(/[^\d+]/g, '');
  if (digits.startsWith('+45')) digits = digits.slice(3);
  else if (digits.startsWith('0045')) digits = digits.slice(4);
  else if (digits.length === 10 && digits.startsWith('45')) digits = digits.slice(2);
  if (!/^\d{8}$/.test(digits)) return null;
  return formatPhone(digits);
}

function phoneInText(text: string): string | null {
  let fallback: string | null = null;
  for (const match of text.matchAll(PHONE_IN_TEXT)) {
    const before = text.slice(Math.max(0, (match.index ?? 0) - 20), match.index);
    if (NOT_PHONE_LABEL.test(before)) continue;
    const phone = normalizeDanishPhone(match[0]);
    // Danish subscriber numbers start with 2-9; 8 digits starting 0 or 1 are something else.
    if (phone === null || /^[01]/.test(phone)) continue;
    if (PHONE_LABEL.test(before)) return phone;
    fallback ??= phone;
  }
  return fallback;
}

function cleanEmail(candidate: string): string | null {
  const email = candidate.trim().toLowerCase();
  return EMAIL_EXACT.test(email) && !IMAGE_SUFFIX.test(email) ? email : null;
}

function emailInText(text: string): string | null {
  for (const match of text.matchAll(EMAIL)) {
    const email = cleanEmail(match[0]);
    if (email !== null) return email;
  }
  return null;
}

function emailFromMailto(href: string): string | null {
  const address = href.slice('mailto:'.length).split('?')[0] ?? '';
  try {
    return cleanEmail(decodeURIComponent(address));
  } catch {
    return null;
  }
}

function absoluteHttpUrl(raw: string, base: string): string | null {
  try {
    const url = new URL(raw.trim(), base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** Reads an HTML page: its main text, a logo, a phone number and an e-mail address. */
export function extractSiteInfo(html: string, pageUrl: string): ScrapeResult {
  const bodyText = new TextCollector();
  const mainText = new TextCollector();
  let visibleText = '';
  let skipDepth = 0;
  let invisibleDepth = 0;
  let contentDepth = 0;
  let base = pageUrl;
  const logoImages: string[] = [];
  const icons: string[] = [];
  const ogImages: string[] = [];
  let telPhone: string | null = null;
  let mailtoEmail: string | null = null;

  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (SKIPPED.has(name)) skipDepth++;
        if (INVISIBLE.has(name)) invisibleDepth++;
        if (CONTENT_ROOTS.has(name)) contentDepth++;
        if (BLOCKS.has(name)) {
          bodyText.breakParagraph();
          mainText.breakParagraph();
          visibleText += '\n';
        }
        if (name === 'base' && attributes.href) {
          base = absoluteHttpUrl(attributes.href, pageUrl) ?? base;
        } else if (name === 'img') {
          const src = attributes.src || attributes['data-src'] || '';
          const marks = [src, attributes.alt, attributes.class, attributes.id].join(' ').toLowerCase();
          if (src !== '' && marks.includes('logo')) logoImages.push(src);
        } else if (name === 'link' && attributes.href) {
          const rel = (attributes.rel ?? '').toLowerCase().split(/\s+/);
          if (rel.includes('icon') || rel.includes('apple-touch-icon')) icons.push(attributes.href);
        } else if (name === 'meta' && attributes.content) {
          const property = (attributes.property ?? attributes.name ?? '').toLowerCase();
          if (property === 'og:image' || property === 'og:image:url') ogImages.push(attributes.content);
        } else if (name === 'a' && attributes.href) {
          const href = attributes.href.trim();
          const scheme = href.slice(0, 7).toLowerCase();
          if (telPhone === null && scheme.startsWith('tel:')) telPhone = normalizeDanishPhone(href.slice(4));
          if (mailtoEmail === null && scheme === 'mailto:') mailtoEmail = emailFromMailto(href);
        }
      },
      ontext(text) {
        if (invisibleDepth === 0) visibleText += text;
        if (skipDepth > 0) return;
        bodyText.add(text);
        if (contentDepth > 0) mainText.add(text);
      },
      onclosetag(name) {
        if (BLOCKS.has(name)) {
          bodyText.breakParagraph();
          mainText.breakParagraph();
          visibleText += '\n';
        }
        if (SKIPPED.has(name)) skipDepth = Math.max(0, skipDepth - 1);
        if (INVISIBLE.has(name)) invisibleDepth = Math.max(0, invisibleDepth - 1);
        if (CONTENT_ROOTS.has(name)) contentDepth = Math.max(0, contentDepth - 1);
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();

  const main = mainText.result();
  const logo = [...logoImages, ...icons, ...ogImages]
    .map((candidate) => absoluteHttpUrl(candidate, base))
    .find((candidate) => candidate !== null);
  return {
    mainContent: truncateText(main !== '' ? main : bodyText.result()),
    logo: logo ?? null,
    phone: telPhone ?? phoneInText(visibleText),
    email: mailtoEmail ?? emailInText(visibleText),
  };
}
