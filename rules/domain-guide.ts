// What an owner types into the registrar's DNS form for their own domain (issue 49): one row per
// record with the host part relative to the registered domain ("@", "www", "_mesterside.www"), its
// type and its value. The bare domain and www both get an A record to the product's address: the one
// the owner chose shows the site, the other (its twin, rules/domain.ts domainTwin) is redirected to
// it by every serving shape; the TXT record proves control. The domain check (api/routes/domain.ts)
// asks DNS for exactly these records.
import { domainTwin } from './domain';
import { DOMAIN_GUIDE_MESSAGES } from './settings-messages';

interface DnsGuideRecord {
  /** The host part as registrars' forms want it: `@` for the registered domain itself. */
  host: string;
  /** The whole name, for a form that wants it (and for the check). */
  name: string;
  type: 'A' | 'TXT';
  /** Null only for the A records of a product on localhost without DNS_A_RECORD (lib/config.ts). */
  value: string | null;
  /** What the record does, in Danish. */
  purpose: string;
}

export interface DnsGuide {
  /** The registered domain the host parts are relative to (`firma.dk`). */
  zone: string;
  records: DnsGuideRecord[];
}

/**
 * The domain an owner registered: the last two labels of the name (`www.firma.dk` → `firma.dk`).
 * Danish domains (.dk) are registered directly under the top level; a name under a two-level
 * suffix (`firma.co.uk`) gets host parts one label too long, and the guide's full names still help.
 */
export function registeredDomain(hostname: string): string {
  return hostname.split('.').slice(-2).join('.');
}

/** `www.firma.dk` in zone `firma.dk` → `www`; the zone itself → `@`. */
export function hostPart(name: string, zone: string): string {
  return name === zone ? '@' : name.slice(0, -(zone.length + 1));
}

/**
 * The records `domain` (the owner's verified or pending custom domain, lower case) needs: an A record
 * for it and for its twin to `address` (DNS_A_RECORD), and the TXT record `txt` that proves control.
 * The shorter name first, as registrars list them.
 */
export function dnsGuide(
  domain: string,
  address: string | null,
  txt: { name: string; value: string },
): DnsGuide {
  const zone = registeredDomain(domain);
  const twin = domainTwin(domain);
  const names = [
    { name: domain, purpose: DOMAIN_GUIDE_MESSAGES.shows(domain) },
    { name: twin, purpose: DOMAIN_GUIDE_MESSAGES.forwards(twin, domain) },
  ].sort((a, b) => a.name.length - b.name.length);
  const records: DnsGuideRecord[] = names.map(({ name, purpose }) => ({
    host: hostPart(name, zone),
    name,
    type: 'A',
    value: address,
    purpose,
  }));
  records.push({
    host: hostPart(txt.name, zone),
    name: txt.name,
    type: 'TXT',
    value: txt.value,
    purpose: DOMAIN_GUIDE_MESSAGES.proves(domain),
  });
  return { zone, records };
}
