// The /kontakt form's checks in the visitor's browser (issue 28): the rules and Danish messages of
// contracts/contact.ts, without zod in the page's small script, so an empty or wrong field gets our
// message beside it instead of the browser's own ("Please fill out this field."). The API checks
// again with the contract; contact-form.test.ts holds the two to the same answers.

import { CONTACT_MESSAGES } from './contact-messages';
import { EMAIL_MAX, EMAIL_PATTERN } from './email';
import { CONTACT_MESSAGE_MAX, CONTACT_NAME_MAX } from './limits';
import { MESSAGES } from './messages';

export const CONTACT_FIELDS = ['name', 'email', 'message'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

/** The message for each field the contact form cannot send as it is; an empty object when it can. */
export function contactFormProblems(
  input: Record<ContactField, string>,
): Partial<Record<ContactField, string>> {
  const problems: Partial<Record<ContactField, string>> = {};
  const name = input.name.trim();
  if (name === '') problems.name = CONTACT_MESSAGES.nameRequired;
  else if (name.length > CONTACT_NAME_MAX) problems.name = CONTACT_MESSAGES.nameTooLong;
  else if (/[\r\n\u2028\u2029]/.test(name)) problems.name = CONTACT_MESSAGES.nameOneLine;
  const email = input.email.trim();
  if (email === '') problems.email = CONTACT_MESSAGES.emailRequired;
  else if (!EMAIL_PATTERN.test(email) || email.length > EMAIL_MAX) problems.email = MESSAGES.invalidEmail;
  const message = input.message.trim();
  if (message === '') problems.message = CONTACT_MESSAGES.messageRequired;
  else if (message.length > CONTACT_MESSAGE_MAX) problems.message = CONTACT_MESSAGES.messageTooLong;
  return problems;
}
