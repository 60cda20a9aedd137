// POST /api/sendContactEmail: the marketing site's contact form. The message is stored first (so
// none is lost when mail fails), then mailed to the operator (CONTACT_TO) with the visitor as
// Reply-To. A filled honeypot answers as if sent and does nothing; a per-IP limit stops floods.
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { okSchema } from '../../contracts/answers';
import { contactSchema } from '../../contracts/contact';
import { insertContactMessage } from '../../db';
import type { Config } from '../../lib/config';
import { AppError } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import { createMailer, type Mailer } from '../../lib/mailer';
import { MESSAGES } from '../../rules/messages';
import type { AppEnv } from '../env';
import { orFail } from '../errors';
import { limitByIp, RateLimiter } from '../middleware/rate-limit';
import { answer, JSON_BODY, jsonBody, refusals, routeGroup } from '../openapi';

/** Messages one client IP may send per window. */
const CONTACT_LIMIT = new RateLimiter({ name: 'contact', limit: 5, windowMs: 10 * 60 * 1000 });

export interface ContactRoutesDeps {
  mailer?: (config: Config, logger: Logger) => Mailer;
  /** Defaults to CONTACT_LIMIT, one limiter per created route group. */
  limiter?: RateLimiter;
}

function contactMail(input: { name: string; email: string; message: string }, to: string) {
  return {
    to,
    replyTo: input.email,
    subject: `Ny henvendelse fra ${input.name} via Mesterside`,
    text: `Navn: ${input.name}\nEmail: ${input.email}\n\n${input.message}\n`,
  };
}

export function createContactRoutes(deps: ContactRoutesDeps = {}): OpenAPIHono<AppEnv> {
  const makeMailer = deps.mailer ?? createMailer;
  const limiter = deps.limiter ?? CONTACT_LIMIT;
  const routes = routeGroup<AppEnv>();

  const send = createRoute({
    method: 'post',
    path: '/',
    tags: ['public'],
    summary: "Send the contact form's message to the operator (stored first; a filled honeypot is dropped)",
    middleware: JSON_BODY,
    request: jsonBody(contactSchema),
    responses: {
      200: answer(okSchema, 'Received'),
      ...refusals('invalid_input', 'rate_limited', 'internal', 'unavailable'),
    },
  });
  routes.openapi(send, async (c) => {
    const { website, ...input } = c.req.valid('json');
    await limitByIp(c, limiter);
    const { db, config, logger } = c.var;
    if (website?.trim()) {
      logger.info('contact form honeypot filled; message dropped');
      return c.json({ ok: true as const }, 200);
    }

    const stored = await orFail(c, MESSAGES.contactFailed, () =>
      insertContactMessage(db, input, c.get('now')()),
    );
    try {
      await makeMailer(config, logger).send(contactMail(input, config.contactTo));
    } catch (error) {
      logger.error({ err: error, contactMessageId: stored.id }, 'contact mail failed; message kept');
      throw new AppError('unavailable', MESSAGES.contactFailed, { cause: error });
    }
    return c.json({ ok: true as const }, 200);
  });

  return routes;
}
