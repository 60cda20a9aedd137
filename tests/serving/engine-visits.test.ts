// Owners still see their visitors when nginx or Caddy serves (issue 29 item 4): a page the engine
// answers from a site folder is logged (nginx: the generated log_format; Caddy: its JSON access log),
// read by server/engine-visits.ts and counted into the table the owner's dashboard chart reads, by
// the Node server's rule: browsers only, no prefetch.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listSitePageViews } from '../../db';
import { createLogger } from '../../lib/logger';
import { copenhagenDay } from '../../rules/ai-limit';
import { type EngineVisits, startEngineVisits } from '../../server/engine-visits';
import { hostRoutingOf } from '../../server/host-routes';
import { rawRequest } from '../support/site-folders';
import { engineMissing, type RunningEngine, startCaddy, startNginx } from './engines';
import { createServingFixture, HANSEN, PUBLIC_HOST, type ServingFixture } from './fixture';

const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
for (const name of ['nginx', 'caddy'] as const) {
  const missing = engineMissing(name);
  describe.skipIf(missing !== null && !process.env.CI)(`page views served by ${name}`, () => {
    let fixture: ServingFixture;
    let engine: RunningEngine;
    let views: EngineVisits;
    let logFile: string;

    beforeAll(async () => {
      fixture = await createServingFixture();
      logFile = path.join(fixture.dir, 'views.log');
      const settings = {
        publicHost: fixture.config.publicHost,
        storageDir: fixture.config.storageDir,
        app: `127.0.0.1:${fixture.node.port}`,
        accessLog: logFile,
      };
      engine =
        name === 'nginx' ? await startNginx(fixture.dir, settings) : await startCaddy(fixture.dir, settings);
      views = await startEngineVisits({
        db: fixture.db,
        logger: createLogger({ logLevel: 'silent' }),
        logFile,
        routesDir: hostRoutingOf(fixture.config).routesDir,
        everyMs: 0,
      });
    }, 60_000);

    afterAll(async () => {
      await views?.close();
      await engine?.stop();
      await fixture?.close();
    });

    it("reach the owner's chart, counted as the Node server counts them", async () => {
      const get = (host: string, urlPath: string, headers: Record<string, string> = {}) =>
        rawRequest(engine.port, { host, path: urlPath, headers: { 'user-agent': BROWSER, ...headers } });
      const sub = `${HANSEN.subdomain}.${PUBLIC_HOST}`;
      expect((await get(sub, '/')).status).toBe(200);
      expect((await get(sub, '/om-os')).status).toBe(200);
      expect((await get(HANSEN.domain, '/om-os', { 'accept-encoding': 'br' })).status).toBe(200);
      expect((await get(PUBLIC_HOST, `/${HANSEN.cvr}/`)).status).toBe(200);
      // Not views: a crawler, a prefetch, the 404 page, a sitemap, a missing page the app answers.
      await get(sub, '/', { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' });
      await get(sub, '/om-os', { 'sec-purpose': 'prefetch' });
      await get(sub, '/404');
      await get(sub, '/sitemap.xml');
      await get(sub, '/findes-ikke');

      // The engine writes its log line when the response is done; give it a moment.
      let counted = 0;
      for (let attempt = 0; attempt < 40 && counted < 4; attempt++) {
        counted += await views.poll();
        if (counted < 4) await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(counted).toBe(4);
      const today = copenhagenDay(new Date());
      const rows = await listSitePageViews(fixture.db, HANSEN.cvr, today, today);
      expect(rows.map((row) => [row.path, row.count])).toEqual([
        ['/', 2],
        ['/om-os', 2],
      ]);
      // No visitor's address in the log.
      expect(readFileSync(logFile, 'utf8')).not.toMatch(/127\.0\.0\.1|remote_ip/);
    });
  });
}
