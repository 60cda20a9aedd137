// Døgnvagt, the emergency line (issue 42 item 5): which trades have one, when it answers, and when
// the site's call bar should offer it instead of the ordinary number. The site is static, so the bar
// decides in the visitor's browser from the week below (minutes since midnight, Danish time), written
// into the page at publish; without JavaScript the bar keeps the ordinary number and the emergency
// number stands in the page's text, so neither is ever wrong.
import { type OpeningHours, WEEKDAYS } from './hours';

// Trades whose customers call at night (a flooded basement, a blocked drain, a locked door, a
// power cut, a broken window, a leaking roof), by trade profile id (rules/trades/).
const EMERGENCY_TRADES: ReadonlySet<string> = new Set([
  'vvs',
  'kloakmester',
  'laasesmed',
  'elektriker',
  'glarmester',
  'tagdaekker',
  'blikkenslager',
]);

/** Whether a trade (profile id) is offered a døgnvagt. */
export function offersEmergencyService(tradeId: string): boolean {
  return EMERGENCY_TRADES.has(tradeId);
}

export const EMERGENCY_TRADE_IDS: readonly string[] = [...EMERGENCY_TRADES];

/** When the emergency line answers: always, or whenever the ordinary opening hours are closed. */
export const EMERGENCY_HOURS = ['always', 'outside'] as const;
export type EmergencyHours = (typeof EMERGENCY_HOURS)[number];

export const EMERGENCY_HOURS_TEXT: Readonly<Record<EmergencyHours, string>> = {
  always: 'hele døgnet, hele året',
  outside: 'uden for vores åbningstid, hele året',
};

/** The heading the site shows for the service. */
export const EMERGENCY_HEADING = 'Døgnvagt – hele året';

/** A day's open periods as [from, to] minutes since midnight; null when the text says no time. */
export type DayPeriods = readonly (readonly [number, number])[] | null;

// '07:00 - 16:00', '7.00–16.00', '07:00 til 16:00'. The JSON-LD writer reads the same shape.
const RANGE = /^(\d{1,2})[:.](\d{2})\s*(?:-|–|—|til)\s*(\d{1,2})[:.](\d{2})$/i;
const CLOSED = /^(lukket|closed|-|–)$/i;

/** A weekday's text as open periods: [] closed ('Lukket' or empty), null when it is not a time. */
export function dayPeriods(text: string): DayPeriods {
  const trimmed = text.trim();
  if (trimmed === '' || CLOSED.test(trimmed)) return [];
  const match = RANGE.exec(trimmed);
  if (!match) return null;
  const [, h1, m1, h2, m2] = match.map(Number) as [number, number, number, number, number];
  const from = h1 * 60 + m1;
  const to = h2 * 60 + m2;
  if (h1 > 24 || h2 > 24 || m1 > 59 || m2 > 59 || to > 1440 || from >= to) return null;
  return [[from, to]];
}

/** Monday first, as `dayPeriods` reads each day. */
export function weekPeriods(hours: Partial<OpeningHours>): DayPeriods[] {
  return WEEKDAYS.map((day) => dayPeriods(hours[day] ?? ''));
}

/**
 * Whether the ordinary line is closed at (weekday index, Monday 0; minutes since midnight). A day
 * whose text says no time ('Efter aftale') counts as open: the bar then keeps the ordinary number.
 * The site's script applies the same rule to the same week (templates/site/call-bar-script.astro).
 */
export function isClosedAt(week: readonly DayPeriods[], weekday: number, minute: number): boolean {
  const periods = week[weekday];
  if (periods === null || periods === undefined) return false;
  return !periods.some(([from, to]) => minute >= from && minute < to);
}

/** The periods the emergency line answers on each day (Monday first); null for a day it cannot tell. */
export function emergencyPeriods(week: readonly DayPeriods[], hours: EmergencyHours): DayPeriods[] {
  return week.map((periods) => {
    if (hours === 'always') return [[0, 1440]];
    if (periods === null) return null;
    const gaps: [number, number][] = [];
    let at = 0;
    for (const [from, to] of [...periods].sort((a, b) => a[0] - b[0])) {
      if (from > at) gaps.push([at, from]);
      at = Math.max(at, to);
    }
    if (at < 1440) gaps.push([at, 1440]);
    return gaps;
  });
}

/** '07:00'; 1440 becomes '23:59' (schema.org closes within the day). */
export function clockText(minute: number): string {
  const m = Math.min(minute, 1439);
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}
