// Publishing one company: read its data, render every page with the prebuilt Astro bundle, and
// swap the result in as its live site. The worker calls this; so does `npm run rebuild`.
import type { Db } from '../db';
import type { Config } from '../lib/config';
import type { Logger } from '../lib/logger';
import { type LandingRenderer, loadSiteRenderer, type SiteRenderer } from './astro-renderer';
import { companyKey, createLandingPublisher, type LandingPublisher, landingAfterPublish } from './landing';
import { loadSiteModel } from './load-site';
import { type PublishStep, publishStamp } from './publish-trace';
import { RenderMemo } from './render-memo';
import { type RenderElsewhere, renderSiteFiles, type SiteFile } from './site-files';
import { type SiteModel, sitesDirOf } from './site-model';
import { liveDocuments, removeSite, writeSite } from './write-site';

export { createLandingPublisher } from './landing';
export { MAIN_SITE_FOLDER } from './landing-model';
export { loadSiteModel } from './load-site';
export { createThreadedPublisher } from './render-pool';
export type { SiteFile } from './site-files';
export { SITE_FILES, sitesDirOf } from './site-model';
export { liveBuild, liveBuildTime, removeSite, writeSite } from './write-site';

export interface SitePublisher {
  /** Renders and swaps in the company's site while `alongside` (what goes with the site, such as its
   *  host routes) runs, then refreshes the landing page; 'gone' when the company no longer exists (its
   *  site is removed, the landing page still refreshed). */
  publish(cvr: string, alongside?: () => Promise<void>): Promise<'published' | 'gone'>;
  /** Renders the landing page's company section from the database (null without a landing renderer). */
  landing: LandingPublisher | null;
}

export interface PublisherDeps {
  db: Db;
  config: Pick<Config, 'publicHost' | 'storageDir'> & Partial<Pick<Config, 'precompress'>>;
  logger?: Logger;
  /** Defaults to the built bundle in dist/site. */
  renderer?: SiteRenderer & Partial<LandingRenderer>;
  /** The render memo's budget; default RENDER_MEMO_BYTES (tests: 0, a memo that holds nothing). */
  memoBytes?: number;
}

/** One company's site rendered in memory, not yet written. */
export interface RenderedSite {
  site: SiteModel;
  files: SiteFile[];
}

export interface RenderCompanyOptions {
  stamp?: (step: PublishStep) => void;
  memo?: RenderMemo;
  elsewhere?: RenderElsewhere;
  /** A publish: documents whose input is unchanged are taken from the live build under this sites
   *  folder, not rendered (site-files.ts). A rebuild leaves it out and renders every document. */
  sitesDir?: string;
}

/**
 * Reads one company fresh from the database and renders its site: every document, or with
 * `sitesDir` those whose input changed since its live build; undefined when it is gone.
 */
export async function renderCompanySite(
  db: Db,
  publicHost: string,
  renderer: SiteRenderer,
  cvr: string,
  { stamp, memo, elsewhere, sitesDir }: RenderCompanyOptions = {},
): Promise<RenderedSite | undefined> {
  const [site, live] = await Promise.all([
    loadSiteModel(db, cvr, publicHost),
    sitesDir === undefined ? undefined : liveDocuments(sitesDir, cvr),
  ]);
  stamp?.('loaded');
  if (!site) {
    memo?.forget(cvr);
    return undefined;
  }
  const files = await renderSiteFiles(site, renderer, { memo, elsewhere, live });
  stamp?.('rendered');
  return { site, files };
}

/**
 * Rendered documents a publishing thread keeps (render-memo.ts): a publish takes a kept document
 * instead of reading it from the live build. Which documents are rendered is decided by their input
 * keys, kept with the build, not by the memo: a site that does not fit (a 300-page site of 50 KB
 * pages) still renders only what an edit changed. 8 MB holds about 40 five-page sites of 20 KB a
 * page per thread, kept small beside the serving process's own memory.
 */
export const RENDER_MEMO_BYTES = 8 * 1024 * 1024;

export async function createSitePublisher(deps: PublisherDeps): Promise<SitePublisher> {
  const renderer = deps.renderer ?? (await loadSiteRenderer());
  const sitesDir = sitesDirOf(deps.config);
  const memo = new RenderMemo(deps.memoBytes ?? RENDER_MEMO_BYTES);
  const { renderLanding } = renderer;
  const landing = renderLanding
    ? createLandingPublisher({
        db: deps.db,
        config: deps.config,
        sitesDir,
        renderer: { renderLanding: renderLanding.bind(renderer) },
        ...(deps.logger ? { logger: deps.logger } : {}),
      })
    : null;
  const afterPublish = landingAfterPublish(landing, sitesDir, deps.logger);
  return {
    landing,
    async publish(cvr, alongside) {
      const started = performance.now();
      const stamp = (step: PublishStep) => publishStamp(cvr, step);
      // What goes with the site (its host routes) is brought in line while it renders (render-pool.ts).
      const beside = alongside?.();
      beside?.catch(() => {});
      const rendered = await renderCompanySite(deps.db, deps.config.publicHost, renderer, cvr, {
        stamp,
        memo,
        sitesDir,
      });
      if (!rendered) {
        await removeSite(sitesDir, cvr);
        await Promise.all([afterPublish(cvr, undefined), beside]);
        return 'gone';
      }
      await writeSite(sitesDir, cvr, rendered.files, {
        precompress: deps.config.precompress ?? true,
        stamp,
      });
      stamp('thread-done');
      deps.logger?.info(
        { cvr, pages: rendered.site.pages.length, ms: Math.round(performance.now() - started) },
        'site published',
      );
      await Promise.all([
        afterPublish(cvr, companyKey(rendered.site.company)).then(() => stamp('landing-done')),
        beside,
      ]);
      return 'published';
    },
  };
}
