// The customer's side of "Book tid" (issue 52), public, beside the review pages under /api/sites (on a
// company's own host the CVR must be that host's company). Plain links and form posts, no JavaScript,
// no cookies, nothing from elsewhere; every page a branded page of the company's site:
//   GET  /api/sites/{cvr}/book-tid                     – choose a service, then (?ydelse=) a day, then
//                                                        (&dag=) a time
//   GET  /api/sites/{cvr}/book-tid/bestil?ydelse=&tid= – the form: name, phone, e-mail, note (and the
//                                                        registration number for a garage)
//   POST /api/sites/{cvr}/book-tid/bestil              – book (the public-form pipeline): 303 to the
//                                                        booking's own link, or the form again with the
//                                                        refusal and the nearest free times
//   GET  /api/sites/{cvr}/booking/{token}              – the customer's booking: see, move (?dag=),
//                                                        cancel; the link is signed for one company,
//                                                        one booking and the purpose 'booking'
//   GET  /api/sites/{cvr}/booking/{token}/kalender.ics – the booking as a calendar file
//   POST /api/sites/{cvr}/booking/{token}/flyt         – move to `tid` (atomic: moveBooking)
//   POST /api/sites/{cvr}/booking/{token}/aflys        – cancel: the time is free again
// A post needs the token the form page drew for its visitor (single use, this company's, booking's).
// A flood cannot fill a day: per client 8 an hour and 6 a day, per phone 4 a day, per site 120 an
// hour; and a client's or phone's third booking of a day on one site is held for the owner's
// "Bekræft" (its customer is told so, and mailed only once the owner confirms).
import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import {
  type Booking,
  type BookingService,
  bookingOrigin,
  type CheckedToken,
  type Company,
  cancelBooking,
  checkToken,
  documentLinkId,
  freshToken,
  getBooking,
  getBookingService,
  moveBooking,
} from '../../db';
import { AppError } from '../../lib/errors';
import { BOOKING_MESSAGES, SITE_BOOKING_MESSAGES } from '../../rules/booking-messages';
import {
  addDays,
  copenhagenClock,
  formatSlotTime,
  heldMinutes,
  nearestFreeSlots,
  type Slot,
} from '../../rules/booking-slots';
import { CONTENT_SECURITY_POLICY } from '../../rules/content-security-policy';
import { bookingLinkPath, bookingPagePath } from '../../rules/customer-pages';
import { danishDay } from '../../rules/danish-date';
import { escapeHtml } from '../../rules/escape-html';
import { isDanishPhoneOrEmpty } from '../../rules/phone';
import { siteState } from '../../rules/trial';
import {
  BOOKING_LINK_PURPOSE,
  bookingLinkToken,
  companyAddress,
  danishTime,
  icsPlace,
  mapLink,
  queueBookingMails,
  queueCancelledMails,
  queueMovedMails,
} from '../bookings/booking-mails';
import {
  asksRegistration,
  bookingServicesOf,
  bookingSettingsOf,
  bookTime,
  freeTimes,
} from '../bookings/booking-setup';
import { bookingIcs } from '../bookings/ics';
import { refreshNextFree } from '../bookings/next-free';
import type { AppEnv } from '../env';
import { clientIp, RateLimiter } from '../middleware/rate-limit';
import { routeGroup } from '../openapi';
import { type LinkRefusal, linkRefusal, type PageTokenUse, publicForm } from '../public-form';
import { brandedPage, describedBy, fieldError, messagePage } from '../public-form/branded-page';

/** Bookings per client address: a family booking a few times passes, a loop does not. */
const BOOK_PER_CLIENT = new RateLimiter({ name: 'booking-form', limit: 8, windowMs: 60 * 60 * 1000 });
/** Bookings per site: far above a busy salon's day from its own site, far below a flood's. */
const BOOK_PER_SITE = new RateLimiter({ name: 'booking-form-site', limit: 120, windowMs: 60 * 60 * 1000 });
/** Bookings per phone number a day: a customer books a few times; a flood with one number stops. */
const BOOK_PER_PHONE = new RateLimiter({
  name: 'booking-form-phone',
  limit: 4,
  windowMs: 24 * 60 * 60 * 1000,
});
/** Bookings per client a day: past these a flood from one address is refused outright. */
const BOOK_PER_CLIENT_DAY = new RateLimiter({
  name: 'booking-form-day',
  limit: 6,
  windowMs: 24 * 60 * 60 * 1000,
});
/** Bookings a client or a phone number makes a day on one site before the next waits for the owner's
 *  "Bekræft" (issue 52 item 7): a family books two times; a flood's third and later hold a time
 *  without a confirmation, and the owner decides. */
