// Reads everything one company's site is rendered from, in one go, fresh from the database.
import {
  type Db,
  findCompanyByCvr,
  getLeadSettings,
  getReviewSettings,
  getTrustSettings,
  listImages,
  listPages,
  listReviews,
  type Page,
  pageToken,
} from '../db';
import { siteReviews } from '../rules/site-reviews';
import { siteTrust } from '../rules/site-trust';
import { canonicalOrigin, productOrigin } from '../rules/site-url';
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
 */
export async function loadSiteModel(
  db: Db,
  cvr: string,
  publicHost: string,
  pages: (db: Db, cvr: string) => Promise<Page[]> = listPages,
): Promise<SiteModel | undefined> {
  const company = await findCompanyByCvr(db, cvr);
  if (!company) return undefined;
  const reviews = siteReviews(await listReviews(db, cvr), await getReviewSettings(db, cvr));
  return {
    company,
    pages: await pages(db, cvr),
    canonicalOrigin: canonicalOrigin(company, publicHost),
    productOrigin: productOrigin(publicHost),
    images: Object.fromEntries((await listImages(db, cvr)).map((image) => [image.url, image.variants])),
    trust: siteTrust(company, await getTrustSettings(db, cvr), new Date()),
    ...(reviews ? { reviews } : {}),
    ...((await getLeadSettings(db, cvr)).formEnabled
      ? { leadForm: { token: await pageToken(db, cvr, startOfDay(new Date())) } }
      : {}),
  };
}
