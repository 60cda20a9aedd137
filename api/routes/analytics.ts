// POST /api/analytics: first-party, cookieless analytics (issue #7 item 4). Page views count per day
// and path; taps on a company site's "Ring" button per day and company (issue 51); the onboarding's cvr_lookup events count per day and status and are kept raw with the
// spec's fields. No cookie is read or set and no IP address is stored; the IP only feeds the limit.
import { createRoute, type OpenAPIHono, type RouteConfig } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import { z } from 'zod';
import { findCompanyByCvr, incrementAnalyticsCount, insertAnalyticsEvent } from '../../db';
import { AppError } from '../../lib/errors';
import { copenhagenDay } from '../../rules/ai-limit';
import { MESSAGES } from '../../rules/messages';
import type { AppEnv } from '../env';
import { limitByIp, RateLimiter } from '../middleware/rate-limit';
import { refusals, routeGroup } from '../openapi';
import { parseInput } from '../validation';

/** Generous: a visitor clicking through the site never meets it; a script filling the table does. */
const ANALYTICS_LIMIT = new RateLimiter({ name: 'analytics', limit: 120, windowMs: 60 * 1000 });
const ANALYTICS_BODY_LIMIT_BYTES = 2048;
const ANALYTICS_PATH_MAX = 200;

const invalid = { error: MESSAGES.invalidInput };

// A pathname as `location.pathname` gives it: no query or fragment (they may carry personal data),
// no whitespace or control characters.
const pagePath = z
  .string(invalid)
  .max(ANALYTICS_PATH_MAX, invalid)
  .regex(/^\/[^\s?#\p{Cc}]*$/u, invalid);

const analyticsEventSchema = z.discriminatedUnion(
  'type',
  [
    z.strictObject({ type: z.literal('page_view'), path: pagePath }, invalid),
    // A tap on a company site's "Ring" button (rules/analytics-beacon.ts CALL_TAP_BEACON).
    z.strictObject(
      { type: z.literal('call_tap'), cvr: z.string(invalid).regex(/^\d{8}$/, invalid) },
      invalid,
    ),
    z.strictObject(
      {
        type: z.literal('cvr_lookup'),
        status: z.string(invalid).regex(/^[a-z][a-z0-9_-]{0,31}$/i, invalid),
        // What the visitor typed, so at most a little more than a CVR's 8 digits.
        cvr_number: z.string(invalid).max(20, invalid),
        cvr_length: z.number(invalid).int(invalid).min(0, invalid).max(100, invalid),
        cvr_value: z.union([z.string().max(20), z.number().int().nonnegative()], invalid),
        timestamp: z.iso.datetime({ offset: true, error: MESSAGES.invalidInput }),
      },
      invalid,
    ),
  ],
  invalid,
);

const smallBody = bodyLimit({
  maxSize: ANALYTICS_BODY_LIMIT_BYTES,
  onError: () => {
    throw new AppError('payload_too_large', MESSAGES.invalidInput);
  },
});

// A beacon's JSON may come as application/json or as text/plain (the one type every browser's
// sendBeacon sends without a preflight). The Origin check still applies to both.
const JSON_OR_TEXT = /^(application\/json|text\/plain)$/i;
const beaconBody = createMiddleware<AppEnv>(async (c, next) => {
  const mediaType = (c.req.header('content-type') ?? '').split(';')[0]?.trim() ?? '';
  if (!JSON_OR_TEXT.test(mediaType)) throw new AppError('unsupported_media_type', MESSAGES.invalidInput);
  await next();
});

/** The event's JSON Schema, for the document only: a beacon's body is parsed by the handler. */
const { $schema: _dialect, ...eventJsonSchema } = z.toJSONSchema(analyticsEventSchema);
type BodyContent = NonNullable<NonNullable<RouteConfig['request']>['body']>['content'][string];
type BodySchema = Extract<BodyContent, { schema?: unknown }>['schema'];
const EVENT_JSON_SCHEMA = eventJsonSchema as BodySchema;

const record = createRoute({
  method: 'post',
  path: '/',
  tags: ['public'],
  summary:
    'Record one page view, call tap or CVR look-up, cookieless; JSON sent as application/json or text/plain (sendBeacon)',
  middleware: [smallBody, beaconBody],
  request: {
    body: {
      required: true,
      content: {
        'application/json': { schema: EVENT_JSON_SCHEMA },
        'text/plain': { schema: EVENT_JSON_SCHEMA },
      },
    },
  },
  responses: {
    204: { description: 'Counted' },
    ...refusals('invalid_input', 'payload_too_large', 'unsupported_media_type', 'rate_limited'),
  },
});

export function createAnalyticsRoutes(deps: { limiter?: RateLimiter } = {}): OpenAPIHono<AppEnv> {
  const limiter = deps.limiter ?? ANALYTICS_LIMIT;
  const routes = routeGroup<AppEnv>();

  routes.openapi(record, async (c) => {
    let json: unknown;
    try {
      json = JSON.parse(await c.req.text());
    } catch {
      throw new AppError('invalid_input', MESSAGES.invalidInput);
    }
    const event = parseInput(analyticsEventSchema, json);
    // Counted once the event is known to be valid: garbage costs the sender nothing.
    await limitByIp(c, limiter);
    const { db } = c.var;
    const now = c.get('now')();
    const day = copenhagenDay(now);
    if (event.type === 'page_view') {
      await incrementAnalyticsCount(db, day, 'page_view', event.path);
    } else if (event.type === 'call_tap') {
      // Counted per company and day, for its dashboard; a CVR of no company counts nowhere.
      if (await findCompanyByCvr(db, event.cvr))
        await incrementAnalyticsCount(db, day, 'call_tap', event.cvr);
    } else {
      const { type, ...data } = event;
      await incrementAnalyticsCount(db, day, type, data.status);
      await insertAnalyticsEvent(db, type, data, now);
    }
    return c.body(null, 204);
  });

  return routes;
}
