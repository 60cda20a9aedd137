// Opening hours (the spec's Entities): one free-text range per Danish weekday, with the product's defaults.

export const WEEKDAYS = ['Mandag', 'Tirsdag', 'Onsdag', 'Torsdag', 'Fredag', 'Lørdag', 'Søndag'] as const;

export type Weekday = (typeof WEEKDAYS)[number];

export type OpeningHours = Record<Weekday, string>;

export const DEFAULT_HOURS: Readonly<OpeningHours> = Object.freeze({
  Mandag: '07:00 - 16:00',
  Tirsdag: '07:00 - 16:00',
  Onsdag: '07:00 - 16:00',
  Torsdag: '07:00 - 16:00',
  Fredag: '07:00 - 15:00',
  Lørdag: 'Lukket',
  Søndag: 'Lukket',
});

export const DEFAULT_SHOW_HOURS = true;

// Room for things like '07:00 - 16:00 (efter aftale)'; callers validate against it, this file does not cut.
export const HOURS_MAX_LENGTH = 40;

// An explicitly empty day stays empty (the owner cleared it); only a missing or non-text day gets
// the default. Length is left to input validation so nothing the owner typed is silently cut.
export function normalizeHours(input: Partial<Record<string, string>>): OpeningHours {
  const result: OpeningHours = { ...DEFAULT_HOURS };
  for (const day of WEEKDAYS) {
    const value = Object.hasOwn(input, day) ? input[day] : undefined;
    if (typeof value === 'string') result[day] = value.trim();
  }
  return result;
}

export function isWeekday(x: unknown): x is Weekday {
  return typeof x === 'string' && (WEEKDAYS as readonly string[]).includes(x);
}
