// The LocalBusiness structured data (schema.org) every company page carries, and its serialisation
// into a <script> element that owner text cannot break out of.

import type { SiteModel } from '../../../generator/site-model';
import type { OpeningHours } from '../../../rules/hours';
import { WEEKDAYS } from '../../../rules/hours';
import { phoneE164 } from '../../../rules/phone';
import { JSON_LD_REVIEWS, type SiteReviews } from '../../../rules/site-reviews';
import { mailHref, socialLinks, telHref, visibleHours } from './contact';
import { absoluteImage } from './head';
import {
  groupedHours,
  type OpeningHoursSpecification,
  SCHEMA_DAYS,
  type SchemaDay,
} from './opening-hours-ld';
import { trustJsonLd } from './trust';

/** The reviews as schema.org has them (issue 41): the aggregate, and the newest few (their words are on
 *  the page; repeated here they would double the page's weight). */
function reviewsJsonLd(reviews: SiteReviews | undefined): Record<string, unknown> {
  if (reviews === undefined) return {};
  return {
    aggregateRating: {
      '@type': 'AggregateRating',
      ratingValue: Math.round(reviews.average * 10) / 10,
      reviewCount: reviews.count,
      bestRating: 5,
      worstRating: 1,
    },
    review: reviews.items.slice(0, JSON_LD_REVIEWS).map((review) => ({
      '@type': 'Review',
      author: { '@type': 'Person', name: review.authorName },
      datePublished: review.createdAt.slice(0, 10),
      // schema.org's defaults for a Rating are 5 and 1: said once, on the aggregate.
      reviewRating: { '@type': 'Rating', ratingValue: review.stars },
    })),
  };
}

// '07:00 - 16:00', '7.00–16.00', '07:00 til 16:00'; anything else (Lukket, 'Efter aftale') is skipped.
const RANGE = /^(\d{1,2})[:.](\d{2})\s*(?:-|–|—|til)\s*(\d{1,2})[:.](\d{2})$/i;

/** Days whose text is a plain time range, in schema.org form. */
function openingHoursSpecification(hours: Partial<OpeningHours>): OpeningHoursSpecification[] {
  return groupedHours(dailyHours(hours));
}

function dailyHours(hours: Partial<OpeningHours>): { day: SchemaDay; opens: string; closes: string }[] {
  return WEEKDAYS.flatMap((day, index) => {
    const match = RANGE.exec((hours[day] ?? '').trim());
    if (!match) return [];
    const [, h1 = '', m1 = '', h2 = '', m2 = ''] = match;
    const opens = clock(h1, m1);
    const closes = clock(h2, m2);
    const dayOfWeek = SCHEMA_DAYS[index];
    if (opens === null || closes === null || dayOfWeek === undefined) return [];
    return [{ day: dayOfWeek, opens, closes }];
  });
}

function clock(hours: string, minutes: string): string | null {
  const h = Number(hours);
  const m = Number(minutes);
  if (h > 24 || m > 59 || (h === 24 && m !== 0)) return null;
  return `${String(h).padStart(2, '0')}:${minutes}`;
}

export function localBusiness(site: SiteModel): Record<string, unknown> {
  const { company } = site;
  // E.164 (+4562521234) for search engines; visitors read the Danish form elsewhere.
  const telephone = telHref(company.phone) === null ? '' : phoneE164(company.phone);
  const hours = visibleHours(company);
  const openingHours = openingHoursSpecification(Object.fromEntries(hours.map((row) => [row.day, row.text])));
  const sameAs = socialLinks(company).map((link) => link.href);
  const logo = absoluteImage(site, company.logo);
  const data: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'LocalBusiness',
    '@id': `${site.canonicalOrigin}/#virksomhed`,
    name: company.name,
    url: `${site.canonicalOrigin}/`,
    telephone,
    email: mailHref(company.email) === null ? '' : company.email.trim(),
    address: {
      '@type': 'PostalAddress',
      streetAddress: company.address.trim(),
      postalCode: company.zipcode.trim(),
      addressLocality: company.city.trim(),
      addressCountry: 'DK',
    },
    logo,
    vatID: `DK${company.cvr}`,
    identifier: { '@type': 'PropertyValue', propertyID: 'CVR', value: company.cvr },
    openingHoursSpecification: openingHours.length > 0 ? openingHours : null,
    sameAs: sameAs.length > 0 ? sameAs : null,
    // Authorisation, memberships, area and døgnvagt (issue 42).
    ...trustJsonLd(site.trust, company),
    ...reviewsJsonLd(site.reviews),
    // "Book tid" (issue 52): the booking page answers on the site's own host, like the quote form.
    potentialAction: site.booking
      ? { '@type': 'ReserveAction', target: `${site.canonicalOrigin}${site.booking.href}`, name: 'Book tid' }
      : null,
  };
  return Object.fromEntries(Object.entries(data).filter(([, value]) => value !== '' && value !== null));
}

/**
 * JSON for a <script type="application/ld+json"> element. `<`, `>` and `&` become \u escapes (still
 * the same JSON), so text like `</script>` or `<!--` in a company name cannot end the element.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
