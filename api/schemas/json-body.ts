// zod at the edge: validates a JSON body with a resource schema and turns the first problem into
// the app's one error type, so every validation failure reads
// `{ "error": { "code": "invalid_input", "message": <that problem's Danish message> } }` with 400.
import { zValidator } from '@hono/zod-validator';
import { z } from 'zod';
import { AppError } from '../../lib/errors';
import { MESSAGES } from '../../rules/messages';
import { hasUncleanText } from '../../rules/text';

function firstIssueMessage(error: { issues: readonly { message: string }[] }): string {
  return error.issues[0]?.message || MESSAGES.invalidInput;
}

/**
 * The schema behind the text rule (rules/text.ts): a NUL or another control character in any string
 * of the body is refused first, with one Danish message, before the schema's own checks. So both
 * databases see the same text, whatever field a schema forgets.
 */
function withTextRule<Schema extends z.ZodType>(schema: Schema) {
  return z
    .unknown()
    .superRefine((value, ctx) => {
      if (hasUncleanText(value)) ctx.addIssue({ code: 'custom', message: MESSAGES.controlCharacters });
    })
    .pipe(schema);
}

/** Route middleware: `c.req.valid('json')` is then the schema's parsed output. */
export function jsonBody<Schema extends z.ZodType>(schema: Schema) {
  return zValidator('json', withTextRule(schema), (result) => {
    if (!result.success) throw new AppError('invalid_input', firstIssueMessage(result.error));
  });
}

/** The same rule outside HTTP (createOwnerAccount): the parsed value, or an invalid_input AppError. */
export function parseInput<Schema extends z.ZodType>(schema: Schema, value: unknown): z.output<Schema> {
  const result = withTextRule(schema).safeParse(value);
  if (!result.success) throw new AppError('invalid_input', firstIssueMessage(result.error));
  return result.data;
}