const BOOK_UNHELD_PER_CLIENT = new RateLimiter({
  name: 'booking-unheld',
  limit: 2,
  windowMs: 24 * 60 * 60 * 1000,
});
const BOOK_UNHELD_PER_PHONE = new RateLimiter({
  name: 'booking-unheld-phone',
  limit: 2,
  windowMs: 24 * 60 * 60 * 1000,
});
/** Moves and cancels per client: a customer changes his time a few times, a loop does not. */
const CHANGE_PER_CLIENT = new RateLimiter({ name: 'booking-change', limit: 20, windowMs: 60 * 60 * 1000 });
const MAX_BODY_BYTES = 8 * 1024;
/** How many days the day list shows, at most (the horizon may be shorter). */
const DAYS_SHOWN = 14;
const HONEYPOT = 'website';
const TOKEN_FIELD = 'token';

const html = { 'text/html': { schema: z.string() } };
const cvrParams = z.object({ cvr: z.string().regex(/^[0-9]{8}$/) });
const linkParams = z.object({ cvr: z.string().regex(/^[0-9]{8}$/), token: z.string().max(200) });
const DATE = /^\d{4}-\d{2}-\d{2}$/;

const FIELDS = z.object({
  ydelse: z.string().max(100).default('').describe('the service id'),
  tid: z.string().max(40).default('').describe('the start, ISO 8601'),
  navn: z.string().max(200).default(''),
  telefon: z.string().max(40).default(''),
  email: z.string().max(200).default(''),
  besked: z.string().max(2000).default(''),
  nummerplade: z.string().max(20).default(''),
  [HONEYPOT]: z.string().max(200).default('').describe('honeypot: empty from people'),
  [TOKEN_FIELD]: z.string().max(200).default('').describe("the form's signed single-use token"),
});
type Values = z.output<typeof FIELDS>;

// The booking form's token (issue 52 item 7, the quote form's kind: db/lead-form-token.ts): drawn
// into each visitor's form by the server, signed for this company and for booking (a quote form's
// token is no booking token), single use, refused after a day; a refusal's page carries a fresh one.
// A post without one (a script posting blind) books nothing.
const tokenSubject = (cvr: string) => `booking:${cvr}`;

function bookingFormToken(c: Context<AppEnv>, cvr: string): Promise<string> {
  return freshToken(c.get('db'), tokenSubject(cvr), c.get('now')());
}

function bookingTokenUse(c: Context<AppEnv>, cvr: string): PageTokenUse<CheckedToken> {
  const db = c.get('db');
  let checked: Promise<CheckedToken> | undefined;
  return {
    async check(value) {
      checked ??= checkToken(db, tokenSubject(cvr), value, c.get('now')(), { minAgeMs: 0 });
      const token = await checked;
      return token.verdict === 'ok' ? token : null;
    },
    spend: (token) => token.spend(),
    replacement: () => bookingFormToken(c, cvr),
  };
}

interface Site {
  company: Company;
  home: string;
}

function pageHeaders(c: Context<AppEnv>): void {
  c.header('Content-Security-Policy', CONTENT_SECURITY_POLICY);
  c.header('Cache-Control', 'no-store');
  c.header('X-Robots-Tag', 'noindex');
  c.header('Referrer-Policy', 'same-origin');
}

async function siteOf(c: Context<AppEnv>, cvr: string): Promise<Site> {
  const { siteOfRequest } = await import('../services/site-of-request');
  const site = await siteOfRequest(c, cvr);
  if (!site || siteState(site.company.plan, c.get('now')()) === 'inactive') {
    throw new AppError('not_found', SITE_BOOKING_MESSAGES.linkInvalid);
  }
  return { company: site.company, home: `${site.base}/` };
}

function show(c: Context<AppEnv>, body: string, status: 200 | 400 | 404 | 409 | 410 | 413 | 429 = 200) {
  pageHeaders(c);
  return c.html(body, status);
}

function message(c: Context<AppEnv>, site: Site, heading: string, text: string, status: 200 | 404 | 410) {
  return show(c, messagePage(site.company, site.home, heading, text), status);
}

const STYLE = `.choices{list-style:none;padding:0;margin:0 0 1.25rem;display:grid;gap:.5rem}
.choices a,.times button{display:block;width:100%;text-align:left;padding:.8rem 1rem;border:1px solid #6b7280;border-radius:.5rem;color:inherit;text-decoration:none;background:#fff;font-weight:600;min-height:48px}
.choices a span{display:block;font-weight:400;color:#4b5563;font-size:.95rem}
.times{list-style:none;padding:0;margin:0 0 1.25rem;display:grid;grid-template-columns:repeat(auto-fill,minmax(6rem,1fr));gap:.5rem}
.times a{display:block;text-align:center;padding:.7rem .5rem;border:1px solid #6b7280;border-radius:.5rem;color:inherit;text-decoration:none;font-weight:600;min-height:48px}
.times button{text-align:center;color:#1f2937}
.summary{background:var(--ps);border-radius:.5rem;padding:.8rem 1rem;margin:0 0 1.25rem}
.back{display:inline-block;margin:0 0 1rem;color:var(--pd)}
main a{color:var(--pd)}
h2{font-size:1.2rem;line-height:1.3;margin:1.75rem 0 .75rem}`;

