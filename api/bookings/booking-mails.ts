// The mails of a booking (issue 52), each a job of db/tables/jobs.ts so a dead mail server delays them,
// never loses them, plain text only (a customer's words can never become markup):
//   - 'booking-confirmation': the customer's confirmation (also after a move) with the time, the
//     address, a map link, the booking's .ics attached and its own signed link (see, move, cancel);
//   - 'booking-reminder': the day before, keyed per booking (`booking-reminder:<cvr>:<id>`): a move
//     cancels the old booking's and queues the new one's, a cancel takes it back;
//   - 'booking-owner': the owner's mail of each new booking made on the site (unless turned off);
//   - 'booking-owner-held': the owner's mail of a booking held for his word (always: it waits for
//     him). A held booking's customer gets no mail until the owner confirms it (then the
//     confirmation): a flood must not make us mail the addresses it types in;
//   - 'booking-cancelled': the customer's mail when the owner cancels, with the owner's message;
//   - 'booking-owner-moved' / 'booking-owner-cancelled': the owner's mail when the customer moves or
//     cancels with his link (unless turned off), and 'booking-customer-cancelled' the customer's
//     receipt of his own cancel (a move's receipt is the new time's confirmation).
// The link's token is not stored: it is the booking's signed link (db/document-link.ts), made again.
import {
  type Booking,
  bookingOrigin,
  type Company,
  cancel,
  type Db,
  documentLinkToken,
  enqueue,
  findCompanyByCvr,
  getBooking,
} from '../../db';
import type { MailMessage } from '../../lib/mailer';
import { BOOKING_HELD_OWNER_LINES } from '../../rules/booking-messages';
import { copenhagenClock, formatSlotTime } from '../../rules/booking-slots';
import { bookingLinkPath } from '../../rules/customer-pages';
import { danishDay } from '../../rules/danish-date';
import { formatPhone } from '../../rules/phone';
import { canonicalOrigin, productOrigin } from '../../rules/site-url';
import type { MailJobDeps } from '../jobs/mail-jobs';
import { type JobHandler, jobName } from '../jobs/runner';
import { bookingSettingsOf } from './booking-setup';
import { bookingIcs } from './ics';

export const BOOKING_LINK_PURPOSE = 'booking';
/** The reminder goes this long before the time. */
const REMINDER_BEFORE_MS = 24 * 60 * 60 * 1000;

interface BookingPayload {
  cvr: string;
  bookingId: string;
  /** A move's old booking, for the owner's mail. */
  fromId?: string;
}

/** 'tirsdag 8. december kl. 10.30' of an instant, Copenhagen time. */
export function danishTime(at: Date): string {
  return `${danishDay(copenhagenClock(at).date)} kl. ${formatSlotTime(at)}`;
}

/** 'Vestergade 1, 4000 Roskilde', or ''. */
export function companyAddress(company: Company): string {
  const town = [company.zipcode, company.city].filter((part) => part.trim() !== '').join(' ');
  return [company.address, town].filter((part) => part.trim() !== '').join(', ');
}

/** A plain https link to a map search of the address (no script, no embed). */
export function mapLink(address: string): string {
  return `https://www.openstreetmap.org/search?query=${encodeURIComponent(address)}`;
}

export function bookingLinkToken(db: Db, cvr: string, booking: Pick<Booking, 'id'>): Promise<string> {
  return documentLinkToken(db, BOOKING_LINK_PURPOSE, cvr, booking.id);
}

export function icsPlace(company: Company, publicHost: string) {
  return {
    name: company.name,
    address: companyAddress(company),
    host: new URL(productOrigin(publicHost)).hostname,
  };
}

const reminderKey = (cvr: string, id: string) => `booking-reminder:${cvr}:${id}`;

function oneLine(value: string, max: number): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point.
  const flat = value.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

async function queueCustomerMails(db: Db, cvr: string, booking: Booking, now: Date): Promise<void> {
  const payload: BookingPayload = { cvr, bookingId: booking.id };
  if (booking.customerEmail) {
    // A held booking's confirmation waits for the owner's "Bekræft" (queueConfirmedMail); its
    // reminder is queued now and goes only if the booking is confirmed by then.
    if (booking.state !== 'held') await queueConfirmation(db, cvr, booking, now);
    const runAt = new Date(new Date(booking.startsAt).getTime() - REMINDER_BEFORE_MS);
    if (runAt > now)
      await enqueue(db, 'booking-reminder', payload, { now, runAt, key: reminderKey(cvr, booking.id) });
  }
}

