// The earliest time a customer can book on a company's site (issue 52 item 6): read for the
// homepage's "Næste ledige tid" by a publish (generator/load-site.ts) and by the booking routes that
// keep it true (api/bookings/next-free.ts). The slots are the rules' (rules/booking-slots.ts).
import {
  addDays,
  copenhagenClock,
  copenhagenInstant,
  freeSlots,
  type SlotRules,
} from '../../rules/booking-slots';
import { bookingDefaults } from '../../rules/trades';
import type { Db } from '../database';
import { listBookingServices } from './booking-services';
import { defaultBookingSettings, getBookingSettings } from './booking-settings';
import { listActiveBookings } from './bookings';
import type { Company } from './companies';

/** How many local days one read of the bookings covers while the next free time is looked for. */
const NEXT_FREE_CHUNK_DAYS = 14;

/**
 * The earliest time a customer can book on the site now, of any of the company's services, within
 * the booking horizon; null when none is free (or the company has no services). The homepage's
 * "Næste ledige tid" (issue 52 item 6). Reads only: a company without saved settings has its trade's
 * defaults and services, as its booking page would store them on its first visit.
 */
export async function nextFreeStart(db: Db, company: Company, now: Date): Promise<Date | null> {
  const saved = await getBookingSettings(db, company.cvr);
  const trade = saved
    ? null
    : bookingDefaults({
        industryCode: company.industryCode,
        industryDesc: company.industryDesc,
        companyName: company.name,
      });
  const settings = saved ?? defaultBookingSettings(trade?.enabled ?? false);
  const services = trade ? trade.services : await listBookingServices(db, company.cvr);
  if (services.length === 0) return null;
  // The customer's limits, as api/bookings/booking-setup.ts slotRules gives them to the site.
  const rules: SlotRules = {
    hours: company.hours,
    breaks: settings.breaks,
    closed: settings.closed,
    horizonDays: settings.horizonDays,
    noticeMinutes: settings.noticeMinutes,
    chairs: settings.chairs,
  };
  const today = copenhagenClock(now).date;
  for (let offset = 0; offset <= rules.horizonDays; offset += NEXT_FREE_CHUNK_DAYS) {
    const first = addDays(today, offset);
    const busy = (
      await listActiveBookings(
        db,
        company.cvr,
        copenhagenInstant(first, 0),
        copenhagenInstant(addDays(first, NEXT_FREE_CHUNK_DAYS + 1), 0),
      )
    ).map((booking) => ({
      chair: booking.chair,
      start: new Date(booking.startsAt),
      end: new Date(booking.heldUntil),
    }));
    let earliest: Date | null = null;
    for (const service of services) {
      const [slot] = freeSlots({
        rules,
        busy,
        minutes: service.minutes,
        bufferMinutes: service.bufferMinutes,
        now,
        fromDate: first,
        days: NEXT_FREE_CHUNK_DAYS,
      });
      if (slot && (earliest === null || slot.start < earliest)) earliest = slot.start;
    }
    if (earliest) return earliest;
  }
  return null;
}