function page(site: Site, title: string, main: string): string {
  return brandedPage({ company: site.company, home: site.home, title, main, style: STYLE });
}

function priceText(service: BookingService): string {
  if (service.priceOre === null) return '';
  const kr = Math.round(service.priceOre / 100).toLocaleString('da-DK');
  return `${service.fromPrice ? 'fra ' : ''}${kr} kr`;
}

function serviceLine(service: BookingService): string {
  const price = priceText(service);
  return `${service.minutes} min${price ? ` · ${price}` : ''}`;
}

const bookPath = (cvr: string, query = '') => `${bookingPagePath(cvr)}${query}`;
const orderPath = (cvr: string) => `${bookingPagePath(cvr)}/bestil`;

/** The free days of a service ahead, each with its times, at most DAYS_SHOWN of them. */
async function freeDays(c: Context<AppEnv>, company: Company, service: BookingService) {
  const db = c.get('db');
  const now = c.get('now')();
  const settings = await bookingSettingsOf(db, company);
  const days = Math.min(settings.horizonDays + 1, 62);
  const slots = await freeTimes(db, company, service, now, 'site', undefined, days);
  const byDay = new Map<string, Slot[]>();
  for (const slot of slots) {
    const day = copenhagenClock(slot.start).date;
    byDay.set(day, [...(byDay.get(day) ?? []), slot]);
  }
  return [...byDay.entries()].slice(0, DAYS_SHOWN);
}

function timeLinks(cvr: string, serviceId: string, slots: readonly Slot[]): string {
  const items = slots.map((slot) => {
    const query = `?ydelse=${encodeURIComponent(serviceId)}&tid=${encodeURIComponent(slot.start.toISOString())}`;
    return `<li><a href="${escapeHtml(`${orderPath(cvr)}${query}`)}" aria-label="${escapeHtml(danishTime(slot.start))}">${escapeHtml(formatSlotTime(slot.start))}</a></li>`;
  });
  return `<ul class="times">${items.join('')}</ul>`;
}

