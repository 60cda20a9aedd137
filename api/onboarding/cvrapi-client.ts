// A CvrRegistry backed by cvrapi.dk (`GET <baseUrl>?search=<cvr>&country=dk`). The service asks
// every caller to identify itself with a descriptive User-Agent. Its answer is mapped field by field
// to a CvrCompany; "not found" becomes the spec's not-found message, every other failure (quota,
// HTTP error, timeout, network, garbage) the spec's fetch-failed message. Nothing secret is logged.
import { AppError } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import { MESSAGES } from '../../rules/messages';
import type { CvrCompany, CvrRegistry } from './contracts';

export const CVRAPI_USER_AGENT = 'Mesterside/1.0 (hjemmesider til håndværkere; kontakt@mesterside.dk)';

export interface CvrApiClientOptions {
  timeoutMs?: number;
  fetch?: typeof globalThis.fetch;
  logger?: Pick<Logger, 'warn'>;
}

type Json = Record<string, unknown>;

function text(value: unknown): string {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return '';
}

/** A head count: a number, or the first number of a band such as '5-9'; null when there is none. */
export function parseEmployees(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? Math.floor(value) : null;
  if (typeof value !== 'string') return null;
  const match = /\d+/.exec(value);
  return match ? Number(match[0]) : null;
}

/** Maps cvrapi.dk's JSON to a CvrCompany; null when it does not describe a company. */
function toCvrCompany(cvr: string, data: Json): CvrCompany | null {
  const name = text(data.name);
  if (name === '') return null;
  return {
    cvr,
    name,
    address: text(data.address),
    zipcode: text(data.zipcode),
    city: text(data.city),
    phone: text(data.phone),
    email: text(data.email),
    industrydesc: text(data.industrydesc),
    industrycode: text(data.industrycode),
    companydesc: text(data.companydesc),
    startdate: text(data.startdate),
    employees: parseEmployees(data.employees),
  };
}

const notFound = () => new AppError('not_found', MESSAGES.cvrNotFound);
const unavailable = (cause?: unknown) =>
  new AppError('unavailable', MESSAGES.companyFetchFailed, cause === undefined ? undefined : { cause });

export function createCvrApiClient(baseUrl: string, options: CvrApiClientOptions = {}): CvrRegistry {
  const { timeoutMs = 8000, logger } = options;
  const fetchFn = options.fetch ?? globalThis.fetch;

  function fail(reason: string, cause?: unknown): AppError {
    // The CVR is public registry data; the reason is ours. No headers, no body.
    logger?.warn({ reason }, 'CVR lookup failed');
    return unavailable(cause);
  }

  return {
    async lookup(cvr) {
      const url = new URL(baseUrl);
      url.searchParams.set('search', cvr);
      url.searchParams.set('country', 'dk');
      let response: Response;
      try {
        response = await fetchFn(url, {
          headers: { 'User-Agent': CVRAPI_USER_AGENT, Accept: 'application/json' },
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        const name = error instanceof Error ? error.name : '';
        throw fail(name === 'TimeoutError' ? 'timeout' : 'network error', error);
      }

      let body: unknown;
      try {
        body = await response.json();
      } catch (error) {
        if (response.status === 404) throw notFound();
        throw fail(response.ok ? 'answer is not JSON' : `HTTP ${response.status}`, error);
      }
      const data = body !== null && typeof body === 'object' ? (body as Json) : null;
      const errorCode = data && typeof data.error === 'string' ? data.error : null;
      if (errorCode === 'NOT_FOUND' || response.status === 404) throw notFound();
      if (errorCode !== null) throw fail(`service error ${errorCode.slice(0, 40)}`);
      if (!response.ok) throw fail(`HTTP ${response.status}`);
      const company = data ? toCvrCompany(cvr, data) : null;
      if (!company) throw fail('answer has no company name');
      return company;
    },
  };
}
