// The host routing tree that nginx and Caddy read (issue 29, docs/deploy.md shape 4): beside
// storage/sites the app keeps storage/routes, where a path lookup answers "which folder does this
// host mean" without a reload per change.
//
//   routes/hosts/<host>   → ../cvr/<cvr>         every subdomain (`<sub>.<PUBLIC_HOST>`) and every
//                                                VERIFIED custom domain; none: an unknown host
//   routes/cvr/<cvr>      → ../../sites/<cvr>    the site is shown (trial, grace or ordered)
//                         → ../inactive          past its trial grace: the "ikke aktiv" page (503)
//   routes/inactive/.inactive                    the marker an engine tests for
//   routes/pages/*.html                          the Node server's own 404 and inactive pages
//   routes/owners/<cvr>                          the hosts last written for a company, so a changed
//                                                subdomain or a lost domain is taken away again
//
// A host leads through its company's `cvr/` link, so a trial state change swaps one link, whatever
// the number of hosts. Every link is written under a temporary name and renamed over the old one
// (rename(2) is atomic): a visitor sees the old route or the new one, never none. A pending domain,
// a `www.`/apex twin and `<sub>.localhost` are not in the tree: the generated engine configuration
// reads the twin from the tree itself and answers with the Node server's redirect
// (scripts/proxy-config.ts). This module decides nothing about addressing: the database and
// rules/trial.ts do; it only writes down what they say.
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, readlink, rename, rm, symlink, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type CompanyRoute, type Db, findCompanyRoute, listCompanyRoutes } from '../db';
import { removePlantedLinks } from '../generator/write-site';
import type { Config } from '../lib/config';
import { normalizeHost } from '../rules/domain';
import { productOrigin } from '../rules/site-url';
import { siteState } from '../rules/trial';
import { inactiveSitePage, notFoundPage } from './fallback-pages';

/** Where the tree lives and whose subdomains it names. */
export interface HostRouting {
  routesDir: string;
  /** PUBLIC_HOST, with or without port. */
  publicHost: string;
  /**
   * The tree laid out by this routing's holder (ensureLayoutOnce): a publishing process makes its
   * routing once and keeps it, so it lays the tree out once; nothing is remembered per module, so a
   * second stack in the same process (a test, the bench) lays out its own tree.
   */
  laidOut?: Promise<void>;
}

export function hostRoutingOf(config: Pick<Config, 'storageDir' | 'publicHost'>): HostRouting {
  return { routesDir: path.join(config.storageDir, 'routes'), publicHost: config.publicHost };
}

/** The files of the tree that engines read, by name; the generated configurations use these. */
export const ROUTE_FOLDERS = { hosts: 'hosts', cvr: 'cvr', inactive: 'inactive', pages: 'pages' } as const;
export const INACTIVE_MARKER = '.inactive';
/** The Node server's fallback pages, byte for byte: a site's missing 404 (home `/`), an unknown
 *  custom domain (home: the product), an inactive site. */
export const ROUTE_PAGES = {
  siteNotFound: '404.html',
  domainNotFound: '404-domain.html',
  inactive: 'inactive.html',
} as const;

const INACTIVE_TARGET = `../${ROUTE_FOLDERS.inactive}`;
const BATCH = 500;
// A lower-case DNS name: no slash, and no leading dot (so never '.', '..' or a temporary name).
const HOST_FILE_NAME = /^[a-z0-9][a-z0-9.-]{0,252}$/;

function cvrTarget(cvr: string): string {
  return `../${ROUTE_FOLDERS.cvr}/${cvr}`;
}

/** The hosts that lead to the company: its subdomain and its verified custom domain. */
function companyHosts(route: CompanyRoute, publicHost: string): string[] {
  const hosts = [`${route.subdomain}.${normalizeHost(publicHost)}`];
  if (route.verifiedDomain !== null) hosts.push(route.verifiedDomain);
  // The names are validated where they are stored; a file name is checked again all the same.
  return hosts.filter((host) => HOST_FILE_NAME.test(host));
}