/** The choice pages: service, then day, then time. */
async function choicePage(c: Context<AppEnv>, site: Site, query: { ydelse?: string; dag?: string }) {
  const { company } = site;
  const cvr = company.cvr;
  const db = c.get('db');
  const settings = await bookingSettingsOf(db, company);
  if (!settings.enabled) return message(c, site, 'Book tid', SITE_BOOKING_MESSAGES.notOpen, 404);
  const services = await bookingServicesOf(db, company, c.get('now')());
  // The choice page keeps the homepage's "Næste ledige tid" true (a publish only when it moved).
  if (!query.ydelse) await refreshNextFree(c.var, company);
  const service = query.ydelse ? services.find((one) => one.id === query.ydelse) : undefined;
  if (!service) {
    if (services.length === 0) return message(c, site, 'Book tid', SITE_BOOKING_MESSAGES.noServices, 200);
    const items = services.map(
      (one) =>
        `<li><a href="${escapeHtml(bookPath(cvr, `?ydelse=${encodeURIComponent(one.id)}`))}">${escapeHtml(one.name)}<span>${escapeHtml(serviceLine(one))}</span></a></li>`,
    );
    return show(
      c,
      page(
        site,
        'Book tid',
        `<h1>Book tid</h1>\n<p>Vælg hvad du vil booke.</p>\n<ul class="choices">${items.join('')}</ul>`,
      ),
    );
  }
  const days = await freeDays(c, company, service);
  const back = `<a class="back" href="${escapeHtml(bookPath(cvr))}">← Vælg en anden ydelse</a>`;
  const summary = `<p class="summary"><strong>${escapeHtml(service.name)}</strong> · ${escapeHtml(serviceLine(service))}</p>`;
  const day = query.dag && DATE.test(query.dag) ? days.find(([one]) => one === query.dag) : undefined;
  if (!day) {
    if (days.length === 0) {
      return show(
        c,
        page(
          site,
          'Book tid',
          `<h1>Vælg dag</h1>\n${back}\n${summary}<p>${escapeHtml(SITE_BOOKING_MESSAGES.noDays)}</p>`,
        ),
      );
    }
    const items = days.map(
      ([date, slots]) =>
        `<li><a href="${escapeHtml(bookPath(cvr, `?ydelse=${encodeURIComponent(service.id)}&dag=${date}`))}">${escapeHtml(capitalise(danishDay(date)))}<span>${slots.length === 1 ? '1 ledig tid' : `${slots.length} ledige tider`}, første kl. ${escapeHtml(formatSlotTime((slots[0] as Slot).start))}</span></a></li>`,
    );
    return show(
      c,
      page(
        site,
        'Vælg dag',
        `<h1>Vælg dag</h1>\n${back}\n${summary}<ul class="choices">${items.join('')}</ul>`,
      ),
    );
  }
  const [date, slots] = day;
  const dayBack = `<a class="back" href="${escapeHtml(bookPath(cvr, `?ydelse=${encodeURIComponent(service.id)}`))}">← Vælg en anden dag</a>`;
  return show(
    c,
    page(
      site,
      'Vælg tid',
      `<h1>Vælg tid ${escapeHtml(danishDay(date))}</h1>\n${dayBack}\n${summary}${timeLinks(cvr, service.id, slots)}`,
    ),
  );
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function field(
  id: string,
  label: string,
  type: 'text' | 'tel' | 'email',
  value: string,
  error: string | undefined,
  extra = '',
): string {
  return `<p><label class="field" for="${id}">${escapeHtml(label)}</label><input type="${type}" id="${id}" name="${id}" value="${escapeHtml(value)}"${extra}${describedBy(id, error)}${error ? ' aria-invalid="true"' : ''}>${fieldError(id, error)}</p>`;
}

/** The booking form of one service and time, with the refusals beside the fields. */
async function formPage(
  c: Context<AppEnv>,
  site: Site,
  values: Values,
  errors: Record<string, string>,
  nearest: readonly Date[],
  token?: string,
): Promise<string> {
  const { company } = site;
  const cvr = company.cvr;
  const formToken = token ?? (await bookingFormToken(c, cvr));
  const service = values.ydelse ? await getBookingService(c.get('db'), cvr, values.ydelse) : null;
  const start = new Date(values.tid);
  if (!service || Number.isNaN(start.getTime())) {
    return messagePage(company, site.home, 'Book tid', BOOKING_MESSAGES.serviceNotFound);
  }
  const formError = errors.form
    ? `<div class="note" role="alert"><p class="error" id="form-fejl">${escapeHtml(errors.form)}</p>${
        nearest.length > 0
          ? `<p>Nærmeste ledige tider:</p>${timeLinks(
              cvr,
              service.id,
              nearest.map((at) => ({ start: at, freeChairs: [] }) as unknown as Slot),
            )}`
          : ''
      }</div>`
    : '';
  const registration = asksRegistration(company)
    ? field(
        'nummerplade',
        'Nummerplade',
        'text',
        values.nummerplade,
        errors.nummerplade,
        ' autocomplete="off" autocapitalize="characters"',
      )
    : '';
  const back = `<a class="back" href="${escapeHtml(bookPath(cvr, `?ydelse=${encodeURIComponent(service.id)}&dag=${copenhagenClock(start).date}`))}">← Vælg en anden tid</a>`;
  return page(
    site,
    'Dine oplysninger',
    `<h1>Dine oplysninger</h1>
${back}
<p class="summary"><strong>${escapeHtml(service.name)}</strong><br>${escapeHtml(capitalise(danishTime(start)))}</p>
${formError}
<form method="post" action="${escapeHtml(orderPath(cvr))}" novalidate>
<input type="hidden" name="${TOKEN_FIELD}" value="${escapeHtml(formToken)}">
<input type="hidden" name="ydelse" value="${escapeHtml(service.id)}">
<input type="hidden" name="tid" value="${escapeHtml(start.toISOString())}">
${field('navn', 'Navn', 'text', values.navn, errors.navn, ' autocomplete="name" required')}
${field('telefon', 'Telefon', 'tel', values.telefon, errors.telefon, ' autocomplete="tel" inputmode="tel" required')}
${field('email', 'E-mail', 'email', values.email, errors.email, ' autocomplete="email" required')}
${registration}
<p><label class="field" for="besked">Besked (valgfri)</label><textarea id="besked" name="besked" rows="3"${describedBy('besked', errors.besked)}>${escapeHtml(values.besked)}</textarea>${fieldError('besked', errors.besked)}</p>
<div class="hp" aria-hidden="true"><label for="${HONEYPOT}">Lad dette felt være tomt</label><input type="text" id="${HONEYPOT}" name="${HONEYPOT}" tabindex="-1" autocomplete="off"></div>
<p><button type="submit">Book tiden</button></p>
</form>`,
  );
}

function checkValues(company: Company, values: Values): Record<string, string> {
  const errors: Record<string, string> = {};
  if (values.navn.trim() === '') errors.navn = SITE_BOOKING_MESSAGES.nameRequired;
  if (values.telefon.trim() === '' || !isDanishPhoneOrEmpty(values.telefon)) {
    errors.telefon = SITE_BOOKING_MESSAGES.phoneInvalid;
  }
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.email.trim()))
    errors.email = SITE_BOOKING_MESSAGES.emailInvalid;
  if (asksRegistration(company) && values.nummerplade.trim() === '') {
    errors.nummerplade = SITE_BOOKING_MESSAGES.registrationRequired;
  }
  if (values.besked.length > 500) errors.besked = SITE_BOOKING_MESSAGES.noteTooLong;
  return errors;
}

