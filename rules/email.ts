// E-mail addresses as the product accepts them: zod's default pattern with letters beyond ASCII allowed
// (`ejer@tømrer.dk`, `søren@firma.dk`): a dotted domain whose last label is letters or punycode, at
// most EMAIL_MAX characters (RFC 5321's path limit).

export const EMAIL_MAX = 254;

export const EMAIL_PATTERN =
  /^(?!\.)(?!.*\.\.)[\p{L}\p{N}_'+\-.]*[\p{L}\p{N}_+-]@(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?\.)+(?:\p{L}{2,}|xn--[a-z0-9-]+)$/iu;
