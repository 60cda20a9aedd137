// The engine follows the app without a reload (issue 29 item 1): a new route written by
// syncHostRoute is served on the very next request; a route taken away or a site swapped by a
// publish within a second (the generated open_file_cache_valid), as the Node server's 100 ms.
import { symlinkSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setCustomDomainState, updateCompany } from '../../db';
import { createLogger } from '../../lib/logger';
import { DAY_MS, GRACE_DAYS } from '../../rules/trial';
import { hostRoutingOf, rebuildHostRoutes, syncHostRoute } from '../../server/host-routes';
import { startSelfHeal } from '../../worker/self-heal';
import { type RawResponse, rawRequest, writeFakeSite } from '../support/site-folders';
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
    /** Asks until `done` holds, for at most 1.5 s (nginx keeps an open file for up to 1 s). */
    const within = async (host: string, done: (answer: RawResponse) => boolean, urlPath = '/') => {
      const started = Date.now();
      let answer = await get(host, urlPath);
      while (!done(answer) && Date.now() - started < 1500) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        answer = await get(host, urlPath);
      }
      return answer;
    };

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
      expect((await within(LARSEN.domain, (answer) => answer.status === 404)).status).toBe(404);
    });

    it('never serves a symlink planted after the routes were written, once the routes round ran', async () => {
      const site = path.join(fixture.config.storageDir, 'sites', HANSEN.cvr);
      symlinkSync(path.join(fixture.dir, 'outside', 'secret.html'), path.join(site, 'late.html'));
      await rebuildHostRoutes(fixture.db, hostRoutingOf(fixture.config));
      const answer = await get(`${HANSEN.subdomain}.${PUBLIC_HOST}`, '/late');
      expect(answer.body.toString()).not.toContain(SECRET);
      // The site's own 404 page, there (issue 49).
      expect(answer.status).toBe(404);
      expect(answer.body.toString()).toContain('Hansen: siden findes ikke');
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
      // The old one is nobody's now: the 404 page that leads to the product, there.
      const old = await within(`${LARSEN.subdomain}.${PUBLIC_HOST}`, (answer) => answer.status === 404);
      expect(old.status).toBe(404);
      expect(old.body.toString()).toContain(`href="https://${PUBLIC_HOST}/"`);
    });

    it('serves a published site within a second (the swap is a rename)', async () => {
      const sitesDir = path.join(fixture.config.storageDir, 'sites');
      writeFakeSite(sitesDir, LARSEN.cvr, { 'index.html': '<!doctype html><h1>Larsen, ny udgave</h1>' }, 2);
      const served = await within(`larsen-vvs.${PUBLIC_HOST}`, (answer) =>
        /ny udgave/.test(answer.body.toString()),
      );
      expect(served.body.toString()).toMatch(/ny udgave/);
    });

    it('shows the inactive page once the grace days run out, without a publish or a restart', async () => {
      // The self-healing sweep's routes round, every 5 minutes in production; 100 ms here.
      const heal = startSelfHeal({
        db: fixture.db,
        queue: { enqueue: async () => {} },
        sitesDir: path.join(fixture.config.storageDir, 'sites'),
        liveSince: async () => new Date(),
        logger: createLogger({ logLevel: 'silent' }),
        everyMs: 0,
        checkEveryMs: 0,
        rebuildRoutes: () => rebuildHostRoutes(fixture.db, hostRoutingOf(fixture.config)),
        routesEveryMs: 100,
      });
      try {
        const host = `larsen-vvs.${PUBLIC_HOST}`;
        expect((await get(host)).status).toBe(200);
        // The grace days end a moment from now: nothing else happens (no save, no publish).
        const closes = Date.now() + 600;
        await fixture.db
          .updateTable('companies')
          .set({ trialEndDate: new Date(closes - GRACE_DAYS * DAY_MS).toISOString() })
          .where('cvr', '=', LARSEN.cvr)
          .execute();
        let answer = await get(host);
        for (let waited = 0; answer.status !== 503 && waited < 5000; waited += 100) {
          await new Promise((resolve) => setTimeout(resolve, 100));
          answer = await get(host);
        }
        expect(answer.status).toBe(503);
        expect(answer.body.toString()).toMatch(/Hjemmesiden er ikke aktiv/);
        expect(Date.now()).toBeGreaterThanOrEqual(closes);
      } finally {
        heal.stop();
      }
    });
  },
);
