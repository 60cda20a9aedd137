// Free booking times (issue 52), pure: from the company's opening hours (rules/hours.ts, one free-text
// range per weekday), minus daily breaks, closed days and ranges, the booking horizon, the minimum
// notice and the times already booked on each chair (or lift). Everything is Danish time
// (Europe/Copenhagen): a day is a Copenhagen calendar day, and a slot is a real instant.
//
// Why a 15-minute grid: Danish salon and garage systems (Planway, Salonized, Bokadirekt) offer times
// on quarter hours whatever the service's length, so a 45-minute cut can start right after a 30-minute
// one; a grid of the service's own length would leave gaps nobody can book. Slots start on clock
// quarters (Copenhagen's offsets are whole hours, so the local and the UTC quarters coincide), and
// a booking holds every quarter its service and buffer touch: the same quanta the database claims
// (db/tables/booking-claims.ts), so what this file calls free is exactly what an insert can win.
//
// Across the daylight-saving change the day is walked in real time, 15 real minutes a step: a local
// time that does not exist (02:00-02:59 on the last Sunday of March) is never produced, the repeated
// hour (02:00-02:59 on the last Sunday of October) is offered once (its first occurrence), and a
// duration is real minutes (an hour from 01:30 on that October night ends at 02:30 the first time).
import type { OpeningHours, Weekday } from './hours';
import { WEEKDAYS } from './hours';

const SLOT_MINUTES = 15;
const QUANTUM_MS = SLOT_MINUTES * 60_000;
export const DEFAULT_HORIZON_DAYS = 60;
export const DEFAULT_NOTICE_MINUTES = 120;
export const DEFAULT_CHAIRS = 1;
export const MAX_CHAIRS = 20;
export const MAX_HORIZON_DAYS = 365;
const ZONE = 'Europe/Copenhagen';

/** A range of whole local days the business is closed, both ends included ('2026-12-24'..'2026-12-26'). */
export interface ClosedRange {
  from: string;
  to: string;
  /** What the owner calls it ('Jul', 'Ferie uge 29'); shown to nobody but the owner for now. */
  label: string;
}

/** A break every open day, local clock ('12:00'..'12:30'). */
export interface DailyBreak {
  start: string;
  end: string;
}

export interface SlotRules {
  hours: OpeningHours;
  breaks: readonly DailyBreak[];
  closed: readonly ClosedRange[];
  horizonDays: number;
  noticeMinutes: number;
  chairs: number;
}

/** A booking that holds time: on which chair, from its start to its end plus buffer. */
interface BusyTime {
  chair: number;
  start: Date;
  /** Start + service minutes + buffer minutes. */
  end: Date;
}

export interface Slot {
  start: Date;
  /** The chairs free for the whole service and buffer at this start, lowest first. */
  freeChairs: number[];
}

// ——— Copenhagen clock ———

const PARTS = new Intl.DateTimeFormat('en-GB', {
  timeZone: ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

interface LocalParts {
  date: string;
  minutes: number;
}

/** The Copenhagen calendar day ('2027-03-28') and minute of the day of an instant. */
export function copenhagenClock(at: Date): LocalParts {
  const parts = Object.fromEntries(PARTS.formatToParts(at).map((part) => [part.type, part.value]));
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    minutes: Number(parts.hour) * 60 + Number(parts.minute),
  };
}

function offsetMinutes(at: Date): number {
  const local = copenhagenClock(at);
  const [y, m, d] = local.date.split('-').map(Number) as [number, number, number];
  const asUtc = Date.UTC(y, m - 1, d) + local.minutes * 60_000;
  return Math.round((asUtc - Math.floor(at.getTime() / 60_000) * 60_000) / 60_000);
}

/**
 * The first instant at which the Copenhagen clock shows `minutes` past midnight of `date`, or later
 * when that time does not exist (the spring gap: 02:30 gives 03:00). In the repeated autumn hour it is
 * the first occurrence. `minutes` may be 1440 (the next midnight).
 */
export function copenhagenInstant(date: string, minutes: number): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d) + minutes * 60_000;
  // Both candidate offsets Copenhagen uses (+1 h, +2 h): the earliest instant showing the wall time.
  const candidates = [wall - 120 * 60_000, wall - 60 * 60_000].filter(
    (instant) => offsetMinutes(new Date(instant)) * 60_000 === wall - instant,
  );
  if (candidates.length > 0) return new Date(Math.min(...candidates));
  // A time in the gap (the clock jumps from 02:00 to 03:00): the first quarter at which the clock
  // shows a later time, which is the jump itself.
  let instant = wall - 120 * 60_000;
  while (instant < wall) {
    const clock = copenhagenClock(new Date(instant));
    if (clock.date > date || (clock.date === date && clock.minutes >= minutes)) break;
    instant += QUANTUM_MS;
  }
  return new Date(instant);
}

