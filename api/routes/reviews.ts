// The owner's reviews (issue 41), mounted at /api/reviews behind the tenant middleware: every call acts
// on c.get('company') only, so company A never sees, answers or asks in the name of company B.
//   GET  /api/reviews                 – the reviews (newest first), the requests and their state, the
//                                       average now and by month, the two switches
//   POST /api/reviews/requests        – ask for a review: from a quote request marked "Opgaven er
//                                       udført" (once per job, ever), or a past customer by name and
//                                       e-mail or phone (once per recipient in 60 days; never the
//                                       owner's own); a mail goes when there is an e-mail, else an SMS
//                                       through the operator's gateway, else the answer has the SMS text
//                                       whose link makes the customer confirm their own e-mail
//   PUT  /api/reviews/settings        – reminders on/off (no switch hides the reviews: issue 48)
//   POST /api/reviews/{id}/answer     – the one public answer (publishes); there is no edit
//   POST /api/reviews/{id}/report     – "Anmeld som upassende", to the operator
// There is deliberately no route that edits, hides or deletes a review: the owner cannot.
import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import {
  type ReviewJson,
  reviewAnswerSchema,
  reviewAskedSchema,
  reviewAskSchema,
  reviewNoticeSchema,
  reviewReportSchema,
  reviewSettingsSchema,
  reviewsSchema,
} from '../../contracts/reviews';
import {
  answerReview,
  createReviewRequest,
  findLead,
  getReviewSettings,
  listReviewRequests,
  listReviews,
  type Outcome,
  type Review,
  type ReviewAnswerRefusal,
  type ReviewRequest,
  type ReviewRequestRefusal,
  reportReview,
  reviewAverageByMonth,
  reviewRequestState,
  reviewShortToken,
  reviewSummary,
  saveReviewSettings,
  withdrawReviewRequest,
} from '../../db';
import { AppError, type ErrorCode } from '../../lib/errors';
import { MESSAGES } from '../../rules/messages';
import { formatPhone } from '../../rules/phone';
import { reviewSmsText } from '../../rules/review-form';
import { REVIEW_MESSAGES } from '../../rules/review-messages';
import { recipientPhone } from '../../rules/review-recipient';
import type { OwnerEnv } from '../env';
import { answer, JSON_BODY, jsonBody, refusals, routeGroup } from '../openapi';
import { reviewShortUrl } from '../reviews/review-mail';
import { smsGateway } from '../reviews/sms-gateway';
import { commitChange, Unchanged } from '../services/commit-change';

function toReviewJson(review: Review): ReviewJson {
  return {
    id: review.id,
    stars: review.stars,
    service: review.service,
    text: review.text,
    authorName: review.authorName,
    createdAt: review.createdAt,
    answer: review.answer,
    answeredAt: review.answeredAt,
    reportedAt: review.reportedAt,
    state: review.state,
  };
}

function toRequestJson(request: ReviewRequest, now: Date) {
  return {
    id: request.id,
    customerName: request.customerName,
    channel: request.channel,
    leadId: request.leadId,
    state: reviewRequestState(request, now),
    createdAt: request.createdAt,
    expiresAt: request.expiresAt,
    reminderDueAt: request.reminderDueAt,
    customerConfirms: request.customerConfirms,
  };
}

const idParams = z.object({ id: z.string() });

/** Each refusal of a request to ask, as the owner reads it. */
const ASK_REFUSED: Record<ReviewRequestRefusal, [ErrorCode, string]> = {
  'daily-limit': ['rate_limited', REVIEW_MESSAGES.dailyLimit],
  'declined-before': ['conflict', REVIEW_MESSAGES.declinedBefore],
  'asked-recently': ['conflict', REVIEW_MESSAGES.askedRecently],
  'lead-asked': ['conflict', REVIEW_MESSAGES.leadAsked],
  'own-contact': ['invalid_input', REVIEW_MESSAGES.ownContact],
  'no-contact': ['invalid_input', REVIEW_MESSAGES.contactRequired],
  'company-not-found': ['not_found', MESSAGES.notFound],
};
const notFound = () => new AppError('not_found', MESSAGES.notFound);

const list = createRoute({
  method: 'get',
  path: '/',
  tags: ['reviews'],
  summary: 'The reviews, the requests sent and their state, the average, the switches',
  responses: { 200: answer(reviewsSchema, 'The reviews') },
});

const ask = createRoute({
  method: 'post',
  path: '/requests',
  tags: ['reviews'],
  summary:
    'Ask a customer for a review: from a quote request marked done, or a past customer (mail, or an SMS text to copy)',
  middleware: JSON_BODY,
  request: jsonBody(reviewAskSchema),
  responses: {
    201: answer(reviewAskedSchema, 'The request, and the SMS text when no mail went'),
    ...refusals('invalid_input', 'conflict', 'rate_limited', 'unavailable'),
  },
});

const settings = createRoute({
  method: 'put',
  path: '/settings',
  tags: ['reviews'],
  summary: 'Reminders on or off, and whether the site shows the reviews (publishes)',
  middleware: JSON_BODY,
  request: jsonBody(reviewSettingsSchema),
  responses: { 200: answer(reviewSettingsSchema, 'The saved switches'), ...refusals('invalid_input') },
});

const answerRoute = createRoute({
  method: 'post',
  path: '/{id}/answer',
  tags: ['reviews'],
  summary: "The owner's one public answer to a review (publishes); it cannot be changed",
  middleware: JSON_BODY,
  request: { params: idParams, ...jsonBody(reviewAnswerSchema) },
  responses: {
    200: answer(reviewNoticeSchema, 'The answered review'),
    ...refusals('invalid_input', 'conflict'),
  },
});

