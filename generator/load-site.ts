// Reads everything one company's site is rendered from, in one go, fresh from the database.

import {
  type Company,
  type Db,
  findCompanyByCvr,
  getBookingSettings,
  getLeadSettings,
  getTrustSettings,
  listImages,
  listPageStamps,
  listPages,
  listPagesById,
  listReviews,
  listStampedPages,
  nextFreeStart,
  type Page,
  pageToken,
} from '../db';
import { bookingPagePath } from '../rules/customer-pages';
import { siteReviews } from '../rules/site-reviews';
import { siteTrust } from '../rules/site-trust';
import { canonicalOrigin, productOrigin } from '../rules/site-url';
import { bookingDefaults } from '../rules/trades/bookable';
import type { BuildInputs, StoredPages } from './site-files';
import type { SiteModel } from './site-model';

/**
 * The page token's time is the render's day, not its millisecond: two publishes on one day write the
 * same bytes (a publish of an unchanged site changes no file), and a page token is accepted for 30 days.
 */
function startOfDay(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

/**
 * The company's site model, or undefined when the company no longer exists. `pages` reads the pages
 * another way (the live preview reads only what the menu needs of the pages it does not render).
 * `now` is the render's clock: the next free booking time is the one free then.
 */
export async function loadSiteModel(
  db: Db,
  cvr: string,
  publicHost: string,
  pages: (db: Db, cvr: string) => Promise<Page[]> = listPages,
  now: Date = new Date(),
): Promise<SiteModel | undefined> {
  const company = await findCompanyByCvr(db, cvr);
  if (!company) return undefined;
  const reviews = siteReviews(await listReviews(db, cvr));
  return {
    company,
    pages: await pages(db, cvr),
    canonicalOrigin: canonicalOrigin(company, publicHost),
    productOrigin: productOrigin(publicHost),
    images: Object.fromEntries((await listImages(db, cvr)).map((image) => [image.url, image.variants])),
    trust: siteTrust(company, await getTrustSettings(db, cvr), now),
    ...(reviews ? { reviews } : {}),
    ...((await bookingEnabled(db, company)) ? { booking: await siteBooking(db, company, now) } : {}),
    ...((await getLeadSettings(db, cvr)).formEnabled
      ? { leadForm: { token: await pageToken(db, cvr, startOfDay(new Date())) } }
      : {}),
  };
}

/** The booking page and the next time free on it (absent when none is free within the horizon). */
async function siteBooking(db: Db, company: Company, now: Date): Promise<NonNullable<SiteModel['booking']>> {
  const next = await nextFreeStart(db, company, now);
  return { href: bookingPagePath(company.cvr), ...(next ? { next: next.toISOString() } : {}) };
}

/** Whether the site offers "Book tid": the owner's saved choice, else his trade's default (issue 52). */
async function bookingEnabled(db: Db, company: Company): Promise<boolean> {
  const saved = await getBookingSettings(db, company.cvr);
  if (saved) return saved.enabled;
  return bookingDefaults({
    industryCode: company.industryCode,
    industryDesc: company.industryDesc,
    companyName: company.name,
  }).enabled;
}

/** What a page's row was when read: its revision (raised by the database on every change of the row,
 *  migration 0025) and its last save. */
function pageStamp(page: Page, revision: number): string {
  return `${revision} ${page.updatedAt}`;
}

/**
 * The company's site model for a publish, or undefined when the company no longer exists. Its pages
 * are read whole only where their row moved since `kept` (the live build's, write-site.ts) was
 * written; the others hold what the menus read (listPageStamps) and the hash kept for them, and are
 * read whole only when one of their documents is rendered (site-files.ts renderSite). Without
 * `kept`, every page is read whole.
 */
export async function loadChangedSite(
  db: Db,
  cvr: string,
  publicHost: string,
  kept: BuildInputs['pages'] | undefined,
  now: Date = new Date(),
): Promise<{ site: SiteModel; stored: StoredPages } | undefined> {
  const stamps = new Map<string, string>();
  const hashes = new Map<string, string>();
  const thin = new Set<string>();
  const load = (ids: readonly string[]) => listPagesById(db, cvr, ids);
  const site = await loadSiteModel(
    db,
    cvr,
    publicHost,
    async () => {
      if (!kept) {
        const rows = await listStampedPages(db, cvr);
        for (const { page, revision } of rows) stamps.set(page.id, pageStamp(page, revision));
        return rows.map(({ page }) => page);
      }
      const rows = await listPageStamps(db, cvr);
      const changed: string[] = [];
      for (const { page, revision } of rows) {
        const stamp = pageStamp(page, revision);
        stamps.set(page.id, stamp);
        const known = kept?.[page.id];
        if (known && known[0] === stamp) {
          hashes.set(page.id, known[1]);
          thin.add(page.id);
        } else {
          changed.push(page.id);
        }
      }
      const whole = new Map((await load(changed)).map((page) => [page.id, page]));
      // A page removed between the two reads stays thin without a hash: its documents cannot be keyed,
      // and the publish fails (and is retried) rather than guess.
      return rows.map(({ page }) => {
        const read = whole.get(page.id);
        if (!read) thin.add(page.id);
        return read ?? page;
      });
    },
    now,
  );
  return site && { site, stored: { stamps, hashes, thin, load } };
}
