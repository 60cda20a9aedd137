// Publishing one company: read its data, render every page with the prebuilt Astro bundle, and
// swap the result in as its live site. The worker calls this; so does `npm run rebuild`.
import path from 'node:path';
import type { Db } from '../db';
import type { Config } from '../lib/config';
import type { Logger } from '../lib/logger';
import { loadSiteRenderer, type SiteRenderer } from './astro-renderer';
import { loadSiteModel } from './load-site';
import { renderSiteFiles } from './site-files';
import { removeSite, writeSite } from './write-site';

export { loadSiteModel } from './load-site';
export { renderSiteFiles } from './site-files';
export type { SiteLocals, SiteModel } from './site-model';
export { SITE_FILES } from './site-model';
export { liveBuild, removeSite, writeSite } from './write-site';

export interface SitePublisher {
  /** Renders and swaps in the company's site; 'gone' when the company no longer exists. */
  publish(cvr: string): Promise<'published' | 'gone'>;
}

export interface PublisherDeps {
  db: Db;
  config: Pick<Config, 'publicHost' | 'storageDir'>;
  logger?: Logger;
  /** Defaults to the built bundle in dist/site. */
  renderer?: SiteRenderer;
}

export function sitesDirOf(config: Pick<Config, 'storageDir'>): string {
  return path.join(config.storageDir, 'sites');
}

export async function createSitePublisher(deps: PublisherDeps): Promise<SitePublisher> {
  const renderer = deps.renderer ?? (await loadSiteRenderer());
  const sitesDir = sitesDirOf(deps.config);
  return {
    async publish(cvr) {
      const site = await loadSiteModel(deps.db, cvr, deps.config.publicHost);
      if (!site) {
        await removeSite(sitesDir, cvr);
        return 'gone';
      }
      const started = performance.now();
      const files = await renderSiteFiles(site, renderer);
      await writeSite(sitesDir, cvr, files);
      deps.logger?.info(
        { cvr, pages: site.pages.length, ms: Math.round(performance.now() - started) },
        'site published',
      );
      return 'published';
    },
  };
}
