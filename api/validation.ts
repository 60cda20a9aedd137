// zod at the edge, outside a route's own validation: the first problem's Danish message, and the
// text rule for input that does not arrive through a route (createOwnerAccount, the analytics beacon).
import type { z } from 'zod';
import { AppError } from '../lib/errors';
import { MESSAGES } from '../rules/messages';
import { hasUncleanText, withoutInvisibleText } from '../rules/text';

export function firstIssueMessage(error: { issues: readonly { message: string }[] }): string {
  return error.issues[0]?.message || MESSAGES.invalidInput;
}

/** The parsed value, or an invalid_input AppError with the first problem's message; control
 *  characters anywhere in the value are refused first and invisible formatting characters removed
 *  (rules/text.ts), as routes do. */
export function parseInput<Schema extends z.ZodType>(schema: Schema, value: unknown): z.output<Schema> {
  if (hasUncleanText(value)) throw new AppError('invalid_input', MESSAGES.controlCharacters);
  const result = schema.safeParse(withoutInvisibleText(value));
  if (!result.success) throw new AppError('invalid_input', firstIssueMessage(result.error));
  return result.data;
}
