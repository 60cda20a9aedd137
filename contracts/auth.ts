// Login and owner-account input (the spec's Validation rules): both fields required, a valid e-mail, a password of at
// least PASSWORD_MIN characters (rules/password.ts) that is not one of the most common ones. Shared
// with the admin's forms.
import { z } from 'zod';
import { AUTH_MESSAGES, MESSAGES } from '../rules/messages';
import { PASSWORD_MAX, PASSWORD_MIN } from '../rules/password';
import { body, EMAIL_MAX, emailAddress } from './fields';

function present(trim: boolean, required: string) {
  const field = z.string({ error: (issue) => (issue.input == null ? required : MESSAGES.invalidInput) });
  return (trim ? field.trim() : field).min(1, required);
}

// First both fields must be there (the spec's one message for either missing), then their form:
// the pipe keeps "missing password" from being reported as "invalid e-mail" first.
// The login says it in its own words; account creation in the spec's ('Email og password er påkrævet').
function credentialsPresent(required: string) {
  return body({ email: present(true, required), password: present(false, required) });
}

const email = emailAddress.max(EMAIL_MAX, MESSAGES.invalidEmail);

export const loginSchema = credentialsPresent(MESSAGES.loginFieldsRequired).pipe(
  z.object({ email, password: z.string().max(PASSWORD_MAX, AUTH_MESSAGES.passwordTooLong) }),
);

export const ownerAccountSchema = credentialsPresent(MESSAGES.emailAndPasswordRequired).pipe(
  z.object({
    email,
    password: z
      .string()
      .min(PASSWORD_MIN, MESSAGES.passwordTooShort)
      .max(PASSWORD_MAX, AUTH_MESSAGES.passwordTooLong),
  }),
);

export type OwnerAccountInput = z.input<typeof ownerAccountSchema>;

/** What login, the password reset, the hand-off and GET /api/auth/session answer. */
export const sessionInfoSchema = z.object({
  email: z.string(),
  companyName: z.string(),
  /** The company's canonical public address, e.g. `https://hansen.mesterside.dk/`. */
  siteUrl: z.string(),
});

export type SessionInfo = z.infer<typeof sessionInfoSchema>;

/** GET /api/auth/session signed out: a state, not an error (issue 28: a 401 was a console error on
 *  every signed-out /admin), and on a company's own host where to fetch a session from the main host
 *  (the hand-off). */
export const signedOutSchema = z.object({ signedIn: z.literal(false), handoff: z.string().optional() });

/** GET /api/auth/session, always 200: who is signed in, or that nobody is. */
export const sessionStateSchema = z.discriminatedUnion('signedIn', [
  sessionInfoSchema.extend({ signedIn: z.literal(true) }),
  signedOutSchema,
]);
