// The API's zod schemas run in the form before a save (SPEC §5: the same messages on both sides);
// this turns a failed parse into one message per field, keyed by the path (`hours.Mandag`).
import type { z } from 'zod';

export type FieldErrors = Record<string, string>;

function fieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || '_';
    errors[key] ??= issue.message;
  }
  return errors;
}

/** Parses `input`; the output, or the field errors. */
export function validate<S extends z.ZodType>(
  schema: S,
  input: unknown,
): { ok: true; value: z.output<S> } | { ok: false; errors: FieldErrors } {
  const parsed = schema.safeParse(input);
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, errors: fieldErrors(parsed.error) };
}