/** Where the company's `cvr/` link leads now: its site, or the inactive page past its grace days. */
function siteLinkTarget(route: CompanyRoute, now: Date): string {
  const state = siteState(
    { status: route.planStatus, trialEndDate: route.trialEndDate, endsAt: route.planEndsAt },
    now,
  );
  return state === 'inactive' ? INACTIVE_TARGET : `../../sites/${route.cvr}`;
}

/**
 * Points the company's `cvr/` link where the database says, and takes any symlink planted in the
 * site it leads to away first (generator/write-site.ts never writes one; Caddy would follow it).
 * Answers how many links it wrote or removed.
 */
async function linkSite(dir: string, route: CompanyRoute, now: Date): Promise<number> {
  const target = siteLinkTarget(route, now);
  let changes = 0;
  if (target !== INACTIVE_TARGET)
    changes += (await removePlantedLinks(path.join(dir, '..', 'sites'), route.cvr)).length;
  if (await replaceLink(path.join(dir, ROUTE_FOLDERS.cvr, route.cvr), target)) changes++;
  return changes;
}

/**
 * Brings one company's routes in line with the database: on sign-up, a subdomain or domain change,
 * a domain verified or lost, an order, a deletion (the company is gone: its routes go too).
 */
export async function syncHostRoute(
  db: Db,
  routing: HostRouting,
  cvr: string,
  now = new Date(),
): Promise<void> {
  await ensureLayoutOnce(routing);
  const route = await findCompanyRoute(db, cvr);
  const dir = routing.routesDir;
  const previous = await readOwnedHosts(dir, cvr);
  if (route === undefined) {
    for (const host of previous)
      await unlinkIfPointsTo(path.join(dir, ROUTE_FOLDERS.hosts, host), cvrTarget(cvr));
    await rm(path.join(dir, ROUTE_FOLDERS.cvr, cvr), { force: true });
    await rm(path.join(dir, 'owners', cvr), { force: true });
    return;
  }
  const hosts = companyHosts(route, routing.publicHost);
  // New routes first, then the old ones go: a visitor never meets a moment with neither.
  await linkSite(dir, route, now);
  for (const host of hosts) await replaceLink(path.join(dir, ROUTE_FOLDERS.hosts, host), cvrTarget(cvr));
  for (const host of previous) {
    if (!hosts.includes(host))
      await unlinkIfPointsTo(path.join(dir, ROUTE_FOLDERS.hosts, host), cvrTarget(cvr));
  }
  if (previous.join('\n') !== hosts.join('\n')) await writeOwnedHosts(dir, cvr, hosts);
}

/**
 * The whole tree from the database: at start and in the self-healing sweep (which also moves sites
 * past their grace days to the inactive page). Links already right are left alone; anything the
 * database no longer names is removed. Answers how many links it wrote or removed.
 */
export async function rebuildHostRoutes(db: Db, routing: HostRouting, now = new Date()): Promise<number> {
  await ensureLayout(routing);
  const dir = routing.routesDir;
  const wantedHosts = new Map<string, string>();
  const wantedCvrs = new Set<string>();
  let changes = 0;
  let after = '';
  for (;;) {
    const batch = await listCompanyRoutes(db, after, BATCH);
    for (const route of batch) {
      wantedCvrs.add(route.cvr);
      const hosts = companyHosts(route, routing.publicHost);
      changes += await linkSite(dir, route, now);
      for (const host of hosts) {
        wantedHosts.set(host, route.cvr);
        if (await replaceLink(path.join(dir, ROUTE_FOLDERS.hosts, host), cvrTarget(route.cvr))) changes++;
      }
      if ((await readOwnedHosts(dir, route.cvr)).join('\n') !== hosts.join('\n')) {
        await writeOwnedHosts(dir, route.cvr, hosts);
      }
    }
    const last = batch.at(-1);
    if (last === undefined || batch.length < BATCH) break;
    after = last.cvr;
  }
  for (const host of await readdir(path.join(dir, ROUTE_FOLDERS.hosts))) {
    if (!host.startsWith('.') && !wantedHosts.has(host)) {
      await rm(path.join(dir, ROUTE_FOLDERS.hosts, host), { force: true });
      changes++;
    }
  }
  for (const cvr of await readdir(path.join(dir, ROUTE_FOLDERS.cvr))) {
    if (!cvr.startsWith('.') && !wantedCvrs.has(cvr)) {
      await rm(path.join(dir, ROUTE_FOLDERS.cvr, cvr), { force: true });
      changes++;
    }
  }
  for (const cvr of await readdir(path.join(dir, 'owners'))) {
    if (/^[0-9]{8}$/.test(cvr) && !wantedCvrs.has(cvr))
      await rm(path.join(dir, 'owners', cvr), { force: true });
  }
  return changes;
}

