// Reads everything one company's site is rendered from, in one go, fresh from the database.
import { pageToken } from '../api/leads/form-token';
import { type Db, findCompanyByCvr, getLeadSettings, listImages, listPages } from '../db';
import { canonicalOrigin, productOrigin } from '../rules/site-url';
import type { SiteModel } from './site-model';

/** The company's site model, or undefined when the company no longer exists. */
export async function loadSiteModel(db: Db, cvr: string, publicHost: string): Promise<SiteModel | undefined> {
  const company = await findCompanyByCvr(db, cvr);
  if (!company) return undefined;
  return {
    company,
    pages: await listPages(db, cvr),
    canonicalOrigin: canonicalOrigin(company, publicHost),
    productOrigin: productOrigin(publicHost),
    images: Object.fromEntries((await listImages(db, cvr)).map((image) => [image.url, image.variants])),
    ...((await getLeadSettings(db, cvr)).formEnabled
      ? { leadForm: { token: await pageToken(db, cvr, new Date()) } }
      : {}),
  };
}
