// Dates written the Danish way, for every page, mail and PDF that names a day: THE month and weekday
// names, and the short form ('8.12.2026') of a calendar day 'YYYY-MM-DD'. Pure: no time zone here;
// callers pass the Copenhagen day (rules/booking-slots.ts copenhagenClock, rules/ai-limit.ts).

const WEEKDAYS = ['søndag', 'mandag', 'tirsdag', 'onsdag', 'torsdag', 'fredag', 'lørdag'];
const MONTHS = [
  'januar',
  'februar',
  'marts',
  'april',
  'maj',
  'juni',
  'juli',
  'august',
  'september',
  'oktober',
  'november',
  'december',
];

function parts(isoDay: string): [number, number, number] {
  return isoDay.slice(0, 10).split('-').map(Number) as [number, number, number];
}

/** 'tirsdag 8. december' of a day 'YYYY-MM-DD'. */
export function danishDay(isoDay: string): string {
  const [y, m, d] = parts(isoDay);
  return `${WEEKDAYS[new Date(Date.UTC(y, m - 1, d)).getUTCDay()]} ${d}. ${MONTHS[m - 1]}`;
}

/** '14. januar 2025' of a day 'YYYY-MM-DD'. */
export function danishLongDate(isoDay: string): string {
  const [y, m, d] = parts(isoDay);
  return `${d}. ${MONTHS[m - 1]} ${y}`;
}

/** '8.12.2026' of a day 'YYYY-MM-DD' (or an ISO instant's date part). */
export function danishShortDate(isoDay: string): string {
  const [y, m, d] = parts(isoDay);
  return `${d}.${m}.${y}`;
}
