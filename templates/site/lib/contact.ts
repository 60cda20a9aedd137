// A company's contact details as a site shows them: address lines, phone and mail links, opening
// hours, social links and the map search link. Empty details are left out, never shown blank.
import type { Company } from '../../../db';
import { WEEKDAYS, type Weekday } from '../../../rules/hours';
import { safeHref } from '../../../rules/page-content';
import { formatPhone, formatPhonesIn, phoneE164 } from '../../../rules/phone';
import { SOCIAL_NETWORKS, type SocialNetwork, socialProfileLink } from '../../../rules/social';

export interface HoursRow {
  day: Weekday;
  text: string;
}

export interface SocialLink {
  network: SocialNetwork;
  label: string;
  href: string;
}

const SOCIAL_LABELS: Record<SocialNetwork, string> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  linkedin: 'LinkedIn',
  tiktok: 'TikTok',
};

function postalLine(company: Company): string {
  return `${company.zipcode.trim()} ${company.city.trim()}`.trim();
}

export function addressLines(company: Company): string[] {
  return [company.address.trim(), postalLine(company)].filter((line) => line !== '');
}

/** A Google Maps search for the address, or null when the company has none. */
export function mapsUrl(company: Company): string | null {
  const query = addressLines(company).join(', ');
  return query === '' ? null : `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
}

/** `tel:` in E.164 for Danish numbers (`tel:+4562521234`), else digits and a leading +; null without digits. */
export function telHref(phone: string): string | null {
  const number = phoneE164(phone);
  return number === '' ? null : `tel:${number}`;
}

export function mailHref(email: string): string | null {
  const address = email.trim();
  return address.includes('@') ? safeHref(`mailto:${address}`) : null;
}

/**
 * A phone number (or a short text with one, 'Ring 62521234') as a visitor reads it: Danish numbers
 * written in pairs ('62 52 12 34', rules/phone.ts), and never wrapping: spaces and hyphens become
 * their non-breaking forms.
 */
export function unbreakable(text: string): string {
  return formatPhonesIn(formatPhone(text)).replace(/\s+/g, '\u00a0').replace(/-/g, '\u2011');
}

/** The weekdays in order with their text, when the owner shows hours; days left empty are skipped. */
export function visibleHours(company: Company): HoursRow[] {
  if (!company.showHours) return [];
  return WEEKDAYS.map((day) => ({ day, text: (company.hours[day] ?? '').trim() })).filter(
    (row) => row.text !== '',
  );
}

/** Social networks with a stored https link, in the spec's order. A link stored before the settings
 *  checked it that is no profile on the network's own host (issue 28) is not shown as that network. */
export function socialLinks(company: Company): SocialLink[] {
  return SOCIAL_NETWORKS.flatMap((network) => {
    const stored = company.socialMedia[network] ?? '';
    const href = socialProfileLink(network, stored) ? safeHref(stored) : null;
    return href !== null && /^https?:\/\//i.test(href)
      ? [{ network, label: SOCIAL_LABELS[network], href }]
      : [];
  });
}
