// E-mail addresses as the product accepts them: zod's default pattern with letters beyond ASCII allowed
// (`ejer@tømrer.dk`, `søren@firma.dk`): a dotted domain whose last label is letters or punycode, at
// most EMAIL_MAX characters (RFC 5321's path limit).

export const EMAIL_MAX = 254;

export const EMAIL_PATTERN =
  /^(?!\.)(?!.*\.\.)[\p{L}\p{N}_'+\-.]*[\p{L}\p{N}_+-]@(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?\.)+(?:\p{L}{2,}|xn--[a-z0-9-]+)$/iu;

/**
 * The one form an address is stored and compared in (logins, company e-mails, OPERATOR_EMAILS):
 * trimmed, NFKC-normalised and lowercased. NFKC first, so a look-alike that only case mapping would
 * fold (the Kelvin sign U+212A, full-width letters, ligatures) becomes the plain letters before any
 * comparison; NFKC again after, since lowercasing may leave a non-normalised sequence.
 */
export function normalizeEmail(email: string): string {
  return email.trim().normalize('NFKC').toLowerCase().normalize('NFKC');
}
