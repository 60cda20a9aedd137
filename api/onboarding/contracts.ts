// The shapes the onboarding's parts agree on: CVR lookup, website search, scraping, and company
// creation. Each part lives in its own file of this folder; the routes combine them.

/** A company as the CVR registry describes it (cvrapi.dk field names, SPEC section 3). */
export interface CvrCompany {
  cvr: string;
  name: string;
  address: string;
  zipcode: string;
  city: string;
  phone: string;
  email: string;
  industrydesc: string;
  /** DB07 industry code, six digits ('433200'); empty when the registry gave none. */
  industrycode?: string;
  companydesc: string;
  startdate: string;
  employees: number | null;
}

/** Looks a CVR up. Throws AppError('not_found', 'Kunne ikke finde firma med dette CVR nummer') or
 *  AppError('unavailable', 'Kunne ikke hente firmaoplysninger') — the spec's two messages. */
export interface CvrRegistry {
  lookup(cvr: string): Promise<CvrCompany>;
}

/** A proposed existing website (SPEC section 7: web search items link, title, snippet). */
export interface WebsiteSuggestion {
  url: string;
  title: string;
  snippet: string;
}

/** Finds a likely existing website for a company name; null when none (or no search configured). */
export interface WebsiteSearch {
  find(companyName: string): Promise<WebsiteSuggestion | null>;
}

/** What a scrape of an existing website yields (SPEC section 3). */
export interface ScrapeResult {
  mainContent: string;
  logo: string | null;
  phone: string | null;
  email: string | null;
}

/** Scrapes a website safely; never throws: a failure is logged and gives null (SPEC section 8). */
export type ScrapeWebsite = (url: string) => Promise<ScrapeResult | null>;
