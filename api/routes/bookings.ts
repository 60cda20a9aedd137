// The owner's booking (issue 52), mounted behind the tenant middleware: every call acts on
// c.get('company') only, so nothing of another company is read or changed.
//   GET    /api/booking                    – settings (or the trade's defaults), services, hours, feed link
//   PUT    /api/booking/settings           – on/off, horizon, notice, chairs, closed days, breaks, mail
//   POST   /api/booking/services           – add a service
//   PUT    /api/booking/services/{id}      – change one
//   DELETE /api/booking/services/{id}      – delete one (its bookings keep their name and time)
//   POST   /api/booking/feed               – a new secret calendar link (the old one stops at once)
//   GET    /api/bookings                   – active bookings from a day (default today), 14 days on
//   GET    /api/bookings/free-times        – a service's free times on a day (for "Book for en kunde")
//   POST   /api/bookings                   – "Book for en kunde": a time taken by phone
//   POST   /api/bookings/{id}/cancel       – cancel with a message to the customer ("Afvis" of a held one)
//   POST   /api/bookings/{id}/confirm      – "Bekræft" a booking held for the owner (a flood's)

import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import {
  type BookingJson,
  type BookingServiceJson,
  type BookingSetupJson,
  bookingListSchema,
  bookingSchema,
  bookingServiceInputSchema,
  bookingServiceSchema,
  bookingSettingsSchema,
  bookingSetupSchema,
  cancelBookingSchema,
  freeTimesSchema,
  ownerBookingSchema,
  takenSchema,
} from '../../contracts/bookings';
import {
  addBookingService,
  type Booking,
  type BookingService,
  type Company,
  cancelBooking,
  confirmHeldBooking,
  countBookingServices,
  type Db,
  deleteBookingService,
  ensureFeedToken,
  getBooking,
  getBookingService,
  listActiveBookings,
  resetFeedToken,
  saveBookingSettings,
  updateBookingService,
} from '../../db';
import { AppError } from '../../lib/errors';
import { BOOKING_MAX_SERVICES, BOOKING_MESSAGES } from '../../rules/booking-messages';
import { addDays, copenhagenClock, copenhagenInstant } from '../../rules/booking-slots';
import { productOrigin } from '../../rules/site-url';
import { queueBookingMails, queueCancelledMails, queueConfirmedMail } from '../bookings/booking-mails';
import {
  asksRegistration,
  bookingServicesOf,
  bookingSettingsOf,
  bookTime,
  freeTimes,
} from '../bookings/booking-setup';
import { refreshNextFree } from '../bookings/next-free';
import type { OwnerEnv } from '../env';
import { answer, JSON_BODY, jsonBody, refusals, routeGroup } from '../openapi';
import { commitChange } from '../services/commit-change';

const idParams = z.object({ id: z.string() });
const DAY = /^\d{4}-\d{2}-\d{2}$/;

function toServiceJson(service: BookingService): BookingServiceJson {
  return {
    id: service.id,
    name: service.name,
    minutes: service.minutes,
    bufferMinutes: service.bufferMinutes,
    priceKr: service.priceOre === null ? null : service.priceOre / 100,
    fromPrice: service.fromPrice,
  };
}

function toBookingJson(booking: Booking): BookingJson {
  return {
    id: booking.id,
    serviceName: booking.serviceName,
    startsAt: booking.startsAt,
    endsAt: booking.endsAt,
    chair: booking.chair,
    customerName: booking.customerName,
    customerPhone: booking.customerPhone,
    customerEmail: booking.customerEmail,
    customerNote: booking.customerNote,
    registrationNumber: booking.registrationNumber,
    source: booking.source,
    held: booking.state === 'held',
  };
}

function feedUrl(publicHost: string, token: string): string {
  return `${productOrigin(publicHost)}/api/calendar/${token}.ics`;
}

async function setup(c: { var: OwnerEnv['Variables'] }, db: Db, company: Company): Promise<BookingSetupJson> {
  const now = c.var.now();
  const settings = await bookingSettingsOf(db, company);
  const services = await bookingServicesOf(db, company, now);
  const token = await ensureFeedToken(db, company.cvr, settings, now);
  return {
    settings,
    services: services.map(toServiceJson),
    hours: company.hours,
    feedUrl: feedUrl(c.var.config.publicHost, token),
    asksRegistration: asksRegistration(company),
  };
}

const notFound = () => new AppError('not_found', BOOKING_MESSAGES.bookingNotFound);
const serviceNotFound = () => new AppError('not_found', BOOKING_MESSAGES.serviceNotFound);

const readSetup = createRoute({
  method: 'get',
  path: '/',
  tags: ['booking'],
  summary: "The company's booking settings, services (the trade's list on first read), hours and feed link",
  responses: { 200: answer(bookingSetupSchema, 'The booking setup') },
});

