// The shapes the onboarding's parts agree on: CVR lookup, website search, scraping, and company
// creation. Each part lives in its own file of this folder; the routes combine them.

import type { CvrCompany, WebsiteSuggestion } from '../../contracts/onboarding';

// The browser sees these two shapes too, so they are defined with the onboarding's client-safe contract.
export type { CvrCompany, WebsiteSuggestion };

/** Looks a CVR up. Throws AppError('not_found', 'Kunne ikke finde firma med dette CVR nummer') or
 *  AppError('unavailable', 'Kunne ikke hente firmaoplysninger') — the spec's two messages. */
export interface CvrRegistry {
  lookup(cvr: string): Promise<CvrCompany>;
}

/** Finds a likely existing website for a company name; null when none (or no search configured). */
export interface WebsiteSearch {
  find(companyName: string): Promise<WebsiteSuggestion | null>;
}

/** What a scrape of an existing website yields (the spec's Entities). */
export interface ScrapeResult {
  mainContent: string;
  logo: string | null;
  phone: string | null;
  email: string | null;
}

/** Scrapes a website safely; never throws: a failure is logged and gives null (the spec's Error catalogue). */
export type ScrapeWebsite = (url: string) => Promise<ScrapeResult | null>;
