// Owner account changes (issue 13): asking for a password reset, choosing a new password from the
// e-mailed link, changing the password and the login e-mail in the admin. A new password follows
// the sign-up's rules and words (the spec's Validation rules: at least PASSWORD_MIN characters, 'Passwords matcher ikke').
// Shared with the admin's forms.
import { z } from 'zod';
import { AUTH_MESSAGES, MESSAGES } from '../rules/messages';
import { PASSWORD_MAX, PASSWORD_MIN } from '../rules/password';
import { body, EMAIL_MAX, emailAddress } from './fields';

const TOKEN_MAX = 100;

const field = z.string({ error: MESSAGES.invalidInput }).optional();

const newPassword = z
  .string()
  .min(PASSWORD_MIN, MESSAGES.passwordTooShort)
  .max(PASSWORD_MAX, AUTH_MESSAGES.passwordTooLong);

/** Checks `password` and `passwordRepeat` in the sign-up's order of messages. Each issue names its
 *  field (`path`), so the admin's forms show it beside that field; the API answers the message. */
function checkNewPassword(
  value: { password?: string | undefined; passwordRepeat?: string | undefined },
  ctx: z.RefinementCtx,
) {
  const password = value.password ?? '';
  if (password === '')
    return ctx.addIssue({ code: 'custom', path: ['password'], message: MESSAGES.passwordRequired });
  const parsed = newPassword.safeParse(password);
  if (!parsed.success)
    return ctx.addIssue({
      code: 'custom',
      path: ['password'],
      message: parsed.error.issues[0]?.message ?? '',
    });
  if (password !== (value.passwordRepeat ?? '')) {
    ctx.addIssue({ code: 'custom', path: ['passwordRepeat'], message: MESSAGES.passwordsDoNotMatch });
  }
}

export const passwordResetRequestSchema = body({ email: field })
  .superRefine((value, ctx) => {
    const email = value.email?.trim() ?? '';
    if (email === '')
      return ctx.addIssue({ code: 'custom', path: ['email'], message: MESSAGES.emailRequired });
    if (email.length > EMAIL_MAX || !emailAddress.safeParse(email).success) {
      ctx.addIssue({ code: 'custom', path: ['email'], message: MESSAGES.invalidEmail });
    }
  })
  .transform((value) => ({ email: value.email?.trim() ?? '' }));

const token = z
  .string({ error: MESSAGES.resetLinkInvalid })
  .min(1, MESSAGES.resetLinkInvalid)
  .max(TOKEN_MAX, MESSAGES.resetLinkInvalid);

export const resetTokenSchema = body({ token });

export const passwordResetConfirmSchema = body({ token, password: field, passwordRepeat: field })
  .superRefine(checkNewPassword)
  .transform((value) => ({ token: value.token, password: value.password ?? '' }));

export const changePasswordSchema = body({ currentPassword: field, password: field, passwordRepeat: field })
  .superRefine((value, ctx) => {
    if (!value.currentPassword)
      return ctx.addIssue({
        code: 'custom',
        path: ['currentPassword'],
        message: MESSAGES.currentPasswordRequired,
      });
    checkNewPassword(value, ctx);
  })
  .transform((value) => ({ currentPassword: value.currentPassword ?? '', password: value.password ?? '' }));

export const changeEmailSchema = body({ email: field, currentPassword: field })
  .superRefine((value, ctx) => {
    const email = value.email?.trim() ?? '';
    if (email === '')
      return ctx.addIssue({ code: 'custom', path: ['email'], message: MESSAGES.emailRequired });
    if (email.length > EMAIL_MAX || !emailAddress.safeParse(email).success) {
      return ctx.addIssue({ code: 'custom', path: ['email'], message: MESSAGES.invalidEmail });
    }
    if (!value.currentPassword)
      ctx.addIssue({ code: 'custom', path: ['currentPassword'], message: MESSAGES.currentPasswordRequired });
  })
  .transform((value) => ({ email: value.email?.trim() ?? '', currentPassword: value.currentPassword ?? '' }));

export const emailTokenSchema = body({
  token: z
    .string({ error: MESSAGES.emailLinkInvalid })
    .min(1, MESSAGES.emailLinkInvalid)
    .max(TOKEN_MAX, MESSAGES.emailLinkInvalid),
});

/** POST /api/auth/password-reset/check: whether the link can still be used, and why not in Danish. */
export const resetCheckSchema = z.object({
  state: z.enum(['valid', 'expired', 'used', 'invalid']),
  /** Null while the link is valid. */
  message: z.string().nullable(),
});

/** POST /api/account/email/confirm: the login e-mail now. */
export const emailChangedSchema = z.object({ email: z.string(), message: z.string() });

/** GET /api/account: the login e-mail and whether the owner has proved they read it. */
export const accountSchema = z.object({ email: z.string(), emailVerified: z.boolean() });
