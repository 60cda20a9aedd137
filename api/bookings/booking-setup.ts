// A company's booking as the owner's screens and the booking routes need it (issue 52): its settings
// (or its trade's defaults), its services (the trade's list stored on first read), the free times of
// a service, and a booking made under the slot rules with the database deciding who wins a time.
import {
  type Booking,
  type BookingService,
  type BookingSettings,
  type Company,
  type Db,
  defaultBookingSettings,
  getBookingService,
  getBookingSettings,
  insertBooking,
  listActiveBookings,
  listBookingServices,
  seedBookingServices,
} from '../../db';
import {
  addDays,
  copenhagenClock,
  copenhagenInstant,
  freeSlots,
  heldMinutes,
  nearestFreeSlots,
  type Slot,
  type SlotRules,
} from '../../rules/booking-slots';
import { bookingDefaults } from '../../rules/trades';

export async function bookingSettingsOf(db: Db, company: Company): Promise<BookingSettings> {
  const saved = await getBookingSettings(db, company.cvr);
  return saved ?? defaultBookingSettings(tradeDefaults(company).enabled);
}

function tradeDefaults(company: Company) {
  return bookingDefaults({
    industryCode: company.industryCode,
    industryDesc: company.industryDesc,
    companyName: company.name,
  });
}

/** Whether the company's trade is a garage's (the booking asks for the registration number). */
export function asksRegistration(company: Company): boolean {
  return (
    /mekaniker|autov|dæk|daek|bilv|lak/.test(
      `${company.industryDesc} ${company.name} ${company.industryCode}`.toLowerCase(),
    ) || ['452010', '452020', '453200'].includes(company.industryCode)
  );
}

/**
 * The company's services; the trade's list is stored on the first read only (before the settings row
 * exists, which that read creates), so an owner who deletes every service is not given them back.
 */
export async function bookingServicesOf(db: Db, company: Company, now: Date): Promise<BookingService[]> {
  if (await getBookingSettings(db, company.cvr)) return listBookingServices(db, company.cvr);
  return seedBookingServices(db, company.cvr, tradeDefaults(company).services, now);
}

function slotRules(company: Company, settings: BookingSettings, by: 'site' | 'owner'): SlotRules {
  return {
    hours: company.hours,
    breaks: settings.breaks,
    closed: settings.closed,
    // The owner books a phone call's time however soon or far it is; the customer within the limits.
    horizonDays: by === 'owner' ? 365 : settings.horizonDays,
    noticeMinutes: by === 'owner' ? 0 : settings.noticeMinutes,
    chairs: settings.chairs,
  };
}

/** Free start times of a service over `days` local days from `fromDate` (default today). */
export async function freeTimes(
  db: Db,
  company: Company,
  service: BookingService,
  now: Date,
  by: 'site' | 'owner',
  fromDate?: string,
  days = 7,
): Promise<Slot[]> {
  const settings = await bookingSettingsOf(db, company);
  const first = fromDate ?? copenhagenClock(now).date;
  const from = copenhagenInstant(first, 0);
  const to = copenhagenInstant(addDays(first, days + 1), 0);
  const busy = (await listActiveBookings(db, company.cvr, from, to)).map((booking) => ({
    chair: booking.chair,
    start: new Date(booking.startsAt),
    end: new Date(booking.heldUntil),
  }));
  return freeSlots({
    rules: slotRules(company, settings, by),
    busy,
    minutes: service.minutes,
    bufferMinutes: service.bufferMinutes,
    now,
    fromDate: first,
    days,
  });
}

export interface BookRequest {
  serviceId: string;
  start: Date;
  customerName: string;
  customerPhone: string;
  customerEmail: string;
  customerNote: string;
  registrationNumber: string;
  source: 'site' | 'owner';
  /** Held for the owner to confirm (a site booking past its client's or phone's few a day). */
  held?: boolean;
}

export type BookOutcome =
  | { ok: true; booking: Booking; cancelToken: string }
  | { ok: false; reason: 'service-not-found' }
  | { ok: false; reason: 'not-offered' | 'taken'; nearest: Date[] };

/**
 * Books a time if the rules offer it; the claim in the database decides between racing requests.
 * A refused time answers the nearest free ones (the same day and the days around it).
 */
export async function bookTime(
  db: Db,
  company: Company,
  request: BookRequest,
  now: Date,
): Promise<BookOutcome> {
  const service = await getBookingService(db, company.cvr, request.serviceId);
  if (!service) return { ok: false, reason: 'service-not-found' };
  const day = copenhagenClock(request.start).date;
  const around = async () => {
    const slots = await freeTimes(db, company, service, now, request.source, addDays(day, -1), 3);
    return nearestFreeSlots(slots, request.start, 3).map((slot) => slot.start);
  };
  const offered = (await freeTimes(db, company, service, now, request.source, day, 1)).find(
    (slot) => slot.start.getTime() === request.start.getTime(),
  );
  if (!offered) {
    // Taken (a booking holds it) or never offered (closed, too soon, past the horizon).
    const settings = await bookingSettingsOf(db, company);
    const empty = freeSlots({
      rules: slotRules(company, settings, request.source),
      busy: [],
      minutes: service.minutes,
      bufferMinutes: service.bufferMinutes,
      now,
      fromDate: day,
      days: 1,
    }).some((slot) => slot.start.getTime() === request.start.getTime());
    return { ok: false, reason: empty ? 'taken' : 'not-offered', nearest: await around() };
  }
  const result = await insertBooking(
    db,
    company.cvr,
    offered.freeChairs,
    {
      serviceId: service.id,
      serviceName: service.name,
      start: request.start,
      end: new Date(request.start.getTime() + service.minutes * 60_000),
      heldUntil: new Date(
        request.start.getTime() + heldMinutes(service.minutes, service.bufferMinutes) * 60_000,
      ),
      customerName: request.customerName,
      customerPhone: request.customerPhone,
      customerEmail: request.customerEmail,
      customerNote: request.customerNote,
      registrationNumber: request.registrationNumber,
      source: request.source,
      held: request.held ?? false,
    },
    now,
  );
  if (result.ok) return result;
  return { ok: false, reason: 'taken', nearest: await around() };
}
