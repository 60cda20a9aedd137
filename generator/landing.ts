// The landing page with live data (the spec's Overview, Limits): its model from the database, and a publisher that
// renders it into storage/sites/_main/index.html whenever a company is published, so `/` stays a
// static file. Renders coalesce: while one runs, any number of requests make one more; a model
// unchanged since the last render is not written again.
import { createHash } from 'node:crypto';
import { type Company, type Db, listNewestCompanies, readCounter } from '../db';
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
 * Renders and writes the landing page unless `written` (the key of what the caller last wrote: the
 * build and the model) says it is live with this model now; returns the key of what is live. Most
 * publishes are page edits that leave the company section as it was, so an unchanged model is
 * neither rendered nor written, unless another process made its own landing page live since. The
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
    if (`${liveBefore}\n${key}` === written) return written;
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
    const build = await writeSite(
      deps.sitesDir,
      MAIN_SITE_FOLDER,
      [{ name: 'index.html', body: Buffer.from(html) }],
      { precompress: deps.config.precompress ?? true },
    );
    return `${build}\n${key}`;
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

/** Companies whose landing card one process remembers (landingWatch); the oldest are forgotten. */
const CARDS_REMEMBERED = 10_000;

/** What a company's landing card is made of (rules/landing.ts landingCard reads the company alone). */
export function companyKey(company: Company): string {
  return createHash('sha256').update(JSON.stringify(company)).digest('base64url');
}

/**
 * Whether a publish can leave the landing page as it is (issue 26). The landing page changes with a
 * sign-up (a company's first publish here), a deletion (a publish that finds the company gone) or a
 * change of a company's own record (its card); most publishes are page edits, which change none of
 * that, yet each refreshed the landing page: a read of the newest companies and a round trip to a
 * render thread, at the end of the job the company's next publish waits for. A publish may skip the
 * refresh when this process refreshed after the company's last publish with the same record, and
 * the landing page live now is the one this process saw then (another process or thread that wrote
 * it since may have written another version of the card).
 */
function landingWatch(sitesDir: string) {
  const cards = new Map<string, string>();
  let liveSeen: string | undefined;
  return {
    async unchanged(cvr: string, key: string): Promise<boolean> {
      if (cards.get(cvr) !== key || liveSeen === undefined) return false;
      return (await liveBuild(sitesDir, MAIN_SITE_FOLDER)) === liveSeen;
    },
    /** After a refresh that followed the company's publish with record `key`. */
    async refreshed(cvr: string, key: string): Promise<void> {
      cards.delete(cvr);
      cards.set(cvr, key);
      for (const oldest of cards.keys()) {
        if (cards.size <= CARDS_REMEMBERED) break;
        cards.delete(oldest);
      }
      liveSeen = await liveBuild(sitesDir, MAIN_SITE_FOLDER);
    },
  };
}

/**
 * What both publishers do once a company's own site is live (or removed): refresh the landing page
 * unless the watch says the company's card and the live landing page are as this process left them
 * (`key`: the company's companyKey; none for a company that is gone). A landing failure is logged,
 * never a failure of the publish.
 */
export function landingAfterPublish(
  landing: LandingPublisher | null,
  sitesDir: string,
  logger: Logger | undefined,
): (cvr: string, key: string | undefined) => Promise<void> {
  const watch = landingWatch(sitesDir);
  return async (cvr, key) => {
    if (!landing || (key !== undefined && (await watch.unchanged(cvr, key)))) return;
    try {
      await landing.refresh();
      if (key !== undefined) await watch.refreshed(cvr, key);
    } catch (error) {
      logger?.error({ err: error }, 'landing page render failed');
    }
  };
}
