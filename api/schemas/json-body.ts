// zod at the edge: validates a JSON body with a resource schema and turns the first problem into
// the app's one error type, so every validation failure reads
// `{ "error": { "code": "invalid_input", "message": <that problem's Danish message> } }` with 400.
import { zValidator } from '@hono/zod-validator';
import type { z } from 'zod';
import { AppError } from '../../lib/errors';
import { MESSAGES } from '../../rules/messages';

export function firstIssueMessage(error: { issues: readonly { message: string }[] }): string {
  return error.issues[0]?.message || MESSAGES.invalidInput;
}

/** Route middleware: `c.req.valid('json')` is then the schema's parsed output. */
export function jsonBody<Schema extends z.ZodType>(schema: Schema) {
  return zValidator('json', schema, (result) => {
    if (!result.success) throw new AppError('invalid_input', firstIssueMessage(result.error));
  });
}

/** The same rule outside HTTP (createOwnerAccount): the parsed value, or an invalid_input AppError. */
export function parseInput<Schema extends z.ZodType>(schema: Schema, value: unknown): z.output<Schema> {
  const result = schema.safeParse(value);
  if (!result.success) throw new AppError('invalid_input', firstIssueMessage(result.error));
  return result.data;
}
