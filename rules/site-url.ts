// Where the product and each company site live on the web, from PUBLIC_HOST. Pure, so the API,
// generator, static server and admin agree on every address.
import { normalizeHost } from './domain';

/** http for local hosts (localhost, *.localhost, loopback addresses), https everywhere else. */
export function schemeFor(host: string): 'http' | 'https' {
  const name = normalizeHost(host);
  const local =
    name === 'localhost' ||
    name.endsWith('.localhost') ||
    /^127\.\d+\.\d+\.\d+$/.test(name) ||
    name === '[::1]' ||
    name === '::1';
  return local ? 'http' : 'https';
}

/** The main host's origin, e.g. `https://mesterside.dk` or `http://localhost:3000`. */
export function productOrigin(publicHost: string): string {
  return `${schemeFor(publicHost)}://${publicHost}`;
}

/** A company's subdomain origin, e.g. `https://hansen.mesterside.dk`. */
export function subdomainOrigin(subdomain: string, publicHost: string): string {
  return `${schemeFor(publicHost)}://${subdomain}.${publicHost}`;
}

/** The address search engines should index: the custom domain when set, else the subdomain. */
export function canonicalOrigin(
  company: { subdomain: string; customDomain: string | null; customDomainVerified: boolean },
  publicHost: string,
): string {
  // A domain whose TXT record has not been found is no address of the company (issue 13).
  return company.customDomain && company.customDomainVerified
    ? `https://${company.customDomain}`
    : subdomainOrigin(company.subdomain, publicHost);
}

/** The path form of a company site on the main host: `/<cvr>/`. */
export function pathSiteUrl(cvr: string, publicHost: string): string {
  return `${productOrigin(publicHost)}/${cvr}/`;
}
