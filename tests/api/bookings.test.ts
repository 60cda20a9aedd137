// Issue 52 over HTTP on the real app, SQLite and PostgreSQL: the owner's "Booking" (a hairdresser
// starts with the trade's services and booking on), "Book for en kunde" (a taken time answers the
// nearest free ones), cancel frees the time, and the private calendar feed read by a real iCalendar
// parser (ical.js) gives the same start and end in Copenhagen; a renewed link retires the old one.
import ICAL from 'ical.js';
import { afterEach, expect, it } from 'vitest';
import { bookingIcs } from '../../api/bookings/ics';
import { getBooking } from '../../db';
import { BOOKING_MESSAGES } from '../../rules/booking-messages';
import { copenhagenClock, formatSlotTime } from '../../rules/booking-slots';
import { describeWithDialects } from '../support/databases';
import { type ApiHarness, createApiHarness, errorOf, type Owner } from './api-harness';

let h: ApiHarness;

afterEach(async () => {
  await h?.close();
});

/** The events of an iCalendar text as ical.js reads them: summary, start and end in Copenhagen. */
function readCalendar(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return calendar.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component);
    const local = (at: Date) => `${copenhagenClock(at).date} ${formatSlotTime(at)}`;
    return {
      summary: event.summary,
      start: local(event.startDate.toJSDate()),
      end: local(event.endDate.toJSDate()),
    };
  });
}

