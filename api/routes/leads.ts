// The owner's inbox of quote requests (issue 25), mounted at /api/leads behind the tenant middleware:
// every call acts on c.get('company') only, so a request of company A is never visible to B.
//   GET    /api/leads                  – the requests, newest first, and how many are unread
//   GET    /api/leads/spam             – the requests set aside as possible spam (issue 39), newest first
//   GET    /api/leads/unread           – the unread count (navigation, dashboard)
//   PATCH  /api/leads/{id}             – mark read/unread, handled/not handled; the owner's note
//   DELETE /api/leads/{id}             – delete the request and its photos at once
//   GET    /api/leads/{id}/photos/{n}  – a photo, to this owner only (never a public address)
//   GET/PUT /api/leads/settings        – show the form or not, which e-mail receives requests (a new
//                                        address waits for its inbox to confirm it: lead-recipient.ts)
//   POST   /api/leads/settings/pending-recipient/resend – mail the waiting address its link again
//   DELETE /api/leads/settings/pending-recipient        – stop waiting for that address
import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { LeadJson } from '../../contracts/leads';
import {
  leadCountsSchema,
  leadListSchema,
  leadSchema,
  leadSettingsAnswerSchema,
  leadSettingsSchema,
  leadUpdateSchema,
} from '../../contracts/leads';
import {
  countSpamLeads,
  countUnreadLeads,
  deleteLead,
  findLead,
  type Lead,
  type LeadList,
  listLeads,
  updateLeadState,
} from '../../db';
import type { Config } from '../../lib/config';
import { AppError } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import { createMailer, type Mailer } from '../../lib/mailer';
import { INVOICE_MESSAGES } from '../../rules/invoice-messages';
import { LEAD_RECIPIENT_MESSAGES } from '../../rules/lead-messages';
import { normaliseLeadNote } from '../../rules/lead-notes';
import { MESSAGES } from '../../rules/messages';
import type { OwnerEnv } from '../env';
import { readLeadPhoto, removeLeadPhotos } from '../leads/lead-photos';
import {
  cancelConfirmation,
  type RecipientDeps,
  recipientState,
  resendConfirmation,
  saveRecipientSettings,
} from '../leads/lead-recipient';
import { RateLimiter } from '../middleware/rate-limit';
import { answer, JSON_BODY, jsonBody, refusals, routeGroup } from '../openapi';

/** Confirmation mails per company (new addresses and resends together): a lost mail or a typo fixed
 *  is covered, mailing a stranger's inbox over and over is not. */
const RECIPIENT_MAIL_LIMIT = new RateLimiter({
  name: 'lead-recipient-mail',
  limit: 5,
  windowMs: 60 * 60 * 1000,
});

function toLeadJson(lead: Lead): LeadJson {
  return {
    id: lead.id,
    name: lead.name,
    phone: lead.phone,
    email: lead.email,
    postcode: lead.postcode,
    plate: lead.plate,
    message: lead.message,
    photos: lead.photos.map((photo, index) => ({
      url: `/api/leads/${lead.id}/photos/${index + 1}`,
      width: photo.width,
      height: photo.height,
    })),
    createdAt: lead.createdAt,
    readAt: lead.readAt,
    handledAt: lead.handledAt,
    note: lead.ownerNote,
    spam: lead.spam,
  };
}

const notFound = () => new AppError('not_found', MESSAGES.notFound);
const idParams = z.object({ id: z.string() });

const list = createRoute({
  method: 'get',
  path: '/',
  tags: ['leads'],
  summary: "The company's quote requests, newest first, and the unread count",
  responses: { 200: answer(leadListSchema, 'The requests') },
});

const listSpam = createRoute({
  method: 'get',
  path: '/spam',
  tags: ['leads'],
  summary: 'The requests set aside as possible spam (past the hourly allowance), newest first',
  responses: { 200: answer(leadListSchema, 'The requests') },
});

const unread = createRoute({
  method: 'get',
  path: '/unread',
  tags: ['leads'],
  summary: 'How many quote requests the owner has not read',
  responses: { 200: answer(leadCountsSchema, 'The count') },
});

const readSettings = createRoute({
  method: 'get',
  path: '/settings',
  tags: ['leads'],
  summary: 'Whether the site shows the quote form, and which e-mail receives requests',
  responses: { 200: answer(leadSettingsAnswerSchema, 'The settings') },
});

const writeSettings = createRoute({
  method: 'put',
  path: '/settings',
  tags: ['leads'],
  summary:
    'Show or hide the quote form (publishes), choose the receiving e-mail (a new one is mailed a confirmation link and used once confirmed)',
  middleware: JSON_BODY,
  request: jsonBody(leadSettingsSchema),
  responses: {
    200: answer(leadSettingsAnswerSchema, 'The saved settings'),
    ...refusals('invalid_input', 'rate_limited', 'unavailable'),
  },
});

const resendRecipient = createRoute({
  method: 'post',
  path: '/settings/pending-recipient/resend',
  tags: ['leads'],
  summary: 'Mail the address waiting for confirmation a new link (older links stop working)',
  responses: {
    200: answer(leadSettingsAnswerSchema, 'The settings'),
    ...refusals('invalid_input', 'rate_limited', 'unavailable'),
  },
});

