// Opening hours as schema.org's OpeningHoursSpecification, for the LocalBusiness JSON-LD (json-ld.ts)
// and the døgnvagt's ContactPoint (trust.ts).

export const SCHEMA_DAYS = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
] as const;
export type SchemaDay = (typeof SCHEMA_DAYS)[number];

export interface OpeningHoursSpecification {
  '@type': 'OpeningHoursSpecification';
  dayOfWeek: SchemaDay | SchemaDay[];
  opens: string;
  closes: string;
}

/**
 * Opening hours in schema.org form, the days that share the same hours in one specification
 * (`dayOfWeek` a list, as schema.org allows any property): Monday to Thursday 07–16 is one entry, not
 * four. A page's weight is a budget (35 KB), and a døgnvagt's week is a dozen periods.
 */
export function groupedHours(
  periods: readonly { day: SchemaDay; opens: string; closes: string }[],
): OpeningHoursSpecification[] {
  const groups = new Map<string, SchemaDay[]>();
  for (const { day, opens, closes } of periods) {
    const key = `${opens}-${closes}`;
    const days = groups.get(key);
    if (days) days.push(day);
    else groups.set(key, [day]);
  }
  return [...groups].map(([key, days]) => {
    const [opens = '', closes = ''] = key.split('-');
    return {
      '@type': 'OpeningHoursSpecification' as const,
      dayOfWeek: days.length === 1 ? (days[0] as SchemaDay) : days,
      opens,
      closes,
    };
  });
}
