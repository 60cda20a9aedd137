// Issue 52, the customer's side over HTTP on the real app, SQLite and PostgreSQL: the booking pages
// without JavaScript (service → day → time → form), a booking through the public form lands on its
// signed link, a second customer on the same time is told in Danish with the nearest free times, 20
// racing posts for one time give exactly one booking, and the link moves (the old time free again)
// and cancels (free too); a link of another company or a forged one opens nothing. The mails: the
// owner's of a new, moved or cancelled booking (none once he turns them off), the customer's of his
// move (with the new .ics) and of his cancel, and of the owner's cancel with the owner's message.
import { Writable } from 'node:stream';
import ICAL from 'ical.js';
import { afterEach, expect, it } from 'vitest';
import { bookingSettingsOf } from '../../api/bookings/booking-setup';
import { createMailOutbox, type MailOutbox } from '../../api/mail-outbox';
import { listActiveBookings, saveBookingSettings } from '../../db';
import { createLogger } from '../../lib/logger';
import type { MailMessage } from '../../lib/mailer';
import { BOOKING_MESSAGES } from '../../rules/booking-messages';
import { copenhagenClock, formatSlotTime } from '../../rules/booking-slots';
import { bookingPagePath } from '../../rules/customer-pages';
import { escapeHtml } from '../../rules/escape-html';
import { describeWithDialects } from '../support/databases';
import { type ApiHarness, createApiHarness, type Owner } from './api-harness';

let h: ApiHarness;
let outbox: MailOutbox | undefined;
const sent: MailMessage[] = [];

afterEach(async () => {
  await outbox?.close();
  outbox = undefined;
  await h?.close();
});

/** Start and end of the one event of an .ics, as ical.js reads them, in Copenhagen. */
function eventTimes(text: string) {
  const event = new ICAL.Event(
    new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent('vevent') ?? undefined,
  );
  const local = (at: Date) => `${copenhagenClock(at).date} ${formatSlotTime(at)}`;
  return { start: local(event.startDate.toJSDate()), end: local(event.endDate.toJSDate()) };
}

/** The UID and SEQUENCE of the one event of an .ics: a calendar replaces an event of the same UID. */
function eventIdentity(text: string) {
  const event = new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent('vevent');
  return { uid: event?.getFirstPropertyValue('uid'), sequence: event?.getFirstPropertyValue('sequence') };
}

const CVR = '99005202';
const form = (values: Record<string, string>) => ({
  body: new URLSearchParams(values).toString(),
  headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
});

/** The href of the first link whose text contains `text`. */
function hrefOf(page: string, text: string): string {
  const links = [...page.matchAll(/<a [^>]*href="([^"]+)"[^>]*>([\s\S]*?)<\/a>/g)];
  const found = links.find(([, , inner]) => (inner ?? '').includes(text));
  if (!found) throw new Error(`no link with ${text}`);
  return (found[1] as string).replaceAll('&amp;', '&');
}

