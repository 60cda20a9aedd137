// The quote form's signed render-time token (here in db/: it needs only node:crypto and the key the
// database keeps, and both the generator, which signs it into a page, and the API, which checks it, use it): `<issued ms>.<nonce>.<HMAC-SHA256(cvr.issued.nonce)>`,
// keyed by the secret migration 0013 put in the database (every process and machine shares it; no
// setting needed). It proves a request comes from a form we handed out for this company, and when.
//
// The sites are static files, so there are two kinds:
// - a page token, written into the HTML when the site is rendered (nonce `p`). It is the same for
//   every visitor of that page and is all a visitor without JavaScript has, so it cannot be single-use
//   and its age says when the site was published, not when the visitor arrived. It is accepted for
//   PAGE_TOKEN_MAX_AGE_MS; an older one gets the form back with the visitor's text and a fresh token.
// - a fresh token (random nonce): the site's small script asks GET /api/sites/{cvr}/lead-token when
//   the visitor first touches the form, so its age is the visitor's. It is refused under MIN_AGE_MS
//   (faster than a person fills a form), over FRESH_TOKEN_MAX_AGE_MS, and when spent once already.
// A page token therefore stops forged and foreign-company tokens but not a patient bot that reads the
// page; the honeypot, the link cap, duplicate suppression and the rate limits stop what gets past it.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { LEAD_TOKEN_MIN_AGE_MS } from '../rules/limits';
import type { Db } from './database';
import { isLeadTokenSpent, leadFormSecret, spendLeadToken } from './tables/leads';

/** A fresh token younger than this is refused (faster than a person fills a form). The site's script
 *  knows it too (the form's data-min-age) and waits out the rest before it sends, so a person who
 *  autofills and sends at once is not refused. */
const MIN_AGE_MS = LEAD_TOKEN_MIN_AGE_MS;
const FRESH_TOKEN_MAX_AGE_MS = 24 * 60 * 60 * 1000;
const PAGE_TOKEN_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;
const PAGE_NONCE = 'p';
const TOKEN = /^([0-9]{13})\.(p|[A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

const secrets = new WeakMap<Db, Promise<string>>();

/** The key every process shares (migration 0013), read once per database; review links use it too. */
export function formSigningSecret(db: Db): Promise<string> {
  let secret = secrets.get(db);
  if (!secret) {
    secret = leadFormSecret(db);
    // A failed read is tried again next time rather than remembered.
    secret.catch(() => secrets.delete(db));
    secrets.set(db, secret);
  }
  return secret;
}

function sign(secret: string, cvr: string, issued: number, nonce: string): string {
  return createHmac('sha256', secret).update(`${cvr}.${issued}.${nonce}`).digest('base64url');
}

/** The token written into a site's pages at render time. */
export async function pageToken(db: Db, cvr: string, now: Date): Promise<string> {
  const issued = now.getTime();
  return `${issued}.${PAGE_NONCE}.${sign(await formSigningSecret(db), cvr, issued, PAGE_NONCE)}`;
}

/** A single-use token for one visitor (the site's script, the refusal page). */
export async function freshToken(db: Db, cvr: string, now: Date): Promise<string> {
  // `now` may be the issue time of a token this one replaces (api/routes/site-leads.ts, refusals):
  // the visitor's time at the form goes on.
  const issued = now.getTime();
  const nonce = randomBytes(16).toString('base64url');
  return `${issued}.${nonce}.${sign(await formSigningSecret(db), cvr, issued, nonce)}`;
}

type TokenVerdict = 'ok' | 'invalid' | 'too-fast' | 'too-old' | 'replayed';

export interface CheckedToken {
  verdict: TokenVerdict;
  /** A page token (public, in every copy of the page) rather than a visitor's fresh one. */
  page: boolean;
  /** When the token was issued (a fresh one: when the visitor first touched the form). */
  issuedAt: Date;
  /** Spends a fresh token (a no-op for page tokens); false when it was spent meanwhile. */
  spend: () => Promise<boolean>;
}

/**
 * Checks signature, company and age; spending (single use) is left to the caller's last step.
 * `minAgeMs`: a form the server draws per visitor (the booking form: the visitor chose a service, a
 * day and a time on pages before it) may take its token back at once.
 */
export async function checkToken(
  db: Db,
  cvr: string,
  token: string,
  now: Date,
  { minAgeMs = MIN_AGE_MS } = {},
): Promise<CheckedToken> {
  const refused = (verdict: TokenVerdict): CheckedToken => ({
    verdict,
    page: false,
    issuedAt: new Date(0),
    spend: async () => false,
  });
  const match = TOKEN.exec(token);
  if (!match) return refused('invalid');
  const [, issuedText, nonce, signature] = match as unknown as [string, string, string, string];
  const issued = Number(issuedText);
  const expected = Buffer.from(sign(await formSigningSecret(db), cvr, issued, nonce));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return refused('invalid');
  const age = now.getTime() - issued;
  const page = nonce === PAGE_NONCE;
  if (age < minAgeMs) return refused('too-fast');
  if (age > (page ? PAGE_TOKEN_MAX_AGE_MS : FRESH_TOKEN_MAX_AGE_MS)) return refused('too-old');
  const issuedAt = new Date(issued);
  if (page) return { verdict: 'ok', page, issuedAt, spend: async () => true };
  const expires = new Date(issued + FRESH_TOKEN_MAX_AGE_MS);
  // A spent nonce is a replay; it is looked up here and recorded by spend(), after the checks.
  if (await isLeadTokenSpent(db, nonce)) return refused('replayed');
  return { verdict: 'ok', page, issuedAt, spend: () => spendLeadToken(db, nonce, expires, now) };
}
