// The marketing site's fixed facts: name, contact address, canonical origin and navigation links.
// One place so the header, footer, privacy and contact pages never disagree.
import { TRIAL_MONTHS } from '../../rules/plan';
export const SITE_NAME = 'Mesterside';
export const CONTACT_EMAIL = 'kontakt@mesterside.dk';
/** Canonical URLs are absolute; the marketing build is static, so the origin is fixed here. */
export const SITE_ORIGIN = 'https://mesterside.dk';
export const TRIAL_LINE = `Start gratis i ${TRIAL_MONTHS} måneder - ingen binding`;

export interface NavLink {
  href: string;
  label: string;
}

export const HEADER_LINKS: readonly NavLink[] = [
  { href: '/funktioner', label: 'Funktioner' },
  { href: '/kontakt', label: 'Kontakt' },
];

export const CTA_LINK: NavLink = { href: '/onboarding', label: 'Opret hjemmeside' };

export const FOOTER_LINKS: readonly NavLink[] = [
  { href: '/om', label: 'Om Mesterside' },
  { href: '/funktioner', label: 'Funktioner' },
  { href: '/onboarding', label: 'Opret hjemmeside' },
  { href: '/faq', label: 'Ofte stillede spørgsmål' },
  { href: '/blog', label: 'Blog' },
  { href: '/kontakt', label: 'Kontakt' },
  { href: '/privacy', label: 'Privatlivspolitik' },
];

/** Absolute canonical URL of a path on the marketing site. */
export function canonicalUrl(path: string): string {
  return path === '/' ? `${SITE_ORIGIN}/` : `${SITE_ORIGIN}${path}`;
}
