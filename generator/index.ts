// Publishing one company: read its data, render every page with the prebuilt Astro bundle, and
// swap the result in as its live site. The worker calls this; so does `npm run rebuild`.
import { type Db, recordNextFreeShown } from '../db';
import type { Config } from '../lib/config';
import type { Logger } from '../lib/logger';
import { type LandingRenderer, loadSiteRenderer, type SiteRenderer } from './astro-renderer';
import { companyKey, createLandingPublisher, type LandingPublisher, landingAfterPublish } from './landing';
import { loadChangedSite } from './load-site';
import { type PublishStep, publishStamp } from './publish-trace';
import { RenderMemo } from './render-memo';
import { type BuildInputs, type RenderElsewhere, renderSite, type SiteFile } from './site-files';
import { type SiteModel, sitesDirOf } from './site-model';
import { LiveBuildChanged, liveDocuments, removeSite, writeSite } from './write-site';

export { createLandingPublisher } from './landing';
export { MAIN_SITE_FOLDER } from './landing-model';
export { loadSiteModel } from './load-site';
export { createThreadedPublisher } from './render-pool';
export type { BuildInputs, SiteFile } from './site-files';
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
  /** Documents the live build holds unchanged (a publish): linked from it, never read (writeSite). */
  linked?: { dir: string; names: string[] };
  /** What it was rendered from, written beside the build (only from a renderer whose templates are
   *  known). */
  inputs?: BuildInputs;
}

export interface RenderCompanyOptions {
  stamp?: (step: PublishStep) => void;
  memo?: RenderMemo;
  elsewhere?: RenderElsewhere;
  /** A publish: documents whose input is unchanged are linked from the live build under this sites
   *  folder, neither read nor rendered, and only the pages whose row moved since it are read whole
   *  (site-files.ts, load-site.ts). A rebuild leaves it out and reads and renders everything. */
  sitesDir?: string;
  /** The render's clock (the next free booking time is the one free then); default the real one. */
  now?: Date;
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
  { stamp, memo, elsewhere, sitesDir, now }: RenderCompanyOptions = {},
): Promise<RenderedSite | undefined> {
  const found = sitesDir === undefined ? undefined : await liveDocuments(sitesDir, cvr);
  // What a build of other templates kept holds for none of these.
  const live =
    found && renderer.templates !== undefined && found.inputs.templates === renderer.templates
      ? found
      : undefined;
  // Without a live build every page is read whole, with the stamps the next publish compares.
  const loaded = await loadChangedSite(db, cvr, publicHost, live?.inputs.pages, now);
  stamp?.('loaded');
  if (!loaded) {
    memo?.forget(cvr);
    return undefined;
  }
  const { site, stored } = loaded;
  const { files, linked, inputs } = await renderSite(site, renderer, { memo, elsewhere, live, stored });
  stamp?.('rendered');
  return {
    site,
    files,
    ...(live && linked.length > 0 ? { linked: { dir: live.dir, names: linked } } : {}),
    ...(inputs ? { inputs } : {}),
  };
}

export interface PublishCompanyOptions extends Omit<RenderCompanyOptions, 'sitesDir' | 'stamp'> {
  stamp?: (step: PublishStep) => void;
  precompress?: boolean;
}

/**
 * Publishes one company: renders what changed since its live build (renderCompanySite) and swaps the
 * result in (writeSite); undefined (nothing written) when the company is gone. When the live build
 * changed meanwhile (another render of the company made its own live), it renders again against the
 * new one, and a third time whole.
 */
export async function publishCompanySite(
  db: Db,
  publicHost: string,
  renderer: SiteRenderer,
  sitesDir: string,
  cvr: string,
  { stamp, precompress = true, ...options }: PublishCompanyOptions = {},
): Promise<RenderedSite | undefined> {
  for (let attempt = 0; ; attempt++) {
    const rendered = await renderCompanySite(db, publicHost, renderer, cvr, {
      ...options,
      ...(stamp ? { stamp } : {}),
      ...(attempt < 2 ? { sitesDir } : {}),
    });
    if (!rendered) return undefined;
    try {
      await writeSite(sitesDir, cvr, rendered.files, {
        precompress,
        ...(stamp ? { stamp } : {}),
        ...(rendered.linked ? { linked: rendered.linked } : {}),
        ...(rendered.inputs ? { inputs: rendered.inputs } : {}),
      });
      // The booking routes ask for a publish only when the next free time they find is another.
      if (rendered.site.booking) await recordNextFreeShown(db, cvr, rendered.site.booking.next ?? '');
      return rendered;
    } catch (error) {
      if (!(error instanceof LiveBuildChanged) || attempt >= 2) throw error;
    }
  }
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
      const rendered = await publishCompanySite(deps.db, deps.config.publicHost, renderer, sitesDir, cvr, {
        stamp,
        memo,
        precompress: deps.config.precompress ?? true,
      });
      if (!rendered) {
        await removeSite(sitesDir, cvr);
        await Promise.all([afterPublish(cvr, undefined), beside]);
        return 'gone';
      }
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
