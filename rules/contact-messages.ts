// The marketing site's contact form's Danish messages (contracts/contact.ts, rules/contact-form.ts).
// Part of rules/messages.ts's catalogue, apart because the admin's first chunk carries messages.ts
// to every screen and the admin never shows these.
import { CONTACT_MESSAGE_MAX, CONTACT_NAME_MAX } from './limits';
import { MESSAGES, tooLongMessage } from './messages';

/** The marketing site's contact form (contracts/contact.ts). */
export const CONTACT_MESSAGES = {
  nameRequired: 'Navn er påkrævet',
  nameTooLong: tooLongMessage('Navn', CONTACT_NAME_MAX),
  nameOneLine: 'Navn skal stå på én linje',
  emailRequired: MESSAGES.emailRequired,
  messageRequired: 'Besked er påkrævet',
  messageTooLong: tooLongMessage('Besked', CONTACT_MESSAGE_MAX),
} as const;
