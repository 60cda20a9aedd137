// Which pages a company site links to, in what order, with what label, and at which relative href.
import type { Page } from '../../../db';
import type { SiteModel } from '../../../generator/site-model';
import { siteHref } from '../../../rules/page-content';
import { CONTACT_PAGE_SLUGS, findContactPage } from '../../../rules/pages';
import { REVIEWS_SLUG } from '../../../rules/site-reviews';

export interface NavItem {
  label: string;
  href: string;
  current: boolean;
}

/**
 * A link to one of the site's own addresses, written relative (`./`, `om-os`, `kontakt#tilbud`): as
 * it is on a page at depth one, from the site's root on a document shown at any depth (the 404 page,
 * SiteModel.linkBase).
 */
export function siteLink(site: Pick<SiteModel, 'linkBase'>, relative: string): string {
  const base = site.linkBase;
  if (base === undefined) return relative;
  return base + (relative.startsWith('./') ? relative.slice(2) : relative);
}

/** The home page is `./`; every other page its slug, relative so `/<cvr>/` and subdomains both work. */
function pageHref(site: SiteModel, page: Page): string {
  return siteLink(site, page.type === 'homepage' ? './' : siteHref(`/${page.slug}`));
}

/** A page's visible heading (its h1): the title, else the company name on the home page and the page
 *  name elsewhere. */
export function pageHeading(page: Page, companyName: string): string {
  const fallback = page.type === 'homepage' ? companyName : page.pageName;
  return page.title.trim() || fallback.trim() || companyName.trim();
}

// The short page name reads best in a menu (it is what the slug is made from); long AI titles do not.
function navLabel(page: Page): string {
  return page.pageName.trim() || page.title.trim() || page.slug;
}

/** The slug of the site's contact page (issue 39): the owner's page named Kontakt (or Kontakt os),
 *  else the generated `kontakt` (generator/lead-pages.ts). */
export function contactSlug(site: SiteModel): string {
  return findContactPage(site.pages)?.slug ?? (CONTACT_PAGE_SLUGS[0] as string);
}

/** The menu's last item, "Kontakt": the contact page, the owner's label when it is their page. */
export function contactItem(site: SiteModel, current: Page | null): NavItem {
  const own = findContactPage(site.pages);
  const slug = contactSlug(site);
  return {
    label: own ? navLabel(own) : 'Kontakt',
    href: siteLink(site, siteHref(`/${slug}`)),
    current: current !== null && current.type !== 'homepage' && current.slug === slug,
  };
}

/** The non-home pages the owner shows in the menu ("Vis i menuen"), in the model's order (the owner's
 *  menu order), but the contact page, which is always the menu's last item (contactItem). A hidden
 *  page is still published and in the sitemap; only the menu leaves it out. A site that shows its
 *  reviews has "Anmeldelser" after them (issue 49), unless the owner has a page in its place. */
export function navItems(site: SiteModel, current: Page | null): NavItem[] {
  const contact = findContactPage(site.pages);
  const items = site.pages
    .filter((page) => page.type !== 'homepage' && page.slug !== '' && page.showInMenu !== false)
    .filter((page) => page !== contact)
    .map((page) => ({ label: navLabel(page), href: pageHref(site, page), current: page.id === current?.id }));
  const review = reviewsItem(site, current);
  return review ? [...items, review] : items;
}

/** "Anmeldelser": the page every review is on (generator/lead-pages.ts), when the site shows reviews
 *  and the owner has no page of that address (theirs is in the menu as they set it). */
function reviewsItem(site: SiteModel, current: Page | null): NavItem | null {
  if (site.reviews === undefined || site.pages.some((page) => page.slug === REVIEWS_SLUG)) return null;
  return {
    label: 'Anmeldelser',
    href: siteLink(site, siteHref(`/${REVIEWS_SLUG}`)),
    current: current !== null && current.type !== 'homepage' && current.slug === REVIEWS_SLUG,
  };
}
