// The reviews a company's site shows (issue 41), worked out at publish from the stored reviews that
// count (issue 48: confirmed, not held; there is no switch that hides them), for the templates: the homepage's "Det siger kunderne" (the average, the count, the
// three newest), the /anmeldelser page (all of them, newest first), the hero's star line and the
// JSON-LD. Pure and client-safe. The note under the reviews says how they were collected (Danish
// marketing law and the EU Omnibus rules ask a trader who shows reviews to say so).

/** The homepage shows a review's words and the answer up to this many characters (the rest is on
 *  /anmeldelser), so three reviews always fit the page's weight budget. */
export const HOMEPAGE_TEXT_MAX = 160;

/** `text` cut at a word to at most `max` characters, with '…' when cut. */
export function excerpt(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** The page with every review. */
export const REVIEWS_SLUG = 'anmeldelser';
/** How many reviews the homepage shows. */
export const HOMEPAGE_REVIEWS = 3;
/** How many of the newest reviews the JSON-LD carries beside the aggregate (page weight). */
export const JSON_LD_REVIEWS = 3;

/**
 * What the site says about how its reviews were collected: exactly what is checked (issue 48), and
 * what is not (that the writer really was a customer).
 */
export const REVIEWS_NOTE =
  'Skrevet via et engangslink, som kunden fik efter en opgave. Sendte firmaet selv linket, har kunden bekræftet sin e-mail. Firmaets egne adresser afvises, og mange fra ét sted eller på kort tid tjekkes først. Vi ved ikke, om skribenten var kunde. Firmaet kan svare, men ikke ændre, skjule eller slette.';

export interface SiteReview {
  stars: number;
  service: string;
  text: string;
  authorName: string;
  createdAt: string;
  answer: string | null;
}

export interface SiteReviews {
  count: number;
  /** Mean stars, unrounded. */
  average: number;
  /** Newest first. */
  items: SiteReview[];
}

/** What the site shows, or undefined: there is none yet. */
export function siteReviews(reviews: readonly SiteReview[]): SiteReviews | undefined {
  if (reviews.length === 0) return undefined;
  const items = reviews.map(({ stars, service, text, authorName, createdAt, answer }) => ({
    stars,
    service,
    text,
    authorName,
    createdAt,
    answer,
  }));
  const average = items.reduce((sum, review) => sum + review.stars, 0) / items.length;
  return { count: items.length, average, items };
}

/** The average the Danish way, one decimal: 4.8 → '4,8'. */
export function formatAverage(average: number): string {
  return (Math.round(average * 10) / 10).toLocaleString('da-DK', {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  });
}

/** The hero's line: '4,8 ★ fra 23 kunder' ('fra 1 kunde'). */
export function ratingLine(reviews: Pick<SiteReviews, 'count' | 'average'>): string {
  return `${formatAverage(reviews.average)} ★ fra ${reviews.count} ${reviews.count === 1 ? 'kunde' : 'kunder'}`;
}

/** Five stars, the given number filled: 2 → '★★☆☆☆'. */
export function starRow(stars: number): string {
  const filled = Math.max(0, Math.min(5, Math.round(stars)));
  return '★'.repeat(filled) + '☆'.repeat(5 - filled);
}

// The Danish long date, as the admin's other dates are written (Intl, da-DK).
const LONG_DATE = new Intl.DateTimeFormat('da-DK', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** '2026-03-05T…' → '5. marts 2026' (the UTC day: a review's date, not its minute). */
export function reviewDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return LONG_DATE.format(date);
}
