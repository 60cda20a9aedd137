// /api/calendar/{token}.ics — the owner's private calendar feed (issue 52), for Google Calendar or an
// iPhone to subscribe to. No login (a calendar app has none): the 192-bit secret in the address is the
// key, the owner renews it under Booking, and each client may ask a few times a minute. The feed holds
// the bookings from a week ago to the booking horizon.
import { createRoute, z } from '@hono/zod-openapi';
import { companyOfFeedToken, findCompanyByCvr, listActiveBookings } from '../../db';
import { AppError } from '../../lib/errors';
import { MESSAGES } from '../../rules/messages';
import { bookingFeed } from '../bookings/ics';
import type { AppEnv } from '../env';
import { limitByIp, RateLimiter } from '../middleware/rate-limit';
import { refusals, routeGroup } from '../openapi';

const FEED_LIMIT = new RateLimiter({ name: 'booking-feed', limit: 30, windowMs: 60 * 1000 });

const feed = createRoute({
  method: 'get',
  path: '/{file}',
  tags: ['booking'],
  summary: "A company's bookings as an iCalendar feed, at its secret address",
  request: { params: z.object({ file: z.string() }) },
  responses: {
    200: { description: 'The feed (text/calendar)', content: { 'text/calendar': { schema: z.string() } } },
    ...refusals('not_found', 'rate_limited'),
  },
});

export function createBookingFeedRoutes() {
  const routes = routeGroup<AppEnv>();

  routes.openapi(feed, async (c) => {
    await limitByIp(c, FEED_LIMIT);
    const db = c.get('db');
    const token = c.req.valid('param').file.replace(/\.ics$/, '');
    const cvr = await companyOfFeedToken(db, token);
    const company = cvr ? await findCompanyByCvr(db, cvr) : null;
    if (!company) throw new AppError('not_found', MESSAGES.notFound);
    const now = c.get('now')();
    const bookings = await listActiveBookings(
      db,
      company.cvr,
      new Date(now.getTime() - 7 * 86_400_000),
      new Date(now.getTime() + 400 * 86_400_000),
    );
    const address = [company.address, [company.zipcode, company.city].filter(Boolean).join(' ')]
      .filter((part) => part.trim() !== '')
      .join(', ');
    const host = c.get('config').publicHost.replace(/:\d+$/, '');
    const text = bookingFeed(bookings, { name: company.name, address, host });
    return c.body(text, 200, {
      'Content-Type': 'text/calendar; charset=utf-8',
      'Cache-Control': 'private, no-store',
      // A secret address must not travel on in a Referer.
      'Referrer-Policy': 'no-referrer',
    });
  });

  return routes;
}
