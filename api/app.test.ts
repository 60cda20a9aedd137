import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { enqueue } from '../db';
import { AppError } from '../lib/errors';
import { type AppStack, startTestStack } from '../tests/support/stack';

/** The app on a store with the (empty) sites folder a running product has: /api/health checks it.
 *  The clock is set: whether the facts in rules/ are due for review depends on the day. */
function appWithSitesFolder(now = new Date('2026-06-01T10:00:00Z')): Promise<AppStack> {
  return startTestStack({
    env: { LOG_LEVEL: 'info' },
    app: { now: () => now },
    prepare: async ({ config }) => {
      mkdirSync(path.join(config.storageDir, 'sites'));
    },
  });
}

describe('HTTP skeleton', () => {
  let harness: AppStack | undefined;
  afterEach(async () => {
    await harness?.close().catch(() => {});
    harness = undefined;
  });

  it('reports a healthy database at /api/health', async () => {
    harness = await appWithSitesFolder();
    const response = await harness.app.request('/api/health');
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      status: 'ok',
      problems: [],
      database: { status: 'ok' },
      facts: { status: 'ok' },
    });
  });

  it('says degraded, naming no figure, while a fact in rules/ is due for review or out of date', async () => {
    // 2027's håndværkerfradrag ceilings are not in rules/tax-deduction.ts (not published when it was
    // last read): due 60 days ahead, stale from New Year in Copenhagen.
    for (const [day, state, problem] of [
      ['2026-12-07T10:00:00Z', 'due', 'facts due for review'],
      ['2027-01-02T10:00:00Z', 'stale', 'facts out of date'],
    ] as const) {
      harness = await appWithSitesFolder(new Date(day));
      const response = await harness.app.request('/api/health');
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({
        status: 'degraded',
        problems: [problem],
        facts: { status: state },
      });
      await harness.close();
      harness = undefined;
    }
  });

  it('says degraded while a mail job failed for good (issue 50)', async () => {
    harness = await appWithSitesFolder();
    await enqueue(harness.db, 'lead-mail', { cvr: '12121212', leadId: 'x' }, { key: 'lead-mail:12121212:x' });
    await harness.db.updateTable('jobs').set({ state: 'failed', lastError: 'ECONNREFUSED' }).execute();
    const response = await harness.app.request('/api/health');
    expect(await response.json()).toMatchObject({
      status: 'degraded',
      problems: ['jobs failed'],
      jobs: { status: 'failed' },
    });
  });

  it('answers 503 when the database is gone', async () => {
    harness = await appWithSitesFolder();
    await harness.db.destroy();
    const response = await harness.app.request('/api/health');
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ status: 'error', database: { status: 'unreachable' } });
  });

  it('answers an unknown API path with a Danish 404 body', async () => {
    harness = await appWithSitesFolder();
    const response = await harness.app.request('/api/does-not-exist');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      error: { code: 'not_found', message: 'Siden blev ikke fundet' },
    });
  });

  it('maps an AppError to its status and Danish message', async () => {
    harness = await appWithSitesFolder();
    harness.app.get('/api/conflict', () => {
      throw new AppError('conflict', 'Dette CVR nummer er allerede registreret');
    });
    harness.app.get('/api/limit', () => {
      throw new AppError('rate_limited');
    });
    const conflict = await harness.app.request('/api/conflict');
    expect(conflict.status).toBe(409);
    expect(await conflict.json()).toEqual({
      error: { code: 'conflict', message: 'Dette CVR nummer er allerede registreret' },
    });
    const limited = await harness.app.request('/api/limit');
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({
      error: { code: 'rate_limited', message: 'For mange forsøg. Vent lidt, og prøv igen.' },
    });
  });

  it('hides an unexpected error behind a generic 500 and logs its cause', async () => {
    harness = await appWithSitesFolder();
    harness.app.get('/api/boom', () => {
      throw new Error('secret detail: password=hunter2');
    });
    const response = await harness.app.request('/api/boom');
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({
      error: { code: 'internal', message: 'Der opstod en fejl. Prøv igen.' },
    });
    expect(text).not.toContain('secret');
    const logged = harness.logs.find((line) => line.msg === 'unhandled error');
    expect(JSON.stringify(logged)).toContain('secret detail');
  });

  it('logs one structured line per request with a request id the client also sees', async () => {
    harness = await appWithSitesFolder();
    const response = await harness.app.request('/api/health');
    const requestId = response.headers.get('x-request-id');
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(harness.logs).toContainEqual(
      expect.objectContaining({ msg: 'request', method: 'GET', path: '/api/health', status: 200, requestId }),
    );
  });

  it('sends secure headers', async () => {
    harness = await appWithSitesFolder();
    const response = await harness.app.request('/api/health');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('strict-transport-security')).toContain('max-age=');
  });
});
