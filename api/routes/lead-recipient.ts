// /api/lead-recipient — the link mailed to a new address for a company's quote requests (issue 39,
// api/leads/lead-recipient.ts). Public: whoever reads that inbox confirms it, and they need not have
// a login (an office or a colleague's address). The link's page asks first (check) and confirms with
// a button (confirm, a same-origin POST), never by being opened. Each client may try a few dozen
// times a quarter of an hour; a token is 160 random bits, so guessing is hopeless anyway.
import { createRoute } from '@hono/zod-openapi';
import {
  leadRecipientCheckSchema,
  leadRecipientConfirmedSchema,
  leadRecipientTokenSchema,
} from '../../contracts/leads';
import type { AppEnv } from '../env';
import { checkConfirmation, confirmRecipient } from '../leads/lead-recipient';
import { limitByIp, RateLimiter } from '../middleware/rate-limit';
import { answer, JSON_BODY, jsonBody, refusals, routeGroup } from '../openapi';

const LINK_LIMIT = new RateLimiter({ name: 'lead-recipient-link', limit: 30, windowMs: 15 * 60 * 1000 });

const check = createRoute({
  method: 'post',
  path: '/check',
  tags: ['leads'],
  summary: "Whether a new recipient's link is valid, expired, used or replaced; the company and address",
  middleware: JSON_BODY,
  request: jsonBody(leadRecipientTokenSchema),
  responses: {
    200: answer(leadRecipientCheckSchema, 'The state and its Danish message'),
    ...refusals('invalid_input', 'rate_limited'),
  },
});

const confirm = createRoute({
  method: 'post',
  path: '/confirm',
  tags: ['leads'],
  summary: "Confirm a new recipient's link: the company's requests are mailed there from now on",
  middleware: JSON_BODY,
  request: jsonBody(leadRecipientTokenSchema),
  responses: {
    200: answer(leadRecipientConfirmedSchema, 'Confirmed'),
    ...refusals('invalid_input', 'rate_limited'),
  },
});

export function createLeadRecipientRoutes() {
  const routes = routeGroup<AppEnv>();

  routes.openapi(check, async (c) => {
    await limitByIp(c, LINK_LIMIT);
    const { token } = c.req.valid('json');
    return c.json(await checkConfirmation(c.get('db'), token, c.get('now')()), 200);
  });

  routes.openapi(confirm, async (c) => {
    await limitByIp(c, LINK_LIMIT);
    const { token } = c.req.valid('json');
    return c.json(await confirmRecipient(c.get('db'), token, c.get('now')()), 200);
  });

  return routes;
}
