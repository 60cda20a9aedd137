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
import { removeSite, writeSite } from './write-site';

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
}

/** One company's site rendered in memory, not yet written. */
export interface RenderedSite {
  site: SiteModel;
  files: SiteFile[];
}

/** Reads one company fresh from the database and renders its whole site; undefined when it is gone. */
export async function renderCompanySite(
  db: Db,
  publicHost: string,
  renderer: SiteRenderer,
  cvr: string,
  stamp?: (step: PublishStep) => void,
  memo?: RenderMemo,
  elsewhere?: RenderElsewhere,
): Promise<RenderedSite | undefined> {
  const site = await loadSiteModel(db, cvr, publicHost);
  stamp?.('loaded');
  if (!site) {
    memo?.forget(cvr);
    return undefined;
  }
  const files = await renderSiteFiles(site, renderer, memo, elsewhere);
  stamp?.('rendered');
  return { site, files };
}

/**
 * Rendered documents a publishing thread keeps to render only what an edit changed (render-memo.ts).
 * What matters is the companies being edited now: 8 MB holds about 40 five-page sites of 20 KB a
 * page, or one 300-page site, per thread, kept small beside the serving process's own memory.
 */
export const RENDER_MEMO_BYTES = 8 * 1024 * 1024;

export async function createSitePublisher(deps: PublisherDeps): Promise<SitePublisher> {
  const renderer = deps.renderer ?? (await loadSiteRenderer());
  const sitesDir = sitesDirOf(deps.config);
  const memo = new RenderMemo(RENDER_MEMO_BYTES);
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
      const rendered = await renderCompanySite(deps.db, deps.config.publicHost, renderer, cvr, stamp, memo);
      if (!rendered) {
        await removeSite(sitesDir, cvr);
        await Promise.all([afterPublish(cvr, undefined), beside]);
        return 'gone';
      }
      await writeSite(sitesDir, cvr, rendered.files, {
        precompress: deps.config.precompress ?? false,
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
