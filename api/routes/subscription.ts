// /api/subscription — the owner's plan and free trial (the spec's Screens Subscription, States trial banner), and
// "Bestil abonnement" (issue 14 item 5): the order is stored and the company marked as ordered in one
// transaction, then the operator (CONTACT_TO) and the owner are mailed. No payment provider: the
// order is the hand-off to invoicing. What the site does after the trial is rules/trial.ts's siteState.
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import {
  orderSchema,
  PLANS,
  type PlanId,
  type SubscriptionJson,
  subscriptionSchema,
} from '../../contracts/order';
import type { Db } from '../../db';
import {
  type Company,
  cancelOrder,
  findLatestOrder,
  insertOrder,
  markCompanyCancelled,
  markCompanyOrdered,
  type Order,
} from '../../db';
import { AppError } from '../../lib/errors';
import { createMailer, type MailMessage } from '../../lib/mailer';
import { MESSAGES } from '../../rules/messages';
import { PRICE_TEXT } from '../../rules/plan';
import { SUBSCRIPTION_MESSAGES } from '../../rules/subscription-messages';
import {
  PLAN_STATUS_CANCELLED,
  PLAN_STATUS_ORDERED,
  showTrialBanner,
  siteClosesAt,
  siteState,
  subscriptionEndsAt,
  trialDaysLeft,
} from '../../rules/trial';
import type { OwnerEnv } from '../env';
import { answer, JSON_BODY, jsonBody, refusals, routeGroup } from '../openapi';

async function subscriptionJson(db: Db, company: Company, now: Date): Promise<SubscriptionJson> {
  const { plan } = company;
  const end = new Date(plan.trialEndDate);
  const state = siteState(plan, now);
  // Ordered, or cancelled (still shown until its end, or past it): the order says which.
  const order =
    state === 'ordered' || plan.status === PLAN_STATUS_CANCELLED
      ? await findLatestOrder(db, company.cvr)
      : undefined;
  return {
    plan: plan.type,
    status: plan.status,
    trialStartDate: plan.trialStartDate,
    trialEndDate: plan.trialEndDate,
    daysLeft: trialDaysLeft(end, now),
    showBanner: state === 'trial' ? showTrialBanner(end, now) : state !== 'ordered',
    state,
    closesAt: siteClosesAt(end).toISOString(),
    endsAt: plan.status === PLAN_STATUS_CANCELLED ? plan.endsAt : null,
    order: order ? orderJson(order) : null,
  };
}

function orderJson(order: Order) {
  const plan = PLANS[order.plan as PlanId] ?? PLANS.monthly;
  return {
    plan: order.plan,
    planName: plan.name,
    priceKr: plan.priceKr,
    billingEmail: order.billingEmail,
    ean: order.ean,
    invoiceCvr: order.invoiceCvr,
    createdAt: order.createdAt,
    cancelledAt: order.cancelledAt,
  };
}

function orderMails(company: Company, order: Order, ownerEmail: string, operator: string): MailMessage[] {
  const plan = PLANS[order.plan as PlanId] ?? PLANS.monthly;
  const invoiceTo = order.ean ? `EAN ${order.ean}` : `CVR ${order.invoiceCvr ?? company.cvr}`;
  const details = [
    `Firma: ${company.name} (CVR ${company.cvr})`,
    `Abonnement: ${plan.name}, ${PRICE_TEXT}`,
    `Faktura sendes til: ${order.billingEmail}`,
    `Faktureres på: ${invoiceTo}`,
    `Bestilt: ${order.createdAt}`,
  ].join('\n');
  return [
    {
      to: operator,
      replyTo: order.billingEmail,
      subject: `Ny bestilling: ${company.name} (CVR ${company.cvr})`,
      text: `${details}\nEjer: ${ownerEmail}\n`,
    },
    {
      to: ownerEmail,
      subject: 'Tak for din bestilling af Mesterside',
      text: `Tak for din bestilling. Din hjemmeside fortsætter uden afbrydelse, og vi sender fakturaen til ${order.billingEmail}.\n\n${details}\n\nIngen binding: du kan opsige når som helst ved at skrive til ${operator}.\n`,
    },
  ];
}

const DATE = new Intl.DateTimeFormat('da-DK', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Europe/Copenhagen',
});

/** The operator is told to stop invoicing; the owner what happens to the site, and when. */
function cancellationMails(
  company: Company,
  endsAt: Date,
  ownerEmail: string,
  operator: string,
): MailMessage[] {
  const until = DATE.format(endsAt);
  return [
    {
      to: operator,
      replyTo: ownerEmail,
      subject: `Opsigelse: ${company.name} (CVR ${company.cvr})`,
      text: `${company.name} (CVR ${company.cvr}) har opsagt sit abonnement.\nHjemmesiden vises til og med ${until}; fakturér ikke efter det.\nEjer: ${ownerEmail}\n`,
    },
    {
      to: ownerEmail,
      subject: 'Dit abonnement hos Mesterside er opsagt',
      text: `Vi har modtaget din opsigelse af abonnementet for ${company.name}.\n\nDin hjemmeside er online til og med ${until}. Derefter ser besøgende en side om, at hjemmesiden ikke er aktiv. Intet bliver slettet: bestiller du abonnement igen, er hjemmesiden online igen med det samme.\n\nHar du spørgsmål, så skriv til ${operator}.\n`,
    },
  ];
}

