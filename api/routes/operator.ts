// GET /api/operator (issue 14 item 7): the operator's view across every company — sign-ups per day,
// the onboarding funnel, trials ending soon, orders, failed publishes, and the mail and reminder jobs
// that failed or are stuck (issue 50). Behind the same session and
// tenant middleware as the owner's routes, and answered only for owners whose login e-mail is in
// OPERATOR_EMAILS AND verified (users.email_verified_at): signing up with an operator's address, in
// any spelling, proves nothing until its mailbox answers. Addresses compare in normalizeEmail's form
// (NFKC, lowercased) on both sides. Anyone else gets the same 404 as an unknown path, so the route
// does not exist for them. Every query is a range or a limit over an index (100,000 companies).
import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import {
  authorisationCheckSchema,
  authorisationsToCheckSchema,
  operatorSchema,
} from '../../contracts/operator';
import { operatorReviewsSchema, reviewRemovalSchema } from '../../contracts/reviews';
import {
  countSignupsByDay,
  leadCounts,
  listAnalyticsCounts,
  listAuthorisationsToCheck,
  listFailedPublishes,
  listRecentOrders,
  listReviewsForOperator,
  listTrialsEnding,
  markAuthorisationChecked,
  type OperatorReview,
  releaseReview,
  removeReview,
  troubledJobs,
} from '../../db';
import { AppError } from '../../lib/errors';
import { copenhagenDay } from '../../rules/ai-limit';
import { AUTHORISATIONS, authorisationRegisterLink } from '../../rules/authorisations';
import { factReviews } from '../../rules/fact-freshness';
import { MESSAGES } from '../../rules/messages';
import { REVIEW_MESSAGES } from '../../rules/review-messages';
import { DAY_MS } from '../../rules/trial';
import { TRUST_MESSAGES } from '../../rules/trust-messages';
import { shiftDay } from '../../rules/visitor-stats';
import { requireOperator } from '../auth/operator-access';
import type { OwnerEnv } from '../env';
import { answer, JSON_BODY, jsonBody, refusals, routeGroup } from '../openapi';
import { toFailedPublishJson, toOrderJson, toTrialEndingJson } from '../responses';
import { commitChange, Unchanged } from '../services/commit-change';

const OPERATOR_DAYS = 30;
const TRIALS_ENDING_DAYS = 14;

const read = createRoute({
  method: 'get',
  path: '/',
  tags: ['operator'],
  summary:
    'Operators only (a verified login e-mail in OPERATOR_EMAILS; 404 for anyone else): sign-ups, funnel, trials ending, orders, failed publishes',
  middleware: requireOperator,
  responses: { 200: answer(operatorSchema, "The operator's figures") },
});

const leadFigures = createRoute({
  method: 'get',
  path: '/leads',
  tags: ['operator'],
  summary:
    'Operators only: how many quote requests there are, unread and not yet mailed (never their contents)',
  middleware: requireOperator,
  responses: {
    200: answer(z.object({ total: z.number(), unread: z.number(), unsent: z.number() }), 'The counts'),
  },
});

const authorisations = createRoute({
  method: 'get',
  path: '/authorisations',
  tags: ['operator'],
  summary:
    'Operators only: the authorisation numbers companies gave that no operator has checked in the register yet',
  middleware: requireOperator,
  responses: { 200: answer(authorisationsToCheckSchema, 'The numbers to check, oldest first') },
});

const markChecked = createRoute({
  method: 'post',
  path: '/authorisations/{cvr}/checked',
  tags: ['operator'],
  summary:
    "Operators only: the company's authorisation was found in the register; its site stops saying it is the company's own word (publishes)",
  middleware: [requireOperator, ...JSON_BODY],
  request: { params: z.object({ cvr: z.string() }), ...jsonBody(authorisationCheckSchema) },
  responses: {
    200: answer(z.object({ checked: z.boolean() }), 'Marked'),
    ...refusals('invalid_input', 'conflict'),
  },
});

const reviews = createRoute({
  method: 'get',
  path: '/reviews',
  tags: ['operator'],
  summary: 'Operators only: reviews owners reported as inappropriate, and the removals with their reasons',
  middleware: requireOperator,
  responses: { 200: answer(operatorReviewsSchema, 'Reported (oldest report first) and removed reviews') },
});

const removal = createRoute({
  method: 'post',
  path: '/reviews/{cvr}/{id}/removal',
  tags: ['operator'],
  summary:
    'Operators only: remove a review with the reason (kept here); its words are blanked and the site loses it (publishes)',
  middleware: [requireOperator, ...JSON_BODY],
  request: { params: z.object({ cvr: z.string(), id: z.string() }), ...jsonBody(reviewRemovalSchema) },
  responses: {
    200: answer(z.object({ removed: z.boolean(), message: z.string() }), 'Removed'),
    ...refusals('invalid_input'),
  },
});

// Issue 48: a review held for a check (many from one client address, e-mail or hour) is shown once
// the operator releases it, or removed with a reason through `removal`.
const release = createRoute({
  method: 'post',
  path: '/reviews/{cvr}/{id}/release',
  tags: ['operator'],
  summary: 'Operators only: show a review that was held for a check (publishes)',
  middleware: requireOperator,
  request: { params: z.object({ cvr: z.string(), id: z.string() }) },
  responses: {
    200: answer(z.object({ released: z.boolean(), message: z.string() }), 'Released'),
    ...refusals('invalid_input'),
  },
});

