// The review form a customer opens from the company's link (issue 41): its fields, the Danish refusal
// per field, the name shown by default ("Mette H., Køge") and the SMS text with the link. Pure: the API
// checks with it and renders the form's names and limits from it. The text rules are the quote form's
// (rules/text.ts): invisible formatting removed, control characters refused, names on one line.
import { EMAIL_MAX, EMAIL_PATTERN } from './email';
import { REVIEW_AUTHOR_MAX, REVIEW_TEXT_MAX } from './limits';
import { REVIEW_MESSAGES } from './review-messages';
import { isCleanText, isOneLine, withoutInvisible } from './text';

/** The `name` attributes of the form's inputs and the labels a customer reads. */
export const REVIEW_FIELDS = {
  stars: 'Hvor tilfreds er du?',
  service: 'Hvad fik du lavet?',
  text: 'Fortæl kort om opgaven',
  author: 'Navn ved anmeldelsen',
  email: 'Din e-mail',
  consent: 'Anmeldelsen må vises på hjemmesiden med det navn, jeg har skrevet',
} as const;
type ReviewField = keyof typeof REVIEW_FIELDS;

export const REVIEW_HONEYPOT_FIELD = 'website';

export interface ReviewInput {
  stars: number;
  service: string;
  text: string;
  author: string;
  consent: boolean;
  /** The customer's own e-mail: asked when the request came by SMS (issue 48); '' otherwise. */
  email: string;
}

/**
 * Whether the form asks for the customer's own e-mail: 'required' when the owner sent the link himself
 * (the review counts once they confirm it), 'optional' for an SMS we sent (for the receipt), else 'none'.
 */
export type ReviewEmailField = 'required' | 'optional' | 'none';

export type ReviewFieldErrors = Partial<Record<ReviewField | 'form', string>>;

const LINK = /\bhttps?:\/\/|\bwww\.|\[url[=\]]|<a\s/i;

/** The form's values trimmed and without invisible formatting, from whatever arrived. */
export function reviewInput(values: Record<string, unknown>): ReviewInput {
  const read = (key: ReviewField) =>
    typeof values[key] === 'string' ? withoutInvisible(values[key] as string) : '';
  const stars = /^[1-5]$/.test(read('stars').trim()) ? Number(read('stars').trim()) : 0;
  return {
    stars,
    service: read('service').trim(),
    text: read('text').replace(/\r\n?/g, '\n').trim(),
    author: read('author').replace(/\s+/g, ' ').trim(),
    consent: read('consent') !== '',
    email: read('email').trim(),
  };
}

/** Each field's refusal; empty when the review may be stored. `services` are the chips offered. */
export function checkReview(
  input: ReviewInput,
  services: readonly string[],
  email: ReviewEmailField = 'none',
): ReviewFieldErrors {
  const errors: ReviewFieldErrors = {};
  if (email !== 'none') {
    if (input.email === '') {
      if (email === 'required') errors.email = REVIEW_MESSAGES.customerEmailRequired;
    } else if (input.email.length > EMAIL_MAX || !EMAIL_PATTERN.test(input.email)) {
      errors.email = REVIEW_MESSAGES.customerEmailInvalid;
    }
  }
  if (input.stars < 1 || input.stars > 5) errors.stars = REVIEW_MESSAGES.starsRequired;
  if (input.service !== '' && !services.includes(input.service))
    errors.service = REVIEW_MESSAGES.serviceInvalid;
  if (input.text.length > REVIEW_TEXT_MAX) errors.text = REVIEW_MESSAGES.textTooLong;
  else if (!isCleanText(input.text)) errors.text = REVIEW_MESSAGES.textControl;
  else if (LINK.test(input.text)) errors.text = REVIEW_MESSAGES.tooManyLinks;
  if (input.author === '') errors.author = REVIEW_MESSAGES.authorRequired;
  else if (input.author.length > REVIEW_AUTHOR_MAX) errors.author = REVIEW_MESSAGES.authorTooLong;
  else if (!isOneLine(input.author) || LINK.test(input.author)) errors.author = REVIEW_MESSAGES.authorOneLine;
  if (!input.consent) errors.consent = REVIEW_MESSAGES.consentRequired;
  return errors;
}

/** The name shown by default: first name and the initial of the last, and the town ("Mette H., Køge"). */
export function defaultAuthorName(fullName: string, town = ''): string {
  const parts = withoutInvisible(fullName).replace(/\s+/g, ' ').trim().split(' ').filter(Boolean);
  const first = parts[0] ?? '';
  const last = parts.length > 1 ? `${(parts.at(-1) ?? '').charAt(0).toLocaleUpperCase('da-DK')}.` : '';
  const name = [first, last].filter(Boolean).join(' ');
  const place = town.trim();
  return (place && name ? `${name}, ${place}` : name).slice(0, REVIEW_AUTHOR_MAX);
}

/** The short link of an SMS text on the company's own host: `/anmeld/<token>` (issue 49). */
export const REVIEW_SHORT_LINK_PREFIX = '/anmeld/';

/** The text an owner copies into an SMS to a customer who gave only a phone number. */
export function reviewSmsText(companyName: string, customerName: string, link: string): string {
  const first = customerName.trim().split(/\s+/)[0] ?? '';
  return `Hej${first ? ` ${first}` : ''}. Tak fordi du valgte ${companyName}. Vil du bruge et minut på at fortælle, hvordan det gik? Din anmeldelse bliver vist på vores hjemmeside: ${link}`;
}