describeWithDialects('booking for the owner (issue 52)', (dialect) => {
  let owner: Owner;
  let cookie: string;

  async function setUp() {
    h = await createApiHarness({}, { dialect });
    owner = await h.createOwner('99005201', 'Frisør Lotte ApS');
    cookie = await h.signIn(owner.email);
  }

  async function service(name: string): Promise<{ id: string; minutes: number }> {
    const setup = await (await h.send('GET', '/api/booking', { cookie })).json();
    return setup.services.find((s: { name: string }) => s.name === name);
  }

  it("starts a hairdresser with booking on and the trade's services, all editable", async () => {
    await setUp();
    const response = await h.send('GET', '/api/booking', { cookie });
    expect(response.status).toBe(200);
    const setup = await response.json();
    expect(setup.settings).toMatchObject({ enabled: true, horizonDays: 60, noticeMinutes: 120, chairs: 1 });
    expect(setup.services.slice(0, 2)).toEqual([
      expect.objectContaining({ name: 'Herreklip', minutes: 30, priceKr: null }),
      expect.objectContaining({ name: 'Dameklip', minutes: 45, bufferMinutes: 15 }),
    ]);
    expect(setup.feedUrl).toMatch(/^http:\/\/localhost:3000\/api\/calendar\/[\w-]{32}\.ics$/);

    const herreklip = setup.services[0];
    const changed = await h.send('PUT', `/api/booking/services/${herreklip.id}`, {
      cookie,
      body: { name: 'Herreklip', minutes: 30, bufferMinutes: 0, priceKr: 325, fromPrice: true },
    });
    expect(await changed.json()).toMatchObject({ priceKr: 325, fromPrice: true });
    const refused = await h.send('POST', '/api/booking/services', {
      cookie,
      body: { name: 'Lang behandling', minutes: 7, bufferMinutes: 0, priceKr: null, fromPrice: false },
    });
    expect(refused.status).toBe(400);
    expect((await errorOf(refused)).message).toBe(BOOKING_MESSAGES.minutesInvalid);
    const saved = await h.send('PUT', '/api/booking/settings', {
      cookie,
      body: {
        enabled: true,
        horizonDays: 30,
        noticeMinutes: 60,
        chairs: 2,
        closed: [{ from: '2026-12-24', to: '2026-12-26', label: 'Jul' }],
        breaks: [{ start: '12:00', end: '12:30' }],
        notifyOwner: false,
      },
    });
    expect(saved.status).toBe(200);
    expect((await saved.json()).settings).toMatchObject({
      chairs: 2,
      notifyOwner: false,
      closed: [{ label: 'Jul' }],
    });
    // Every service deleted stays deleted: the trade's list is not given back.
    for (const s of setup.services) {
      expect((await h.send('DELETE', `/api/booking/services/${s.id}`, { cookie })).status).toBe(200);
    }
    expect((await (await h.send('GET', '/api/booking', { cookie })).json()).services).toEqual([]);
  });

  it('books for a customer by phone, refuses the same time with the nearest free ones, and cancel frees it', async () => {
    await setUp();
    const herreklip = await service('Herreklip');
    // The harness's clock: Monday 2 March 2026, 11.00 in Copenhagen; tomorrow opens 07.00.
    const times = await (
      await h.send('GET', `/api/bookings/free-times?serviceId=${herreklip.id}&date=2026-03-03`, { cookie })
    ).json();
    expect(times.times[0]).toBe('2026-03-03T06:00:00.000Z');
    const customer = {
      serviceId: herreklip.id,
      startsAt: '2026-03-03T09:00:00.000Z',
      customerName: 'Kim Hansen',
      customerPhone: '12345678',
    };
    const booked = await h.send('POST', '/api/bookings', { cookie, body: customer });
    expect(booked.status).toBe(200);
    const booking = await booked.json();
    expect(booking).toMatchObject({
      serviceName: 'Herreklip',
      endsAt: '2026-03-03T09:30:00.000Z',
      source: 'owner',
    });

    const again = await h.send('POST', '/api/bookings', {
      cookie,
      body: { ...customer, customerName: 'Anden' },
    });
    expect(again.status).toBe(409);
    const taken = await again.json();
    expect(taken.error.message).toBe(BOOKING_MESSAGES.timeTaken);
    expect(taken.nearest).toEqual([
      '2026-03-03T08:15:00.000Z',
      '2026-03-03T08:30:00.000Z',
      '2026-03-03T09:30:00.000Z',
    ]);

    const list = await (await h.send('GET', '/api/bookings?from=2026-03-03&days=1', { cookie })).json();
    expect(list.bookings.map((b: { customerName: string }) => b.customerName)).toEqual(['Kim Hansen']);

    const cancelled = await h.send('POST', `/api/bookings/${booking.id}/cancel`, {
      cookie,
      body: { message: 'Vi må desværre lukke i morgen' },
    });
    expect(cancelled.status).toBe(200);
    expect((await getBooking(h.db, owner.company.cvr, booking.id))?.cancelMessage).toBe(
      'Vi må desværre lukke i morgen',
    );
    expect((await h.send('POST', '/api/bookings', { cookie, body: customer })).status).toBe(200);
    expect((await h.send('POST', `/api/bookings/${booking.id}/cancel`, { cookie, body: {} })).status).toBe(
      404,
    );
  });

  it('serves the private feed that a real iCalendar parser reads to the same Copenhagen times, until renewed', async () => {
    await setUp();
    const dameklip = await service('Dameklip');
    // The last Sunday of March 2026 is the 29th; a Monday after it, in summer time.
    h.setNow(new Date('2026-03-27T08:00:00Z'));
    const body = {
      serviceId: dameklip.id,
      startsAt: '2026-03-30T08:30:00.000Z',
      customerName: 'Sofie',
      customerPhone: '87654321',
    };
    expect((await h.send('POST', '/api/bookings', { cookie, body })).status).toBe(200);
    const { feedUrl } = await (await h.send('GET', '/api/booking', { cookie })).json();
    const path = new URL(feedUrl).pathname;
    const response = await h.send('GET', path);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/calendar');
    const events = readCalendar(await response.text());
    expect(events).toEqual([
      { summary: 'Dameklip: Sofie', start: '2026-03-30 10.30', end: '2026-03-30 11.15' },
    ]);

    const renewed = await (await h.send('POST', '/api/booking/feed', { cookie })).json();
    expect(renewed.feedUrl).not.toBe(feedUrl);
    expect((await h.send('GET', path)).status).toBe(404);
    expect((await h.send('GET', new URL(renewed.feedUrl).pathname)).status).toBe(200);
  });

  it("builds one booking's .ics for the customer, read to the same times across the autumn change", async () => {
    await setUp();
    const booking = {
      id: 'b1',
      serviceId: null,
      serviceName: 'Farve',
      // Saturday 31 October 2026 is before the change (Sunday 25 October 2026 was it): winter time.
      startsAt: '2026-10-31T09:00:00.000Z',
      endsAt: '2026-10-31T10:30:00.000Z',
      heldUntil: '2026-10-31T10:45:00.000Z',
      chair: 0,
      customerName: 'Kunde',
      customerPhone: '',
      customerEmail: 'kunde@example.dk',
      customerNote: '',
      registrationNumber: '',
      state: 'confirmed' as const,
      source: 'site' as const,
      createdAt: '2026-10-01T09:00:00.000Z',
      cancelMessage: null,
    };
    const events = readCalendar(
      bookingIcs(booking, { name: 'Frisør Lotte', address: 'Torvet 1, 4600 Køge', host: 'mesterside.dk' }),
    );
    expect(events).toEqual([
      { summary: 'Farve hos Frisør Lotte', start: '2026-10-31 10.00', end: '2026-10-31 11.30' },
    ]);
  });
});
