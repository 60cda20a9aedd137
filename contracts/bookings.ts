// Booking (issue 52): the owner's settings and services, a booking taken by phone, and the answers.
// Shared with the admin's forms, so both refuse with the same Danish words (rules/booking-messages.ts).
import { z } from 'zod';
import {
  BOOKING_MAX_CLOSED,
  BOOKING_MAX_NOTICE_MINUTES,
  BOOKING_MESSAGES,
  BOOKING_SERVICE_MAX_MINUTES,
} from '../rules/booking-messages';
import { MAX_CHAIRS, MAX_HORIZON_DAYS, parseClock } from '../rules/booking-slots';
import { MESSAGES } from '../rules/messages';
import { isDanishPhoneOrEmpty } from '../rules/phone';
import { body, text } from './fields';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

const closedRange = z
  .object(
    {
      from: z.string({ error: BOOKING_MESSAGES.closedInvalid }).regex(DAY, BOOKING_MESSAGES.closedInvalid),
      to: z.string({ error: BOOKING_MESSAGES.closedInvalid }).regex(DAY, BOOKING_MESSAGES.closedInvalid),
      label: text('Navnet på lukkeperioden', 60).default(''),
    },
    { error: BOOKING_MESSAGES.closedInvalid },
  )
  .refine((range) => range.from <= range.to, BOOKING_MESSAGES.closedInvalid);

const clock = z
  .string({ error: BOOKING_MESSAGES.breakInvalid })
  .refine((value) => parseClock(value) !== null, BOOKING_MESSAGES.breakInvalid);

const dailyBreak = z
  .object({ start: clock, end: clock }, { error: BOOKING_MESSAGES.breakInvalid })
  .refine(
    (pause) => (parseClock(pause.start) ?? 0) < (parseClock(pause.end) ?? 0),
    BOOKING_MESSAGES.breakInvalid,
  );

function whole(message: string, min: number, max: number, step = 1) {
  return z
    .number({ error: message })
    .int(message)
    .min(min, message)
    .max(max, message)
    .refine((value) => value % step === 0, message);
}

export const bookingSettingsSchema = body({
  enabled: z.boolean({ error: MESSAGES.invalidInput }),
  horizonDays: whole(BOOKING_MESSAGES.horizonInvalid, 1, MAX_HORIZON_DAYS),
  noticeMinutes: whole(BOOKING_MESSAGES.noticeInvalid, 0, BOOKING_MAX_NOTICE_MINUTES),
  chairs: whole(BOOKING_MESSAGES.chairsInvalid, 1, MAX_CHAIRS),
  closed: z
    .array(closedRange, { error: MESSAGES.invalidInput })
    .max(BOOKING_MAX_CLOSED, BOOKING_MESSAGES.tooManyClosed),
  breaks: z.array(dailyBreak, { error: MESSAGES.invalidInput }).max(5, BOOKING_MESSAGES.breakInvalid),
  notifyOwner: z.boolean({ error: MESSAGES.invalidInput }),
});

export const bookingServiceInputSchema = body({
  name: text('Navnet på ydelsen', 80).refine((value) => value !== '', BOOKING_MESSAGES.serviceNameRequired),
  minutes: whole(BOOKING_MESSAGES.minutesInvalid, 5, BOOKING_SERVICE_MAX_MINUTES, 5),
  bufferMinutes: whole(BOOKING_MESSAGES.bufferInvalid, 0, 120, 5),
  /** Whole kroner incl. moms; null: no price shown. */
  priceKr: whole(BOOKING_MESSAGES.priceInvalid, 0, 100_000).nullable(),
  fromPrice: z.boolean({ error: MESSAGES.invalidInput }),
});

export const bookingServiceSchema = z.object({
  id: z.string(),
  name: z.string(),
  minutes: z.number(),
  bufferMinutes: z.number(),
  priceKr: z.number().nullable(),
  fromPrice: z.boolean(),
});

export type BookingServiceJson = z.infer<typeof bookingServiceSchema>;

export const bookingSetupSchema = z.object({
  settings: z.object({
    enabled: z.boolean(),
    horizonDays: z.number(),
    noticeMinutes: z.number(),
    chairs: z.number(),
    closed: z.array(z.object({ from: z.string(), to: z.string(), label: z.string() })),
    breaks: z.array(z.object({ start: z.string(), end: z.string() })),
    notifyOwner: z.boolean(),
  }),
  services: z.array(bookingServiceSchema),
  /** The opening hours the times come from (edited under Indstillinger). */
  hours: z.record(z.string(), z.string()),
  /** The private calendar feed's address. */
  feedUrl: z.string(),
  /** Whether this trade asks for a registration number (a garage). */
  asksRegistration: z.boolean(),
});

export type BookingSetupJson = z.infer<typeof bookingSetupSchema>;

export const bookingSchema = z.object({
  id: z.string(),
  serviceName: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  chair: z.number(),
  customerName: z.string(),
  customerPhone: z.string(),
  customerEmail: z.string(),
  customerNote: z.string(),
  registrationNumber: z.string(),
  source: z.enum(['site', 'owner']),
  /** 'held': made past its client's or phone's few a day; it waits for the owner's "Bekræft". */
  held: z.boolean(),
});

export type BookingJson = z.infer<typeof bookingSchema>;

export const bookingListSchema = z.object({ bookings: z.array(bookingSchema) });

export const freeTimesSchema = z.object({ times: z.array(z.string()) });

export const ownerBookingSchema = body({
  serviceId: z.string({ error: BOOKING_MESSAGES.serviceNotFound }).max(60, BOOKING_MESSAGES.serviceNotFound),
  startsAt: z.iso.datetime({ error: BOOKING_MESSAGES.timeNotOffered }),
  customerName: text('Kundens navn', 100).refine(
    (value) => value !== '',
    BOOKING_MESSAGES.customerNameRequired,
  ),
  customerPhone: text('Telefon', 30).refine(isDanishPhoneOrEmpty, BOOKING_MESSAGES.customerPhoneInvalid),
  customerEmail: text('E-mail', 254).default(''),
  customerNote: text('Besked', 500).default(''),
  registrationNumber: text('Nummerplade', 10).default(''),
});

export const cancelBookingSchema = body({
  message: text('Besked til kunden', 500).default(''),
});

/** A refused time: the nearest free ones instead (ISO instants). */
export const takenSchema = z.object({
  error: z.object({ code: z.string(), message: z.string() }),
  nearest: z.array(z.string()),
});