describeWithDialects('booking on the site (issue 52)', (dialect) => {
  let owner: Owner;

  async function setUp() {
    h = await createApiHarness({}, { dialect });
    owner = await h.createOwner(CVR, 'Frisør Lotte ApS');
    await h.db
      .updateTable('companies')
      .set({ address: 'Algade 3', zipcode: '4600', city: 'Køge' })
      .where('cvr', '=', CVR)
      .execute();
    sent.length = 0;
    const quiet = createLogger(h.config, new Writable({ write: (_c, _e, done) => done() }));
    outbox = createMailOutbox({
      db: h.db,
      config: h.config,
      logger: quiet,
      now: h.now,
      everyMs: 0,
      mailer: { send: async (message) => void sent.push(message) },
    });
  }

  async function orderPage() {
    const services = await (await h.send('GET', bookingPagePath(CVR))).text();
    expect(services).toContain('Herreklip');
    const days = await (await h.send('GET', hrefOf(services, 'Herreklip'))).text();
    // The harness's clock: Monday 2 March 2026, 11.00; tomorrow is the first day with times.
    const times = await (await h.send('GET', hrefOf(days, 'Tirsdag 3. marts'))).text();
    const order = hrefOf(times, '10.00');
    const query = new URL(order, 'http://x').searchParams;
    return { order, service: query.get('ydelse') as string, start: query.get('tid') as string };
  }

  const customer = (service: string, start: string, name = 'Kim Hansen') => ({
    ydelse: service,
    tid: start,
    navn: name,
    telefon: '12 34 56 78',
    email: 'kim@example.com',
    besked: '',
    website: '',
  });

  it('books a time without JavaScript, refuses the same time with the nearest ones, moves and cancels by the link', async () => {
    await setUp();
    const { order, service, start } = await orderPage();
    expect(start).toBe('2026-03-03T09:00:00.000Z');
    const formPage = await h.send('GET', order);
    expect(formPage.status).toBe(200);
    expect(formPage.headers.get('set-cookie')).toBeNull();
    expect(await formPage.text()).toContain('Tirsdag 3. marts kl. 10.00');

    const refused = await h.send(
      'POST',
      `${bookingPagePath(CVR)}/bestil`,
      form({ ...customer(service, start), telefon: '12' }),
    );
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('Skriv dit telefonnummer med 8 cifre');

    const booked = await h.send('POST', `${bookingPagePath(CVR)}/bestil`, form(customer(service, start)));
    expect(booked.status).toBe(303);
    const link = booked.headers.get('location') as string;
    expect(link).toMatch(new RegExp(`^/api/sites/${CVR}/booking/[\\w-]+\\.[\\w-]{43}\\?ny=1$`));
    const confirmation = await (await h.send('GET', link)).text();
    expect(confirmation).toContain('Din tid er booket');
    expect(confirmation).toContain('Tirsdag 3. marts kl. 10.00–10.30');
    expect(confirmation).toContain(
      'https://www.openstreetmap.org/search?query=Algade%203%2C%204600%20K%C3%B8ge',
    );

    // The confirmation mail: the time, the address, the map link, the .ics, the booking's own link;
    // and the owner's mail of the new booking.
    await outbox?.sweep();
    const mail = sent.find((one) => one.to === 'kim@example.com');
    expect(mail?.text).toContain('Tid: tirsdag 3. marts kl. 10.00–10.30');
    expect(mail?.text).toContain('Algade 3, 4600 Køge');
    expect(mail?.text).toContain(link.replace('?ny=1', ''));
    const attached = mail?.attachments?.[0];
    expect(attached?.filename).toBe('booking.ics');
    expect(eventTimes(String(attached?.content))).toEqual({
      start: '2026-03-03 10.00',
      end: '2026-03-03 10.30',
    });
    const ownerMail = sent.find((one) => one.to === owner.email);
    expect(ownerMail?.subject).toBe('Ny booking: Herreklip tirsdag 3. marts kl. 10.00');
    expect(ownerMail?.text).toContain('Telefon: 12 34 56 78');
    const reminders = async () =>
      (
        await h.db
          .selectFrom('jobs')
          .select(['key', 'runAt'])
          .where('kind', '=', 'booking-reminder')
          .execute()
      ).map((job) => job.runAt);
    // Booked less than a day ahead: the confirmation is the reminder.
    expect(await reminders()).toEqual([]);

    const second = await h.send(
      'POST',
      `${bookingPagePath(CVR)}/bestil`,
      form(customer(service, start, 'Anden')),
    );
    expect(second.status).toBe(409);
    const secondPage = await second.text();
    expect(secondPage).toContain(escapeHtml(BOOKING_MESSAGES.timeTaken));
    expect(secondPage).toContain('Nærmeste ledige tider');
    expect(secondPage).toContain('>10.30<');

    // Move to Wednesday 12.00 by the link: the old time is free again, the link of the old booking is spent.
    const base = link.replace('?ny=1', '');
    const movePage = await (await h.send('GET', `${base}?dag=2026-03-04`)).text();
    expect(movePage).toContain('Flyt til onsdag 4. marts kl. 12.00');
    const moved = await h.send('POST', `${base}/flyt`, form({ tid: '2026-03-04T11:00:00.000Z' }));
    expect(moved.status).toBe(303);
    const movedLink = (moved.headers.get('location') as string).replace('?ny=1', '');
    expect(await (await h.send('GET', movedLink)).text()).toContain('kl. 12.00–12.30');
    expect((await h.send('GET', base)).status).toBe(410);
    // The new time is reminded of a day before.
    expect(await reminders()).toEqual(['2026-03-03T11:00:00.000Z']);
    const times = await (
      await h.send('GET', `${bookingPagePath(CVR)}?ydelse=${service}&dag=2026-03-03`)
    ).text();
    expect(times).toContain('>10.00<');
    const wednesday = await (
      await h.send('GET', `${bookingPagePath(CVR)}?ydelse=${service}&dag=2026-03-04`)
    ).text();
    expect(wednesday).not.toContain('>12.00<');

    const ics = await h.send('GET', `${movedLink}/kalender.ics`);
    expect(ics.headers.get('content-type')).toContain('text/calendar');
    const movedIcs = await ics.text();
    expect(movedIcs).toContain('DTSTART:20260304T110000Z');
    // The moved time is the first file's event, revised: the customer's calendar updates it.
    expect(eventIdentity(movedIcs)).toEqual({ ...eventIdentity(String(attached?.content)), sequence: 1 });
    expect(eventIdentity(String(attached?.content)).sequence).toBe(0);

    const cancelled = await h.send('POST', `${movedLink}/aflys`, form({}));
    expect(cancelled.status).toBe(200);
    expect(await cancelled.text()).toContain('Din tid er aflyst');
    expect(await reminders()).toEqual([]);
    const after = await (
      await h.send('GET', `${bookingPagePath(CVR)}?ydelse=${service}&dag=2026-03-04`)
    ).text();
    expect(after).toContain('>12.00<');

    // Another company's path with this link, or a forged token: nothing opens.
    const other = await h.createOwner('99005203', 'Frisør Hans ApS');
    expect(other.company.cvr).toBe('99005203');
    const token = movedLink.split('/').pop() as string;
    expect((await h.send('GET', `/api/sites/99005203/booking/${token}`)).status).toBe(404);
    expect((await h.send('GET', `/api/sites/${CVR}/booking/${token.slice(0, -2)}xx`)).status).toBe(404);
    expect(owner.company.cvr).toBe(CVR);
  });

  it('mails the owner of a new, moved and cancelled booking and the customer a receipt of his cancel, the owner not once he turns them off', async () => {
    await setUp();
    const { service, start } = await orderPage();
    const booked = await h.send('POST', `${bookingPagePath(CVR)}/bestil`, form(customer(service, start)));
    const link = (booked.headers.get('location') as string).replace('?ny=1', '');
    await outbox?.sweep();
    const ownerNew = sent.find((one) => one.to === owner.email);
    expect(ownerNew?.subject).toBe('Ny booking: Herreklip tirsdag 3. marts kl. 10.00');
    expect(ownerNew?.text).toContain('Hvad: Herreklip');
    expect(ownerNew?.text).toContain('Tid: tirsdag 3. marts kl. 10.00–10.30');
    expect(ownerNew?.text).toContain('Kunde: Kim Hansen');
    expect(ownerNew?.text).toContain('Telefon: 12 34 56 78');
    expect(ownerNew?.replyTo).toBe('kim@example.com');

    sent.length = 0;
    const moved = await h.send('POST', `${link}/flyt`, form({ tid: '2026-03-04T11:00:00.000Z' }));
    const movedLink = (moved.headers.get('location') as string).replace('?ny=1', '');
    await outbox?.sweep();
    const ownerMoved = sent.find((one) => one.to === owner.email);
    expect(ownerMoved?.subject).toBe('Flyttet: Herreklip til onsdag 4. marts kl. 12.00');
    expect(ownerMoved?.text).toContain('Kim Hansen har flyttet sin tid.');
    expect(ownerMoved?.text).toContain('Før: tirsdag 3. marts kl. 10.00');
    expect(ownerMoved?.text).toContain('Nu: onsdag 4. marts kl. 12.00');
    expect(ownerMoved?.text).toContain('Telefon: 12 34 56 78');
    // The customer's receipt of the move is the new time's confirmation.
    const customerMoved = sent.find((one) => one.to === 'kim@example.com');
    expect(customerMoved?.text).toContain('Tid: onsdag 4. marts kl. 12.00–12.30');
    expect(customerMoved?.text).toContain(movedLink);
    expect(eventTimes(String(customerMoved?.attachments?.[0]?.content))).toEqual({
      start: '2026-03-04 12.00',
      end: '2026-03-04 12.30',
    });

    sent.length = 0;
    await h.send('POST', `${movedLink}/aflys`, form({}));
    await outbox?.sweep();
    const ownerCancelled = sent.find((one) => one.to === owner.email);
    expect(ownerCancelled?.subject).toBe('Aflyst: Herreklip onsdag 4. marts kl. 12.00');
    expect(ownerCancelled?.text).toContain('Kim Hansen har aflyst sin tid. Tiden er ledig igen.');
    const receipt = sent.find((one) => one.to === 'kim@example.com');
    expect(receipt?.subject).toBe('Du har aflyst din tid hos Frisør Lotte ApS');
    expect(receipt?.text).toContain('Tid: onsdag 4. marts kl. 12.00');
    expect(receipt?.text).toContain(`/api/sites/${CVR}/book-tid`);

    // Booking mails turned off: the customer still gets his, the owner none.
    const settings = await bookingSettingsOf(h.db, owner.company);
    await saveBookingSettings(h.db, CVR, { ...settings, notifyOwner: false }, h.now());
    sent.length = 0;
    const again = await h.send('POST', `${bookingPagePath(CVR)}/bestil`, form(customer(service, start)));
    const againLink = (again.headers.get('location') as string).replace('?ny=1', '');
    const againMoved = await h.send('POST', `${againLink}/flyt`, form({ tid: '2026-03-04T11:00:00.000Z' }));
    await h.send(
      'POST',
      `${(againMoved.headers.get('location') as string).replace('?ny=1', '')}/aflys`,
      form({}),
    );
    await outbox?.sweep();
    expect(sent.filter((one) => one.to === owner.email)).toEqual([]);
    // (Its confirmations were dropped: by the sweep the booking had moved and been cancelled.)
    expect(sent.map((one) => [one.to, one.subject])).toEqual([
      ['kim@example.com', 'Du har aflyst din tid hos Frisør Lotte ApS'],
    ]);
  });

  it("tells the customer of the owner's cancel with the owner's message, and the owner no mail of his own cancel", async () => {
    await setUp();
    const { service, start } = await orderPage();
    const booked = await h.send('POST', `${bookingPagePath(CVR)}/bestil`, form(customer(service, start)));
    const link = (booked.headers.get('location') as string).replace('?ny=1', '');
    await outbox?.sweep();
    sent.length = 0;
    const cookie = await h.signIn(owner.email);
    const [booking] = await listActiveBookings(
      h.db,
      CVR,
      new Date('2026-03-03T00:00:00Z'),
      new Date('2026-03-04T00:00:00Z'),
    );
    const cancelled = await h.send('POST', `/api/bookings/${booking?.id}/cancel`, {
      cookie,
      body: { message: 'Vi må desværre lukke i morgen' },
    });
    expect(cancelled.status).toBe(200);
    await outbox?.sweep();
    expect(sent.map((one) => one.to)).toEqual(['kim@example.com']);
    const mail = sent[0];
    expect(mail?.subject).toBe('Din tid hos Frisør Lotte ApS er aflyst');
    expect(mail?.text).toContain('Tid: tirsdag 3. marts kl. 10.00');
    expect(mail?.text).toContain('Besked fra Frisør Lotte ApS:\nVi må desværre lukke i morgen');
    expect(mail?.text).toContain(`/api/sites/${CVR}/book-tid`);
    // The customer's link now says the time is cancelled; it cannot be moved.
    const move = await h.send('POST', `${link}/flyt`, form({ tid: '2026-03-04T11:00:00.000Z' }));
    expect(move.status).toBe(410);
    expect(await move.text()).toContain('Bookingen er aflyst eller flyttet');
  });

  it('20 customers posting one time at once give exactly one booking', async () => {
    await setUp();
    const { service, start } = await orderPage();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        h.send('POST', `${bookingPagePath(CVR)}/bestil`, {
          ...form({ ...customer(service, start, `Kunde ${i}`), telefon: `1234${String(5600 + i)}` }),
          // Each from its own address, so the per-client limit is not what stops them.
          env: { incoming: { socket: { remoteAddress: `10.0.0.${i + 1}` } } },
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses.filter((status) => status === 303)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(19);
    const stored = await listActiveBookings(h.db, CVR, new Date(start), new Date('2026-03-04T00:00:00Z'));
    expect(stored).toHaveLength(1);
  });
});
