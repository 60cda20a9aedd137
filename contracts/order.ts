// "Bestil abonnement" (issue 14 item 5): the plan, where the invoice is mailed, and EAN (public
// customers, 13 digits) or CVR (8 digits; empty means the company's own) to invoice. Shared with the
// admin's order form, so both word a problem the same way.
import { z } from 'zod';
import { MESSAGES } from '../rules/messages';
import { PRICE_KR } from '../rules/plan';
import { SITE_STATES } from '../rules/trial';
import { body, EMAIL_MAX, emailAddress } from './fields';

/** The one plan there is (the spec's Limits): PRICE_KR a month excluding moms, no commitment. */
export const PLANS = { monthly: { name: 'Mesterside', priceKr: PRICE_KR } } as const;
export type PlanId = keyof typeof PLANS;

/** Digits only: people type EAN and CVR numbers with spaces. */
const digits = (pattern: RegExp, message: string) =>
  z
    .string({ error: MESSAGES.invalidInput })
    .transform((value) => value.replace(/\s/g, ''))
    .refine((value) => value === '' || pattern.test(value), message);

export const orderSchema = body({
  plan: z.literal('monthly', { error: MESSAGES.invalidInput }),
  billingEmail: z
    .string({ error: MESSAGES.emailRequired })
    .trim()
    .min(1, MESSAGES.emailRequired)
    .pipe(emailAddress.max(EMAIL_MAX, MESSAGES.invalidEmail)),
  ean: digits(/^\d{13}$/, MESSAGES.invalidEan).optional(),
  invoiceCvr: digits(/^\d{8}$/, MESSAGES.invalidCvr).optional(),
});

export type OrderInput = z.input<typeof orderSchema>;

/** The order as the subscription screen shows it. */
const orderSummarySchema = z.object({
  plan: z.string(),
  planName: z.string(),
  priceKr: z.number(),
  billingEmail: z.string(),
  ean: z.string().nullable(),
  invoiceCvr: z.string().nullable(),
  createdAt: z.string(),
  /** When the owner cancelled it (issue 49); null while it runs. */
  cancelledAt: z.string().nullable(),
});

/** GET /api/subscription and POST /api/subscription/order. */
export const subscriptionSchema = z.object({
  plan: z.string(),
  status: z.string(),
  trialStartDate: z.string(),
  trialEndDate: z.string(),
  daysLeft: z.number(),
  /** The trial's last 30 days, and every day after its end until the owner orders. */
  showBanner: z.boolean(),
  /** What the site does after the trial (rules/trial.ts siteState). */
  state: z.enum(SITE_STATES),
  /** When a site without an order stops being shown to visitors. */
  closesAt: z.string(),
  /** A cancelled subscription: the last moment its site is shown (rules/trial.ts subscriptionEndsAt). */
  endsAt: z.string().nullable(),
  order: orderSummarySchema.nullable(),
});

export type SubscriptionJson = z.infer<typeof subscriptionSchema>;
