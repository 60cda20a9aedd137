// What DNS says about an owner's custom domain: the TXT record that proves control (its name and
// the value derived from the CVR) and the resolver that asks (the system's, or DNS_SERVERS). Used by
// the domain tab's check (api/routes/domain.ts) and the periodic re-check the product stack runs.
import { Resolver } from 'node:dns/promises';
import { sha256 } from '@oslojs/crypto/sha2';
import { encodeHexLowerCase } from '@oslojs/encoding';
import type { Company } from '../../db';
import type { Config } from '../../lib/config';

/** The subset of node:dns/promises' Resolver the check needs. */
export interface DnsLookup {
  resolve4(name: string): Promise<string[]>;
  resolveTxt(name: string): Promise<string[][]>;
}

/** The TXT record's name for a custom domain. */
export function verificationName(domain: string): string {
  return `_mesterside.${domain}`;
}

/**
 * The TXT value that proves control of a domain for one company. Derived from the CVR (no secret
 * needed): only whoever controls the domain's DNS can publish it, which is all it has to prove.
 */
export function verificationValue(cvr: string): string {
  const digest = encodeHexLowerCase(sha256(new TextEncoder().encode(`mesterside-domain:${cvr}`)));
  return `mesterside-verify=${digest.slice(0, 32)}`;
}

/** The system's resolvers, or the servers DNS_SERVERS names. */
export function configuredResolver(config: Pick<Config, 'dnsServers'>): DnsLookup {
  const resolver = new Resolver({ timeout: 3000, tries: 2 });
  if (config.dnsServers.length > 0) resolver.setServers([...config.dnsServers]);
  return resolver;
}

/** Whether the company's verification TXT record is published for its custom domain now. */
export async function verificationTxtFound(lookup: DnsLookup, company: Company): Promise<boolean> {
  if (!company.customDomain) return false;
  const records = await answers(() => lookup.resolveTxt(verificationName(company.customDomain as string)));
  return records.map((parts) => parts.join('')).includes(verificationValue(company.cvr));
}

/** Records that do not exist are an empty answer, not an error. */
export async function answers<T>(lookup: () => Promise<T[]>): Promise<T[]> {
  try {
    return await lookup();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOTFOUND' || code === 'ENODATA' || code === 'NXDOMAIN') return [];
    throw error;
  }
}