/** The form's refusals: its fields, then the phone's and the client's bookings of the day. */
async function checkBooking(
  c: Context<AppEnv>,
  company: Company,
  values: Values,
): Promise<Record<string, string>> {
  const errors = checkValues(company, values);
  if (Object.keys(errors).length > 0) return errors;
  const store = c.get('limits');
  if ((await store.retryAfterSeconds(BOOK_PER_PHONE, phoneKey(company.cvr, values.telefon))) > 0) {
    return { telefon: SITE_BOOKING_MESSAGES.tooManyPhone };
  }
  const client = clientIp(c);
  if (
    client !== null &&
    (await store.retryAfterSeconds(BOOK_PER_CLIENT_DAY, `${company.cvr}:${client}`)) > 0
  ) {
    return { form: SITE_BOOKING_MESSAGES.tooMany };
  }
  return {};
}

/**
 * Counts a site booking against its client's and phone's limits of the day; true when it is past the
 * few a day that are confirmed at once, so it waits for the owner's word.
 */
async function holdsForOwner(c: Context<AppEnv>, cvr: string, phone: string): Promise<boolean> {
  const store = c.get('limits');
  const client = clientIp(c);
  const phoneOver = (await store.hit(BOOK_UNHELD_PER_PHONE, phoneKey(cvr, phone))) > 0;
  await store.hit(BOOK_PER_PHONE, phoneKey(cvr, phone));
  if (client === null) return phoneOver;
  await store.hit(BOOK_PER_CLIENT_DAY, `${cvr}:${client}`);
  const clientOver = (await store.hit(BOOK_UNHELD_PER_CLIENT, `${cvr}:${client}`)) > 0;
  return phoneOver || clientOver;
}

/** The phone number as a limit's key: its eight digits. */
function phoneKey(cvr: string, phone: string): string {
  return `${cvr}:${phone.replace(/\D/g, '').slice(-8)}`;
}

/** The booking of a customer's link, or why the link cannot be used. */
async function bookingOfLink(c: Context<AppEnv>, cvr: string, token: string): Promise<Booking | LinkRefusal> {
  const db = c.get('db');
  const id = await documentLinkId(db, BOOKING_LINK_PURPOSE, cvr, token);
  if (id === null) return linkRefusal(404, 'Linket kan ikke bruges', SITE_BOOKING_MESSAGES.linkInvalid);
  const booking = await getBooking(db, cvr, id);
  if (!booking) return linkRefusal(404, 'Linket kan ikke bruges', SITE_BOOKING_MESSAGES.linkInvalid);
  if (booking.state !== 'confirmed' && booking.state !== 'held') {
    return linkRefusal(410, 'Bookingen er ikke aktiv', SITE_BOOKING_MESSAGES.linkGone);
  }
  return booking;
}

/** Whether the customer may still move or cancel: before the owner's notice limit. */
async function changeable(c: Context<AppEnv>, company: Company, booking: Booking): Promise<boolean> {
  const settings = await bookingSettingsOf(c.get('db'), company);
  return new Date(booking.startsAt).getTime() - c.get('now')().getTime() >= settings.noticeMinutes * 60_000;
}

