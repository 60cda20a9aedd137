// The signed link of one document of one company, for one purpose (issue 50): the coming tilbud a
// customer accepts or declines, the booking a customer makes, and any public form of
// api/public-form that opens from a link. A token is `<document id>.<HMAC(doc.<purpose>.<cvr>.<id>)>`,
// keyed by the secret the quote form's tokens use (migration 0013): the signature binds the id to the
// company and the purpose, so a tilbud link of company A proves nothing at company B, nor opens A's
// booking page. Expiry and single use are the document row's, not the token's (as the review link's:
// db/review-token.ts).
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Db } from './database';
import { formSigningSecret } from './lead-form-token';

/** What a link is for: lowercase words joined by '-', e.g. 'tilbud-accept', 'booking'. */
export type DocumentLinkPurpose = string;

const PURPOSE = /^[a-z]+(?:-[a-z]+)*$/;
const TOKEN = /^([A-Za-z0-9_-]{1,64})\.([A-Za-z0-9_-]{43})$/;

async function mac(db: Db, purpose: DocumentLinkPurpose, cvr: string, id: string): Promise<string> {
  if (!PURPOSE.test(purpose)) throw new Error(`not a link purpose: ${purpose}`);
  return createHmac('sha256', await formSigningSecret(db))
    .update(`doc.${purpose}.${cvr}.${id}`)
    .digest('base64url');
}

/** The token of the link to document `id` (of at most 64 URL-safe characters) of company `cvr`. */
export async function documentLinkToken(
  db: Db,
  purpose: DocumentLinkPurpose,
  cvr: string,
  id: string,
): Promise<string> {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(id)) throw new Error('a document id is 1-64 URL-safe characters');
  return `${id}.${await mac(db, purpose, cvr, id)}`;
}

/** The document id of `token` if it is signed for this company and purpose; null otherwise. */
export async function documentLinkId(
  db: Db,
  purpose: DocumentLinkPurpose,
  cvr: string,
  token: string,
): Promise<string | null> {
  const match = TOKEN.exec(token);
  if (!match) return null;
  const [, id, signature] = match as unknown as [string, string, string];
  const expected = Buffer.from(await mac(db, purpose, cvr, id));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given) ? id : null;
}
