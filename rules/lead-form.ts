// The quote-request form on every company site (issue 25): its fields, their limits and the Danish
// refusal per field, the cap on links, and what counts as "the same request" for duplicate
// suppression. Pure and client-safe: the API checks with it, the templates take the names and limits
// from it, and the server-rendered refusal page shows its messages beside the fields.
import { EMAIL_MAX, EMAIL_PATTERN } from './email';
import { LEAD_MESSAGES } from './lead-messages';
import {
  LEAD_MAX_LINKS,
  LEAD_MESSAGE_MAX,
  LEAD_NAME_MAX,
  LEAD_PERSON_CHARS_PER_SECOND,
  LEAD_PHONE_MAX,
  LEAD_PLATE_MAX,
  LEAD_TOKEN_MIN_AGE_MS,
} from './limits';
import { isCleanText, isOneLine, withoutInvisible } from './text';

/** The `name` attributes of the form's inputs, and the Danish labels the visitor sees. */
export const LEAD_FIELDS = {
  name: 'Navn',
  phone: 'Telefon',
  email: 'E-mail',
  postcode: 'Postnummer',
  message: 'Hvad drejer det sig om?',
  /** Only on a garage's form (rules/trades/site-fit.ts `asksPlate`), and optional there. */
  plate: 'Nummerplade',
} as const;
type LeadField = keyof typeof LEAD_FIELDS;
/** The message field's label on a shop trade's form (issue 52: a salon's customer writes a message,
 *  he does not describe a job). */
export const LEAD_MESSAGE_LABEL_SHOP = 'Din besked';

export const LEAD_PHOTOS_FIELD = 'photos';
export const LEAD_PHOTOS_LABEL = 'Vedhæft billeder (valgfrit)';
/** The honeypot: hidden from people, filled in by bots. */
export const LEAD_HONEYPOT_FIELD = 'website';
/** The signed render-time token (db/lead-form-token.ts). */
export const LEAD_TOKEN_FIELD = 'token';

export interface LeadInput {
  name: string;
  phone: string;
  email: string;
  postcode: string;
  message: string;
  /** The car's number plate, upper-case; '' when not asked or not given. */
  plate: string;
}

export type LeadFieldErrors = Partial<Record<LeadField | 'photos' | 'form', string>>;

const PHONE = /^\+?[0-9 ()-]{8,}$/;
const POSTCODE = /^[0-9]{4}$/;
/** A Danish plate is two letters and five digits ("AB 12 345"); older, foreign and personal plates
 *  differ, so any short run of letters, digits, spaces and hyphens is taken. */
const PLATE = /^[A-ZÆØÅ0-9][A-ZÆØÅ0-9 -]*$/;
const LINK = /\bhttps?:\/\/|\bwww\.|\[url[=\]]|<a\s/gi;

/**
 * The form's values trimmed, from whatever arrived (missing fields are empty), without invisible
 * formatting characters (rules/text.ts: a bidi override in a name would reorder it in the inbox
 * and in the mail's subject).
 */
export function leadInput(values: Record<string, unknown>): LeadInput {
  const read = (key: LeadField) =>
    typeof values[key] === 'string' ? withoutInvisible(values[key] as string) : '';
  return {
    name: read('name').trim(),
    phone: read('phone').trim(),
    email: read('email').trim(),
    postcode: read('postcode').trim(),
    // Windows line ends arrive from form posts; the stored text has plain newlines.
    message: read('message').replace(/\r\n?/g, '\n').trim(),
    plate: read('plate').trim().replace(/\s+/g, ' ').toUpperCase(),
  };
}

function countLinks(text: string): number {
  return text.match(LINK)?.length ?? 0;
}

/** Each field's refusal, by field; empty when the request may be stored. `postcodeOptional`: a shop
 *  trade's form (issue 52), whose customers come to it, asks no postcode; one given is still checked. */
export function checkLead(input: LeadInput, { postcodeOptional = false } = {}): LeadFieldErrors {
  const errors: LeadFieldErrors = {};
  if (input.name === '') errors.name = LEAD_MESSAGES.nameRequired;
  else if (input.name.length > LEAD_NAME_MAX) errors.name = LEAD_MESSAGES.nameTooLong;
  else if (!isOneLine(input.name)) errors.name = LEAD_MESSAGES.nameOneLine;

  if (input.phone !== '' && (input.phone.length > LEAD_PHONE_MAX || !PHONE.test(input.phone))) {
    errors.phone = LEAD_MESSAGES.phoneInvalid;
  }
  // One line, an address shape: a CR or LF here could never reach a mail header as one.
  if (
    input.email !== '' &&
    (input.email.length > EMAIL_MAX || !isOneLine(input.email) || !EMAIL_PATTERN.test(input.email))
  ) {
    errors.email = LEAD_MESSAGES.emailInvalid;
  }
  if (input.phone === '' && input.email === '') errors.phone = LEAD_MESSAGES.contactRequired;

  if (!(postcodeOptional && input.postcode === '') && !POSTCODE.test(input.postcode))
    errors.postcode = LEAD_MESSAGES.postcodeInvalid;

  if (input.plate !== '' && (input.plate.length > LEAD_PLATE_MAX || !PLATE.test(input.plate)))
    errors.plate = LEAD_MESSAGES.plateInvalid;

  if (input.message === '') errors.message = LEAD_MESSAGES.messageRequired;
  else if (input.message.length > LEAD_MESSAGE_MAX) errors.message = LEAD_MESSAGES.messageTooLong;
  else if (!isCleanText(input.message)) errors.message = LEAD_MESSAGES.messageControl;
  else if (countLinks(`${input.name} ${input.message}`) > LEAD_MAX_LINKS)
    errors.message = LEAD_MESSAGES.tooManyLinks;
  return errors;
}

/** The words that make two requests "the same" (case and spacing aside), for duplicate suppression. */
export function leadFingerprint(input: LeadInput): string {
  const fold = (value: string) => value.toLowerCase().replace(/\s+/g, ' ').trim();
  return [input.name, input.phone, input.email, input.postcode, input.message, input.plate]
    .map(fold)
    .join('\u0000');
}

/**
 * Whether a request reads as a person's (issue 48): no links at all, and the time since its fresh token
 * was fetched (the visitor's first touch of the form) at least what typing its message takes a person
 * at LEAD_PERSON_CHARS_PER_SECOND. Such a request is mailed even while a flood spends the company's
 * other allowances (api/leads/lead-limits.ts).
 */
export function typedAtPersonsPace(input: LeadInput, tokenAgeMs: number): boolean {
  if (countLinks(`${input.name} ${input.message}`) > 0) return false;
  const typing = (input.message.length * 1000) / LEAD_PERSON_CHARS_PER_SECOND;
  return tokenAgeMs >= Math.max(LEAD_TOKEN_MIN_AGE_MS, typing);
}
