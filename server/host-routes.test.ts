import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { deleteCompany, insertCompany, setCustomDomainState, updateCompany } from '../db';
import { productOrigin } from '../rules/site-url';
import { DAY_MS, GRACE_DAYS, TRIAL_MS } from '../rules/trial';
import { describeEachDialect } from '../tests/support/databases';
import { inactiveSitePage, notFoundPage } from './fallback-pages';
import { type HostRouting, rebuildHostRoutes, syncHostRoute } from './host-routes';

const SIGNED_UP = new Date('2026-01-15T10:00:00.000Z');
const CVR = '12345678';
const OTHER = '87654321';

let storage: string;
let routing: HostRouting;

beforeEach(() => {
  storage = mkdtempSync(path.join(tmpdir(), 'mesterside-routes-'));
  mkdirSync(path.join(storage, 'sites', CVR), { recursive: true });
  mkdirSync(path.join(storage, 'sites', OTHER), { recursive: true });
  routing = { routesDir: path.join(storage, 'routes'), publicHost: 'mesterside.test:8080' };
});
afterEach(() => rmSync(storage, { recursive: true, force: true }));

/** Where a host leads on disk, as an engine resolving `routes/hosts/<host>` would see it. */
function folderOf(host: string): string | null {
  const link = path.join(routing.routesDir, 'hosts', host);
  return existsSync(link) ? path.relative(storage, realpathSync(link)) : null;
}

function hosts(): string[] {
  return readdirSync(path.join(routing.routesDir, 'hosts')).sort();
}

