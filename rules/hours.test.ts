import { describe, expect, it } from 'vitest';
import {
  DEFAULT_HOURS,
  DEFAULT_SHOW_HOURS,
  HOURS_MAX_LENGTH,
  isWeekday,
  normalizeHours,
  WEEKDAYS,
} from './hours';

describe('opening hours', () => {
  it('lists the Danish weekdays in order', () => {
    expect(WEEKDAYS).toEqual(['Mandag', 'Tirsdag', 'Onsdag', 'Torsdag', 'Fredag', 'Lørdag', 'Søndag']);
  });

  it('has the spec defaults', () => {
    expect(DEFAULT_HOURS).toEqual({
      Mandag: '07:00 - 16:00',
      Tirsdag: '07:00 - 16:00',
      Onsdag: '07:00 - 16:00',
      Torsdag: '07:00 - 16:00',
      Fredag: '07:00 - 15:00',
      Lørdag: 'Lukket',
      Søndag: 'Lukket',
    });
    expect(DEFAULT_SHOW_HOURS).toBe(true);
    expect(HOURS_MAX_LENGTH).toBe(40);
    expect(Object.isFrozen(DEFAULT_HOURS)).toBe(true);
  });

  it('fills missing days with defaults, trims values and drops unknown keys', () => {
    const result = normalizeHours({ Mandag: '  08:00 - 17:00 ', Lørdag: '', showHours: 'true', Monday: 'x' });
    expect(result).toEqual({ ...DEFAULT_HOURS, Mandag: '08:00 - 17:00', Lørdag: '' });
    expect(Object.keys(result)).toEqual([...WEEKDAYS]);
  });

  it('ignores values that are not text', () => {
    const input = { Fredag: 7 } as unknown as Partial<Record<string, string>>;
    expect(normalizeHours(input).Fredag).toBe('07:00 - 15:00');
  });

  it('returns a fresh object each time', () => {
    const result = normalizeHours({});
    result.Mandag = 'Lukket';
    expect(normalizeHours({}).Mandag).toBe('07:00 - 16:00');
  });

  it('recognises weekday names', () => {
    expect(isWeekday('Søndag')).toBe(true);
    expect(isWeekday('søndag')).toBe(false);
    expect(isWeekday(1)).toBe(false);
  });
});
