// Finds a company's likely existing website with Google's Custom Search JSON API (the spec's Calls):
// the query is the company name restricted to .dk, and of the items (link, title, snippet) a .dk
// root page is preferred, else the first .dk item. Without GOOGLE_CSE_KEY/CX the search answers
// null. It never throws: any failure is logged as a warning (without the key) and answers null.
import type { Config } from '../../lib/config';
import type { Logger } from '../../lib/logger';
import type { WebsiteSearch, WebsiteSuggestion } from './contracts';

const CUSTOM_SEARCH_URL = 'https://www.googleapis.com/customsearch/v1';

export interface WebsiteSearchOptions {
  fetch?: typeof globalThis.fetch;
  baseUrl?: string;
  timeoutMs?: number;
  logger?: Pick<Logger, 'warn'>;
}

interface SearchItem {
  link?: unknown;
  title?: unknown;
  snippet?: unknown;
}

function dkUrl(link: unknown): URL | null {
  if (typeof link !== 'string') return null;
  try {
    const url = new URL(link);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return url.hostname.toLowerCase().endsWith('.dk') ? url : null;
  } catch {
    return null;
  }
}

/** The preferred suggestion among search items: a .dk root page, else the first .dk item. */
export function pickWebsite(items: readonly SearchItem[]): WebsiteSuggestion | null {
  const candidates = items.flatMap((item) => {
    const url = dkUrl(item.link);
    return url ? [{ item, url }] : [];
  });
  const chosen =
    candidates.find(({ url }) => (url.pathname === '/' || url.pathname === '') && !url.search) ??
    candidates[0];
  if (!chosen) return null;
  return {
    url: String(chosen.item.link),
    title: typeof chosen.item.title === 'string' ? chosen.item.title : '',
    snippet: typeof chosen.item.snippet === 'string' ? chosen.item.snippet : '',
  };
}

export function createWebsiteSearch(
  config: Pick<Config, 'googleCse'>,
  options: WebsiteSearchOptions = {},
): WebsiteSearch {
  const cse = config.googleCse;
  if (!cse) return { find: async () => null };
  const { baseUrl = CUSTOM_SEARCH_URL, timeoutMs = 5000, logger } = options;
  const fetchFn = options.fetch ?? globalThis.fetch;

  return {
    async find(companyName) {
      const name = companyName.trim();
      if (name === '') return null;
      const url = new URL(baseUrl);
      url.searchParams.set('q', `${name} site:.dk`);
      url.searchParams.set('key', cse.key);
      url.searchParams.set('cx', cse.cx);
      url.searchParams.set('num', '5');
      try {
        const response = await fetchFn(url, {
          headers: { Accept: 'application/json' },
          signal: AbortSignal.timeout(timeoutMs),
        });
        if (!response.ok) {
          logger?.warn({ status: response.status }, 'website search failed');
          return null;
        }
        const body = (await response.json()) as { items?: unknown } | null;
        const items = Array.isArray(body?.items) ? (body.items as SearchItem[]) : [];
        return pickWebsite(items.filter((item) => item !== null && typeof item === 'object'));
      } catch (error) {
        // The error's message may quote the URL, which carries the key: log its kind only.
        logger?.warn({ reason: error instanceof Error ? error.name : 'unknown' }, 'website search failed');
        return null;
      }
    },
  };
}