async function bookingPage(
  c: Context<AppEnv>,
  site: Site,
  token: string,
  booking: Booking,
  options: { fresh: boolean; moveDay?: string },
): Promise<string> {
  const { company } = site;
  const cvr = company.cvr;
  const link = bookingLinkPath(cvr, token);
  const address = companyAddress(company);
  const start = new Date(booking.startsAt);
  const end = new Date(booking.endsAt);
  const canChange = await changeable(c, company, booking);
  const held = booking.state === 'held';
  const heading = held
    ? SITE_BOOKING_MESSAGES.heldHeading
    : options.fresh
      ? 'Din tid er booket'
      : 'Din booking';
  const place = address
    ? `<p>${escapeHtml(address)}<br><a href="${escapeHtml(mapLink(address))}" rel="noopener noreferrer">Se adressen på kort</a></p>`
    : '';
  const facts = `<div class="summary"><p><strong>${escapeHtml(booking.serviceName)}</strong><br>${escapeHtml(capitalise(danishTime(start)))}–${escapeHtml(formatSlotTime(end))}</p>${place}</div>`;
  const fresh = held
    ? `<p>${escapeHtml(SITE_BOOKING_MESSAGES.held(company.name))} Gem linket til denne side: her kan du flytte eller aflyse tiden.</p>`
    : options.fresh
      ? `<p>Vi har sendt en bekræftelse til ${escapeHtml(booking.customerEmail)}. Gem linket til denne side: her kan du flytte eller aflyse tiden.</p>`
      : '';
  const calendar = held
    ? ''
    : `<p><a href="${escapeHtml(`${link}/kalender.ics`)}">Læg tiden i din kalender (.ics)</a></p>`;
  let change = `<p class="note">${escapeHtml(SITE_BOOKING_MESSAGES.tooLate)}</p>`;
  if (canChange) {
    const service = booking.serviceId ? await getBookingService(c.get('db'), cvr, booking.serviceId) : null;
    let move = '';
    if (service) {
      const days = await freeDays(c, company, service);
      const day = options.moveDay ? days.find(([one]) => one === options.moveDay) : undefined;
      if (day) {
        const buttons = day[1].map(
          (slot) =>
            `<li><form method="post" action="${escapeHtml(`${link}/flyt`)}"><input type="hidden" name="tid" value="${escapeHtml(slot.start.toISOString())}"><button type="submit" aria-label="Flyt til ${escapeHtml(danishTime(slot.start))}">${escapeHtml(formatSlotTime(slot.start))}</button></form></li>`,
        );
        move = `<h2 id="flyt">Flyt til ${escapeHtml(danishDay(day[0]))}</h2><p><a class="back" href="${escapeHtml(`${link}#flyt`)}">← Vælg en anden dag</a></p><ul class="times">${buttons.join('')}</ul>`;
      } else {
        const items = days.map(
          ([date, slots]) =>
            `<li><a href="${escapeHtml(`${link}?dag=${date}#flyt`)}">${escapeHtml(capitalise(danishDay(date)))}<span>${slots.length === 1 ? '1 ledig tid' : `${slots.length} ledige tider`}</span></a></li>`,
        );
        move = `<h2 id="flyt">Flyt tiden</h2>${items.length > 0 ? `<ul class="choices">${items.join('')}</ul>` : `<p>${escapeHtml(SITE_BOOKING_MESSAGES.noDays)}</p>`}`;
      }
    }
    change = `${move}<h2>Aflys tiden</h2><form method="post" action="${escapeHtml(`${link}/aflys`)}"><p><button type="submit">Aflys tiden</button></p></form>`;
  }
  return page(site, heading, `<h1>${heading}</h1>\n${facts}\n${fresh}${calendar}${change}`);
}

const route = <P extends typeof cvrParams | typeof linkParams>(
  summary: string,
  path: string,
  method: 'get' | 'post',
  params: P,
  query?: z.ZodObject<Record<string, z.ZodOptional<z.ZodString>>>,
) =>
  createRoute({
    method,
    path,
    tags: ['public'],
    summary,
    request: query ? { params, query } : { params },
    responses: {
      200: { description: 'The page (HTML)', content: html },
      303: { description: 'To the next page' },
      404: {
        description: 'No such site, booking off, or the link is not valid (a Danish page)',
        content: html,
      },
      409: { description: 'The time is taken: the free times again', content: html },
      410: { description: 'The booking is cancelled or moved (a Danish page)', content: html },
      429: { description: 'Too many changes from this client', content: html },
    },
  });

const choiceRoute = route(
  'The booking pages: choose a service, a day, a time',
  '/{cvr}/book-tid',
  'get',
  cvrParams,
  z.object({ ydelse: z.string().max(100).optional(), dag: z.string().max(10).optional() }),
);
const linkRoute = route(
  "The customer's booking by its signed link: see, move, cancel",
  '/{cvr}/booking/{token}',
  'get',
  linkParams,
  z.object({ dag: z.string().max(10).optional(), ny: z.string().max(1).optional() }),
);
const icsRoute = createRoute({
  method: 'get',
  path: '/{cvr}/booking/{token}/kalender.ics',
  tags: ['public'],
  summary: "The customer's booking as a calendar file",
  request: { params: linkParams },
  responses: {
    200: { description: 'The booking (text/calendar)', content: { 'text/calendar': { schema: z.string() } } },
    404: { description: 'The link is not valid', content: html },
    410: { description: 'The booking is cancelled or moved', content: html },
  },
});
const moveRoute = route(
  'Move the booking to another free time',
  '/{cvr}/booking/{token}/flyt',
  'post',
  linkParams,
);
const cancelRoute = route(
  'Cancel the booking: the time is free again',
  '/{cvr}/booking/{token}/aflys',
  'post',
  linkParams,
);