function queueConfirmation(db: Db, cvr: string, booking: Booking, now: Date) {
  const payload: BookingPayload = { cvr, bookingId: booking.id };
  return enqueue(db, 'booking-confirmation', payload, {
    now,
    key: `booking-confirmation:${cvr}:${booking.id}`,
  });
}

/** The owner confirmed a held booking: now the customer gets his confirmation. */
export async function queueConfirmedMail(db: Db, cvr: string, booking: Booking, now: Date): Promise<void> {
  if (booking.customerEmail) await queueConfirmation(db, cvr, booking, now);
}

/** A new booking: the customer's confirmation and reminder, and (from the site) the owner's mail. */
export async function queueBookingMails(
  db: Db,
  company: Company,
  booking: Booking,
  now: Date,
): Promise<void> {
  await queueCustomerMails(db, company.cvr, booking, now);
  if (booking.state === 'held') {
    await enqueue(db, 'booking-owner-held', { cvr: company.cvr, bookingId: booking.id }, { now });
  } else if (booking.source === 'site' && (await bookingSettingsOf(db, company)).notifyOwner) {
    await enqueue(db, 'booking-owner', { cvr: company.cvr, bookingId: booking.id }, { now });
  }
}

/** A moved booking: the old one's reminder goes, the new one is confirmed and reminded. */
export async function queueMovedMails(db: Db, cvr: string, old: Booking, booking: Booking, now: Date) {
  await cancel(db, reminderKey(cvr, old.id));
  await queueCustomerMails(db, cvr, booking, now);
  await enqueue(db, 'booking-owner-moved', { cvr, bookingId: booking.id, fromId: old.id }, { now });
}

/** A cancelled booking: its reminder goes; cancelled by the owner, the customer is told. */
export async function queueCancelledMails(
  db: Db,
  cvr: string,
  booking: Booking,
  by: 'owner' | 'customer' | 'nobody',
  now: Date,
) {
  await cancel(db, reminderKey(cvr, booking.id));
  const payload: BookingPayload = { cvr, bookingId: booking.id };
  if (by === 'owner' && booking.customerEmail) await enqueue(db, 'booking-cancelled', payload, { now });
  if (by === 'customer') {
    if (booking.customerEmail) await enqueue(db, 'booking-customer-cancelled', payload, { now });
    await enqueue(db, 'booking-owner-cancelled', payload, { now });
  }
}

function whereLines(company: Company): string[] {
  const address = companyAddress(company);
  return address
    ? [`Hvor: ${company.name}, ${address}`, `Kort: ${mapLink(address)}`]
    : [`Hvor: ${company.name}`];
}

function timeLine(booking: Booking): string {
  const start = new Date(booking.startsAt);
  return `Tid: ${danishTime(start)}–${formatSlotTime(new Date(booking.endsAt))}`;
}

function contactLine(company: Company): string[] {
  return company.phone ? [`Telefon: ${formatPhone(company.phone)}`] : [];
}

function bookingConfirmationMail(booking: Booking, company: Company, link: string, ics: string): MailMessage {
  const start = new Date(booking.startsAt);
  return {
    to: booking.customerEmail,
    subject: `Din tid hos ${oneLine(company.name, 80)}: ${danishTime(start)}`,
    text: [
      `Hej ${oneLine(booking.customerName, 80)}`,
      '',
      `Tak for din booking. Du har fået en tid hos ${company.name}.`,
      '',
      `Hvad: ${oneLine(booking.serviceName, 120)}`,
      timeLine(booking),
      ...whereLines(company),
      ...contactLine(company),
      '',
      'Se, flyt eller aflys din tid her:',
      link,
      '',
      'Tiden er vedhæftet som kalenderfil (booking.ics), så du kan lægge den i din kalender.',
      '',
      `Venlig hilsen\n${company.name}`,
    ].join('\n'),
    ...(company.companyEmail ? { replyTo: company.companyEmail } : {}),
    attachments: [
      {
        filename: 'booking.ics',
        content: Buffer.from(ics),
        contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
      },
    ],
  };
}

