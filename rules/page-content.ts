// How an owner's page text becomes safe output: `[text](href)` links parsed into segments, hrefs
// limited to harmless schemes, and site paths made relative so one set of files serves every address.

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

/** A paragraph as plain text, links reduced to their text (for meta descriptions). */
export function paragraphText(text: string): string {
  return parseParagraph(text)
    .map((segment) => segment.text)
    .join('');
}

/** An image address that may go into `src`: http(s) or relative; null for anything else. */
export function safeImageSrc(src: string | null | undefined): string | null {
  if (typeof src !== 'string') return null;
  const href = safeHref(src);
  if (href === null) return null;
  const scheme = SCHEME.exec(href)?.[1]?.toLowerCase();
  return scheme === undefined || scheme === 'http' || scheme === 'https' ? href : null;
}
