// The area a company drives to, "Vi kører i" (issue 42 item 4): municipalities from the official
// list (rules/municipalities.ts), or a radius from the company's address. How it reads on the site,
// and whether a quote request's postcode lies inside it. A request from outside is still accepted:
// the visitor is only told that the company will say whether it can help.
import { municipality } from './municipalities';
import { municipalitiesForPostcode } from './postcodes';

export type ServiceArea =
  | { mode: 'none' }
  | { mode: 'municipalities'; codes: readonly string[] }
  | { mode: 'radius'; km: number };

export const NO_SERVICE_AREA: ServiceArea = Object.freeze({ mode: 'none' });

/** 'a', 'a og b', 'a, b og c'. */
function danishList(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} og ${items[items.length - 1]}`;
}

/** The chosen municipalities' names in the list's order (unknown codes left out). */
function municipalityNames(codes: readonly string[]): string[] {
  return codes.flatMap((code) => {
    const found = municipality(code);
    return found ? [found.name] : [];
  });
}

/**
 * The area in words for the site: 'Vi kører i København, Frederiksberg og Gentofte kommuner.',
 * 'Vi kører op til 30 km fra Roskilde.'; null when the owner has not said.
 */
export function serviceAreaText(area: ServiceArea, city: string): string | null {
  const label = serviceAreaLabel(area, city);
  if (label === null) return null;
  return area.mode === 'municipalities'
    ? `Vi kører i ${label}.`
    : `Vi kører ${label.charAt(0).toLowerCase()}${label.slice(1)}.`;
}

/**
 * The area as a label, not a sentence, for the contact card's "Område" beside the homepage's "Her
 * arbejder vi" (no sentence twice on a page): 'København, Frederiksberg og Gentofte kommuner',
 * 'Op til 30 km fra Roskilde'; null when the owner has not said.
 */
export function serviceAreaLabel(area: ServiceArea, city: string): string | null {
  if (area.mode === 'municipalities') {
    const names = municipalityNames(area.codes);
    if (names.length === 0) return null;
    return `${danishList(names)} ${names.length === 1 ? 'Kommune' : 'kommuner'}`;
  }
  if (area.mode === 'radius') {
    const from = city.trim() === '' ? 'vores adresse' : city.trim();
    return `Op til ${area.km} km fra ${from}`;
  }
  return null;
}

/**
 * Whether a postcode lies in the area: true or false for municipalities, null when it cannot be told
 * (no area, a radius — the product knows no distances — or a postcode not in the table).
 */
export function postcodeInArea(area: ServiceArea, postcode: string): boolean | null {
  if (area.mode !== 'municipalities') return null;
  const reached = municipalitiesForPostcode(postcode);
  if (reached.length === 0) return null;
  return reached.some((code) => area.codes.includes(code));
}
