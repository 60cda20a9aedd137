// Company subdomains (the spec's Validation rules, Limits): up to 30 characters of [a-z0-9] derived from the company name,
// made unique with a numeric suffix, never one of the names the product keeps for itself.
export const SUBDOMAIN_MAX_LENGTH = 30;

const FALLBACK_SUBDOMAIN = 'firma';
const SUBDOMAIN_PATTERN = /^[a-z0-9]{1,30}$/;

export const RESERVED_SUBDOMAINS: ReadonlySet<string> = new Set([
  'www',
  'admin',
  'api',
  'mail',
  'app',
  'static',
  'assets',
  'cdn',
  'ftp',
  'smtp',
  'imap',
  'pop',
  'ns1',
  'ns2',
  'blog',
  'help',
  'support',
  'status',
]);

// Exactly the spec's Validation rules: lowercase, æ→ae, ø→oe, å→aa, every other character outside a-z0-9 removed
// ('Café' → 'caf'), then cut to 30. NFC first, so a decomposed å still counts as å.
export function subdomainFromName(name: string): string {
  const base = name
    .normalize('NFC')
    .toLowerCase()
    .replace(/æ/g, 'ae')
    .replace(/ø/g, 'oe')
    .replace(/å/g, 'aa')
    .replace(/[^a-z0-9]/g, '')
    .slice(0, SUBDOMAIN_MAX_LENGTH);
  return base || FALLBACK_SUBDOMAIN;
}

/** The nth choice for a subdomain: the name's own (n = 1), then it with the suffix n (cut to fit). */
export function subdomainCandidate(name: string, n: number): string {
  const base = subdomainFromName(name);
  if (n <= 1) return base;
  const suffix = String(n);
  return base.slice(0, SUBDOMAIN_MAX_LENGTH - suffix.length) + suffix;
}

export function pickSubdomain(name: string, taken: Iterable<string>): string {
  const used = new Set(Array.from(taken, (s) => s.toLowerCase()));
  // `used` is finite, so some suffix is always free and the loop ends.
  for (let n = 1; ; n++) {
    const candidate = subdomainCandidate(name, n);
    if (!used.has(candidate) && !RESERVED_SUBDOMAINS.has(candidate)) return candidate;
  }
}

export function isValidSubdomain(s: string): boolean {
  return typeof s === 'string' && SUBDOMAIN_PATTERN.test(s);
}