/** The day after (calendar arithmetic on 'YYYY-MM-DD'). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

function weekdayOf(date: string): Weekday {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  // getUTCDay: 0 Sunday; WEEKDAYS starts on Monday.
  return WEEKDAYS[(new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7] as Weekday;
}

// ——— Opening hours as the owner typed them ———

/** Minutes past midnight from 'HH:MM' or 'HH.MM' or 'HH'; null when it is no time of day. */
export function parseClock(text: string): number | null {
  const match = /^\s*(\d{1,2})(?:[:.](\d{2}))?\s*$/.exec(text);
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2] ?? '0');
  if (minutes > 59 || hours > 24 || (hours === 24 && minutes > 0)) return null;
  return hours * 60 + minutes;
}

/**
 * The open ranges of one day's text, in local minutes: '07:00 - 16:00' → [[420, 960]];
 * '9-12 og 13-17.30' → two ranges (the lunch is a break); 'Lukket', '', 'Efter aftale' → none
 * (nobody can book a time the owner only gives by phone).
 */
export function parseDayHours(text: string): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  const pattern = /(\d{1,2}(?:[:.]\d{2})?)\s*(?:-|–|—|til)\s*(\d{1,2}(?:[:.]\d{2})?)/g;
  for (const match of text.matchAll(pattern)) {
    const open = parseClock(match[1] as string);
    const close = parseClock(match[2] as string);
    if (open === null || close === null || close <= open) continue;
    ranges.push([open, close]);
  }
  return ranges.sort((a, b) => a[0] - b[0]);
}

function minusBreaks(
  ranges: Array<[number, number]>,
  breaks: readonly DailyBreak[],
): Array<[number, number]> {
  let result = ranges;
  for (const pause of breaks) {
    const start = parseClock(pause.start);
    const end = parseClock(pause.end);
    if (start === null || end === null || end <= start) continue;
    result = result.flatMap(([open, close]): Array<[number, number]> => {
      if (end <= open || start >= close) return [[open, close]];
      const pieces: Array<[number, number]> = [];
      if (start > open) pieces.push([open, start]);
      if (end < close) pieces.push([end, close]);
      return pieces;
    });
  }
  return result;
}

/** Whether a closed range covers the local day. */
function isClosedDay(date: string, closed: readonly ClosedRange[]): boolean {
  return closed.some((range) => range.from <= date && date <= range.to);
}

/** The Monday-to-Sunday of ISO week `week` of `year`, for "Ferie uge 29". */
export function isoWeekRange(year: number, week: number): { from: string; to: string } {
  // ISO week 1 holds 4 January.
  const jan4 = new Date(Date.UTC(year, 0, 4));
  const monday = new Date(jan4.getTime() - ((jan4.getUTCDay() + 6) % 7) * 86_400_000);
  const from = new Date(monday.getTime() + (week - 1) * 7 * 86_400_000).toISOString().slice(0, 10);
  return { from, to: addDays(from, 6) };
}

// ——— Occupancy ———

/** The minutes a booking holds: service and buffer, rounded up to whole quarters. */
export function heldMinutes(minutes: number, bufferMinutes: number): number {
  return Math.ceil((minutes + bufferMinutes) / SLOT_MINUTES) * SLOT_MINUTES;
}

/**
 * The quarter-hour quanta (epoch quarter numbers) a time from `start` to `end` touches: the unit the
 * database claims per chair (one row each, unique), so two bookings that share any quarter cannot
 * both be stored.
 */