export function createSiteBookingRoutes() {
  const routes = routeGroup<AppEnv>();

  routes.openapi(choiceRoute, async (c) => {
    const site = await siteOf(c, c.req.valid('param').cvr);
    return choicePage(c, site, { ydelse: c.req.query('ydelse'), dag: c.req.query('dag') });
  });

  publicForm(routes, {
    path: '/{cvr}/book-tid/bestil',
    summary: 'The booking form: name, phone, e-mail for one service and time',
    params: cvrParams,
    fields: FIELDS,
    maxBodyBytes: MAX_BODY_BYTES,
    limits: { perClient: BOOK_PER_CLIENT, perSite: { limiter: BOOK_PER_SITE, key: ({ cvr }) => cvr } },
    honeypot: HONEYPOT,
    pageToken: {
      field: TOKEN_FIELD,
      refused: SITE_BOOKING_MESSAGES.tokenRefused,
      open: (c, { cvr }) => bookingTokenUse(c, cvr),
    },
    messages: { tooMany: SITE_BOOKING_MESSAGES.tooMany, tooLarge: SITE_BOOKING_MESSAGES.tooLarge },
    site: async (c, { cvr }) => {
      const site = await siteOf(c, cvr);
      if (!(await bookingSettingsOf(c.get('db'), site.company)).enabled) {
        return linkRefusal(404, 'Book tid', SITE_BOOKING_MESSAGES.notOpen);
      }
      return site;
    },
    blank: (c) => FIELDS.parse({ ydelse: c.req.query('ydelse') ?? '', tid: c.req.query('tid') ?? '' }),
    check: (c, values, { site }) => checkBooking(c, site.company, values),
    page: async (c, outcome) => {
      if (outcome.kind === 'link') {
        if (!outcome.site) {
          const site = await siteOf(c, c.req.param('cvr') ?? '');
          return message(c, site, outcome.refusal.heading, outcome.refusal.message, outcome.refusal.status);
        }
        const { heading, message: text, status } = outcome.refusal;
        return message(c, outcome.site, heading, text, status);
      }
      const { context, values, errors, status, token } = outcome;
      return show(c, await formPage(c, context.site, values, errors, [], token), status);
    },
    received: (c, { site }) => c.redirect(bookPath(site.company.cvr), 303),
    handle: async (c, { site, values, refuse }) => {
      const { company } = site;
      const db = c.get('db');
      const now = c.get('now')();
      const start = new Date(values.tid);
      if (Number.isNaN(start.getTime())) return refuse({ form: BOOKING_MESSAGES.timeNotOffered });
      const held = await holdsForOwner(c, company.cvr, values.telefon);
      const outcome = await bookTime(
        db,
        company,
        {
          serviceId: values.ydelse,
          start,
          customerName: values.navn.trim(),
          customerPhone: values.telefon.trim(),
          customerEmail: values.email.trim(),
          customerNote: values.besked.trim(),
          registrationNumber: asksRegistration(company) ? values.nummerplade.trim().toUpperCase() : '',
          source: 'site',
          held,
        },
        now,
      );
      if (!outcome.ok) {
        if (outcome.reason === 'service-not-found') {
          return message(c, site, 'Book tid', BOOKING_MESSAGES.serviceNotFound, 404);
        }
        const text =
          outcome.reason === 'taken' ? BOOKING_MESSAGES.timeTaken : BOOKING_MESSAGES.timeNotOffered;
        if (c.req.header('accept')?.includes('application/json')) {
          return c.json(
            {
              error: { code: 'conflict', message: text },
              nearest: outcome.nearest.map((at) => at.toISOString()),
            },
            409,
          );
        }
        return show(c, await formPage(c, site, values, { form: text }, outcome.nearest), 409);
      }
      const token = await bookingLinkToken(db, company.cvr, outcome.booking);
      c.var.logger.info({ cvr: company.cvr, bookingId: outcome.booking.id }, 'booking made on the site');
      await queueBookingMails(db, company, outcome.booking, now);
      await refreshNextFree(c.var, company);
      return c.redirect(`${bookingLinkPath(company.cvr, token)}?ny=1`, 303);
    },
  });

  routes.openapi(linkRoute, async (c) => {
    const { cvr, token } = c.req.valid('param');
    const site = await siteOf(c, cvr);
    const booking = await bookingOfLink(c, cvr, token);
    if ('refused' in booking) return message(c, site, booking.heading, booking.message, booking.status);
    const query = { dag: c.req.query('dag'), ny: c.req.query('ny') };
    const moveDay = query.dag && DATE.test(query.dag) ? query.dag : undefined;
    return show(c, await bookingPage(c, site, token, booking, { fresh: query.ny === '1', moveDay }));
  });

  routes.openapi(icsRoute, async (c) => {
    const { cvr, token } = c.req.valid('param');
    const site = await siteOf(c, cvr);
    const booking = await bookingOfLink(c, cvr, token);
    if ('refused' in booking) return message(c, site, booking.heading, booking.message, booking.status);
    c.header('Cache-Control', 'no-store');
    c.header('Content-Type', 'text/calendar; charset=utf-8');
    c.header('Content-Disposition', 'attachment; filename="booking.ics"');
    const origin = await bookingOrigin(c.get('db'), cvr, booking.id);
    return c.body(bookingIcs(booking, icsPlace(site.company, c.get('config').publicHost), origin), 200);
  });

  /** The link's booking if the customer may still change it, or the page saying why not. */
  async function changing(c: Context<AppEnv>) {
    const { cvr, token } = linkParams.parse(c.req.param());
    const site = await siteOf(c, cvr);
    const client = clientIp(c);
    if (client !== null && (await c.get('limits').hit(CHANGE_PER_CLIENT, client)) > 0) {
      return message(c, site, 'Prøv igen senere', SITE_BOOKING_MESSAGES.tooMany, 410);
    }
    const booking = await bookingOfLink(c, cvr, token);
    if ('refused' in booking) return message(c, site, booking.heading, booking.message, booking.status);
    if (!(await changeable(c, site.company, booking))) {
      return message(c, site, 'Din booking', SITE_BOOKING_MESSAGES.tooLate, 410);
    }
    return { site, booking, token };
  }

  routes.openapi(moveRoute, async (c) => {
    const found = await changing(c);
    return found instanceof Response ? found : moveByLink(c, found);
  });

  routes.openapi(cancelRoute, async (c) => {
    const found = await changing(c);
    if (found instanceof Response) return found;
    const { site, booking } = found;
    const db = c.get('db');
    const now = c.get('now')();
    if (await cancelBooking(db, site.company.cvr, booking.id, null, now)) {
      await queueCancelledMails(db, site.company.cvr, booking, 'customer', now);
      await refreshNextFree(c.var, site.company);
    }
    return message(c, site, 'Tiden er aflyst', SITE_BOOKING_MESSAGES.cancelled, 200);
  });

  return routes;
}

