// POST /api/analytics on the whole app: page views and cvr_lookup events counted per Copenhagen day,
// cvr_lookup kept raw, strict validation, no cookie, the per-IP limit; and the inline beacon
// (rules/analytics-beacon.ts) kept small; tests/browser/analytics-beacon.test.ts runs it in Chromium.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listAnalyticsCounts, listAnalyticsEvents } from '../../db';
import { ANALYTICS_BEACON } from '../../rules/analytics-beacon';
import { MESSAGES } from '../../rules/messages';
import { type ApiHarness, createApiHarness, errorOf, START } from './api-harness';

let h: ApiHarness;

beforeEach(async () => {
  h = await createApiHarness();
});
afterEach(async () => {
  await h.close();
});

const from = (address: string) => ({ incoming: { socket: { remoteAddress: address } } });

function post(body: unknown, options: { ip?: string; headers?: Record<string, string> } = {}) {
  return h.send('POST', '/api/analytics', {
    body,
    headers: options.headers,
    env: from(options.ip ?? '203.0.113.7'),
  });
}

const lookup = {
  type: 'cvr_lookup',
  status: 'success',
  cvr_number: '29876543',
  cvr_length: 8,
  cvr_value: 29876543,
  timestamp: '2026-03-02T10:00:00.000Z',
};

describe('POST /api/analytics', () => {
  it('counts page views per day and path, without setting a cookie', async () => {
    for (const path of ['/', '/', '/kontakt']) {
      const response = await post({ type: 'page_view', path });
      expect(response.status).toBe(204);
      expect(response.headers.get('set-cookie')).toBeNull();
    }
    // 23:30 UTC on 2 March is already 3 March in Copenhagen.
    h.setNow(new Date('2026-03-02T23:30:00.000Z'));
    expect((await post({ type: 'page_view', path: '/' })).status).toBe(204);
    expect(await listAnalyticsCounts(h.db, '2026-03-01', '2026-03-31')).toEqual([
      { day: '2026-03-02', type: 'page_view', key: '/', count: 2 },
      { day: '2026-03-02', type: 'page_view', key: '/kontakt', count: 1 },
      { day: '2026-03-03', type: 'page_view', key: '/', count: 1 },
    ]);
    expect(await listAnalyticsEvents(h.db, 'page_view')).toEqual([]);
  });

  it('counts cvr_lookup per status and keeps its fields, and no IP address', async () => {
    expect((await post(lookup)).status).toBe(204);
    expect((await post({ ...lookup, status: 'not_found', cvr_number: '1234', cvr_length: 4 })).status).toBe(
      204,
    );
    expect(await listAnalyticsCounts(h.db, '2026-03-02', '2026-03-02')).toEqual([
      { day: '2026-03-02', type: 'cvr_lookup', key: 'not_found', count: 1 },
      { day: '2026-03-02', type: 'cvr_lookup', key: 'success', count: 1 },
    ]);
    const events = await listAnalyticsEvents(h.db, 'cvr_lookup');
    expect(events.map((event) => event.data)).toContainEqual({
      status: 'success',
      cvr_number: '29876543',
      cvr_length: 8,
      cvr_value: 29876543,
      timestamp: '2026-03-02T10:00:00.000Z',
    });
    expect(events[0]?.createdAt).toBe(START.toISOString());
    expect(JSON.stringify(events)).not.toContain('203.0.113.7');
  });

  it('accepts the JSON as text/plain, as a beacon may send it', async () => {
    const response = await post(JSON.stringify({ type: 'page_view', path: '/om' }), {
      headers: { 'Content-Type': 'text/plain;charset=UTF-8' },
    });
    expect(response.status).toBe(204);
    expect(await listAnalyticsCounts(h.db, '2026-03-02', '2026-03-02')).toHaveLength(1);
  });

  it.each([
    ['an unknown type', { type: 'click', path: '/' }],
    ['a path without a leading slash', { type: 'page_view', path: 'kontakt' }],
    ['a path over 200 characters', { type: 'page_view', path: `/${'a'.repeat(200)}` }],
    ['a path with a query', { type: 'page_view', path: '/kontakt?email=a@b.dk' }],
    ['a path with a space', { type: 'page_view', path: '/om os' }],
    ['an extra field', { type: 'page_view', path: '/', visitor: 'abc' }],
    ['a missing path', { type: 'page_view' }],
    ['a cvr_lookup without timestamp', { ...lookup, timestamp: undefined }],
    ['a cvr_lookup with a bad timestamp', { ...lookup, timestamp: 'i går' }],
    ['a cvr_lookup with a fractional length', { ...lookup, cvr_length: 8.5 }],
    ['an array', [{ type: 'page_view', path: '/' }]],
    ['broken JSON', '{"type":'],
  ])('refuses %s with 400', async (_what, body) => {
    const response = await post(body);
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toEqual({ code: 'invalid_input', message: MESSAGES.invalidInput });
    expect(await listAnalyticsCounts(h.db, '2000-01-01', '2100-01-01')).toEqual([]);
  });

  it('accepts a 200-character path but refuses a body over 2 KB and other media types', async () => {
    expect((await post({ type: 'page_view', path: `/${'a'.repeat(199)}` })).status).toBe(204);
    const big = await post({ type: 'page_view', path: '/', pad: 'x'.repeat(3000) });
    expect(big.status).toBe(413);
    const form = await post('type=page_view', {
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBe(415);
    expect(await listAnalyticsCounts(h.db, '2026-03-02', '2026-03-02')).toHaveLength(1);
  });

  it('refuses a cross-site post', async () => {
    const response = await post(
      { type: 'page_view', path: '/' },
      { headers: { Origin: 'https://evil.example' } },
    );
    expect(response.status).toBe(403);
  });

  it('allows 120 events a minute per IP, then 429', async () => {
    for (let n = 0; n < 120; n++) await post({ type: 'page_view', path: '/' });
    const refused = await post({ type: 'page_view', path: '/' });
    expect(refused.status).toBe(429);
    expect(await errorOf(refused)).toEqual({ code: 'rate_limited', message: MESSAGES.tooManyRequests });
    expect((await post({ type: 'page_view', path: '/' }, { ip: '198.51.100.2' })).status).toBe(204);
    const [row] = await listAnalyticsCounts(h.db, '2026-03-02', '2026-03-02');
    expect(row?.count).toBe(121);
  });
});

describe('the inline page-view beacon', () => {
  it('is small', () => {
    expect(new TextEncoder().encode(ANALYTICS_BEACON).length).toBeLessThan(400);
  });
});