export function quantaOf(start: Date, end: Date): number[] {
  const first = Math.floor(start.getTime() / QUANTUM_MS);
  const last = Math.ceil(end.getTime() / QUANTUM_MS);
  const quanta: number[] = [];
  for (let q = first; q < last; q++) quanta.push(q);
  return quanta;
}

// ——— Slots ———

export interface SlotQuery {
  rules: SlotRules;
  busy: readonly BusyTime[];
  /** The service's own minutes (must fit before closing or a break). */
  minutes: number;
  /** Minutes kept free after it (cleaning, the next car in); may run past closing. */
  bufferMinutes: number;
  now: Date;
  /** First local day to list (default: today in Copenhagen). */
  fromDate?: string;
  /** How many local days to list from `fromDate` (default: to the horizon). */
  days?: number;
}

/** The last local day a customer may book: today + horizon. */
function lastBookableDate(now: Date, horizonDays: number): string {
  return addDays(copenhagenClock(now).date, horizonDays);
}

/** Every free start time, in time order, with the chairs free at it. */
export function freeSlots(query: SlotQuery): Slot[] {
  const { rules, now } = query;
  const today = copenhagenClock(now).date;
  const last = lastBookableDate(now, rules.horizonDays);
  const from = query.fromDate && query.fromDate > today ? query.fromDate : today;
  const earliest = now.getTime() + rules.noticeMinutes * 60_000;
  const held = heldMinutes(query.minutes, query.bufferMinutes) * 60_000;
  const taken = takenQuanta(query.busy);
  const chairs = Math.max(1, Math.min(MAX_CHAIRS, Math.floor(rules.chairs)));
  const slots: Slot[] = [];
  const days = query.days ?? Number.POSITIVE_INFINITY;
  for (let date = from, n = 0; date <= last && n < days; date = addDays(date, 1), n++) {
    if (isClosedDay(date, rules.closed)) continue;
    const ranges = minusBreaks(parseDayHours(rules.hours[weekdayOf(date)] ?? ''), rules.breaks);
    const seen = new Set<number>();
    for (const [open, close] of ranges) {
      const rangeEnd = copenhagenInstant(date, close).getTime();
      let t = Math.ceil(copenhagenInstant(date, open).getTime() / QUANTUM_MS) * QUANTUM_MS;
      for (; t + query.minutes * 60_000 <= rangeEnd; t += QUANTUM_MS) {
        const clock = copenhagenClock(new Date(t));
        // The repeated autumn hour: its second pass shows wall times already offered.
        if (clock.date !== date || seen.has(clock.minutes)) continue;
        seen.add(clock.minutes);
        if (t < earliest) continue;
        const quanta = quantaOf(new Date(t), new Date(t + held));
        const freeChairs: number[] = [];
        for (let chair = 0; chair < chairs; chair++) {
          if (quanta.every((q) => !taken.has(`${chair}:${q}`))) freeChairs.push(chair);
        }
        if (freeChairs.length > 0) slots.push({ start: new Date(t), freeChairs });
      }
    }
  }
  return slots;
}

function takenQuanta(busy: readonly BusyTime[]): Set<string> {
  const taken = new Set<string>();
  for (const time of busy) {
    for (const q of quantaOf(time.start, time.end)) taken.add(`${time.chair}:${q}`);
  }
  return taken;
}

/**
 * The free times nearest a requested one (the "taken" answer): the `count` closest by real time,
 * an earlier one first on a tie, returned in time order.
 */
export function nearestFreeSlots(slots: readonly Slot[], requested: Date, count = 3): Slot[] {
  const at = requested.getTime();
  return [...slots]
    .filter((slot) => slot.start.getTime() !== at)
    .sort((a, b) => {
      const da = Math.abs(a.start.getTime() - at);
      const db = Math.abs(b.start.getTime() - at);
      return da - db || a.start.getTime() - b.start.getTime();
    })
    .slice(0, count)
    .sort((a, b) => a.start.getTime() - b.start.getTime());
}

/** `kl. 10.30`, Copenhagen time, the Danish way. */
export function formatSlotTime(at: Date): string {
  const { minutes } = copenhagenClock(at);
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}.${String(minutes % 60).padStart(2, '0')}`;
}
