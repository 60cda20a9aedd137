import { describe, expect, it } from 'vitest';
import {
  copenhagenClock,
  copenhagenInstant,
  formatSlotTime,
  freeSlots,
  heldMinutes,
  isoWeekRange,
  nearestFreeSlots,
  parseDayHours,
  quantaOf,
  type SlotRules,
} from './booking-slots';
import { DEFAULT_HOURS, type OpeningHours } from './hours';

const ALL_OPEN: OpeningHours = {
  Mandag: '09:00 - 17:00',
  Tirsdag: '09:00 - 17:00',
  Onsdag: '09:00 - 17:00',
  Torsdag: '09:00 - 17:00',
  Fredag: '09:00 - 17:00',
  Lørdag: '09:00 - 13:00',
  Søndag: 'Lukket',
};

function rules(overrides: Partial<SlotRules> = {}): SlotRules {
  return {
    hours: ALL_OPEN,
    breaks: [],
    closed: [],
    horizonDays: 60,
    noticeMinutes: 120,
    chairs: 1,
    ...overrides,
  };
}

/** The local times ('09.00') of the slots on one local day. */
function timesOn(slots: ReturnType<typeof freeSlots>, date: string): string[] {
  return slots
    .filter((slot) => copenhagenClock(slot.start).date === date)
    .map((slot) => formatSlotTime(slot.start));
}

// A Monday morning in winter, long before the days the tests look at.
const NOW = new Date('2027-03-01T06:00:00Z');

describe('opening hours as typed', () => {
  it('reads ranges, a lunch break as two ranges, and closed days as none', () => {
    expect(parseDayHours('07:00 - 16:00')).toEqual([[420, 960]]);
    expect(parseDayHours('9-12 og 13-17.30')).toEqual([
      [540, 720],
      [780, 1050],
    ]);
    expect(parseDayHours('8.30–16')).toEqual([[510, 960]]);
    expect(parseDayHours('Lukket')).toEqual([]);
    expect(parseDayHours('Efter aftale')).toEqual([]);
    expect(parseDayHours('')).toEqual([]);
  });
});

describe('free slots on an ordinary day', () => {
  it('starts every quarter from opening until the service no longer fits before closing', () => {
    const slots = freeSlots({
      rules: rules(),
      busy: [],
      minutes: 30,
      bufferMinutes: 0,
      now: NOW,
      fromDate: '2027-03-02',
      days: 1,
    });
    const times = timesOn(slots, '2027-03-02');
    expect(times[0]).toBe('09.00');
    expect(times[1]).toBe('09.15');
    expect(times.at(-1)).toBe('16.30');
    expect(times).toHaveLength(31);
  });

  it('leaves out a booked time with its buffer, and a partly overlapping start', () => {
    const booked = copenhagenInstant('2027-03-02', 10 * 60);
    // Dameklip 45 min + 15 min buffer from 10.00 holds 10.00-11.00.
    const busy = [{ chair: 0, start: booked, end: new Date(booked.getTime() + 60 * 60_000) }];
    const times = timesOn(
      freeSlots({
        rules: rules(),
        busy,
        minutes: 30,
        bufferMinutes: 0,
        now: NOW,
        fromDate: '2027-03-02',
        days: 1,
      }),
      '2027-03-02',
    );
    expect(times).toContain('09.30');
    expect(times).not.toContain('09.45'); // 09.45-10.15 would overlap
    expect(times).not.toContain('10.00');
    expect(times).not.toContain('10.45');
    expect(times).toContain('11.00');
  });

  it('offers a booked time again on a second chair', () => {
    const booked = copenhagenInstant('2027-03-02', 10 * 60);
    const busy = [{ chair: 0, start: booked, end: new Date(booked.getTime() + 30 * 60_000) }];
    const slots = freeSlots({
      rules: rules({ chairs: 2 }),
      busy,
      minutes: 30,
      bufferMinutes: 0,
      now: NOW,
      fromDate: '2027-03-02',
      days: 1,
    });
    expect(slots.find((slot) => slot.start.getTime() === booked.getTime())?.freeChairs).toEqual([1]);
  });

  it('keeps a daily break free and never lets a service run into it', () => {
    const times = timesOn(
      freeSlots({
        rules: rules({ breaks: [{ start: '12:00', end: '12:30' }] }),
        busy: [],
        minutes: 45,
        bufferMinutes: 0,
        now: NOW,
        fromDate: '2027-03-02',
        days: 1,
      }),
      '2027-03-02',
    );
    expect(times).toContain('11.15');
    expect(times).not.toContain('11.30');
    expect(times).not.toContain('12.00');
    expect(times).toContain('12.30');
  });

  it('rounds the held time up to whole quarters', () => {
    expect(heldMinutes(20, 0)).toBe(30);
    expect(heldMinutes(45, 15)).toBe(60);
    const start = new Date('2027-03-02T09:00:00Z');
    expect(quantaOf(start, new Date(start.getTime() + 30 * 60_000))).toHaveLength(2);
  });
});