const writeSettings = createRoute({
  method: 'put',
  path: '/settings',
  tags: ['booking'],
  summary: 'Save booking on/off, horizon, notice, chairs, closed days, breaks and the new-booking mail',
  middleware: JSON_BODY,
  request: jsonBody(bookingSettingsSchema),
  responses: { 200: answer(bookingSetupSchema, 'The booking setup'), ...refusals('invalid_input') },
});

const addService = createRoute({
  method: 'post',
  path: '/services',
  tags: ['booking'],
  summary: 'Add a bookable service',
  middleware: JSON_BODY,
  request: jsonBody(bookingServiceInputSchema),
  responses: { 200: answer(bookingServiceSchema, 'The service'), ...refusals('invalid_input') },
});

const changeService = createRoute({
  method: 'put',
  path: '/services/{id}',
  tags: ['booking'],
  summary: 'Change a bookable service',
  middleware: JSON_BODY,
  request: { params: idParams, ...jsonBody(bookingServiceInputSchema) },
  responses: { 200: answer(bookingServiceSchema, 'The service'), ...refusals('invalid_input', 'not_found') },
});

const removeService = createRoute({
  method: 'delete',
  path: '/services/{id}',
  tags: ['booking'],
  summary: 'Delete a bookable service (its bookings keep their name and time)',
  request: { params: idParams },
  responses: { 200: answer(z.object({ deleted: z.literal(true) }), 'Deleted'), ...refusals('not_found') },
});

const renewFeed = createRoute({
  method: 'post',
  path: '/feed',
  tags: ['booking'],
  summary: 'A new secret calendar-feed link; the old one stops working at once',
  responses: { 200: answer(z.object({ feedUrl: z.string() }), 'The new link') },
});

export function createBookingSetupRoutes(): OpenAPIHono<OwnerEnv> {
  const routes = routeGroup<OwnerEnv>();

  routes.openapi(readSetup, async (c) => c.json(await setup(c, c.var.db, c.var.company), 200));

  routes.openapi(writeSettings, async (c) => {
    const { db, company } = c.var;
    // The site shows "Book tid" only while booking is on: the save publishes, like the company's.
    const settings = c.req.valid('json');
    await commitChange(c.var, company.cvr, (trx) =>
      saveBookingSettings(trx, company.cvr, settings, c.var.now()),
    );
    return c.json(await setup(c, db, company), 200);
  });

  routes.openapi(addService, async (c) => {
    const { db, company } = c.var;
    const input = c.req.valid('json');
    if ((await countBookingServices(db, company.cvr)) >= BOOKING_MAX_SERVICES) {
      throw new AppError('invalid_input', BOOKING_MESSAGES.tooManyServices);
    }
    const service = await addBookingService(db, company.cvr, toServiceInput(input), c.var.now());
    return c.json(toServiceJson(service), 200);
  });

  routes.openapi(changeService, async (c) => {
    const { db, company } = c.var;
    const { id } = c.req.valid('param');
    if (!(await updateBookingService(db, company.cvr, id, toServiceInput(c.req.valid('json')))))
      throw serviceNotFound();
    const service = await getBookingService(db, company.cvr, id);
    if (!service) throw serviceNotFound();
    return c.json(toServiceJson(service), 200);
  });

  routes.openapi(removeService, async (c) => {
    const { db, company } = c.var;
    if (!(await deleteBookingService(db, company.cvr, c.req.valid('param').id))) throw serviceNotFound();
    return c.json({ deleted: true as const }, 200);
  });

  routes.openapi(renewFeed, async (c) => {
    const { db, company } = c.var;
    const token = await resetFeedToken(db, company.cvr, await bookingSettingsOf(db, company), c.var.now());
    return c.json({ feedUrl: feedUrl(c.var.config.publicHost, token) }, 200);
  });

  return routes;
}

function toServiceInput(input: z.infer<typeof bookingServiceInputSchema>) {
  return {
    name: input.name,
    minutes: input.minutes,
    bufferMinutes: input.bufferMinutes,
    priceOre: input.priceKr === null ? null : input.priceKr * 100,
    fromPrice: input.fromPrice,
  };
}

const list = createRoute({
  method: 'get',
  path: '/',
  tags: ['booking'],
  summary: 'Active bookings from a Copenhagen day (default today) and the days after it, in time order',
  request: {
    query: z.object({
      from: z.string().regex(DAY).optional(),
      days: z.coerce.number().int().min(1).max(62).optional(),
    }),
  },
  responses: { 200: answer(bookingListSchema, 'The bookings'), ...refusals('invalid_input') },
});

