// Who a review request may go to, and when two addresses are one recipient (issue 48). Pure.
// - One form per recipient, so "asked in the last 60 days" and "said nej tak" cannot be dodged by
//   `nejtak+1@`, `Nej.Tak@gmail.com` or `+45 12 34 56 78`: an e-mail is lowercased (NFKC), its
//   `+tag` is dropped, and at gmail.com/googlemail.com (which ignore dots and are one service) the
//   dots of the local part are too; a phone number is its 8 Danish digits.
// - The owner's own addresses are no customer: the login, the company's e-mail, the address quote
//   requests go to, any address at the company's own domain, and the company's phone number. A link
//   sent there would reach the owner, who could write the review himself or delete a customer's
//   through the receipt (the forwarding attack of issue 48).
import { normalizeEmail } from './email';

/** Mail services where anyone may have an address: their domain says nothing about the company. */
const SHARED_MAIL_DOMAINS: ReadonlySet<string> = new Set([
  'gmail.com',
  'googlemail.com',
  'hotmail.com',
  'hotmail.dk',
  'outlook.com',
  'outlook.dk',
  'live.com',
  'live.dk',
  'msn.com',
  'yahoo.com',
  'yahoo.dk',
  'icloud.com',
  'me.com',
  'mac.com',
  'mail.dk',
  'jubii.dk',
  'sol.dk',
  'ofir.dk',
  'tdcadsl.dk',
  'post.tele.dk',
  'stofanet.dk',
  'youmail.dk',
  'aol.com',
  'proton.me',
  'protonmail.com',
  'gmx.com',
  'gmx.net',
]);

const GMAIL = new Set(['gmail.com', 'googlemail.com']);

/** The one form of an e-mail recipient ('' for none): `Nej.Tak+1@GoogleMail.com` → `nejtak@gmail.com`. */
export function recipientEmail(email: string): string {
  const normal = normalizeEmail(email);
  const at = normal.lastIndexOf('@');
  if (at <= 0) return normal;
  let local = normal.slice(0, at);
  let domain = normal.slice(at + 1).replace(/\.$/, '');
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  if (GMAIL.has(domain)) {
    local = local.replace(/\./g, '');
    domain = 'gmail.com';
  }
  return `${local}@${domain}`;
}

/** The one form of a phone recipient: its 8 Danish digits ('' for none); +45/0045 dropped. */
export function recipientPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return digits.replace(/^(?:0045|45)(?=\d{8}$)/, '');
}

/** The domain part of a normalised address ('' when there is none). */
function domainOf(email: string): string {
  const at = email.lastIndexOf('@');
  return at < 0 ? '' : email.slice(at + 1);
}

/** The owner's own addresses, numbers and domains, as far as we know them. */
export interface OwnContacts {
  emails: readonly string[];
  phones: readonly string[];
  /** The company's own domains (its site's domain); addresses there are the company's. */
  domains: readonly string[];
}

/**
 * The owner's contacts in recipient form: each address and number normalised, and the domains of
 * the company's own (non-shared) mail addresses added to its site domains (`ejer@eksempel-vvs.dk`
 * makes every `…@eksempel-vvs.dk` the company's; `ejer@gmail.com` says nothing about gmail.com).
 */
export function ownContacts(input: {
  emails: readonly (string | null | undefined)[];
  phones: readonly (string | null | undefined)[];
  domains: readonly (string | null | undefined)[];
}): OwnContacts {
  const emails = input.emails.map((e) => recipientEmail(e ?? '')).filter((e) => e.includes('@'));
  const siteDomains = input.domains
    .map((d) =>
      (d ?? '')
        .trim()
        .toLowerCase()
        .replace(/^www\./, ''),
    )
    .filter(Boolean);
  const mailDomains = emails.map(domainOf).filter((d) => d !== '' && !SHARED_MAIL_DOMAINS.has(d));
  return {
    emails: [...new Set(emails)],
    phones: [...new Set(input.phones.map((p) => recipientPhone(p ?? '')).filter(Boolean))],
    domains: [...new Set([...siteDomains, ...mailDomains])],
  };
}

/** Whether an e-mail (any form) is the owner's: one of their addresses or at the company's domain. */
export function isOwnEmail(email: string, own: OwnContacts): boolean {
  const normal = recipientEmail(email);
  if (normal === '') return false;
  if (own.emails.includes(normal)) return true;
  const domain = domainOf(normal);
  return own.domains.some((d) => domain === d || domain.endsWith(`.${d}`));
}

/** Whether a phone number (any form) is the company's own. */
export function isOwnPhone(phone: string, own: OwnContacts): boolean {
  const normal = recipientPhone(phone);
  return normal !== '' && own.phones.includes(normal);
}