describeEachDialect('host routes', (use) => {
  it('takes a symlink planted in a site away before it routes the site (Caddy would follow it)', async () => {
    const { db } = use();
    const site = path.join(storage, 'sites', CVR);
    writeFileSync(path.join(site, 'index.html'), '<h1>Hansen</h1>');
    symlinkSync('/etc/passwd', path.join(site, 'evil.html'));
    await insertCompany(db, { cvr: CVR, name: 'Hansen Tømrer ApS', subdomain: 'hansen' }, SIGNED_UP);
    await syncHostRoute(db, routing, CVR, SIGNED_UP);
    expect(readdirSync(site)).toEqual(['index.html']);

    // Planted again between publishes: the start-up and the self-healing sweep take it away too.
    symlinkSync('../../secret.html', path.join(site, 'relative.html'));
    await expect(rebuildHostRoutes(db, routing, SIGNED_UP)).resolves.toBe(1);
    expect(readdirSync(site)).toEqual(['index.html']);
  });

  it('leads the subdomain of a new company to its site folder', async () => {
    const { db } = use();
    await insertCompany(db, { cvr: CVR, name: 'Hansen Tømrer ApS', subdomain: 'hansen' }, SIGNED_UP);
    await syncHostRoute(db, routing, CVR, SIGNED_UP);
    expect(hosts()).toEqual(['hansen.mesterside.test']);
    expect(folderOf('hansen.mesterside.test')).toBe(`sites/${CVR}`);
    expect(readlinkSync(path.join(routing.routesDir, 'hosts', 'hansen.mesterside.test'))).toBe(
      `../cvr/${CVR}`,
    );
  });

  it('adds a custom domain only once it is verified, and takes it away when it is lost', async () => {
    const { db } = use();
    await insertCompany(db, { cvr: CVR, name: 'Hansen', subdomain: 'hansen' }, SIGNED_UP);
    await updateCompany(db, CVR, { customDomain: 'hansen-tomrer.dk' }, SIGNED_UP);
    await syncHostRoute(db, routing, CVR, SIGNED_UP);
    expect(hosts()).toEqual(['hansen.mesterside.test']);

    await setCustomDomainState(db, CVR, 'hansen-tomrer.dk', {
      verifiedAt: SIGNED_UP.toISOString(),
      missingSince: null,
    });
    await syncHostRoute(db, routing, CVR, SIGNED_UP);
    expect(hosts()).toEqual(['hansen-tomrer.dk', 'hansen.mesterside.test']);
    expect(folderOf('hansen-tomrer.dk')).toBe(`sites/${CVR}`);

    await setCustomDomainState(db, CVR, 'hansen-tomrer.dk', {
      verifiedAt: null,
      missingSince: SIGNED_UP.toISOString(),
    });
    await syncHostRoute(db, routing, CVR, SIGNED_UP);
    expect(hosts()).toEqual(['hansen.mesterside.test']);
  });

  it("moves a changed subdomain and leaves another company's host alone", async () => {
    const { db } = use();
    await insertCompany(db, { cvr: CVR, name: 'Hansen', subdomain: 'hansen' }, SIGNED_UP);
    await insertCompany(db, { cvr: OTHER, name: 'Jensen', subdomain: 'jensen' }, SIGNED_UP);
    await syncHostRoute(db, routing, CVR, SIGNED_UP);
    await syncHostRoute(db, routing, OTHER, SIGNED_UP);
    // The subdomain changes hands: CVR takes 'nyhansen', OTHER takes 'hansen'.
    await db.updateTable('companies').set({ subdomain: 'nyhansen' }).where('cvr', '=', CVR).execute();
    await db.updateTable('companies').set({ subdomain: 'hansen' }).where('cvr', '=', OTHER).execute();
    await syncHostRoute(db, routing, OTHER, SIGNED_UP);
    await syncHostRoute(db, routing, CVR, SIGNED_UP);
    expect(folderOf('hansen.mesterside.test')).toBe(`sites/${OTHER}`);
    expect(folderOf('nyhansen.mesterside.test')).toBe(`sites/${CVR}`);
    expect(hosts()).toEqual(['hansen.mesterside.test', 'nyhansen.mesterside.test']);
  });

  it('leads an inactive site to the inactive page and back to the site once ordered', async () => {
    const { db } = use();
    await insertCompany(db, { cvr: CVR, name: 'Hansen', subdomain: 'hansen' }, SIGNED_UP);
    const closed = new Date(SIGNED_UP.getTime() + TRIAL_MS + GRACE_DAYS * DAY_MS + 1000);
    const inGrace = new Date(closed.getTime() - DAY_MS);
    await syncHostRoute(db, routing, CVR, inGrace);
    expect(folderOf('hansen.mesterside.test')).toBe(`sites/${CVR}`);

    await syncHostRoute(db, routing, CVR, closed);
    expect(folderOf('hansen.mesterside.test')).toBe('routes/inactive');
    expect(existsSync(path.join(routing.routesDir, 'cvr', CVR, '.inactive'))).toBe(true);

    await db.updateTable('companies').set({ planStatus: 'ordered' }).where('cvr', '=', CVR).execute();
    await syncHostRoute(db, routing, CVR, closed);
    expect(folderOf('hansen.mesterside.test')).toBe(`sites/${CVR}`);
  });

  it('removes every route of a deleted company', async () => {
    const { db } = use();
    await insertCompany(
      db,
      { cvr: CVR, name: 'Hansen', subdomain: 'hansen', customDomain: 'hansen.dk' },
      SIGNED_UP,
    );
    await setCustomDomainState(db, CVR, 'hansen.dk', {
      verifiedAt: SIGNED_UP.toISOString(),
      missingSince: null,
    });
    await syncHostRoute(db, routing, CVR, SIGNED_UP);
    expect(hosts()).toHaveLength(2);
    await deleteCompany(db, CVR);
    await syncHostRoute(db, routing, CVR, SIGNED_UP);
    expect(hosts()).toEqual([]);
    expect(readdirSync(path.join(routing.routesDir, 'cvr'))).toEqual([]);
  });

  it('rebuilds the whole tree from the database and removes what it no longer names', async () => {
    const { db } = use();
    await insertCompany(
      db,
      { cvr: CVR, name: 'Hansen', subdomain: 'hansen', customDomain: 'hansen.dk' },
      SIGNED_UP,
    );
    await setCustomDomainState(db, CVR, 'hansen.dk', {
      verifiedAt: SIGNED_UP.toISOString(),
      missingSince: null,
    });
    await insertCompany(db, { cvr: OTHER, name: 'Jensen', subdomain: 'jensen' }, SIGNED_UP);
    await syncHostRoute(db, routing, OTHER, SIGNED_UP);
    // Changes made behind the tree's back (a crash between commit and sync, a restored database).
    await db.updateTable('companies').set({ subdomain: 'jensen2' }).where('cvr', '=', OTHER).execute();

    expect(await rebuildHostRoutes(db, routing, SIGNED_UP)).toBeGreaterThan(0);
    expect(hosts()).toEqual(['hansen.dk', 'hansen.mesterside.test', 'jensen2.mesterside.test']);
    expect(folderOf('jensen2.mesterside.test')).toBe(`sites/${OTHER}`);
    // A second rebuild finds nothing to do.
    expect(await rebuildHostRoutes(db, routing, SIGNED_UP)).toBe(0);
  });

  it("writes the Node server's fallback pages byte for byte", async () => {
    const { db } = use();
    await rebuildHostRoutes(db, routing, SIGNED_UP);
    const page = (name: string) => readFileSync(path.join(routing.routesDir, 'pages', name));
    expect(page('404.html').equals(notFoundPage('/').body)).toBe(true);
    expect(page('404-domain.html').equals(notFoundPage(`${productOrigin(routing.publicHost)}/`).body)).toBe(
      true,
    );
    expect(page('inactive.html').equals(inactiveSitePage(`${productOrigin(routing.publicHost)}/`).body)).toBe(
      true,
    );
  });
});
