import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AI_DAILY_LIMIT,
  aiRemaining,
  aiUsageToday,
  copenhagenDay,
  formatAiCounter,
  nextAiUsage,
} from './ai-limit';

const at = (iso: string) => new Date(iso);

describe('copenhagenDay', () => {
  it('changes at Copenhagen midnight in winter (UTC+1)', () => {
    expect(copenhagenDay(at('2026-01-10T22:59:59.999Z'))).toBe('2026-01-10');
    expect(copenhagenDay(at('2026-01-10T23:00:00Z'))).toBe('2026-01-11');
  });

  it('changes at Copenhagen midnight around the spring switch (2026-03-29)', () => {
    expect(copenhagenDay(at('2026-03-28T22:59:59Z'))).toBe('2026-03-28');
    expect(copenhagenDay(at('2026-03-28T23:00:00Z'))).toBe('2026-03-29');
    // Clocks jump 02:00 → 03:00 that night; the day stays the same across the jump.
    expect(copenhagenDay(at('2026-03-29T00:59:59Z'))).toBe('2026-03-29');
    expect(copenhagenDay(at('2026-03-29T01:00:00Z'))).toBe('2026-03-29');
    // From then on midnight is 22:00 UTC.
    expect(copenhagenDay(at('2026-03-29T21:59:59Z'))).toBe('2026-03-29');
    expect(copenhagenDay(at('2026-03-29T22:00:00Z'))).toBe('2026-03-30');
  });

  it('changes at Copenhagen midnight in summer (UTC+2)', () => {
    expect(copenhagenDay(at('2026-07-01T21:59:59Z'))).toBe('2026-07-01');
    expect(copenhagenDay(at('2026-07-01T22:00:00Z'))).toBe('2026-07-02');
  });

  it('changes at Copenhagen midnight around the autumn switch (2026-10-25)', () => {
    expect(copenhagenDay(at('2026-10-24T21:59:59Z'))).toBe('2026-10-24');
    expect(copenhagenDay(at('2026-10-24T22:00:00Z'))).toBe('2026-10-25');
    // Clocks fall back 03:00 → 02:00; the repeated hour is still the 25th.
    expect(copenhagenDay(at('2026-10-25T00:30:00Z'))).toBe('2026-10-25');
    expect(copenhagenDay(at('2026-10-25T01:30:00Z'))).toBe('2026-10-25');
    expect(copenhagenDay(at('2026-10-25T22:59:59Z'))).toBe('2026-10-25');
    expect(copenhagenDay(at('2026-10-25T23:00:00Z'))).toBe('2026-10-26');
  });

  it('handles the year boundary', () => {
    expect(copenhagenDay(at('2025-12-31T22:59:59Z'))).toBe('2025-12-31');
    expect(copenhagenDay(at('2025-12-31T23:00:00Z'))).toBe('2026-01-01');
  });

  it('rejects an invalid date', () => {
    expect(() => copenhagenDay(new Date(Number.NaN))).toThrow(RangeError);
  });

  it('always gives the date of the instant shifted by the Copenhagen offset (1 h or 2 h)', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2100, 0, 1) }), (ms) => {
        const day = copenhagenDay(new Date(ms));
        expect(day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        const plusOne = new Date(ms + 3_600_000).toISOString().slice(0, 10);
        const plusTwo = new Date(ms + 7_200_000).toISOString().slice(0, 10);
        expect([plusOne, plusTwo]).toContain(day);
      }),
    );
  });
});

describe('AI usage', () => {
  const now = at('2026-07-01T21:30:00Z'); // 23:30 in Copenhagen

  it('allows 5 generations a day', () => {
    expect(AI_DAILY_LIMIT).toBe(5);
  });

  it("counts only today's usage", () => {
    expect(aiUsageToday(null, now)).toBe(0);
    expect(aiUsageToday({ date: '2026-07-01', count: 3 }, now)).toBe(3);
    expect(aiUsageToday({ date: '2026-06-30', count: 3 }, now)).toBe(0);
    // 22:00 UTC is already the next day in Copenhagen, so the counter has reset.
    expect(aiUsageToday({ date: '2026-07-01', count: 3 }, at('2026-07-01T22:00:00Z'))).toBe(0);
  });

  it('treats a corrupt count as 0', () => {
    expect(aiUsageToday({ date: '2026-07-01', count: Number.NaN }, now)).toBe(0);
    expect(aiUsageToday({ date: '2026-07-01', count: -2 }, now)).toBe(0);
  });

  it('reports what is left, never below 0', () => {
    expect(aiRemaining(null, now)).toBe(5);
    expect(aiRemaining({ date: '2026-07-01', count: 4 }, now)).toBe(1);
    expect(aiRemaining({ date: '2026-07-01', count: 5 }, now)).toBe(0);
    expect(aiRemaining({ date: '2026-07-01', count: 9 }, now)).toBe(0);
    expect(aiRemaining({ date: '2026-06-30', count: 5 }, now)).toBe(5);
  });

  it('records the next generation on today, restarting from 1 on a new day', () => {
    expect(nextAiUsage(null, now)).toEqual({ date: '2026-07-01', count: 1 });
    expect(nextAiUsage({ date: '2026-07-01', count: 2 }, now)).toEqual({ date: '2026-07-01', count: 3 });
    expect(nextAiUsage({ date: '2026-06-30', count: 5 }, now)).toEqual({ date: '2026-07-01', count: 1 });
  });

  it('formats the counter as in the admin', () => {
    expect(formatAiCounter(0)).toBe('0/5 i dag');
    expect(formatAiCounter(3)).toBe('3/5 i dag');
  });
});