/** Moves the link's booking to the posted free time (atomic: moveBooking), or shows the nearest. */
async function moveByLink(
  c: Context<AppEnv>,
  { site, booking, token }: { site: Site; booking: Booking; token: string },
): Promise<Response> {
  const { company } = site;
  const db = c.get('db');
  const now = c.get('now')();
  const body = await c.req.parseBody();
  const start = new Date(String(body.tid ?? ''));
  const service = booking.serviceId ? await getBookingService(db, company.cvr, booking.serviceId) : null;
  if (!service || Number.isNaN(start.getTime())) {
    return show(c, await bookingPage(c, site, token, booking, { fresh: false }), 409);
  }
  const day = copenhagenClock(start).date;
  const offered = (await freeTimes(db, company, service, now, 'site', day, 1)).find(
    (slot) => slot.start.getTime() === start.getTime(),
  );
  const moved = offered
    ? await moveBooking(
        db,
        company.cvr,
        booking.id,
        offered.freeChairs,
        {
          start,
          end: new Date(start.getTime() + service.minutes * 60_000),
          heldUntil: new Date(start.getTime() + heldMinutes(service.minutes, service.bufferMinutes) * 60_000),
        },
        now,
      )
    : ({ ok: false, reason: 'taken' } as const);
  if (!moved.ok) {
    const near = nearestFreeSlots(
      await freeTimes(db, company, service, now, 'site', addDays(day, -1), 3),
      start,
      3,
    );
    const nearLinks = near
      .map(
        (slot) =>
          `<li><form method="post" action="${escapeHtml(`${bookingLinkPath(company.cvr, token)}/flyt`)}"><input type="hidden" name="tid" value="${escapeHtml(slot.start.toISOString())}"><button type="submit" aria-label="Flyt til ${escapeHtml(danishTime(slot.start))}">${escapeHtml(formatSlotTime(slot.start))}</button></form></li>`,
      )
      .join('');
    return show(
      c,
      page(
        site,
        'Tiden er taget',
        `<h1>Tiden er taget</h1><p class="error" role="alert">${escapeHtml(BOOKING_MESSAGES.timeTaken)}</p>${near.length > 0 ? `<ul class="times">${nearLinks}</ul>` : ''}<p><a href="${escapeHtml(bookingLinkPath(company.cvr, token))}">Tilbage til din booking</a></p>`,
      ),
      409,
    );
  }
  const newToken = await bookingLinkToken(db, company.cvr, moved.booking);
  await queueMovedMails(db, company.cvr, booking, moved.booking, now);
  await refreshNextFree(c.var, company);
  return c.redirect(`${bookingLinkPath(company.cvr, newToken)}?ny=1`, 303);
}
