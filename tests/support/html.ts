// A page's HTML as a visitor's browser would parse it, for the tests that read what a server answers
// over HTTP instead of loading it in Chromium: htmlparser2 (a dependency already) with a small CSS
// selector subset, enough for what those tests ask (`main h2 a`, `header.mk-header a[href="/kontakt"]`,
// `meta[name="description"]`, `ol.mk-grid > li`). Text is read as `textContent` reads it (entities
// decoded, hidden text included), so an assertion keeps what it asked of the page in Chromium.
import { request } from 'node:http';
import { DomUtils, parseDocument } from 'htmlparser2';

type Element = ReturnType<typeof DomUtils.getElementsByTagName>[number];

interface HtmlElement {
  tag: string;
  attr(name: string): string | undefined;
  /** `textContent`: every text below, as the DOM gives it. */
  text(): string;
  /** The elements below that match `selector`, in document order. */
  all(selector: string): HtmlElement[];
  /** The first match below; throws when there is none, naming the selector. */
  one(selector: string): HtmlElement;
}

export interface HtmlPage extends HtmlElement {
  /** The `<title>`'s text, as `document.title` gives it (whitespace collapsed and trimmed). */
  title(): string;
  /** The `<section>` a screen reader names `name` (its aria-label, or the text of the element its
   *  aria-labelledby points to), as Playwright's getByRole('region', { name }) finds it; or undefined. */
  region(name: string): HtmlElement | undefined;
}

export function parseHtml(html: string): HtmlPage {
  const document = parseDocument(html);
  const root = wrap(document.children);
  const byId = (id: string) => root.all(`[id="${id}"]`)[0];
  return {
    ...root,
    title: () => (root.all('title')[0]?.text() ?? '').replace(/\s+/g, ' ').trim(),
    region: (name) =>
      root.all('section').find((section) => {
        const label = section.attr('aria-label');
        const by = section.attr('aria-labelledby');
        const text = label ?? (by ? byId(by)?.text() : undefined);
        return text?.replace(/\s+/g, ' ').trim() === name;
      }),
  };
}

/** An answer over HTTP: status, Location, the body and the body parsed as a page. */
export interface PageAnswer {
  status: number;
  location: string | null;
  contentType: string | null;
  body: string;
  page: HtmlPage;
}

/**
 * GETs `url` without following redirects, as a browser asking that address would, with `host` as the
 * Host header when given (node:http: fetch drops a Host header), e.g. a company's subdomain on a
 * stack that listens on localhost.
 */
export function getPage(url: string, host?: string): Promise<PageAnswer> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: target.port,
        path: `${target.pathname}${target.search}`,
        headers: { host: host ?? target.host },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          body += chunk;
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            location: res.headers.location ?? null,
            contentType: res.headers['content-type'] ?? null,
            body,
            page: parseHtml(body),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}

type Nodes = Parameters<typeof DomUtils.findAll>[1];

function wrap(nodes: Nodes, element?: Element): HtmlElement {
  const all = (selector: string) => {
    const chain = parseSelector(selector);
    return DomUtils.findAll((el) => matches(el, chain, chain.length - 1), nodes).map((el) =>
      wrap(el.children, el),
    );
  };
  return {
    tag: element?.name ?? '#document',
    attr: (name) => element?.attribs[name],
    text: () => DomUtils.textContent(element ?? nodes),
    all,
    one(selector) {
      const [first] = all(selector);
      if (!first) throw new Error(`nothing matches ${selector}`);
      return first;
    },
  };
}

/** One compound selector (`a.b[c="d"]`) and how it relates to the one before it. */
interface Compound {
  tag: string | undefined;
  classes: string[];
  attrs: { name: string; value: string | undefined }[];
  /** ' ' (descendant) or '>' (child) to the previous compound; ' ' for the first. */
  combinator: ' ' | '>';
}

function parseSelector(selector: string): Compound[] {
  const chain: Compound[] = [];
  let combinator: ' ' | '>' = ' ';
  for (const token of selector.trim().split(/\s+(?=(?:[^"]*"[^"]*")*[^"]*$)/)) {
    if (token === '>') {
      combinator = '>';
      continue;
    }
    const compound = token.match(/^([a-z][a-z0-9-]*)?((?:\.[\w-]+)*)((?:\[[\w-]+(?:="[^"]*")?\])*)$/i);
    if (!compound) throw new Error(`unsupported selector: ${selector}`);
    chain.push({
      tag: compound[1]?.toLowerCase(),
      classes: (compound[2] ?? '').split('.').filter(Boolean),
      attrs: [...(compound[3] ?? '').matchAll(/\[([\w-]+)(?:="([^"]*)")?\]/g)].map((m) => ({
        name: m[1] as string,
        value: m[2],
      })),
      combinator,
    });
    combinator = ' ';
  }
  return chain;
}

function matchesCompound(el: Element, compound: Compound): boolean {
  if (compound.tag && el.name !== compound.tag) return false;
  const classes = (el.attribs.class ?? '').split(/\s+/);
  if (!compound.classes.every((name) => classes.includes(name))) return false;
  return compound.attrs.every(({ name, value }) =>
    value === undefined ? name in el.attribs : el.attribs[name] === value,
  );
}

function parentElement(el: Element): Element | undefined {
  const parent = el.parent;
  return parent && 'name' in parent && 'attribs' in parent ? (parent as Element) : undefined;
}

/** Whether `el` matches chain[0..index], chain[index] on `el` itself (backtracking over ancestors). */
function matches(el: Element, chain: Compound[], index: number): boolean {
  const compound = chain[index];
  if (!compound || !matchesCompound(el, compound)) return false;
  if (index === 0) return true;
  if (compound.combinator === '>') {
    const parent = parentElement(el);
    return parent !== undefined && matches(parent, chain, index - 1);
  }
  for (let up = parentElement(el); up; up = parentElement(up)) {
    if (matches(up, chain, index - 1)) return true;
  }
  return false;
}
