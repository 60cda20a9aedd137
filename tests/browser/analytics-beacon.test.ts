// The inline page-view beacon (rules/analytics-beacon.ts) run by Debian's Chromium against a real
// server: a page carrying it counts its own path, and no cookie is set. A browser test, so in the
// system project (tests/api/analytics.test.ts has the endpoint itself, in-process).
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { listAnalyticsCounts } from '../../db';
import { ANALYTICS_BEACON } from '../../rules/analytics-beacon';
import { type ApiHarness, createApiHarness } from '../api/api-harness';
import { launchChromium } from '../support/browser';

let h: ApiHarness;

beforeEach(async () => {
  h = await createApiHarness();
});
afterEach(async () => {
  await h.close();
});

it("records the page's path when Chromium opens a page carrying it, with no cookie set", async () => {
  const site = new Hono();
  site.get('/tilbud/tagrenovering', (c) =>
    c.html(`<!doctype html><html lang="da"><head><title>Tagrenovering</title></head>
<body><h1>Tagrenovering</h1><script>${ANALYTICS_BEACON}</script></body></html>`),
  );
  site.all('*', (c) => h.app.fetch(c.req.raw, c.env));
  const server = serve({ fetch: site.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const browser = await launchChromium();
  try {
    const { port } = server.address() as AddressInfo;
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`http://127.0.0.1:${port}/tilbud/tagrenovering`);
    await expect
      .poll(() => listAnalyticsCounts(h.db, '2026-03-02', '2026-03-02'), { timeout: 5000 })
      .toEqual([{ day: '2026-03-02', type: 'page_view', key: '/tilbud/tagrenovering', count: 1 }]);
    expect(await context.cookies()).toEqual([]);
  } finally {
    await browser.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});
