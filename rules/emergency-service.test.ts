import { describe, expect, it } from 'vitest';
import {
  clockText,
  dayPeriods,
  EMERGENCY_TRADE_IDS,
  emergencyPeriods,
  isClosedAt,
  offersEmergencyService,
  weekPeriods,
} from './emergency-service';
import { DEFAULT_HOURS } from './hours';
import { TRADE_PROFILES } from './trades';

describe('døgnvagt', () => {
  it('is offered to the trades customers call at night, not to a painter or a hairdresser', () => {
    for (const id of ['vvs', 'kloakmester', 'laasesmed', 'elektriker', 'glarmester', 'tagdaekker']) {
      expect(offersEmergencyService(id), id).toBe(true);
    }
    expect(offersEmergencyService('maler')).toBe(false);
    expect(offersEmergencyService('frisor')).toBe(false);
    const ids = new Set(TRADE_PROFILES.map((profile) => profile.id));
    for (const id of EMERGENCY_TRADE_IDS) expect(ids.has(id), id).toBe(true);
  });

  it('reads a day as periods: a range, closed, or no time at all', () => {
    expect(dayPeriods('07:00 - 16:00')).toEqual([[420, 960]]);
    expect(dayPeriods('7.30–15.00')).toEqual([[450, 900]]);
    expect(dayPeriods('Lukket')).toEqual([]);
    expect(dayPeriods('')).toEqual([]);
    expect(dayPeriods('Efter aftale')).toBeNull();
    expect(dayPeriods('16:00 - 07:00')).toBeNull();
  });

  it('tells when the ordinary line is closed, and keeps it when a day says no time', () => {
    const week = weekPeriods(DEFAULT_HOURS);
    expect(isClosedAt(week, 0, 8 * 60)).toBe(false); // Monday 08:00
    expect(isClosedAt(week, 0, 16 * 60)).toBe(true); // Monday 16:00
    expect(isClosedAt(week, 4, 15 * 60 + 30)).toBe(true); // Friday 15:30
    expect(isClosedAt(week, 5, 12 * 60)).toBe(true); // Saturday
    const byAppointment = weekPeriods({ ...DEFAULT_HOURS, Lørdag: 'Efter aftale' });
    expect(isClosedAt(byAppointment, 5, 12 * 60)).toBe(false);
  });

  it('answers outside the opening hours, or always', () => {
    const week = weekPeriods(DEFAULT_HOURS);
    expect(emergencyPeriods(week, 'outside')[0]).toEqual([
      [0, 420],
      [960, 1440],
    ]);
    expect(emergencyPeriods(week, 'outside')[6]).toEqual([[0, 1440]]);
    expect(emergencyPeriods(week, 'always')[2]).toEqual([[0, 1440]]);
    expect(clockText(1440)).toBe('23:59');
    expect(clockText(420)).toBe('07:00');
  });
});
