// Reviews from real customers (issue 41): the owner's Anmeldelser screen (GET /api/reviews), asking
// for a review (POST /api/reviews/requests), the one answer, the report, the two switches, and the
// operator's list and removal (/api/operator/reviews).
import { z } from 'zod';
import { EMAIL_PATTERN } from '../rules/email';
import { LEAD_NAME_MAX, REVIEW_ANSWER_MAX, REVIEW_REMOVAL_REASON_MAX } from '../rules/limits';
import { MESSAGES } from '../rules/messages';
import { isDanishPhoneOrEmpty } from '../rules/phone';
import { REVIEW_MESSAGES } from '../rules/review-messages';
import { isCleanText, isOneLine } from '../rules/text';
import { body } from './fields';

const REVIEW_REPORT_REASONS = ['personal-data', 'threats', 'not-customer'] as const;

const reviewSchema = z.object({
  id: z.string(),
  stars: z.number(),
  service: z.string(),
  text: z.string(),
  authorName: z.string(),
  createdAt: z.string(),
  answer: z.string().nullable(),
  answeredAt: z.string().nullable(),
  reportedAt: z.string().nullable(),
  /** Shown on the site, held for the operator, or awaiting the customer's e-mail (issue 48). */
  state: z.enum(['published', 'held', 'unconfirmed']),
});

const reviewRequestSchema = z.object({
  id: z.string(),
  customerName: z.string(),
  channel: z.enum(['email', 'sms']),
  leadId: z.string().nullable(),
  state: z.enum(['sent', 'reminded', 'reviewed', 'declined', 'expired']),
  createdAt: z.string(),
  expiresAt: z.string(),
  reminderDueAt: z.string().nullable(),
  /** The link went through the owner: the customer confirms their own e-mail before it counts. */
  customerConfirms: z.boolean(),
});

/** The owner's one switch; none hides the reviews (issue 48: the site says the company cannot). */
export const reviewSettingsSchema = body({
  remindersEnabled: z.boolean({ error: MESSAGES.invalidInput }),
});

export const reviewsSchema = z.object({
  reviews: z.array(reviewSchema),
  requests: z.array(reviewRequestSchema),
  summary: z.object({ count: z.number(), average: z.number() }),
  /** The running mean at the end of each month with a review (the dashboard's line). */
  byMonth: z.array(z.object({ month: z.string(), count: z.number(), average: z.number() })),
  settings: reviewSettingsSchema,
});

export type ReviewJson = z.infer<typeof reviewSchema>;

const email = z
  .string({ error: MESSAGES.invalidInput })
  .trim()
  .refine((value) => value === '' || (value.length <= 254 && EMAIL_PATTERN.test(value)), {
    error: REVIEW_MESSAGES.emailInvalid,
  });

const phone = z
  .string({ error: MESSAGES.invalidInput })
  .trim()
  .refine(isDanishPhoneOrEmpty, { error: REVIEW_MESSAGES.phoneInvalid });

/** Ask for a review: from a quote request marked done (its id), or a past customer by name. */
export const reviewAskSchema = z.union(
  [
    body({ leadId: z.string({ error: MESSAGES.invalidInput }).min(1, MESSAGES.invalidInput).max(100) }),
    body({
      name: z
        .string({ error: REVIEW_MESSAGES.nameRequired })
        .trim()
        .min(1, REVIEW_MESSAGES.nameRequired)
        .max(LEAD_NAME_MAX, REVIEW_MESSAGES.nameRequired)
        .refine(isOneLine, { error: REVIEW_MESSAGES.nameRequired }),
      email,
      phone,
    }).refine((value) => value.email !== '' || value.phone !== '', {
      error: REVIEW_MESSAGES.contactRequired,
    }),
  ],
  { error: MESSAGES.invalidInput },
);

/**
 * The request made, and, when the owner sends the SMS himself (no gateway), the text to copy and the
 * number (8 digits) for an `sms:` link that opens the phone's SMS app with it.
 */
export const reviewAskedSchema = z.object({
  request: reviewRequestSchema,
  message: z.string(),
  smsText: z.string().nullable(),
  smsTo: z.string().nullable(),
});

export const reviewAnswerSchema = body({
  answer: z
    .string({ error: REVIEW_MESSAGES.answerRequired })
    .trim()
    .min(1, REVIEW_MESSAGES.answerRequired)
    .max(REVIEW_ANSWER_MAX, REVIEW_MESSAGES.answerTooLong)
    .refine(isCleanText, { error: REVIEW_MESSAGES.answerControl }),
});

export const reviewReportSchema = body({
  reason: z.enum(REVIEW_REPORT_REASONS, { error: REVIEW_MESSAGES.reportReasonInvalid }),
});

export const reviewNoticeSchema = z.object({ review: reviewSchema, message: z.string() });

const operatorReviewSchema = reviewSchema.extend({
  companyCvr: z.string(),
  companyName: z.string(),
  reportReason: z.enum(REVIEW_REPORT_REASONS).nullable(),
  removedAt: z.string().nullable(),
  removedReason: z.string().nullable(),
  heldReason: z.enum(['same-client', 'same-email', 'busy-hour']).nullable(),
});

/**
 * GET /api/operator/reviews: reviews held for a check (issue 48), reported reviews to look at, and the
 * removals with their reasons.
 */
export const operatorReviewsSchema = z.object({
  held: z.array(operatorReviewSchema),
  reported: z.array(operatorReviewSchema),
  removed: z.array(operatorReviewSchema),
});

/** POST /api/operator/reviews/{cvr}/{id}/removal: why it goes (kept in the operator view). */
export const reviewRemovalSchema = body({
  reason: z
    .string({ error: REVIEW_MESSAGES.removalReasonRequired })
    .trim()
    .min(1, REVIEW_MESSAGES.removalReasonRequired)
    .max(REVIEW_REMOVAL_REASON_MAX, REVIEW_MESSAGES.removalReasonRequired)
    .refine(isOneLine, { error: REVIEW_MESSAGES.removalReasonRequired }),
});
