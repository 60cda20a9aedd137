// The small seeded product the conformance suite asks: three companies in a SQLite database, their
// sites written as the generator writes them (a symlink to a build with `.br` and `.gz` copies),
// the host routing tree (server/host-routes.ts) rebuilt from the database, a marketing build and an
// admin build of a few files, and the Node front server over all of it.
import { chmodSync, chownSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createApp } from '../../api/app';
import type { SiteLeadRoutesDeps } from '../../api/routes/site-leads';
import { type Db, insertCompany, insertPage, keepOldAddress, setCustomDomainState } from '../../db';
import { type Config, loadConfig } from '../../lib/config';
import { createLogger } from '../../lib/logger';
import { DAY_MS, GRACE_DAYS, TRIAL_MS } from '../../rules/trial';
import { type RunningFrontServer, startFrontServer } from '../../server/front-server';
import { hostRoutingOf, rebuildHostRoutes } from '../../server/host-routes';
import { createTestDatabase } from '../support/databases';
import { writeFakeSite } from '../support/site-folders';

export const PUBLIC_HOST = 'mesterside.test';
/** Shown, with a verified `www.` domain (its apex twin redirects) and a page of every kind. */
export const HANSEN = { cvr: '11111111', subdomain: 'hansen', domain: 'www.hansen-tomrer.dk' } as const;
/** Past its trial's grace days: the inactive page everywhere. */
export const JENSEN = { cvr: '22222222', subdomain: 'jensen', domain: 'jensen-maler.dk' } as const;
/** Shown, with a pending domain (serves nothing) and no 404 page of its own. */
export const LARSEN = { cvr: '33333333', subdomain: 'larsen', domain: 'larsen-vvs.dk' } as const;
/** Readable only through an escape; no response may ever carry it. */
export const SECRET = 'TOP SECRET outside every site folder';
const NOBODY = 65534;
export const MEDIA_NAME = 'logo-1700000000000.png';
const MEDIA_BYTES = Buffer.from('89504e470d0a1a0a0000000d4948445200000001', 'hex');

export const PAGES = {
  home: '<!doctype html><title>Hansen</title><h1>Hansen Tømrer</h1>'.padEnd(2000, ' x'),
  about: '<!doctype html><title>Om os</title><h1>Om Hansen</h1>'.padEnd(2000, ' y'),
  notFound: '<!doctype html><title>404</title><h1>Hansen: siden findes ikke</h1>'.padEnd(2000, ' z'),
  /** The same page with its links from `/<cvr>/`, for the main host (generator/site-files.ts). */
  notFoundByPath: '<!doctype html><title>404</title><h1>Hansen: siden findes ikke (sti)</h1>'.padEnd(
    2000,
    ' w',
  ),
  sitemap: '<?xml version="1.0"?><urlset></urlset>'.padEnd(1500, ' '),
  robots: 'User-agent: *\nAllow: /\n',
  larsenHome: '<!doctype html><title>Larsen</title><h1>Larsen VVS</h1>'.padEnd(2000, ' l'),
  jensenHome: '<!doctype html><title>Jensen</title><h1>Jensen Maler</h1>',
  /** The quote form's thank-you page (generator/lead-pages.ts), where a post without JS lands. */
  thanks: '<!doctype html><title>Tak</title><h1>Vi har modtaget din forespørgsel</h1>'.padEnd(2000, ' t'),
} as const;

/** Earlier addresses of Hansen's pages (page_addresses): the first two lead to om-os, the last to a
 *  page that is gone. */
export const MOVED = { toAbout: ['om-firmaet', 'vi-er-hansen'], toDeleted: 'altaner' } as const;

export interface ServingFixture {
  dir: string;
  config: Config;
  db: Db;
  node: RunningFrontServer;
  close(): Promise<void>;
}

