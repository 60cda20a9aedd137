// API paths with bad bytes (issue 23 item 12), through the real front server and API on SQLite and
// PostgreSQL: `/api/pages/%ff` or `/api/pages/%00` got the front server's 405 or its redirect to /404,
// or reached PostgreSQL as a NUL. Every /api path now answers a JSON 4xx with a Danish message.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { findPage } from '../../db';
import { createLogger } from '../../lib/logger';
import { type RunningFrontServer, startFrontServer } from '../../server';
import { describeWithDialects } from '../support/databases';
import { rawRequest } from '../support/site-folders';
import { type ApiHarness, createApiHarness, type Owner } from './api-harness';

const BAD_IDS = ['%ff', '%00', '%c0%ae', '%e0%80', '%', '%zz', 'a%0ab', '%ff%fe', 'a%2fb'];

describeWithDialects('bad bytes in API paths', (dialect) => {
  let h: ApiHarness;
  let owner: Owner;
  let cookie: string;
  let server: RunningFrontServer;

  beforeEach(async () => {
    h = await createApiHarness({}, { dialect });
    owner = await h.createOwner('12345678', 'Hansens Tømrer ApS');
    cookie = await h.signIn(owner.email);
    const logger = createLogger({ logLevel: 'silent' });
    server = await startFrontServer({
      config: h.config,
      db: h.db,
      logger,
      apiApp: h.app,
      port: 0,
      host: '127.0.0.1',
    });
  });
  afterEach(async () => {
    await server.close();
    await h.close();
  });

  it('answer every method with a JSON 4xx, never a redirect, a 405 or a 500', async () => {
    const paths = [
      ...BAD_IDS.flatMap((id) => [`/api/pages/${id}`, `/api/pages/${id}/history`]),
      '/api/%ff',
      '/api/%00',
      `/api/pages/${owner.about.id}%00`,
    ];
    for (const path of paths) {
      for (const method of ['GET', 'PUT', 'DELETE']) {
        const response = await rawRequest(server.port, {
          path,
          host: 'localhost',
          method,
          headers: { cookie, origin: 'http://localhost' },
        });
        const what = `${method} ${path}`;
        expect(response.status, what).toBeGreaterThanOrEqual(400);
        expect(response.status, what).toBeLessThan(500);
        expect(response.headers['content-type'], what).toMatch(/^application\/json/);
        const body = JSON.parse(response.body.toString());
        expect(typeof body.error.message, what).toBe('string');
      }
    }
    // Nothing was touched.
    expect(await findPage(h.db, '12345678', owner.about.id)).toEqual(owner.about);
  }, 60_000);
});
