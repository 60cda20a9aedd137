// Field builders the resource schemas share, so every text field words its limit the same way and a
// value of the wrong type gets the same Danish answer everywhere.
import { z } from 'zod';
import { EMAIL_MAX, EMAIL_PATTERN } from '../rules/email';
import { MESSAGES, oneLineMessage, tooLongMessage } from '../rules/messages';
import { isOneLine } from '../rules/text';

export { EMAIL_MAX };

/** A string of at most `max` characters, trimmed, on one line (rules/text.ts). */
export function text(label: string, max: number) {
  return multilineText(label, max).refine(isOneLine, oneLineMessage(label));
}

/** A trimmed string of at most `max` characters that may hold lines and tabs (a gallery description). */
export function multilineText(label: string, max: number) {
  return z.string({ error: MESSAGES.invalidInput }).trim().max(max, tooLongMessage(label, max));
}

/** The same, without trimming: body text keeps the owner's blank lines and indentation. Control
 *  characters other than tab and line ends are refused for every body by jsonBody (rules/text.ts). */
export function untrimmedText(label: string, max: number) {
  return z.string({ error: MESSAGES.invalidInput }).max(max, tooLongMessage(label, max));
}

export const emailAddress = z.email({ pattern: EMAIL_PATTERN, error: MESSAGES.invalidEmail });

/** An object body; anything else (an array, a string, null) is invalid input. */
export function body<Shape extends z.core.$ZodLooseShape>(shape: Shape) {
  return z.object(shape, { error: MESSAGES.invalidInput });
}
