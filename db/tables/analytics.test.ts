// The analytics repository on both dialects: per-day counters by upsert (also under parallel hits)
// and raw events kept with their fields.
import { expect, it } from 'vitest';
import { describeEachDialect } from '../../tests/support/databases';
import {
  incrementAnalyticsCount,
  insertAnalyticsEvent,
  listAnalyticsCounts,
  listAnalyticsEvents,
} from './analytics';

describeEachDialect('analytics repository', (use) => {
  it('counts per day, type and key, starting at 1', async () => {
    const { db } = use();
    await incrementAnalyticsCount(db, '2026-03-01', 'page_view', '/');
    await incrementAnalyticsCount(db, '2026-03-01', 'page_view', '/');
    await incrementAnalyticsCount(db, '2026-03-01', 'page_view', '/kontakt');
    await incrementAnalyticsCount(db, '2026-03-02', 'page_view', '/');
    await incrementAnalyticsCount(db, '2026-03-02', 'cvr_lookup', 'success');
    expect(await listAnalyticsCounts(db, '2026-03-01', '2026-03-02')).toEqual([
      { day: '2026-03-01', type: 'page_view', key: '/', count: 2 },
      { day: '2026-03-01', type: 'page_view', key: '/kontakt', count: 1 },
      { day: '2026-03-02', type: 'cvr_lookup', key: 'success', count: 1 },
      { day: '2026-03-02', type: 'page_view', key: '/', count: 1 },
    ]);
    expect(await listAnalyticsCounts(db, '2026-03-02', '2026-03-02')).toHaveLength(2);
    expect(await listAnalyticsCounts(db, '2026-03-01', '2026-03-02', 'cvr_lookup')).toEqual([
      { day: '2026-03-02', type: 'cvr_lookup', key: 'success', count: 1 },
    ]);
  });

  it('loses no hit under parallel increments', async () => {
    const { db } = use();
    await Promise.all(
      Array.from({ length: 20 }, () => incrementAnalyticsCount(db, '2026-03-01', 'page_view', '/')),
    );
    const [row] = await listAnalyticsCounts(db, '2026-03-01', '2026-03-01');
    expect(row?.count).toBe(20);
  });

  it('keeps raw events with their fields, newest first', async () => {
    const { db } = use();
    const first = { status: 'success', cvr_number: '29876543', cvr_length: 8, cvr_value: '29876543' };
    await insertAnalyticsEvent(db, 'cvr_lookup', first, new Date('2026-03-01T10:00:00Z'));
    await insertAnalyticsEvent(db, 'cvr_lookup', { status: 'error' }, new Date('2026-03-01T11:00:00Z'));
    const events = await listAnalyticsEvents(db, 'cvr_lookup');
    expect(events.map((event) => event.data)).toEqual([{ status: 'error' }, first]);
    expect(events[1]?.createdAt).toBe('2026-03-01T10:00:00.000Z');
    expect(await listAnalyticsEvents(db, 'page_view')).toEqual([]);
  });
});
