// The onboarding's website scrape (the spec's Calls): fetch an owner's existing site safely and read
// its text, logo, phone and e-mail. A failure is tolerated: logged as a warning and answered with null.

import { errorMessage } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import type { ScrapeWebsite } from './contracts';
import { extractSiteInfo } from './extract-site-info';
import { SafeFetchError, type SafeFetchOptions, safeFetch } from './safe-fetch';

export interface WebsiteScraperOptions {
  logger: Logger;
  fetchOptions?: SafeFetchOptions;
}

const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/** 'firma.dk' → 'https://firma.dk'; an address with a scheme is kept (safeFetch refuses non-http). */
export function normalizeScrapeUrl(input: string): string {
  const trimmed = input.trim();
  // 'host:8080/x' looks like a scheme followed by a port; only a real scheme (no digits next) counts.
  return HAS_SCHEME.test(trimmed) && !/^[^:/]+:\d/.test(trimmed) ? trimmed : `https://${trimmed}`;
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return '(invalid url)';
  }
}

export function createWebsiteScraper({ logger, fetchOptions }: WebsiteScraperOptions): ScrapeWebsite {
  return async (input) => {
    let url = '';
    try {
      url = normalizeScrapeUrl(String(input ?? ''));
      const page = await safeFetch(url, fetchOptions);
      return extractSiteInfo(page.body, page.url);
    } catch (error) {
      const reason = error instanceof SafeFetchError ? error.reason : 'extract';
      const detail = errorMessage(error);
      logger.warn({ host: hostOf(url), reason, detail }, 'Website scrape failed');
      return null;
    }
  };
}