const times = createRoute({
  method: 'get',
  path: '/free-times',
  tags: ['booking'],
  summary: "A service's free start times on a Copenhagen day, as the owner may book them",
  request: { query: z.object({ serviceId: z.string(), date: z.string().regex(DAY) }) },
  responses: {
    200: answer(freeTimesSchema, 'The times (ISO instants)'),
    ...refusals('invalid_input', 'not_found'),
  },
});

const book = createRoute({
  method: 'post',
  path: '/',
  tags: ['booking'],
  summary: '"Book for en kunde": a time taken by phone; a taken time answers 409 with the nearest free ones',
  middleware: JSON_BODY,
  request: jsonBody(ownerBookingSchema),
  responses: {
    200: answer(bookingSchema, 'The booking'),
    ...refusals('invalid_input', 'not_found'),
    409: answer(takenSchema, 'The time is taken or not offered: the nearest free times'),
  },
});

const cancel = createRoute({
  method: 'post',
  path: '/{id}/cancel',
  tags: ['booking'],
  summary: 'Cancel a booking with a message to the customer; the time is free again at once',
  middleware: JSON_BODY,
  request: { params: idParams, ...jsonBody(cancelBookingSchema) },
  responses: { 200: answer(z.object({ cancelled: z.literal(true) }), 'Cancelled'), ...refusals('not_found') },
});

const confirm = createRoute({
  method: 'post',
  path: '/{id}/confirm',
  tags: ['booking'],
  summary:
    '"Bekræft": a booking held for the owner (a flood\'s) is confirmed; the customer gets the confirmation',
  request: { params: idParams },
  responses: { 200: answer(bookingSchema, 'The booking, confirmed'), ...refusals('not_found') },
});

export function createBookingRoutes(): OpenAPIHono<OwnerEnv> {
  const routes = routeGroup<OwnerEnv>();

  routes.openapi(list, async (c) => {
    const { db, company } = c.var;
    const query = c.req.valid('query');
    const first = query.from ?? copenhagenClock(c.var.now()).date;
    const bookings = await listActiveBookings(
      db,
      company.cvr,
      copenhagenInstant(first, 0),
      copenhagenInstant(addDays(first, query.days ?? 14), 0),
    );
    return c.json({ bookings: bookings.map(toBookingJson) }, 200);
  });

  routes.openapi(times, async (c) => {
    const { db, company } = c.var;
    const { serviceId, date } = c.req.valid('query');
    const service = await getBookingService(db, company.cvr, serviceId);
    if (!service) throw serviceNotFound();
    const slots = await freeTimes(db, company, service, c.var.now(), 'owner', date, 1);
    return c.json({ times: slots.map((slot) => slot.start.toISOString()) }, 200);
  });

  routes.openapi(book, async (c) => {
    const { db, company } = c.var;
    const input = c.req.valid('json');
    const outcome = await bookTime(
      db,
      company,
      { ...input, start: new Date(input.startsAt), source: 'owner' },
      c.var.now(),
    );
    if (outcome.ok) {
      // The customer's confirmation (with its .ics and own link) and reminder, when it has an e-mail.
      await queueBookingMails(db, company, outcome.booking, c.var.now());
      await refreshNextFree(c.var, company);
      return c.json(toBookingJson(outcome.booking), 200);
    }
    if (outcome.reason === 'service-not-found') throw serviceNotFound();
    const message = outcome.reason === 'taken' ? BOOKING_MESSAGES.timeTaken : BOOKING_MESSAGES.timeNotOffered;
    return c.json(
      {
        error: { code: 'conflict' as const, message },
        nearest: outcome.nearest.map((at) => at.toISOString()),
      },
      409,
    );
  });

  routes.openapi(cancel, async (c) => {
    const { db, company } = c.var;
    const { message } = c.req.valid('json');
    const id = c.req.valid('param').id;
    const before = await getBooking(db, company.cvr, id);
    if (!(await cancelBooking(db, company.cvr, id, message || null, c.var.now()))) {
      throw notFound();
    }
    // The customer's mail of the cancellation with the owner's message; the reminder is taken back.
    // A held booking refused ("Afvis") mails nobody: its customer was never confirmed, and a flood's
    // addresses get no mail from us.
    const cancelled = await getBooking(db, company.cvr, id);
    if (cancelled) {
      const by = before?.state === 'held' ? 'nobody' : 'owner';
      await queueCancelledMails(db, company.cvr, cancelled, by, c.var.now());
    }
    await refreshNextFree(c.var, company);
    return c.json({ cancelled: true as const }, 200);
  });

  routes.openapi(confirm, async (c) => {
    const { db, company } = c.var;
    const booking = await confirmHeldBooking(db, company.cvr, c.req.valid('param').id);
    if (!booking) throw notFound();
    await queueConfirmedMail(db, company.cvr, booking, c.var.now());
    c.var.nudgeMail();
    return c.json(toBookingJson(booking), 200);
  });

  return routes;
}
