// The data one company's site is rendered from: read from the database once per publish and handed
// to the templates as Astro.locals. Templates read nothing else.
import path from 'node:path';
import type { Company, ImageVariant, Page } from '../db';
import type { Config } from '../lib/config';
import type { LeadFieldErrors, LeadInput } from '../rules/lead-form';
import { SITE_NOT_FOUND_FILES } from '../rules/request-target';
import type { SiteReviews } from '../rules/site-reviews';
import type { SiteTrust } from '../rules/site-trust';

export interface SiteModel {
  company: Company;
  /** Every page of the company in menu order (the owner's sortOrder, then createdAt and id), hidden
   *  ones too: they are rendered and in the sitemap, only the menu leaves them out. */
  pages: Page[];
  /** Origin for canonical URLs, og:url, JSON-LD url and the sitemap: the custom domain when set,
   *  else the subdomain (`canonicalOrigin` in rules/site-url.ts). */
  canonicalOrigin: string;
  /** The main host's origin (`productOrigin`), e.g. for the product's own pages. */
  productOrigin: string;
  /** The archive's WebP widths of each uploaded image, by the image's URL, for `srcset`. Optional:
   *  a page whose image is not in the archive (or a model without it) gets a plain `src`. */
  images?: Readonly<Record<string, readonly ImageVariant[]>>;
  /**
   * The quote form (issue 25) when the owner shows it: its signed render-time token (see
   * db/lead-form-token.ts). Absent: no form (a model made by hand, or the owner switched it off).
   * `refused` only on the no-JavaScript refusal page (api/leads/refusal-page.ts): the visitor's text
   * and the refusals, shown in the form.
   */
  leadForm?: { token: string; refused?: { values: LeadInput; errors: LeadFieldErrors } };
  /**
   * What a customer checks before calling (issue 42): authorisation, guarantee schemes, this year's
   * håndværkerfradrag, the area and the emergency line. Absent in a model made by hand: none shown.
   */
  trust?: SiteTrust;
  /**
   * The customers' reviews (issue 41) when the owner shows them and there is at least one: the
   * homepage's "Det siger kunderne", the /anmeldelser page, the hero's star line, the JSON-LD.
   */
  reviews?: SiteReviews;
  /**
   * Online booking (issue 52) while the owner has it on: "Book tid" is then the site's main call to
   * action (hero, menu, contact section) and leads to `href` (bookingPagePath, an address under
   * /api/sites/<cvr>/ like the quote form's action, so it answers on every host of the site).
   * `next`: the earliest time free on it when the site was rendered (an ISO instant), which the
   * homepage shows as "Næste ledige tid"; absent when none is free within the booking horizon.
   */
  booking?: { href: string; next?: string };
  /**
   * Where the links between the site's own pages start, for a document shown at any depth (the 404
   * page, issue 49): `/` on a company host, `/<cvr>/` on the main host. Absent: relative links
   * (`./`, `om-os`), which every page at depth one uses so its files serve every address form.
   */
  linkBase?: string;
}

/** What one render produces: a page of the company, or (page null) the site's 404 page. */
export interface SiteLocals {
  site: SiteModel;
  page: Page | null;
  /** Keeps the page out of search results (the quote form's thank-you page); the 404 page always is. */
  noindex?: boolean;
}

/**
 * The files of one rendered site, as the generator writes them into `storage/sites/<cvr>/` and the
 * static server reads them. Every link between a site's own pages is RELATIVE (`./` for the home
 * page, `om-os` for a page), so the same files serve `/<cvr>/…` on the main host (the home page is
 * `/<cvr>/`; `/<cvr>` redirects there) and `<subdomain>.<host>/…` or a custom domain (`/`, `/om-os`).
 * The 404 page answers every address of the site that names nothing, at any depth (`/a/b/c`), so its
 * links start at the site's root instead (`linkBase`), and it is written twice: `notFound` for the
 * company's hosts (links from `/`), `notFoundByPath` for `/<cvr>/…` (links from `/<cvr>/`).
 */
export const SITE_FILES = {
  home: 'index.html',
  page: (slug: string) => `${slug}.html`,
  notFound: SITE_NOT_FOUND_FILES.host,
  notFoundByPath: SITE_NOT_FOUND_FILES.path,
  sitemap: 'sitemap.xml',
  robots: 'robots.txt',
} as const;

/**
 * Files of at least this size also get `<file>.br` and `<file>.gz` siblings for precompressed
 * serving (the static server compresses the marketing site's files from the same size up). Below
 * it, a response fits one packet either way: a five-page site's sitemap.xml (about 550 bytes) and
 * robots.txt are served as they are, two files fewer to write per company.
 */
export const COMPRESS_MIN_BYTES = 1024;

/** Where the rendered sites live: `<STORAGE_DIR>/sites/<cvr>` (a link to the live build). */
export function sitesDirOf(config: Pick<Config, 'storageDir'>): string {
  return path.join(config.storageDir, 'sites');
}