describe('closed days, horizon and notice', () => {
  it('offers nothing on closed ranges ("Lukket 24.–26. december", "Ferie uge 29")', () => {
    const week29 = isoWeekRange(2027, 29);
    expect(week29).toEqual({ from: '2027-07-19', to: '2027-07-25' });
    const closed = [
      { from: '2027-12-24', to: '2027-12-26', label: 'Jul' },
      { ...week29, label: 'Ferie uge 29' },
    ];
    const now = new Date('2027-07-15T06:00:00Z');
    const slots = freeSlots({
      rules: rules({ closed, horizonDays: 200 }),
      busy: [],
      minutes: 30,
      bufferMinutes: 0,
      now,
    });
    const days = new Set(slots.map((slot) => copenhagenClock(slot.start).date));
    expect(days.has('2027-07-16')).toBe(true);
    for (const day of ['2027-07-19', '2027-07-23', '2027-07-24', '2027-12-24', '2027-12-25']) {
      expect(days.has(day)).toBe(false);
    }
    expect(days.has('2027-07-26')).toBe(true);
    expect(days.has('2027-12-27')).toBe(true);
  });

  it('offers nothing past the horizon (60 days by default) and nothing sooner than the notice', () => {
    const now = new Date('2027-03-02T09:10:00Z'); // 10.10 in Copenhagen
    const slots = freeSlots({ rules: rules(), busy: [], minutes: 30, bufferMinutes: 0, now });
    expect(formatSlotTime(slots[0]?.start as Date)).toBe('12.15'); // 2 hours after 10.10, on a quarter
    const lastDay = copenhagenClock(slots.at(-1)?.start as Date).date;
    expect(lastDay).toBe('2027-05-01'); // 2 March + 60 days (a Saturday, open until 13)
  });
});

describe('the daylight-saving changes', () => {
  const night: OpeningHours = { ...ALL_OPEN, Søndag: '00:00 - 05:00' };

  it('on the last Sunday of March (2027-03-28) no slot falls in the missing hour', () => {
    const slots = freeSlots({
      rules: rules({ hours: night }),
      busy: [],
      minutes: 30,
      bufferMinutes: 0,
      now: NOW,
      fromDate: '2027-03-28',
      days: 1,
    });
    const times = timesOn(slots, '2027-03-28');
    expect(times).toContain('01.45');
    expect(times.filter((time) => time.startsWith('02.'))).toEqual([]);
    expect(times).toContain('03.00');
    // Four hours of real time between 00:00 and 05:00 local: 16 quarters, the last start at 04.30.
    expect(times).toHaveLength(15);
    expect(times.at(-1)).toBe('04.30');
    // 01.45 + 30 real minutes ends at 03.15 local.
    const at145 = slots.find((slot) => formatSlotTime(slot.start) === '01.45')?.start as Date;
    expect(formatSlotTime(new Date(at145.getTime() + 30 * 60_000))).toBe('03.15');
  });

  it('on the last Sunday of October (2027-10-31) the repeated hour is offered once', () => {
    const now = new Date('2027-10-01T06:00:00Z');
    const slots = freeSlots({
      rules: rules({ hours: night }),
      busy: [],
      minutes: 30,
      bufferMinutes: 0,
      now,
      fromDate: '2027-10-31',
      days: 1,
    });
    const times = timesOn(slots, '2027-10-31');
    expect(new Set(times).size).toBe(times.length);
    expect(times.filter((time) => time.startsWith('02.'))).toEqual(['02.00', '02.15', '02.30', '02.45']);
    // 02.00 is the first one (summer time, 00:00 UTC).
    expect(slots.find((slot) => formatSlotTime(slot.start) === '02.00')?.start.toISOString()).toBe(
      '2027-10-31T00:00:00.000Z',
    );
    // An hour booked from 01.30 (summer time) ends at 02.30 the first time: real minutes.
    const start = copenhagenInstant('2027-10-31', 90);
    expect(start.toISOString()).toBe('2027-10-30T23:30:00.000Z');
    expect(formatSlotTime(new Date(start.getTime() + 60 * 60_000))).toBe('02.30');
  });

  it('an ordinary opening day across each change keeps its local hours', () => {
    const sunday: OpeningHours = { ...ALL_OPEN, Søndag: '10:00 - 14:00' };
    for (const [date, now] of [
      ['2027-03-28', NOW],
      ['2027-10-31', new Date('2027-10-01T06:00:00Z')],
    ] as const) {
      const times = timesOn(
        freeSlots({
          rules: rules({ hours: sunday }),
          busy: [],
          minutes: 60,
          bufferMinutes: 0,
          now,
          fromDate: date,
          days: 1,
        }),
        date,
      );
      expect(times[0]).toBe('10.00');
      expect(times.at(-1)).toBe('13.00');
      expect(times).toHaveLength(13);
    }
  });

  it('maps a missing local time to the moment the clock jumps', () => {
    expect(copenhagenInstant('2027-03-28', 150).toISOString()).toBe('2027-03-28T01:00:00.000Z');
    expect(copenhagenInstant('2027-03-28', 180).toISOString()).toBe('2027-03-28T01:00:00.000Z');
  });
});

describe('nearest free times', () => {
  it('gives the closest times around a taken one, in time order', () => {
    const booked = copenhagenInstant('2027-03-02', 10 * 60);
    const busy = [{ chair: 0, start: booked, end: new Date(booked.getTime() + 30 * 60_000) }];
    const slots = freeSlots({
      rules: rules(),
      busy,
      minutes: 30,
      bufferMinutes: 0,
      now: NOW,
      fromDate: '2027-03-02',
      days: 1,
    });
    expect(nearestFreeSlots(slots, booked, 3).map((slot) => formatSlotTime(slot.start))).toEqual([
      '09.15',
      '09.30',
      '10.30',
    ]);
  });

  it('uses the product default hours', () => {
    const slots = freeSlots({
      rules: rules({ hours: DEFAULT_HOURS }),
      busy: [],
      minutes: 30,
      bufferMinutes: 0,
      now: NOW,
      fromDate: '2027-03-06',
      days: 1,
    });
    expect(slots).toEqual([]); // a Saturday: Lukket
  });
});