const cancelRecipient = createRoute({
  method: 'delete',
  path: '/settings/pending-recipient',
  tags: ['leads'],
  summary: 'Stop waiting for the new address: requests keep going where they go now',
  responses: { 200: answer(leadSettingsAnswerSchema, 'The settings') },
});

const update = createRoute({
  method: 'patch',
  path: '/{id}',
  tags: ['leads'],
  summary: 'Mark a request read or unread, handled or not',
  middleware: JSON_BODY,
  request: { params: idParams, ...jsonBody(leadUpdateSchema) },
  responses: { 200: answer(leadSchema, 'The request'), ...refusals('invalid_input') },
});

const remove = createRoute({
  method: 'delete',
  path: '/{id}',
  tags: ['leads'],
  summary: 'Delete a request and its photos at once',
  request: { params: idParams },
  responses: { 204: { description: 'Deleted' } },
});

const photo = createRoute({
  method: 'get',
  path: '/{id}/photos/{n}',
  tags: ['leads'],
  summary: "A request's photo (JPEG), to its owner only",
  request: { params: z.object({ id: z.string(), n: z.string().regex(/^[1-9]$/) }) },
  responses: { 200: { description: 'The photo', content: { 'image/jpeg': { schema: z.string() } } } },
});

export interface LeadRoutesDeps {
  /** The mailer for confirmation links; tests may pass their own, production takes the configured one. */
  mailer?: (config: Config, logger: Logger) => Mailer;
}

export function createLeadRoutes(deps: LeadRoutesDeps = {}): OpenAPIHono<OwnerEnv> {
  const makeMailer = deps.mailer ?? createMailer;
  const leads = routeGroup<OwnerEnv>();

  const recipientDeps = (c: Context<OwnerEnv>): RecipientDeps => {
    const { db, config, logger, limits, company } = c.var;
    return {
      db,
      enqueuePublish: c.get('enqueuePublish'),
      now: c.get('now'),
      logger,
      mailer: makeMailer(config, logger),
      publicHost: config.publicHost,
      countMail: async () => {
        const wait = await limits.hit(RECIPIENT_MAIL_LIMIT, company.cvr);
        if (wait > 0) {
          c.header('Retry-After', String(wait));
          throw new AppError('rate_limited', LEAD_RECIPIENT_MESSAGES.tooManyMails);
        }
      },
    };
  };

  const answerList = async (c: Context<OwnerEnv>, which: LeadList) => {
    const { db, company } = c.var;
    const [rows, unread, spam] = await Promise.all([
      listLeads(db, company.cvr, 500, which),
      countUnreadLeads(db, company.cvr),
      countSpamLeads(db, company.cvr),
    ]);
    return c.json(leadListSchema.parse({ leads: rows.map(toLeadJson), unread, spam }), 200);
  };
  leads.openapi(list, (c) => answerList(c, 'requests'));
  leads.openapi(listSpam, (c) => answerList(c, 'spam'));

  leads.openapi(unread, async (c) => {
    return c.json({ unread: await countUnreadLeads(c.get('db'), c.get('company').cvr) }, 200);
  });

  leads.openapi(readSettings, async (c) => {
    return c.json(await recipientState(c.get('db'), c.get('company')), 200);
  });

  leads.openapi(writeSettings, async (c) => {
    const { user, company } = c.var;
    const state = await saveRecipientSettings(recipientDeps(c), { user, company }, c.req.valid('json'));
    return c.json(state, 200);
  });

  leads.openapi(resendRecipient, async (c) => {
    const { user, company } = c.var;
    return c.json(await resendConfirmation(recipientDeps(c), { user, company }), 200);
  });

  leads.openapi(cancelRecipient, async (c) => {
    const { db, user, company } = c.var;
    return c.json(await cancelConfirmation(db, { user, company }, c.get('now')()), 200);
  });

  leads.openapi(update, async (c) => {
    const change = c.req.valid('json');
    const note = change.note === undefined ? undefined : normaliseLeadNote(change.note);
    if (note === null) throw new AppError('invalid_input', INVOICE_MESSAGES.noteTooLong);
    const lead = await updateLeadState(
      c.get('db'),
      c.get('company').cvr,
      c.req.valid('param').id,
      { ...change, ...(note === undefined ? {} : { note }) },
      c.get('now')(),
    );
    if (!lead) throw notFound();
    return c.json(toLeadJson(lead), 200);
  });

  leads.openapi(remove, async (c) => {
    const { db, company, config } = c.var;
    const lead = await deleteLead(db, company.cvr, c.req.valid('param').id);
    if (!lead) throw notFound();
    await removeLeadPhotos(config.storageDir, company.cvr, lead.photos);
    return c.body(null, 204);
  });

  leads.openapi(photo, (async (c: Parameters<Parameters<typeof leads.openapi>[1]>[0]) => {
    const { db, company, config } = c.var;
    const { id, n } = c.req.param() as { id: string; n: string };
    const lead = await findLead(db, company.cvr, id);
    const entry = lead?.photos[Number(n) - 1];
    const bytes = entry ? await readLeadPhoto(config.storageDir, company.cvr, entry) : null;
    if (!bytes) throw notFound();
    return c.body(new Uint8Array(bytes), 200, {
      'Content-Type': 'image/jpeg',
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    });
  }) as never);

  return leads;
}