const read = createRoute({
  method: 'get',
  path: '/',
  tags: ['subscription'],
  summary: "Plan, trial dates, days left, the site's state after the trial, the order",
  responses: { 200: answer(subscriptionSchema, 'The subscription') },
});

const order = createRoute({
  method: 'post',
  path: '/order',
  tags: ['subscription'],
  summary: 'Order the subscription (before or after the trial ends); mails the operator and the owner',
  middleware: JSON_BODY,
  request: jsonBody(orderSchema),
  responses: {
    201: answer(subscriptionSchema, 'The subscription, ordered'),
    ...refusals('invalid_input', 'conflict'),
  },
});

const cancel = createRoute({
  method: 'post',
  path: '/cancel',
  tags: ['subscription'],
  summary:
    'Cancel the ordered subscription (issue 49): the site stays until the period begun ends; mails the operator and the owner',
  responses: {
    200: answer(subscriptionSchema, 'The subscription, cancelled'),
    ...refusals('conflict'),
  },
});

export function createSubscriptionRoutes(): OpenAPIHono<OwnerEnv> {
  const subscription = routeGroup<OwnerEnv>();

  subscription.openapi(read, async (c) =>
    c.json(await subscriptionJson(c.get('db'), c.get('company'), c.get('now')()), 200),
  );

  subscription.openapi(order, async (c) => {
    const input = c.req.valid('json');
    const { db, config, company, user, logger } = c.var;
    const now = c.get('now')();
    if (company.plan.status === PLAN_STATUS_ORDERED) throw new AppError('conflict', MESSAGES.alreadyOrdered);
    const ean = input.ean || null;
    const order = await db.transaction().execute(async (trx) => {
      // Only one order wins when two arrive at once: the second finds the company already ordered.
      if (!(await markCompanyOrdered(trx, company.cvr, now)))
        throw new AppError('conflict', MESSAGES.alreadyOrdered);
      return insertOrder(
        trx,
        company.cvr,
        {
          plan: input.plan,
          billingEmail: input.billingEmail,
          ean,
          // Invoiced by EAN, or by a CVR: the one typed, else the company's own.
          invoiceCvr: ean ? null : input.invoiceCvr || company.cvr,
        },
        now,
      );
    });
    // An inactive site is shown again from now on: publishing it also brings the engines' host
    // routes in line (server/host-routes.ts). The enqueue never throws; the sweep is the fallback.
    await c.get('enqueuePublish')(company.cvr);
    // The order stands even when mail fails: the operator view lists every order.
    const mailer = createMailer(config, logger);
    for (const mail of orderMails(company, order, user.email, config.contactTo)) {
      try {
        await mailer.send(mail);
      } catch (error) {
        logger.error({ err: error, orderId: order.id, to: mail.to }, 'order mail failed; order kept');
      }
    }
    const updated = { ...company, plan: { ...company.plan, status: PLAN_STATUS_ORDERED } };
    return c.json(await subscriptionJson(db, updated, now), 201);
  });

  subscription.openapi(cancel, async (c) => {
    const { db, config, company, user, logger } = c.var;
    const now = c.get('now')();
    if (company.plan.status !== PLAN_STATUS_ORDERED)
      throw new AppError('conflict', SUBSCRIPTION_MESSAGES.notOrdered);
    const endsAt = subscriptionEndsAt(new Date(company.plan.trialEndDate), now);
    await db.transaction().execute(async (trx) => {
      // Of two cancellations at once, one wins; the other finds nothing ordered.
      if (!(await markCompanyCancelled(trx, company.cvr, endsAt, now)))
        throw new AppError('conflict', SUBSCRIPTION_MESSAGES.notOrdered);
      const order = await findLatestOrder(trx, company.cvr);
      if (order) await cancelOrder(trx, company.cvr, order.id, now);
    });
    const mailer = createMailer(config, logger);
    for (const mail of cancellationMails(company, endsAt, user.email, config.contactTo)) {
      try {
        await mailer.send(mail);
      } catch (error) {
        logger.error(
          { err: error, cvr: company.cvr, to: mail.to },
          'cancellation mail failed; cancellation kept',
        );
      }
    }
    const updated = {
      ...company,
      plan: { ...company.plan, status: PLAN_STATUS_CANCELLED, endsAt: endsAt.toISOString() },
    };
    return c.json(await subscriptionJson(db, updated, now), 200);
  });

  return subscription;
}
