// Web addresses typed by owners: custom domains, the onboarding "existing website" field, and the
// Host header normalisation used to match a request to a company.

const SCHEME = /^([a-z][a-z0-9+.-]*):\/\//i;
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
// A purely numeric last label is what an IPv4 address looks like, so this also rules those out.
const TOP_LEVEL_LABEL = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;
const MAX_HOSTNAME_LENGTH = 253;
// Anything a Host header cannot contain; without this check URL would happily parse a path or login.
const NOT_IN_HOST = /[\s/?#@\\]/;

export interface CustomDomain {
  hostname: string;
  url: string;
}

function stripTrailingDot(hostname: string): string {
  return hostname.endsWith('.') ? hostname.slice(0, -1) : hostname;
}

/**
 * Whether a (lowercase, punycode) host name is one a visitor could actually reach: no IP literals
 * (IPv6 keeps its brackets, failing LABEL), no single-label or local names, and no `www.` before a
 * lone word (`www.google`: the owner stopped before `.dk`). The one host rule for every web address
 * an owner types: custom domain, existing website, and links in page text (rules/link-address.ts).
 */
export function isPublicHostname(hostname: string): boolean {
  if (hostname.length === 0 || hostname.length > MAX_HOSTNAME_LENGTH) return false;
  const labels = hostname.split('.');
  if (labels.length < (labels[0] === 'www' ? 3 : 2) || !labels.every((label) => LABEL.test(label)))
    return false;
  // `localhost` alone has one label; `*.localhost` is this machine too.
  const top = labels[labels.length - 1] as string;
  return top !== 'localhost' && TOP_LEVEL_LABEL.test(top);
}

function parseWebUrl(input: string): URL | null {
  if (typeof input !== 'string') return null;
  const trimmed = input.trim();
  if (trimmed === '') return null;
  const scheme = SCHEME.exec(trimmed)?.[1]?.toLowerCase();
  if (scheme !== undefined && scheme !== 'http' && scheme !== 'https') return null;
  let url: URL;
  try {
    // WHATWG URL lowercases the host and turns IDN ('tømrer.dk') into punycode for us.
    url = new URL(scheme === undefined ? `https://${trimmed}` : trimmed);
  } catch {
    return null;
  }
  // 'navn@firma.dk' parses as a login on host firma.dk; it is an e-mail typed in the wrong field.
  if (url.username !== '' || url.password !== '') return null;
  const hostname = stripTrailingDot(url.hostname);
  if (!isPublicHostname(hostname)) return null;
  url.hostname = hostname;
  return url;
}

// the spec's Validation rules: https:// is added if missing; an address without a dotted hostname is ignored (null).
export function normalizeCustomDomain(input: string): CustomDomain | null {
  const url = parseWebUrl(input);
  if (url === null) return null;
  return { hostname: url.hostname, url: `https://${url.hostname}` };
}

// Same acceptance as normalizeCustomDomain, so an address valid in onboarding is valid in settings.
export function isValidWebsiteUrl(input: string): boolean {
  return parseWebUrl(input) !== null;
}

// The absolute address to store and scrape for an "existing website": keeps scheme, path and query.
export function normalizeWebsiteUrl(input: string): string | null {
  const url = parseWebUrl(input);
  if (url === null) return null;
  url.hash = '';
  return url.href;
}

export function websiteUrlMessage(exampleHost = 'www.ditfirma.dk'): string {
  return `Indtast venligst en gyldig webadresse (f.eks. ${exampleHost})`;
}

// For comparing a Host header with stored hostnames. IPv6 keeps its brackets ('[::1]'), as in URL.
export function normalizeHost(host: string): string {
  if (typeof host !== 'string') return '';
  const trimmed = host.trim();
  if (trimmed === '' || NOT_IN_HOST.test(trimmed)) return '';
  try {
    return stripTrailingDot(new URL(`http://${trimmed}`).hostname);
  } catch {
    return '';
  }
}

/**
 * The other spelling of a custom domain: `www.eksempel.dk` ↔ `eksempel.dk`. The owner enters one;
 * once it is verified, the twin answers with a permanent redirect to it (issue 13).
 */
export function domainTwin(hostname: string): string {
  return hostname.startsWith('www.') ? hostname.slice(4) : `www.${hostname}`;
}
