// The marketing site's contact form (the spec's Screens Contact, Validation rules): name, email and message required, a valid
// e-mail, sensible caps. `website` is a honeypot a person never sees; shared with the /kontakt page.
import { z } from 'zod';
import { CONTACT_MESSAGES } from '../rules/contact-messages';
import { CONTACT_MESSAGE_MAX, CONTACT_NAME_MAX } from '../rules/limits';
import { MESSAGES } from '../rules/messages';
import { body, EMAIL_MAX, emailAddress } from './fields';

/** A string field whose absence (or blank value) reads `required`. */
function required(message: string) {
  return z
    .string({ error: (issue) => (issue.input == null ? message : MESSAGES.invalidInput) })
    .trim()
    .min(1, message);
}

export const contactSchema = body({
  name: required(CONTACT_MESSAGES.nameRequired)
    .max(CONTACT_NAME_MAX, CONTACT_MESSAGES.nameTooLong)
    // The name goes into the mail's subject: one line only.
    .refine((name) => !/[\r\n\u2028\u2029]/.test(name), CONTACT_MESSAGES.nameOneLine),
  email: required(CONTACT_MESSAGES.emailRequired).pipe(emailAddress.max(EMAIL_MAX, MESSAGES.invalidEmail)),
  message: required(CONTACT_MESSAGES.messageRequired).max(
    CONTACT_MESSAGE_MAX,
    CONTACT_MESSAGES.messageTooLong,
  ),
  /** Honeypot: hidden from people, filled in by bots. Anything is accepted; non-empty means spam. */
  website: z.string({ error: MESSAGES.invalidInput }).optional(),
});