const report = createRoute({
  method: 'post',
  path: '/{id}/report',
  tags: ['reviews'],
  summary: 'Report a review to the operator as inappropriate (personal data, threats, not a customer)',
  middleware: JSON_BODY,
  request: { params: idParams, ...jsonBody(reviewReportSchema) },
  responses: { 200: answer(reviewNoticeSchema, 'The reported review'), ...refusals('invalid_input') },
});

export function createReviewRoutes(): OpenAPIHono<OwnerEnv> {
  const reviews = routeGroup<OwnerEnv>();

  reviews.openapi(list, async (c) => {
    const { db, company } = c.var;
    const now = c.get('now')();
    const [items, requests, summary, byMonth, switches] = await Promise.all([
      listReviews(db, company.cvr, { pending: true }),
      listReviewRequests(db, company.cvr),
      reviewSummary(db, company.cvr),
      reviewAverageByMonth(db, company.cvr),
      getReviewSettings(db, company.cvr),
    ]);
    return c.json(
      {
        reviews: items.map(toReviewJson),
        requests: requests.map((request) => toRequestJson(request, now)),
        summary,
        byMonth,
        settings: switches,
      },
      200,
    );
  });

  reviews.openapi(ask, async (c) => {
    const { db, company, config } = c.var;
    const now = c.get('now')();
    const body = c.req.valid('json');
    let customer: { customerName: string; email: string; phone: string; leadId: string | null };
    if ('leadId' in body) {
      const lead = await findLead(db, company.cvr, body.leadId);
      if (!lead || lead.spam) throw notFound();
      if (lead.handledAt === null) throw new AppError('conflict', REVIEW_MESSAGES.leadNotDone);
      customer = { customerName: lead.name, email: lead.email, phone: lead.phone, leadId: lead.id };
    } else {
      customer = { customerName: body.name, email: body.email, phone: body.phone, leadId: null };
    }
    const gateway = smsGateway(config);
    const made = await createReviewRequest(
      db,
      company.cvr,
      { ...customer, smsByGateway: gateway !== null },
      now,
    );
    if (!made.ok) throw new AppError(...ASK_REFUSED[made.reason]);
    const { request } = made.value;
    const answerWith = (message: string, sms: { text: string; to: string } | null = null) =>
      c.json(
        {
          request: toRequestJson(request, now),
          message,
          smsText: sms?.text ?? null,
          smsTo: sms?.to ?? null,
        },
        201,
      );
    if (request.channel === 'email') {
      c.get('nudgeMail')();
      return answerWith(REVIEW_MESSAGES.mailQueued(customer.email));
    }
    // The short link (issue 49): `<site>/anmeld/<token>` instead of a long /api/… address.
    const short = await reviewShortToken(db, company.cvr, request.id);
    const text = reviewSmsText(
      company.name,
      customer.customerName,
      reviewShortUrl(company, config.publicHost, short),
    );
    if (gateway) {
      // Sent by us: the link never passes through the owner's hands.
      try {
        await gateway.send(customer.phone, text);
      } catch (error) {
        c.var.logger.warn({ err: error, cvr: company.cvr }, 'review SMS not taken by the gateway');
        await withdrawReviewRequest(db, company.cvr, request.id);
        throw new AppError('unavailable', REVIEW_MESSAGES.smsFailed);
      }
      return answerWith(REVIEW_MESSAGES.smsSent(formatPhone(recipientPhone(customer.phone))));
    }
    // The owner sends it himself: its link makes the customer confirm an e-mail of their own.
    return answerWith(REVIEW_MESSAGES.smsReady, { text, to: recipientPhone(customer.phone) });
  });

  reviews.openapi(settings, async (c) => {
    const { company } = c.var;
    const input = c.req.valid('json');
    // "Vis anmeldelser på hjemmesiden" changes the site: the switch and "publish wanted" commit together.
    await commitChange(c.var, company.cvr, (trx) => saveReviewSettings(trx, company.cvr, input));
    return c.json(await getReviewSettings(c.get('db'), company.cvr), 200);
  });

  reviews.openapi(answerRoute, async (c) => {
    const { company } = c.var;
    const { id } = c.req.valid('param');
    const { answer: text } = c.req.valid('json');
    const now = c.get('now')();
    // A refused answer changes nothing: no save is counted and nothing is published.
    const answered = await commitChange<Outcome<Review, ReviewAnswerRefusal>>(
      c.var,
      company.cvr,
      async (trx) => {
        const outcome = await answerReview(trx, company.cvr, id, text, now);
        return outcome.ok ? outcome : new Unchanged(outcome);
      },
    );
    if (!answered.ok) {
      if (answered.reason === 'already-answered')
        throw new AppError('conflict', REVIEW_MESSAGES.alreadyAnswered);
      throw notFound();
    }
    return c.json({ review: toReviewJson(answered.value), message: REVIEW_MESSAGES.answered }, 200);
  });

  reviews.openapi(report, async (c) => {
    const { db, company } = c.var;
    const { id } = c.req.valid('param');
    const { reason } = c.req.valid('json');
    const reported = await reportReview(db, company.cvr, id, reason, c.get('now')());
    if (!reported || reported.removedAt !== null) throw notFound();
    c.var.logger.info({ cvr: company.cvr, reviewId: id, reason }, 'review reported to the operator');
    return c.json({ review: toReviewJson(reported), message: REVIEW_MESSAGES.reported }, 200);
  });

  return reviews;
}
