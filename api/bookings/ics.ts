// Bookings as iCalendar (RFC 5545, issue 52) through ical-generator: the owner's private feed, and one
// booking's .ics for the customer's confirmation mail (phase 2 attaches it). Times are written in
// UTC (ical-generator's recommendation), which every calendar shows in its own zone, so a booking at
// 10.30 in Copenhagen is 10.30 on the owner's iPhone in Denmark, across the daylight-saving change too.
import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import type { Booking } from '../../db';
import { formatPhone } from '../../rules/phone';

interface IcsPlace {
  /** The company's name, the calendar's name. */
  name: string;
  /** 'Vestergade 1, 4000 Roskilde'; '' when none. */
  address: string;
  /** The host a UID is made unique with ('mesterside.dk'). */
  host: string;
}

function ownerEvent(booking: Booking, place: IcsPlace) {
  const lines = [
    `Kunde: ${booking.customerName}`,
    booking.customerPhone ? `Telefon: ${formatPhone(booking.customerPhone)}` : '',
    booking.customerEmail ? `E-mail: ${booking.customerEmail}` : '',
    booking.registrationNumber ? `Nummerplade: ${booking.registrationNumber}` : '',
    booking.customerNote ? `Besked: ${booking.customerNote}` : '',
  ].filter((line) => line !== '');
  return {
    id: `${booking.id}@${place.host}`,
    start: new Date(booking.startsAt),
    end: new Date(booking.endsAt),
    stamp: new Date(booking.createdAt),
    // A held booking (a flood's, waiting for the owner's "Bekræft") shows as tentative.
    summary: `${booking.state === 'held' ? 'Ikke bekræftet: ' : ''}${booking.serviceName}: ${booking.customerName}`,
    description: lines.join('\n'),
    location: place.address || null,
    status: booking.state === 'held' ? ICalEventStatus.TENTATIVE : ICalEventStatus.CONFIRMED,
  };
}

/** The owner's feed: the company's active bookings, with the customer's name and phone. */
export function bookingFeed(bookings: readonly Booking[], place: IcsPlace): string {
  const calendar = ical({
    name: `Bookinger – ${place.name}`,
    prodId: { company: 'Mesterside', product: 'Bookinger', language: 'DA' },
    // Calendars poll a subscription; an hour is what Google and Apple use at most anyway.
    ttl: 60 * 60,
  });
  for (const booking of bookings) calendar.createEvent(ownerEvent(booking, place));
  return calendar.toString();
}

/**
 * One booking as the customer's calendar file: the service at the company, no other customer data.
 * `origin` is the booking it was first made as and the moves since (db bookingOrigin): a moved time
 * keeps the first file's UID with a higher SEQUENCE, so his calendar updates the event it has.
 */
export function bookingIcs(
  booking: Booking,
  place: IcsPlace,
  origin: { id: string; moves: number } = { id: booking.id, moves: 0 },
): string {
  // METHOD as the mail's Content-Type names it (RFC 6047 2.4: the two must be the same).
  const calendar = ical({
    method: ICalCalendarMethod.PUBLISH,
    prodId: { company: 'Mesterside', product: 'Booking', language: 'DA' },
  });
  calendar.createEvent({
    id: `${origin.id}@${place.host}`,
    sequence: origin.moves,
    start: new Date(booking.startsAt),
    end: new Date(booking.endsAt),
    stamp: new Date(booking.createdAt),
    summary: `${booking.serviceName} hos ${place.name}`,
    location: place.address || null,
    status: ICalEventStatus.CONFIRMED,
  });
  return calendar.toString();
}