/** The layout's files: the inactive marker and the fallback pages (they name PUBLIC_HOST's origin). */
function layoutFiles(publicHost: string): [name: string, body: Buffer][] {
  const origin = productOrigin(publicHost);
  return [
    [path.join(ROUTE_FOLDERS.inactive, INACTIVE_MARKER), Buffer.alloc(0)],
    [path.join(ROUTE_FOLDERS.pages, ROUTE_PAGES.siteNotFound), notFoundPage('/').body],
    [path.join(ROUTE_FOLDERS.pages, ROUTE_PAGES.domainNotFound), notFoundPage(`${origin}/`).body],
    [path.join(ROUTE_FOLDERS.pages, ROUTE_PAGES.inactive), inactiveSitePage(`${origin}/`).body],
  ];
}

/**
 * ensureLayout once per routing (see HostRouting.laidOut): every publish syncs its company's routes,
 * and checking the five folders and four pages again each time was two thirds of that sync's file
 * operations on the thread that serves visitors. The self-healing sweep (rebuildHostRoutes) lays the
 * tree out again every round, so a folder removed by hand comes back.
 */
function ensureLayoutOnce(routing: HostRouting): Promise<void> {
  if (!routing.laidOut) {
    const done = ensureLayout(routing);
    // A failed layout is tried again next time rather than remembered.
    done.catch(() => {
      if (routing.laidOut === done) routing.laidOut = undefined;
    });
    routing.laidOut = done;
  }
  return routing.laidOut;
}

async function ensureLayout(routing: HostRouting): Promise<void> {
  const dir = routing.routesDir;
  for (const folder of [
    ROUTE_FOLDERS.hosts,
    ROUTE_FOLDERS.cvr,
    ROUTE_FOLDERS.inactive,
    ROUTE_FOLDERS.pages,
    'owners',
  ]) {
    await mkdir(path.join(dir, folder), { recursive: true });
  }
  for (const [name, body] of layoutFiles(routing.publicHost)) {
    const file = path.join(dir, name);
    const current = await readFile(file).catch(() => null);
    if (current?.equals(body)) continue;
    const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
    await writeFile(temporary, body);
    await rename(temporary, file);
  }
}

/** Points `link` at `target` with one rename; false when it already did. */
async function replaceLink(link: string, target: string): Promise<boolean> {
  if ((await readlink(link).catch(() => null)) === target) return false;
  const temporary = path.join(
    path.dirname(link),
    `.${path.basename(link)}.${randomBytes(6).toString('hex')}`,
  );
  await symlink(target, temporary);
  try {
    await rename(temporary, link);
  } catch (error) {
    await unlink(temporary).catch(() => {});
    throw error;
  }
  return true;
}

/** Removes `link` only while it still leads where this company put it (another may own it now). */
async function unlinkIfPointsTo(link: string, target: string): Promise<void> {
  if ((await readlink(link).catch(() => null)) === target) await rm(link, { force: true });
}

async function readOwnedHosts(dir: string, cvr: string): Promise<string[]> {
  const text = await readFile(path.join(dir, 'owners', cvr), 'utf8').catch(() => '');
  return text.split('\n').filter((line) => line !== '');
}

async function writeOwnedHosts(dir: string, cvr: string, hosts: readonly string[]): Promise<void> {
  const file = path.join(dir, 'owners', cvr);
  const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  await writeFile(temporary, `${hosts.join('\n')}\n`);
  await rename(temporary, file);
}
