// The landing page with live data (SPEC §1, §9): its model from the database, and a publisher that
// renders it into storage/sites/_main/index.html whenever a company is published, so `/` stays a
// static file. Renders coalesce: while one runs, any number of requests make one more; a model
// unchanged since the last render is not written again.
import { type Db, listNewestCompanies, readCounter } from '../db';
import type { Config } from '../lib/config';
import type { Logger } from '../lib/logger';
import { LANDING_MAX_CARDS, landingSectionOf } from '../rules/landing';
import type { LandingRenderer } from './astro-renderer';
import { type LandingModel, MAIN_SITE_FOLDER } from './landing-model';
import { liveBuild, writeSite } from './write-site';

/** Renders of one refresh while the company section keeps changing under it. */
const MAX_RENDERS_PER_REFRESH = 3;

export async function loadLandingModel(db: Db, publicHost: string): Promise<LandingModel> {
  const [companyCount, companies] = await Promise.all([
    readCounter(db, 'companies'),
    listNewestCompanies(db, LANDING_MAX_CARDS),
  ]);
  return { companyCount, ...landingSectionOf(companyCount, companies, publicHost) };
}

export interface LandingPublisher {
  /** Renders the landing page from the database now (or right after the render running now). */
  refresh(): Promise<void>;
}

export interface LandingDeps {
  db: Db;
  config: Pick<Config, 'publicHost'> & Partial<Pick<Config, 'precompress'>>;
  sitesDir: string;
  renderer: LandingRenderer;
  logger?: Logger;
}

/**
 * Renders and writes the landing page unless its model equals `written` (the key of what the
 * caller last wrote); returns the key of the model now on disk. Most publishes are page edits that
 * leave the company section as it was, so an unchanged model is neither rendered nor written. The
 * model is read from the database once per refresh; it is read again only when another process
 * made a landing page live while this one rendered.
 */
export async function renderLandingOnce(deps: LandingDeps, written: string | null): Promise<string | null> {
  // Several worker processes each render the landing page after their publishes. One that started
  // first may finish last: if the live page changed under it, the other process may have read newer
  // data, so it reads the model again and renders that when it differs. Under a flood of sign-ups it
  // gives up after a few rounds and writes what it has; the next publish brings the page up to date.
  let liveBefore = await liveBuild(deps.sitesDir, MAIN_SITE_FOLDER);
  let model = await loadLandingModel(deps.db, deps.config.publicHost);
  for (let attempt = 1; ; attempt++) {
    const key = JSON.stringify(model);
    if (key === written) return written;
    const html = await deps.renderer.renderLanding(model);
    const liveNow = await liveBuild(deps.sitesDir, MAIN_SITE_FOLDER);
    if (liveNow !== liveBefore && attempt < MAX_RENDERS_PER_REFRESH) {
      liveBefore = liveNow;
      const current = await loadLandingModel(deps.db, deps.config.publicHost);
      if (JSON.stringify(current) !== key) {
        model = current;
        continue;
      }
    }
    await writeSite(deps.sitesDir, MAIN_SITE_FOLDER, [{ name: 'index.html', body: Buffer.from(html) }], {
      precompress: deps.config.precompress ?? false,
    });
    return key;
  }
}

/** Coalesces refreshes: while one runs, any number of calls make one more after it. */
export function coalesceLandingRenders(renderOnce: (written: string | null) => Promise<string | null>) {
  let running: Promise<void> | null = null;
  let again = false;
  // The model this process last wrote.
  let written: string | null = null;
  return {
    refresh(): Promise<void> {
      if (running) {
        again = true;
        return running;
      }
      running = (async () => {
        try {
          do {
            again = false;
            written = await renderOnce(written);
          } while (again);
        } finally {
          running = null;
        }
      })();
      return running;
    },
  };
}

export function createLandingPublisher(deps: LandingDeps): LandingPublisher {
  return coalesceLandingRenders((written) => renderLandingOnce(deps, written));
}