/** `leads`: the quote form's limits (engine-leads.test.ts posts more than one client may). */
export async function createServingFixture(
  options: { leads?: SiteLeadRoutesDeps } = {},
): Promise<ServingFixture> {
  const dir = mkdtempSync(path.join(tmpdir(), 'mesterside-serving-'));
  // nginx started by root serves as `nobody`: the folder must be readable by others, as a
  // deployment's storage must be by the engine's user.
  chmodSync(dir, 0o755);
  const storage = path.join(dir, 'storage');
  const sitesDir = path.join(storage, 'sites');
  const outside = path.join(dir, 'outside');
  mkdirSync(outside, { recursive: true });
  writeFileSync(path.join(outside, 'secret.html'), SECRET);
  mkdirSync(storage, { recursive: true });
  writeFileSync(path.join(storage, 'secret.html'), SECRET);
  // Not the app's own files (Node refuses any symlink inside a site; for the engines the app removes
  // planted ones before it routes a site). Root (CI) gives them to somebody else all the same.
  if (process.getuid?.() === 0) {
    chownSync(path.join(outside, 'secret.html'), NOBODY, NOBODY);
    chownSync(path.join(storage, 'secret.html'), NOBODY, NOBODY);
  }

  const hansenBuild = writeFakeSite(sitesDir, HANSEN.cvr, {
    'index.html': PAGES.home,
    'om-os.html': PAGES.about,
    '404.html': PAGES.notFound,
    '404.path.html': PAGES.notFoundByPath,
    'sitemap.xml': PAGES.sitemap,
    'tak.html': PAGES.thanks,
  });
  // robots.txt is small: written without compressed copies, as the generator does.
  writeFileSync(path.join(hansenBuild, 'robots.txt'), PAGES.robots);
  // Symlinks planted inside a site folder, the way a compromised renderer might.
  symlinkSync(path.join(outside, 'secret.html'), path.join(hansenBuild, 'evil.html'));
  symlinkSync('../../../secret.html', path.join(hansenBuild, 'relative.html'));
  writeFakeSite(sitesDir, JENSEN.cvr, { 'index.html': PAGES.jensenHome });
  const larsenBuild = writeFakeSite(sitesDir, LARSEN.cvr, { 'index.html': PAGES.larsenHome });
  writeFileSync(path.join(larsenBuild, 'robots.txt'), PAGES.robots);

  // An uploaded logo, as api/images writes it.
  mkdirSync(path.join(storage, 'logos', HANSEN.cvr), { recursive: true });
  writeFileSync(path.join(storage, 'logos', HANSEN.cvr, `${MEDIA_NAME}`), MEDIA_BYTES);

  const marketingDir = path.join(dir, 'marketing');
  mkdirSync(path.join(marketingDir, '_astro'), { recursive: true });
  writeFileSync(path.join(marketingDir, 'index.html'), '<!doctype html><h1>Mesterside</h1>');
  writeFileSync(path.join(marketingDir, '404.html'), '<!doctype html><h1>Marketing 404</h1>');
  writeFileSync(path.join(marketingDir, 'privacy.html'), '<!doctype html><h1>Privatlivspolitik</h1>');
  writeFileSync(path.join(marketingDir, 'om.html'), '<!doctype html><h1>Om Mesterside</h1>');
  writeFileSync(path.join(marketingDir, '_astro', 'site.Ab12.css'), 'body{margin:0}');
  const adminDir = path.join(dir, 'admin');
  mkdirSync(adminDir, { recursive: true });
  writeFileSync(path.join(adminDir, 'index.html'), '<!doctype html><div id="admin"></div>');

  const database = await createTestDatabase('sqlite');
  const { db } = database;
  const now = new Date();
  await insertCompany(
    db,
    { cvr: HANSEN.cvr, name: 'Hansen Tømrer ApS', subdomain: HANSEN.subdomain, customDomain: HANSEN.domain },
    now,
  );
  await setCustomDomainState(db, HANSEN.cvr, HANSEN.domain, {
    verifiedAt: now.toISOString(),
    missingSince: null,
  });
  const longAgo = new Date(now.getTime() - TRIAL_MS - (GRACE_DAYS + 1) * DAY_MS);
  await insertCompany(
    db,
    { cvr: JENSEN.cvr, name: 'Jensen Maler ApS', subdomain: JENSEN.subdomain, customDomain: JENSEN.domain },
    longAgo,
  );
  await setCustomDomainState(db, JENSEN.cvr, JENSEN.domain, {
    verifiedAt: now.toISOString(),
    missingSince: null,
  });
  await insertCompany(
    db,
    { cvr: LARSEN.cvr, name: 'Larsen VVS ApS', subdomain: LARSEN.subdomain, customDomain: LARSEN.domain },
    now,
  );

  // Issue 49: Hansen's "Om os" had two addresses before om-os (a chain), and a deleted page had one.
  await insertPage(db, HANSEN.cvr, { pageName: 'Forside', type: 'homepage', layout: 'hero' }, now);
  const about = await insertPage(db, HANSEN.cvr, { pageName: 'Om os' }, now);
  for (const slug of MOVED.toAbout) await keepOldAddress(db, HANSEN.cvr, slug, about.id, now);
  await keepOldAddress(db, HANSEN.cvr, MOVED.toDeleted, 'a-deleted-page', now);

  const config = loadConfig({
    PUBLIC_HOST,
    DNS_A_RECORD: '203.0.113.10',
    STORAGE_DIR: storage,
    PORT: '0',
    TRUST_PROXY: '127.0.0.1,::1',
  });
  await rebuildHostRoutes(db, hostRoutingOf(config), now);
  const logger = createLogger({ logLevel: 'silent' });
  const node = await startFrontServer({
    config,
    db,
    logger,
    apiApp: createApp({ db, config, logger, leads: options.leads }),
    marketingDir,
    adminDir,
    host: '127.0.0.1',
  });
  return {
    dir,
    config,
    db,
    node,
    async close() {
      await node.close();
      await database.drop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