function bookingReminderMail(booking: Booking, company: Company, link: string): MailMessage {
  const start = new Date(booking.startsAt);
  return {
    to: booking.customerEmail,
    subject: `Påmindelse: ${oneLine(booking.serviceName, 80)} hos ${oneLine(company.name, 80)} ${danishTime(start)}`,
    text: [
      `Hej ${oneLine(booking.customerName, 80)}`,
      '',
      `Vi minder om din tid hos ${company.name} i morgen.`,
      '',
      `Hvad: ${oneLine(booking.serviceName, 120)}`,
      timeLine(booking),
      ...whereLines(company),
      '',
      'Kan du ikke komme? Flyt eller aflys her:',
      link,
      '',
      `Venlig hilsen\n${company.name}`,
    ].join('\n'),
    ...(company.companyEmail ? { replyTo: company.companyEmail } : {}),
  };
}

function bookingOwnerMail(booking: Booking, company: Company, to: string, adminUrl: string): MailMessage {
  const start = new Date(booking.startsAt);
  const held = booking.state === 'held';
  return {
    to,
    subject: held
      ? `Bekræft booking: ${oneLine(booking.serviceName, 80)} ${danishTime(start)}`
      : `Ny booking: ${oneLine(booking.serviceName, 80)} ${danishTime(start)}`,
    text: [
      `En kunde har booket en tid på ${company.name}s hjemmeside.`,
      ...(held ? ['', ...BOOKING_HELD_OWNER_LINES] : []),
      '',
      `Hvad: ${oneLine(booking.serviceName, 120)}`,
      timeLine(booking),
      `Kunde: ${oneLine(booking.customerName, 120)}`,
      `Telefon: ${formatPhone(booking.customerPhone)}`,
      booking.customerEmail ? `E-mail: ${oneLine(booking.customerEmail, 200)}` : '',
      booking.registrationNumber ? `Nummerplade: ${oneLine(booking.registrationNumber, 20)}` : '',
      booking.customerNote ? `Besked: ${oneLine(booking.customerNote, 500)}` : '',
      '',
      `Se dine bookinger: ${adminUrl}`,
      ...(held ? [] : ['', 'Du kan slå disse mails fra under Booking.']),
    ]
      .filter((line, index, all) => line !== '' || all[index - 1] !== '')
      .join('\n'),
    ...(booking.customerEmail ? { replyTo: booking.customerEmail } : {}),
  };
}

/** The customer's mail of a cancelled time: the company cancelled it (with its message, if any), or
 *  the customer did himself (his receipt); both offer to book a new time. */
function bookingCancelledMail(
  booking: Booking,
  company: Company,
  bookAgainUrl: string,
  by: 'company' | 'customer',
): MailMessage {
  const name = oneLine(company.name, 80);
  return {
    to: booking.customerEmail,
    subject: by === 'company' ? `Din tid hos ${name} er aflyst` : `Du har aflyst din tid hos ${name}`,
    text: [
      `Hej ${oneLine(booking.customerName, 80)}`,
      '',
      by === 'company' ? `${company.name} har desværre måttet aflyse din tid:` : 'Din tid er aflyst:',
      '',
      `Hvad: ${oneLine(booking.serviceName, 120)}`,
      `Tid: ${danishTime(new Date(booking.startsAt))}`,
      ...(by === 'company' && booking.cancelMessage
        ? ['', `Besked fra ${company.name}:`, booking.cancelMessage.slice(0, 1000)]
        : []),
      '',
      `Book en ny tid her: ${bookAgainUrl}`,
      ...contactLine(company),
      '',
      `Venlig hilsen\n${company.name}`,
    ].join('\n'),
    ...(company.companyEmail ? { replyTo: company.companyEmail } : {}),
  };
}

