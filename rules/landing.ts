// The landing page's company section (the spec's Limits, issue #7 item 2): the sections reorder from 4
// companies, and from 8 companies up to 6 cards show the newest companies with logo or initial, name,
// city and a subtitle by the fallback chain, each linking to the company's subdomain site. Pure.

import { truncateAtWord } from './meta';
import { paragraphText } from './page-content';
import { pathSiteUrl, subdomainOrigin } from './site-url';

const LANDING_REORDER_FROM = 4;
const LANDING_CARDS_FROM = 8;
export const LANDING_MAX_CARDS = 6;
export const LANDING_DEFAULT_SUBTITLE = 'Lokalt håndværk udført med omhu.';
/** A card's subtitle is one or two lines; longer texts are cut at a word with an ellipsis. */
const LANDING_SUBTITLE_MAX = 120;

/** What the section needs of a company (a subset of db's Company). */
export interface LandingCompany {
  cvr: string;
  name: string;
  city: string;
  logo: string | null;
  subdomain: string;
  websiteContent: {
    subtitle?: string | null;
    content?: string | null;
    processedContent?: { subtitle?: string | null; content?: string | null } | null;
  } | null;
  existingWebsite: { title?: string | null } | null;
  /** ISO-8601. */
  createdAt: string;
}

export interface LandingCard {
  /** The company's site: `https://<subdomain>.<host>/`, or `/<cvr>/` on the main host without one. */
  href: string;
  name: string;
  city: string;
  subtitle: string;
  /** The logo's URL, or null: the card shows `initial` instead. */
  logo: string | null;
  /** The name's first letter (or digit), uppercased. */
  initial: string;
}

export interface LandingSection {
  reorder: boolean;
  cards: LandingCard[];
}

function clean(text: string | null | undefined): string {
  return (text ?? '').replace(/\s+/g, ' ').trim();
}

/**
 * the spec's Overview: the processed content's subtitle, then the content (its subtitle, then the opening of its
 * text), the existing website's title, and a default sentence; blank values are skipped.
 */
export function landingSubtitle(company: Pick<LandingCompany, 'websiteContent' | 'existingWebsite'>): string {
  const content = company.websiteContent;
  const chain = [
    content?.processedContent?.subtitle,
    content?.subtitle,
    content?.processedContent?.content,
    content?.content,
    company.existingWebsite?.title,
  ];
  for (const candidate of chain) {
    // Page text is Markdown (rules/page-content.ts): a card shows its words, not its '##' or '**'.
    const text = clean(paragraphText(candidate ?? ''));
    if (text) return truncateAtWord(text, LANDING_SUBTITLE_MAX);
  }
  return LANDING_DEFAULT_SUBTITLE;
}

/** The name's first letter or digit, uppercased (`ø` → `Ø`); `?` for a name without one. */
export function landingInitial(name: string): string {
  const first = /[\p{L}\p{N}]/u.exec(name)?.[0] ?? '?';
  return first.toLocaleUpperCase('da-DK');
}

export function landingCard(company: LandingCompany, publicHost: string): LandingCard {
  const subdomain = company.subdomain.trim();
  const logo = clean(company.logo);
  return {
    href: subdomain ? `${subdomainOrigin(subdomain, publicHost)}/` : pathSiteUrl(company.cvr, publicHost),
    name: clean(company.name),
    city: clean(company.city),
    subtitle: landingSubtitle(company),
    logo: logo || null,
    initial: landingInitial(company.name),
  };
}

/**
 * The section: reorder at ≥ 4 companies, cards only at ≥ 8, for the newest six. `newest` is newest
 * first (createdAt, ties by CVR descending), as generator/landing.ts queries them.
 */
export function landingSectionOf(
  count: number,
  newest: readonly LandingCompany[],
  publicHost: string,
): LandingSection {
  return {
    reorder: count >= LANDING_REORDER_FROM,
    cards:
      count >= LANDING_CARDS_FROM
        ? newest.slice(0, LANDING_MAX_CARDS).map((company) => landingCard(company, publicHost))
        : [],
  };
}