function toOperatorReviewJson(review: OperatorReview) {
  return {
    id: review.id,
    companyCvr: review.companyCvr,
    companyName: review.companyName,
    stars: review.stars,
    service: review.service,
    text: review.text,
    authorName: review.authorName,
    createdAt: review.createdAt,
    answer: review.answer,
    answeredAt: review.answeredAt,
    reportedAt: review.reportedAt,
    reportReason: review.reportReason,
    removedAt: review.removedAt,
    removedReason: review.removedReason,
    state: review.state,
    heldReason: review.heldReason,
  };
}

export function createOperatorRoutes(): OpenAPIHono<OwnerEnv> {
  const operator = routeGroup<OwnerEnv>();

  operator.openapi(read, async (c) => {
    const { db } = c.var;
    const now = c.get('now')();
    const today = copenhagenDay(now);
    const fromDay = shiftDay(today, -(OPERATOR_DAYS - 1));
    const [signups, counts, trials, orders, failed, jobs] = await Promise.all([
      countSignupsByDay(db, new Date(now.getTime() - OPERATOR_DAYS * DAY_MS).toISOString()),
      listAnalyticsCounts(db, fromDay, today, 'cvr_lookup'),
      listTrialsEnding(
        db,
        now.toISOString(),
        new Date(now.getTime() + TRIALS_ENDING_DAYS * DAY_MS).toISOString(),
      ),
      listRecentOrders(db),
      listFailedPublishes(db),
      troubledJobs(db, now),
    ]);
    const lookups = (status: string) =>
      counts.filter((row) => row.key === status).reduce((sum, row) => sum + row.count, 0);
    const created = signups.reduce((sum, row) => sum + row.count, 0);
    return c.json(
      {
        days: OPERATOR_DAYS,
        signups,
        funnel: { found: lookups('found'), notFound: lookups('not_found'), taken: lookups('taken'), created },
        orders: orders.map(toOrderJson),
        trialsEnding: trials.map(toTrialEndingJson),
        failedPublishes: failed.map(toFailedPublishJson),
        troubledJobs: jobs.map((job) => ({
          kind: job.kind,
          key: job.key,
          state: job.state === 'failed' ? ('failed' as const) : ('stuck' as const),
          attempts: job.attempts,
          lostLeases: job.lostLeases,
          runAt: job.runAt,
          lastError: job.lastError,
        })),
        facts: factReviews(now).map(({ id, state, staleFrom, text }) => ({ id, state, staleFrom, text })),
      },
      200,
    );
  });

  operator.openapi(leadFigures, async (c) => c.json(await leadCounts(c.get('db')), 200));

  operator.openapi(authorisations, async (c) => {
    const rows = await listAuthorisationsToCheck(c.get('db'));
    return c.json(
      {
        authorisations: rows.map((row) => ({
          cvr: row.cvr,
          companyName: row.companyName,
          type: row.type,
          title: AUTHORISATIONS[row.type].title,
          number: row.number,
          enteredAt: row.enteredAt,
          registerUrl: authorisationRegisterLink(row.cvr),
        })),
      },
      200,
    );
  });

  operator.openapi(markChecked, async (c) => {
    const { cvr } = c.req.valid('param');
    const found = c.req.valid('json');
    // The check changes what the company's site says: it and "publish wanted" commit together. A
    // type or number the owner changed since the list was read is not marked (409).
    const marked = await commitChange(c.var, cvr, async (trx) =>
      (await markAuthorisationChecked(trx, cvr, found, c.get('now')())) ? true : new Unchanged(false),
    );
    if (!marked) throw new AppError('conflict', TRUST_MESSAGES.checkStale);
    return c.json({ checked: true }, 200);
  });

  operator.openapi(reviews, async (c) => {
    const { held, reported, removed } = await listReviewsForOperator(c.get('db'));
    return c.json(
      {
        held: held.map(toOperatorReviewJson),
        reported: reported.map(toOperatorReviewJson),
        removed: removed.map(toOperatorReviewJson),
      },
      200,
    );
  });

  operator.openapi(release, async (c) => {
    const { cvr, id } = c.req.valid('param');
    const released = await commitChange(c.var, cvr, async (trx) =>
      (await releaseReview(trx, cvr, id, c.get('now')())) ? true : new Unchanged(false),
    );
    if (!released) throw new AppError('not_found', MESSAGES.notFound);
    c.var.logger.info({ cvr, reviewId: id, operator: c.var.user.id }, 'held review released by the operator');
    return c.json({ released: true, message: REVIEW_MESSAGES.released }, 200);
  });

  operator.openapi(removal, async (c) => {
    const { cvr, id } = c.req.valid('param');
    const { reason } = c.req.valid('json');
    const removed = await commitChange(c.var, cvr, async (trx) =>
      (await removeReview(trx, cvr, id, reason, c.get('now')())) ? true : new Unchanged(false),
    );
    if (!removed) throw new AppError('not_found', MESSAGES.notFound);
    c.var.logger.info({ cvr, reviewId: id, operator: c.var.user.id }, 'review removed by the operator');
    return c.json({ removed: true, message: REVIEW_MESSAGES.removed }, 200);
  });

  return operator;
}
