// The quote requests (issue 25): the site form's answers (received, refused per field, a fresh token)
// and the owner's inbox (GET/PATCH/DELETE /api/leads, the form settings).
import { z } from 'zod';
import { ERROR_CODES } from '../rules/error-codes';
import { EMAIL_MAX, emailAddress } from './fields';

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
  /** Owner-only addresses of the photos: `/api/leads/<id>/photos/<n>`. */
  photos: z.array(z.object({ url: z.string(), width: z.number(), height: z.number() })),
  createdAt: z.string(),
  readAt: z.string().nullable(),
  handledAt: z.string().nullable(),
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
  { read: z.boolean().optional(), handled: z.boolean().optional() },
  { error: 'Ugyldige oplysninger' },
);

export const leadSettingsSchema = z.object({
  formEnabled: z.boolean(),
  /** Empty: the company's e-mail (else the login e-mail) receives the requests. */
  recipientEmail: z.union([z.literal(''), emailAddress.max(EMAIL_MAX)]),
});

/** The settings answer also says where requests go when no address is chosen. */
export const leadSettingsAnswerSchema = leadSettingsSchema.extend({ defaultRecipient: z.string() });

export const leadCountsSchema = z.object({ unread: z.number() });

export type LeadJson = z.infer<typeof leadSchema>;
