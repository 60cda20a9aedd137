// The engine follows the app without a reload (issue 29 item 1): a route written by
// syncHostRoute and a site swapped by a publish are what nginx serves on the very next request.
import { symlinkSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setCustomDomainState, updateCompany } from '../../db';
import { hostRoutingOf, syncHostRoute } from '../../server/host-routes';
import { rawRequest, writeFakeSite } from '../../server/test-support';
import { engineMissing, type RunningEngine, startNginx } from './engines';
import { createServingFixture, HANSEN, LARSEN, PUBLIC_HOST, SECRET, type ServingFixture } from './fixture';

const missing = engineMissing('nginx');
let fixture: ServingFixture;
let nginx: RunningEngine;

beforeAll(async () => {
  if (missing !== null) return;
  fixture = await createServingFixture();
  nginx = await startNginx(fixture.dir, {
    publicHost: fixture.config.publicHost,
    storageDir: fixture.config.storageDir,
    app: `127.0.0.1:${fixture.node.port}`,
  });
}, 60_000);

afterAll(async () => {
  await nginx?.stop();
  await fixture?.close();
});

describe.skipIf(missing !== null && !process.env.CI)(
  'nginx follows the routing tree without a reload',
  () => {
    const get = (host: string, urlPath = '/') => rawRequest(nginx.port, { host, path: urlPath });

    it('serves a domain the moment it is verified, and stops when it is lost', async () => {
      const routing = hostRoutingOf(fixture.config);
      expect((await get(LARSEN.domain)).status).toBe(404);
      await setCustomDomainState(fixture.db, LARSEN.cvr, LARSEN.domain, {
        verifiedAt: new Date().toISOString(),
        missingSince: null,
      });
      await syncHostRoute(fixture.db, routing, LARSEN.cvr);
      const served = await get(LARSEN.domain);
      expect(served.status).toBe(200);
      expect(served.body.toString()).toMatch(/Larsen VVS/);

      await updateCompany(fixture.db, LARSEN.cvr, { customDomain: 'larsen-ny.dk' });
      await syncHostRoute(fixture.db, routing, LARSEN.cvr);
      expect((await get(LARSEN.domain)).status).toBe(404);
    });

    it('refuses a symlink planted after the routes were written (before the sweep takes it away)', async () => {
      const site = path.join(fixture.config.storageDir, 'sites', HANSEN.cvr);
      symlinkSync(path.join(fixture.dir, 'outside', 'secret.html'), path.join(site, 'late.html'));
      const answer = await get(`${HANSEN.subdomain}.${PUBLIC_HOST}`, '/late');
      expect(answer.body.toString()).not.toContain(SECRET);
      expect(answer.status).toBe(302);
      expect(answer.headers.location).toBe('/404');
    });

    it('moves a changed subdomain at once', async () => {
      const routing = hostRoutingOf(fixture.config);
      await fixture.db
        .updateTable('companies')
        .set({ subdomain: 'larsen-vvs' })
        .where('cvr', '=', LARSEN.cvr)
        .execute();
      await syncHostRoute(fixture.db, routing, LARSEN.cvr);
      expect((await get(`larsen-vvs.${PUBLIC_HOST}`)).status).toBe(200);
      const old = await get(`${LARSEN.subdomain}.${PUBLIC_HOST}`);
      expect(old.status).toBe(302);
      expect(old.headers.location).toBe(`https://${PUBLIC_HOST}/404`);
    });

    it('serves a published site on the next request (the swap is a rename)', async () => {
      const sitesDir = path.join(fixture.config.storageDir, 'sites');
      writeFakeSite(sitesDir, LARSEN.cvr, { 'index.html': '<!doctype html><h1>Larsen, ny udgave</h1>' }, 2);
      const served = await get(`larsen-vvs.${PUBLIC_HOST}`);
      expect(served.body.toString()).toMatch(/ny udgave/);
    });
  },
);
