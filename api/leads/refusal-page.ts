// The page a visitor without JavaScript gets when the site's quote form refuses a post (issue 39): a
// page of the site itself, the site's contact page rendered by the site's own templates (header and
// menu, logo, theme colours, the form in the one field order, the Kontakt section, footer), with what
// the visitor typed in the fields, each refusal beside its field (or, not about one field, above the
// button), the first refused field focused, and a fresh token, so one more press of "Send" is all it
// takes. It goes out with the Content-Security-Policy the site's pages have, and is kept out of
// search results and caches.
//
// It renders where the live preview renders (api/services/preview.ts: a render thread of its own in
// the product), from the site as stored: the page outlines the menu needs and the contact page whole.
// The answer's address is /api/sites/<cvr>/leads, not the site's, so the site's relative links are
// made absolute here (`om-os` → `/<cvr>/om-os` on the main host, `/om-os` on the company's own
// host); links within the page (`#kontakt`) stay as they are.
import type { Context } from 'hono';
import { findPage, listPageOutlines } from '../../db';
import { siteContactPage } from '../../generator/lead-pages';
import { loadSiteModel } from '../../generator/load-site';
import type { SiteModel } from '../../generator/site-model';
import { AppError } from '../../lib/errors';
import { CONTENT_SECURITY_POLICY } from '../../rules/content-security-policy';
import type { LeadFieldErrors, LeadInput } from '../../rules/lead-form';
import { LEAD_MESSAGES } from '../../rules/lead-messages';
import type { AppEnv } from '../env';

export interface RefusalPageInput {
  cvr: string;
  /** `/<cvr>` on the main host, '' on the company's own host: the site's paths start with it. */
  base: string;
  /** A fresh single-use token for the next press of "Send". */
  token: string;
  values: LeadInput;
  errors: LeadFieldErrors;
}

/** A relative href of the site's own (`om-os`, `./`, `./#kontakt`), not a scheme, a path or a fragment. */
const RELATIVE_HREF = / href="(?![a-z][a-z0-9+.-]*:|\/|#)([^"]*)"/gi;

/**
 * The site's relative links made absolute under `base`. Only attribute values match: Astro writes
 * every `"` of text as `&quot;`, and the JSON-LD's quotes are `\"`, so no text reads ` href="`.
 */
function absoluteLinks(html: string, base: string): string {
  return html.replace(RELATIVE_HREF, (_, href: string) => ` href="${base}/${href.replace(/^\.\//, '')}"`);
}

/** The site's contact page with the form refused, as a page of the site (HTML). */
async function renderRefusalPage(c: Context<AppEnv>, input: RefusalPageInput): Promise<string> {
  const db = c.get('db');
  const site = await loadSiteModel(db, input.cvr, c.get('config').publicHost, listPageOutlines);
  if (!site) throw new AppError('not_found', LEAD_MESSAGES.notAvailable);
  // The owner's Kontakt page whole (the others as the menu needs them), else the generated one.
  const outline = siteContactPage(site);
  const own = site.pages.some((page) => page.id === outline.id);
  const contact = (own && (await findPage(db, input.cvr, outline.id))) || outline;
  const model: SiteModel = {
    ...site,
    pages: own
      ? site.pages.map((page) => (page.id === contact.id ? contact : page))
      : [...site.pages, contact],
    leadForm: { token: input.token, refused: { values: input.values, errors: input.errors } },
  };
  return absoluteLinks(await c.get('previews').renderer.render(model, contact.id), input.base);
}

/** The refusal page as the answer to the post: the site's headers, never cached or indexed. */
export async function refusalPageAnswer(
  c: Context<AppEnv>,
  input: RefusalPageInput,
  status: 400 | 413 | 429,
): Promise<Response> {
  const html = await renderRefusalPage(c, input);
  c.header('Content-Security-Policy', CONTENT_SECURITY_POLICY);
  c.header('Cache-Control', 'no-store');
  c.header('X-Robots-Tag', 'noindex');
  return c.html(html, status);
}
