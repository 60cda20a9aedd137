import { describe, expect, it } from 'vitest';
import { shiftDay, visitorStats, weekChangeText } from './visitor-stats';

describe('shiftDay', () => {
  it('moves by calendar days across months, years and DST changes', () => {
    expect(shiftDay('2026-03-01', -1)).toBe('2026-02-28');
    expect(shiftDay('2026-01-01', -1)).toBe('2025-12-31');
    expect(shiftDay('2026-03-28', 2)).toBe('2026-03-30');
    expect(shiftDay('2026-10-24', 2)).toBe('2026-10-26');
  });
});

describe('visitorStats', () => {
  const today = '2026-03-30';
  const rows = [
    { day: '2026-03-30', path: '/', count: 4 },
    { day: '2026-03-30', path: '/om-os', count: 1 },
    { day: '2026-03-24', path: '/', count: 2 }, // the 7th day back: this week
    { day: '2026-03-23', path: '/kontakt', count: 3 }, // the 8th: last week
    { day: '2026-03-17', path: '/', count: 5 }, // the 14th: last week
    { day: '2026-03-16', path: '/', count: 7 }, // the 15th: neither week
    { day: '2026-02-28', path: '/', count: 100 }, // 31 days back: outside the chart
  ];

  it('fills 30 days, oldest first, and compares the last 7 days with the 7 before', () => {
    const stats = visitorStats(rows, today);
    expect(stats.days).toHaveLength(30);
    expect(stats.days[0]).toEqual({ day: '2026-03-01', views: 0 });
    expect(stats.days[29]).toEqual({ day: today, views: 5 });
    expect(stats.total).toBe(22);
    expect(stats.thisWeek).toBe(7);
    expect(stats.lastWeek).toBe(8);
  });

  it('ranks the most visited pages of the 30 days', () => {
    expect(visitorStats(rows, today).topPages).toEqual([
      { path: '/', views: 18 },
      { path: '/kontakt', views: 3 },
      { path: '/om-os', views: 1 },
    ]);
  });

  it('answers zeros for a site nobody has visited', () => {
    const stats = visitorStats([], today);
    expect(stats.total).toBe(0);
    expect(stats.topPages).toEqual([]);
    expect(stats.days.every((day) => day.views === 0)).toBe(true);
  });
});

describe('weekChangeText', () => {
  it('words the change in whole per cent, and the weeks without views', () => {
    expect(weekChangeText(64, 53)).toBe('21 % flere end ugen før');
    expect(weekChangeText(40, 80)).toBe('50 % færre end ugen før');
    expect(weekChangeText(10, 10)).toBe('Som ugen før');
    expect(weekChangeText(5, 0)).toBe('Ingen visninger ugen før');
    expect(weekChangeText(0, 0)).toBe('Ingen visninger endnu');
  });
});
