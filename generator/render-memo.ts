// Publishing only what changed (issue 26): most publishes follow an edit of one page, yet every
// document of the site used to be rendered again (eight documents for a five-page site, ~1.2 ms of
// CPU each). A document is a pure function of what the templates are handed for it, so each render's
// input is hashed and the body kept under that key: the next publish renders a document only when
// its input changed, and takes the kept bytes otherwise.
//
// What a document's input is (renderDocuments in site-files.ts): the site model with every page but the
// document's own reduced to its outline (pageOutline below), plus the document's page whole. The
// templates are handed exactly that, so nothing they read is outside the key: a template that starts
// reading another page's text finds it empty in every render (and its tests fail), never stale.
import { createHash, type Hash } from 'node:crypto';
import type { Page } from '../db';
import type { SiteModel } from './site-model';

/**
 * A page as the other documents of its site see it: what their menus need
 * (templates/site/lib/navigation.ts), with the texts, images and times empty, so an edit of one
 * page's text or title changes no other document's input. The title stays only where the menu shows
 * it (a page without a page name; navLabel there).
 */
export function pageOutline(page: Page): Page {
  return {
    ...page,
    title: page.pageName.trim() ? '' : page.title,
    subtitle: '',
    content: '',
    image: null,
    heroBackgroundImage: null,
    gallery: [],
    metaTitle: '',
    metaDescription: '',
    createdAt: '',
    updatedAt: '',
  };
}

/** The hash of a document's own page whole (`null`: a document of no stored page, such as 404). A
 *  publish keeps it beside the build for each stored page with its row's revision, so an unchanged
 *  page is neither read from the database nor hashed again (load-site.ts). */
export function hashPage(page: Page | null): string {
  return page === null ? 'null' : createHash('sha256').update(JSON.stringify(page)).digest('base64url');
}

/** Keys of the documents of one site: the site's shared part hashed once, each page's part added. */
export interface DocumentKeys {
  /** The key of the document rendering the page of this hash (hashPage), with what only that
   *  document shows of the site (`own`: the homepage's next free booking time). */
  of(pageHash: string, own?: string): string;
}

/** `templates`: the renderer's (astro-renderer.ts), so a key kept with a build never matches a
 *  document the next deploy's templates would render otherwise. */
export function documentKeys(site: SiteModel, outlines: readonly Page[], templates = ''): DocumentKeys {
  // The next free booking time is the homepage's alone (its key adds it): a booking that moves it
  // renders the homepage again, not every page.
  const { pages: _pages, booking, ...rest } = site;
  const shared = booking ? { ...rest, booking: { href: booking.href } } : rest;
  const base: Hash = createHash('sha256')
    .update(templates)
    .update('\0')
    .update(JSON.stringify(shared))
    .update(JSON.stringify(outlines));
  return {
    of(pageHash, own = '') {
      return base.copy().update(pageHash).update('\0').update(own).digest('base64url');
    },
  };
}

interface Kept {
  /** Document file name → the key of its input and its bytes. */
  files: Map<string, { key: string; body: Buffer }>;
  bytes: number;
}

/**
 * Rendered documents of recently published companies, least recently published dropped first once
 * the bytes kept pass `maxBytes`. One per render thread: a company published on the other thread
 * next time is simply rendered whole there (a key never matches a body made from other input).
 */
export class RenderMemo {
  private readonly sites = new Map<string, Kept>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  /** The kept body of `name` of company `cvr` when it was rendered from the input `key`. */
  lookup(cvr: string, name: string, key: string): Buffer | undefined {
    const kept = this.sites.get(cvr)?.files.get(name);
    return kept?.key === key ? kept.body : undefined;
  }

  /** Keeps a site's documents (replacing what was kept of it) as the most recently published. */
  store(cvr: string, documents: ReadonlyArray<{ name: string; key: string; body: Buffer }>): void {
    this.forget(cvr);
    const files = new Map(documents.map(({ name, key, body }) => [name, { key, body }]));
    const bytes = documents.reduce((sum, document) => sum + document.body.length, 0);
    if (bytes > this.maxBytes) return;
    this.sites.set(cvr, { files, bytes });
    this.bytes += bytes;
    for (const [oldest, kept] of this.sites) {
      if (this.bytes <= this.maxBytes) break;
      this.sites.delete(oldest);
      this.bytes -= kept.bytes;
    }
  }

  forget(cvr: string): void {
    const kept = this.sites.get(cvr);
    if (!kept) return;
    this.sites.delete(cvr);
    this.bytes -= kept.bytes;
  }

  /** Bytes kept (for tests and logs). */
  get size(): number {
    return this.bytes;
  }
}
