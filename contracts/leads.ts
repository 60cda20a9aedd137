// The quote requests (issue 25): the site form's answers (received, refused per field, a fresh token)
// and the owner's inbox (GET/PATCH/DELETE /api/leads, the form settings).
import { z } from 'zod';
import { ERROR_CODES } from '../rules/error-codes';
import { MESSAGES } from '../rules/messages';
import { body, EMAIL_MAX, emailAddress } from './fields';

/** A refused form post: the error body plus the Danish refusal next to each field. */
export const leadRefusalSchema = z.object({
  error: z.object({ code: z.enum(ERROR_CODES), message: z.string() }),
  fields: z.record(z.string(), z.string()),
  /** A fresh token to send with the next try. */
  token: z.string().optional(),
});

export const leadReceivedSchema = z.object({ ok: z.literal(true), message: z.string() });

export const leadTokenSchema = z.object({ token: z.string() });

export const leadSchema = z.object({
  id: z.string(),
  name: z.string(),
  phone: z.string(),
  email: z.string(),
  postcode: z.string(),
  message: z.string(),
  /** The car's number plate from a garage's form; '' when not asked or not given. */
  plate: z.string(),
  /** Owner-only addresses of the photos: `/api/leads/<id>/photos/<n>`. */
  photos: z.array(z.object({ url: z.string(), width: z.number(), height: z.number() })),
  createdAt: z.string(),
  readAt: z.string().nullable(),
  handledAt: z.string().nullable(),
  /** The owner's own note, never shown to the customer. */
  note: z.string(),
  /** Past the company's hourly allowance: listed under "Mulig spam", never mailed one by one. */
  spam: z.boolean(),
});

/** One of the inbox's two lists, the unread requests, and how many are under "Mulig spam". */
export const leadListSchema = z.object({
  leads: z.array(leadSchema),
  unread: z.number(),
  spam: z.number(),
});

export const leadUpdateSchema = z.object(
  {
    read: z.boolean().optional(),
    handled: z.boolean().optional(),
    /** The owner's own note ('' clears it); at most LEAD_NOTE_MAX_CHARS characters. */
    note: z.string().optional(),
  },
  { error: MESSAGES.invalidInput },
);

export const leadSettingsSchema = z.object({
  formEnabled: z.boolean(),
  /** Empty: the owner's login e-mail receives the requests. */
  recipientEmail: z.union([z.literal(''), emailAddress.max(EMAIL_MAX)]),
});

/**
 * The settings answer also says where requests go when no address is chosen (the login e-mail), and
 * which address waits for its inbox to confirm it (issue 39): until then it gets nothing.
 */
export const leadSettingsAnswerSchema = leadSettingsSchema.extend({
  defaultRecipient: z.string(),
  /** False until the owner confirmed the login e-mail: requests then wait in the inbox (issue 48). */
  loginConfirmed: z.boolean(),
  pendingRecipient: z.object({ email: z.string(), sentAt: z.string() }).nullable(),
});

/** The link mailed to a new recipient: POST /api/lead-recipient/check and /confirm. */
export const leadRecipientTokenSchema = body({
  token: z
    .string({ error: MESSAGES.emailLinkInvalid })
    .min(1, MESSAGES.emailLinkInvalid)
    .max(100, MESSAGES.emailLinkInvalid),
});

/** What the link is worth now; while valid, the company and the address it confirms. */
export const leadRecipientCheckSchema = z.object({
  state: z.enum(['valid', 'expired', 'used', 'invalid']),
  /** '' while the link is valid. */
  message: z.string(),
  companyName: z.string().optional(),
  email: z.string().optional(),
});

export const leadRecipientConfirmedSchema = z.object({
  companyName: z.string(),
  email: z.string(),
  message: z.string(),
});

export const leadCountsSchema = z.object({ unread: z.number() });

export type LeadJson = z.infer<typeof leadSchema>;
export type LeadSettingsJson = z.infer<typeof leadSettingsAnswerSchema>;
