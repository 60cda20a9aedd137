// The answers every route group shares: the one error body and the short confirmations.
import { z } from 'zod';
import { ERROR_CODES } from '../rules/error-codes';

/** `{ "error": { "code", "message" } }`: the code says what kind of failure, the message is Danish. */
export const errorSchema = z.object({
  error: z.object({ code: z.enum(ERROR_CODES), message: z.string() }),
});

/** A done action with the Danish sentence to show (password changed, link sent …). */
export const messageSchema = z.object({ message: z.string() });

/** A public form that was received (the contact form). */
export const okSchema = z.object({ ok: z.literal(true) });

export type ErrorJson = z.infer<typeof errorSchema>;
