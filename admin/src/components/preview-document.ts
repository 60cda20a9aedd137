// The preview's document (issue 27, 40): the API's HTML made safe to show in the admin's frame, and
// where two versions of it first differ, so the preview can bring the part the owner just changed
// into view — an hour in the hours table, a heading in the text — without any marker in the
// templates (the HTML visitors get stays exactly as it is).
import type { PreviewJson } from '../../../contracts/preview';

// The frame is as tall as its page (site-preview.tsx), so nothing in it may depend on the frame's
// height: the page ends where its content does (the grey below is no part of it), and the phone's
// call bar, fixed to the bottom of the screen on the site, sits at the end of the page instead.
// The site's script is not run here, so the page is laid out as with JavaScript (the `js` class the
// script sets: on a phone the menu button, not the whole menu), and the links' addresses are gone,
// so the rule that hides the hero's "Ring" behind the phone's call bar (templates/site/styles/
// call-bar.css, `a[href^="tel:"]`) is said again for the marked tel: links (issue 49: "Mobil" showed
// a horizontal menu and a Ring button in the hero).
const PREVIEW_CSS =
  'html{background:#e7e5e4;scroll-behavior:auto}body{min-height:0!important;background:#fff}' +
  '.call-bar{position:static!important}' +
  '@media (max-width:47.99rem){.has-call-bar .hero-actions a[data-preview-tel]{display:none}}';

export interface PreparedPreview {
  srcdoc: string;
  /** Rough measures for the frame's height until the page has loaded and can be measured. */
  textLength: number;
  media: number;
}

/**
 * The API's HTML made into the frame's document (parsed inert by DOMParser, never run here): no
 * scripts or anything that could carry one, no links, no form targets, no refresh or base, no
 * event-handler attributes, and the site's Content-Security-Policy as a <meta>.
 */
export function prepare(preview: PreviewJson): PreparedPreview {
  const doc = new DOMParser().parseFromString(preview.html, 'text/html');
  for (const element of doc.querySelectorAll(
    'script, noscript, iframe, frame, object, embed, base, meta[http-equiv]',
  )) {
    element.remove();
  }
  for (const element of doc.querySelectorAll('*')) {
    for (const name of element.getAttributeNames()) {
      if (/^on/i.test(name) || name === 'srcdoc' || name === 'formaction') element.removeAttribute(name);
    }
    if (element.tagName === 'A' && /^tel:/i.test(element.getAttribute('href') ?? ''))
      element.setAttribute('data-preview-tel', '');
    if (element.tagName !== 'LINK') element.removeAttribute('href');
    if (element.tagName === 'FORM') element.removeAttribute('action');
  }
  const policy = doc.createElement('meta');
  policy.httpEquiv = 'Content-Security-Policy';
  policy.content = preview.contentSecurityPolicy;
  doc.head.prepend(policy);
  doc.documentElement.classList.add('js');
  const style = doc.createElement('style');
  style.textContent = PREVIEW_CSS;
  doc.head.append(style);
  return {
    srcdoc: `<!DOCTYPE html>${doc.documentElement.outerHTML}`,
    textLength: (doc.body.textContent ?? '').replace(/\s+/g, ' ').length,
    media: doc.querySelectorAll('img, svg, table, li').length,
  };
}

/** What the comparison needs of an element (a DOM Element; tests pass plain objects). */
export interface DiffNode {
  readonly tagName: string;
  readonly outerHTML: string;
  readonly children: ArrayLike<DiffNode>;
}

/**
 * The child-index path (from <body>) of the deepest element of `after` that differs from `before`:
 * the first changed child at each level, entered while both sides have it with the same tag. An
 * added element is the answer itself; a removed one leaves its parent as the answer. Null when the
 * two are the same (a change only the styles show, like a new colour theme).
 */
export function changedPath(before: DiffNode, after: DiffNode): number[] | null {
  if (before.outerHTML === after.outerHTML) return null;
  const path: number[] = [];
  let a = before;
  let b = after;
  for (;;) {
    let next = -1;
    const count = Math.max(a.children.length, b.children.length);
    for (let index = 0; index < count; index++) {
      const x = a.children[index];
      const y = b.children[index];
      if (!x || !y || x.outerHTML !== y.outerHTML) {
        next = index;
        break;
      }
    }
    // The difference is in this element's own text or attributes, or a child went away at the end.
    if (next === -1 || next >= b.children.length) return path;
    const x = a.children[next];
    const y = b.children[next] as DiffNode;
    path.push(next);
    if (!x || x.tagName !== y.tagName) return path;
    a = x;
    b = y;
  }
}

/** The element at `path` under `root`, or the deepest one that exists on the way. */
export function elementAt(root: Element, path: readonly number[]): Element {
  let element = root;
  for (const index of path) {
    const child = element.children[index];
    if (!child) break;
    element = child;
  }
  return element;
}

/** Where two prepared documents first differ, as a path from <body>; null when nothing visible did. */
export function changedPart(before: PreparedPreview, after: PreparedPreview): number[] | null {
  const parser = new DOMParser();
  const a = parser.parseFromString(before.srcdoc, 'text/html').body;
  const b = parser.parseFromString(after.srcdoc, 'text/html').body;
  return changedPath(a, b);
}
