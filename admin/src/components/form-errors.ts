// The API's zod schemas run in the form before a save (the spec's Validation rules: the same messages on both sides);
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

/** Moves focus to the first of `names` (a form's fields in screen order) that has an error in
 *  `errors`; `names` maps an error key to the field's `name` where they differ. */
export function focusFirstInvalid(
  form: HTMLFormElement,
  errors: FieldErrors,
  names: readonly (string | readonly [key: string, name: string])[],
) {
  for (const entry of names) {
    const [key, name] = typeof entry === 'string' ? [entry, entry] : entry;
    if (!errors[key]) continue;
    const element = form.elements.namedItem(name);
    if (element instanceof HTMLElement) element.focus();
    return;
  }
}
