// The signed parts of a review link (issue 41), keyed by the secret the quote form's tokens use
// (migration 0013), each with a purpose of its own so no token of one kind passes for another:
// - a link token `<request id>.<HMAC(review-link.cvr.id)>`: the request's id is random, and the
//   signature binds it to the company, so a link for company A proves nothing at company B. Expiry,
//   single use and "declined" are the request row's (db/tables/reviews.ts), not the token's.
// - a short link token `<request id>.<16 characters of HMAC(review-short.cvr.id)>` for the SMS text
//   (issue 49: `https://<site>/anmeld/<token>`, about 80 characters instead of 130): 96 bits of
//   signature on a 128-bit random id is still no guess.
// - a delete token `<review id>.<HMAC(review-delete.cvr.id)>` for the link in the customer's receipt.
// - a confirm token `<review id>.<HMAC(review-confirm.cvr.id)>` for the link that makes the review of
//   a customer who got the link from the owner count (issue 48).
// - a contact hash `HMAC(review-contact.cvr.address)`: what is kept of an e-mail or phone once it is
//   no longer needed, to know a customer who said no or was asked lately. The address is in its
//   recipient form first (rules/review-recipient.ts: case, `+tags`, gmail's dots, 8 digits).
// - a client hash `HMAC(review-client.cvr.address)`: the client address a review came from, kept to
//   hold many reviews from one address for the operator, never the address itself.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { recipientEmail, recipientPhone } from '../rules/review-recipient';
import type { Db } from './database';
import { formSigningSecret } from './lead-form-token';

type Purpose =
  | 'review-short'
  | 'review-link'
  | 'review-delete'
  | 'review-confirm'
  | 'review-contact'
  | 'review-client';

const TOKEN = /^([A-Za-z0-9_-]{22}|[0-9a-f-]{36})\.([A-Za-z0-9_-]{43})$/;

async function mac(db: Db, purpose: Purpose, cvr: string, value: string): Promise<string> {
  return createHmac('sha256', await formSigningSecret(db))
    .update(`${purpose}.${cvr}.${value}`)
    .digest('base64url');
}

/** A new request id: 16 random bytes, the nonce of its link. */
export function newReviewRequestId(): string {
  return randomBytes(16).toString('base64url');
}

async function signed(db: Db, purpose: Purpose, cvr: string, id: string): Promise<string> {
  return `${id}.${await mac(db, purpose, cvr, id)}`;
}

/** The id inside `token` if its signature is this company's for `purpose`; null otherwise. */
async function verified(db: Db, purpose: Purpose, cvr: string, token: string): Promise<string | null> {
  const match = TOKEN.exec(token);
  if (!match) return null;
  const [, id, signature] = match as unknown as [string, string, string];
  const expected = Buffer.from(await mac(db, purpose, cvr, id));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given) ? id : null;
}

/** The token in the link a customer gets for request `requestId` of company `cvr`. */
export const reviewLinkToken = (db: Db, cvr: string, requestId: string): Promise<string> =>
  signed(db, 'review-link', cvr, requestId);

/** The request id of a link token signed for `cvr`; null for a forged or another company's token. */
export const reviewLinkRequestId = (db: Db, cvr: string, token: string): Promise<string | null> =>
  verified(db, 'review-link', cvr, token);

const SHORT_TOKEN = /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{16})$/;

/** The token of the short link (the SMS text) for request `requestId` of company `cvr`. */
export async function reviewShortToken(db: Db, cvr: string, requestId: string): Promise<string> {
  return `${requestId}.${(await mac(db, 'review-short', cvr, requestId)).slice(0, 16)}`;
}

/** The request id inside a short token, unchecked (to find its company); null when malformed. */
export function reviewShortTokenId(token: string): string | null {
  return SHORT_TOKEN.exec(token)?.[1] ?? null;
}

/** Whether short `token` is signed for `cvr`. */
export async function reviewShortTokenValid(db: Db, cvr: string, token: string): Promise<boolean> {
  const match = SHORT_TOKEN.exec(token);
  if (!match) return false;
  const expected = Buffer.from((await mac(db, 'review-short', cvr, match[1] as string)).slice(0, 16));
  const given = Buffer.from(match[2] as string);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** The token in the customer's delete link for review `reviewId`. */
export const reviewDeleteToken = (db: Db, cvr: string, reviewId: string): Promise<string> =>
  signed(db, 'review-delete', cvr, reviewId);

/** The review id of a delete token signed for `cvr`; null otherwise. */
export const reviewDeleteReviewId = (db: Db, cvr: string, token: string): Promise<string | null> =>
  verified(db, 'review-delete', cvr, token);

/** The token in the link that confirms review `reviewId` (sent to the e-mail the customer gave). */
export const reviewConfirmToken = (db: Db, cvr: string, reviewId: string): Promise<string> =>
  signed(db, 'review-confirm', cvr, reviewId);

/** The review id of a confirm token signed for `cvr`; null otherwise. */
export const reviewConfirmReviewId = (db: Db, cvr: string, token: string): Promise<string | null> =>
  verified(db, 'review-confirm', cvr, token);

/** What is kept of an e-mail address: the keyed hash of its recipient form ('' for none). */
export async function emailHash(db: Db, cvr: string, email: string): Promise<string> {
  const normal = recipientEmail(email);
  return normal === '' ? '' : mac(db, 'review-contact', cvr, `e:${normal}`);
}

/** What is kept of a phone number: the keyed hash of its 8 digits ('' for none); +45 is the same number. */
export async function phoneHash(db: Db, cvr: string, phone: string): Promise<string> {
  const digits = recipientPhone(phone);
  return digits === '' ? '' : mac(db, 'review-contact', cvr, `p:${digits}`);
}

/** What is kept of the client address a review came from ('' when unknown). */
export async function clientHash(db: Db, cvr: string, address: string | null): Promise<string> {
  return address ? mac(db, 'review-client', cvr, address) : '';
}
