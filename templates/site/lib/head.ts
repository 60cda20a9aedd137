// What goes into a company page's <head>: title, description, canonical address and the Open Graph
// image, each with the fallbacks the owner never has to think about.
import type { Company, Page } from '../../../db';
import type { SiteLocals, SiteModel } from '../../../generator/site-model';
import { MESSAGES } from '../../../rules/messages';
import { META_DESCRIPTION_MAX, META_TITLE_MAX, truncateAtWord } from '../../../rules/meta';
import { paragraphText, safeImageSrc } from '../../../rules/page-content';
import { splitParagraphs } from '../../../rules/pages';
import { shortCompanyName } from '../../../rules/trades/short-name';
import { pageHeading } from './navigation';

export interface PageHead {
  title: string;
  description: string;
  /** Null on the 404 page: it has no address of its own and is not indexed. */
  canonical: string | null;
  image: string | null;
}

// Below this many characters a cut page title says too little; then the whole title is cut instead.
const MIN_TITLE_PART = 15;

export function pageHead({ site, page }: SiteLocals): PageHead {
  const { company } = site;
  if (page === null) {
    return {
      title: joinTitle(MESSAGES.notFound, ' | ', company.name, false),
      description: fallbackDescription(company),
      canonical: null,
      image: null,
    };
  }
  return {
    title: pageTitle(company, page),
    description: pageDescription(company, page),
    canonical: `${site.canonicalOrigin}/${page.type === 'homepage' ? '' : page.slug}`,
    image: absoluteImage(site, pageImage(page) ?? company.logo),
  };
}

function pageTitle(company: Company, page: Page): string {
  if (page.metaTitle.trim() !== '') return truncateAtWord(page.metaTitle, META_TITLE_MAX);
  const heading = pageHeading(page, company.name);
  // A heading that already names the company (AI titles often do, by its short name: no 'ApS') is
  // the title, with the legal name in place of the short one where it fits; never the name twice
  // with the place and trade cut off behind it.
  const named = headingWithLegalName(heading, company.name);
  if (named !== null) return truncateAtWord(named, META_TITLE_MAX);
  if (page.type === 'homepage') {
    return heading === '' || heading === company.name
      ? truncateAtWord(company.name, META_TITLE_MAX)
      : joinTitle(company.name, ' – ', heading, true);
  }
  return joinTitle(heading || company.name, ' | ', company.name, false);
}

/** The heading naming the company by its legal name (when that fits), or null if it names it not at all. */
function headingWithLegalName(heading: string, name: string): string | null {
  const legal = name.trim();
  const lower = heading.toLowerCase();
  if (heading === '') return null;
  if (lower.includes(legal.toLowerCase())) return heading;
  const short = shortCompanyName(legal);
  const at = lower.indexOf(short.toLowerCase());
  if (at === -1) return null;
  const named = `${heading.slice(0, at)}${legal}${heading.slice(at + short.length)}`;
  return named.length <= META_TITLE_MAX ? named : heading;
}

// Keeps the fixed part (the company name) whole and shortens the page's own part to fit.
function joinTitle(first: string, separator: string, second: string, shortenSecond: boolean): string {
  const full = `${first.trim()}${separator}${second.trim()}`;
  if (full.length <= META_TITLE_MAX) return full;
  const fixed = shortenSecond ? first.trim() : second.trim();
  const room = META_TITLE_MAX - fixed.length - separator.length;
  if (room < MIN_TITLE_PART) return truncateAtWord(full, META_TITLE_MAX);
  return shortenSecond
    ? `${fixed}${separator}${truncateAtWord(second, room)}`
    : `${truncateAtWord(first, room)}${separator}${fixed}`;
}

function pageDescription(company: Company, page: Page): string {
  if (page.metaDescription.trim() !== '') return truncateAtWord(page.metaDescription, META_DESCRIPTION_MAX);
  const candidates = [
    page.layout === 'gallery' ? '' : paragraphText(splitParagraphs(page.content)[0] ?? ''),
    page.layout === 'hero' ? page.subtitle : '',
    ...page.gallery.map((item) => item.description),
  ];
  const text = candidates.map((candidate) => candidate.trim()).find((candidate) => candidate !== '');
  return text === undefined ? fallbackDescription(company) : truncateAtWord(text, META_DESCRIPTION_MAX);
}

function fallbackDescription(company: Company): string {
  const text = company.city.trim() === '' ? company.name : `${company.name} i ${company.city.trim()}`;
  return truncateAtWord(text, META_DESCRIPTION_MAX);
}

/** The picture a page is shared with: hero background, then side image, then the first gallery image. */
function pageImage(page: Page): string | null {
  const side = page.layout === 'hero' || page.layout === 'text-image' ? page.image : null;
  const gallery =
    page.layout === 'gallery' ? page.gallery.find((item) => safeImageSrc(item.image)) : undefined;
  const candidates = [page.layout === 'hero' ? page.heroBackgroundImage : null, side, gallery?.image];
  return candidates.find((src) => safeImageSrc(src) !== null) ?? null;
}

/** An image address made absolute against the canonical origin (Open Graph and JSON-LD need that). */
export function absoluteImage(site: SiteModel, src: string | null): string | null {
  const safe = safeImageSrc(src);
  if (safe === null) return null;
  try {
    return new URL(safe, `${site.canonicalOrigin}/`).href;
  } catch {
    return null;
  }
}