/** The owner's mail when the customer moved (from the old time) or cancelled his booking. */
function bookingOwnerChangeMail(
  booking: Booking,
  to: string,
  adminUrl: string,
  from: Booking | null,
): MailMessage {
  const start = new Date(booking.startsAt);
  const what = oneLine(booking.serviceName, 80);
  const subject = from ? `Flyttet: ${what} til ${danishTime(start)}` : `Aflyst: ${what} ${danishTime(start)}`;
  return {
    to,
    subject,
    text: [
      from
        ? `${oneLine(booking.customerName, 120)} har flyttet sin tid.`
        : `${oneLine(booking.customerName, 120)} har aflyst sin tid. Tiden er ledig igen.`,
      '',
      `Hvad: ${oneLine(booking.serviceName, 120)}`,
      ...(from
        ? [`Før: ${danishTime(new Date(from.startsAt))}`, `Nu: ${danishTime(start)}`]
        : [timeLine(booking)]),
      `Kunde: ${oneLine(booking.customerName, 120)}`,
      `Telefon: ${formatPhone(booking.customerPhone)}`,
      '',
      `Se dine bookinger: ${adminUrl}`,
      '',
      'Du kan slå disse mails fra under Booking.',
    ].join('\n'),
    ...(booking.customerEmail ? { replyTo: booking.customerEmail } : {}),
  };
}

/** The booking job handlers, beside the other mails (api/jobs/mail-jobs.ts). */
export function bookingMailHandlers(deps: MailJobDeps): Record<string, JobHandler> {
  const { db, config, mailer, logger } = deps;
  const job =
    (
      compose: (booking: Booking, company: Company, payload: BookingPayload) => Promise<MailMessage | null>,
      state: 'confirmed' | 'held' | 'cancelled',
    ): JobHandler =>
    async (row) => {
      const payload = row.payload as BookingPayload;
      const { cvr, bookingId } = payload;
      const [booking, company] = await Promise.all([
        getBooking(db, cvr, bookingId),
        findCompanyByCvr(db, cvr),
      ]);
      const message =
        booking && company && booking.state === state ? await compose(booking, company, payload) : null;
      if (!message) {
        logger.info(
          { job: row.id, kind: row.kind },
          `${jobName(row)} dropped: the booking changed or is gone`,
        );
        return 'done';
      }
      await mailer.send(message);
      return 'sent';
    };
  const adminUrl = `${productOrigin(config.publicHost)}/admin/bookinger`;
  const bookAgain = (company: Company) =>
    `${canonicalOrigin(company, config.publicHost)}/api/sites/${company.cvr}/book-tid`;
  const ownerChange = async (booking: Booking, company: Company, payload: BookingPayload) => {
    if (!company.companyEmail || !(await bookingSettingsOf(db, company)).notifyOwner) return null;
    const from = payload.fromId ? await getBooking(db, company.cvr, payload.fromId) : null;
    if (payload.fromId && !from) return null;
    return bookingOwnerChangeMail(booking, company.companyEmail, adminUrl, from);
  };
  const linkOf = async (company: Company, booking: Booking) =>
    `${canonicalOrigin(company, config.publicHost)}${bookingLinkPath(company.cvr, await bookingLinkToken(db, company.cvr, booking))}`;
  return {
    'booking-confirmation': job(
      async (booking, company) =>
        bookingConfirmationMail(
          booking,
          company,
          await linkOf(company, booking),
          bookingIcs(
            booking,
            icsPlace(company, config.publicHost),
            await bookingOrigin(db, company.cvr, booking.id),
          ),
        ),
      'confirmed',
    ),
    'booking-reminder': job(
      async (booking, company) => bookingReminderMail(booking, company, await linkOf(company, booking)),
      'confirmed',
    ),
    'booking-owner': job(async (booking, company) => {
      if (!company.companyEmail || !(await bookingSettingsOf(db, company)).notifyOwner) return null;
      return bookingOwnerMail(booking, company, company.companyEmail, adminUrl);
    }, 'confirmed'),
    'booking-owner-held': job(async (booking, company) => {
      if (!company.companyEmail) return null;
      return bookingOwnerMail(booking, company, company.companyEmail, adminUrl);
    }, 'held'),
    'booking-owner-moved': job(ownerChange, 'confirmed'),
    'booking-owner-cancelled': job(ownerChange, 'cancelled'),
    'booking-customer-cancelled': job(
      async (booking, company) => bookingCancelledMail(booking, company, bookAgain(company), 'customer'),
      'cancelled',
    ),
    'booking-cancelled': job(
      async (booking, company) => bookingCancelledMail(booking, company, bookAgain(company), 'company'),
      'cancelled',
    ),
  };
}
