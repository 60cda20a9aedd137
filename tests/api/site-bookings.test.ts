// Issue 52, the customer's side over HTTP on the real app, SQLite and PostgreSQL: the booking pages
// without JavaScript (service → day → time → form), a booking through the public form lands on its
// signed link, a second customer on the same time is told in Danish with the nearest free times, 20
// racing posts for one time give exactly one booking, and the link moves (the old time free again)
// and cancels (free too); a link of another company or a forged one opens nothing. The mails: the
// owner's of a new, moved or cancelled booking (none once he turns them off), the customer's of his
// move (with the new .ics) and of his cancel, and of the owner's cancel with the owner's message. A
// flood: a client's or phone's third booking of a day is held for the owner's "Bekræft" (no mail to
// the customer until then; "Afvis" frees it and mails nobody), and a client's seventh is refused.
import { Writable } from 'node:stream';
import ICAL from 'ical.js';
import { afterEach, expect, it } from 'vitest';
import { bookingSettingsOf } from '../../api/bookings/booking-setup';
import { createMailOutbox, type MailOutbox } from '../../api/mail-outbox';
import { freshToken, listActiveBookings, saveBookingSettings } from '../../db';
import { createLogger } from '../../lib/logger';
import type { MailMessage } from '../../lib/mailer';
import { BOOKING_MESSAGES, SITE_BOOKING_MESSAGES } from '../../rules/booking-messages';
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

  /** The form's body as a visitor sends it: with the token the form page drew for him. */
  async function tokenForm(values: Record<string, string>) {
    const query = `?ydelse=${encodeURIComponent(values.ydelse ?? '')}&tid=${encodeURIComponent(values.tid ?? '')}`;
    const page = await (await h.send('GET', `${bookingPagePath(CVR)}/bestil${query}`)).text();
    const token = /name="token" value="([^"]+)"/.exec(page)?.[1];
    if (!token) throw new Error('the booking form has no token');
    return form({ ...values, token });
  }

  /** Books as a visitor does: the form page's token, then the post (from `from`, if given). */
  async function book(values: Record<string, string>, from?: string) {
    return h.send('POST', `${bookingPagePath(CVR)}/bestil`, {
      ...(await tokenForm(values)),
      ...(from ? { env: { incoming: { socket: { remoteAddress: from } } } } : {}),
    });
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

    const refused = await book({ ...customer(service, start), telefon: '12' });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('Skriv dit telefonnummer med 8 cifre');

    // A post without the form's token, or with a quote form's, books nothing.
    const blind = await h.send('POST', `${bookingPagePath(CVR)}/bestil`, form(customer(service, start)));
    expect(blind.status).toBe(400);
    const blindPage = await blind.text();
    expect(blindPage).toContain(escapeHtml(SITE_BOOKING_MESSAGES.tokenRefused));
    // Its page carries a fresh token, so a person's next press of "Book tiden" goes through.
    expect(blindPage).toMatch(/name="token" value="\d{13}\./);
    const leadToken = await freshToken(h.db, CVR, h.now());
    const foreign = await h.send(
      'POST',
      `${bookingPagePath(CVR)}/bestil`,
      form({ ...customer(service, start), token: leadToken }),
    );
    expect(foreign.status).toBe(400);
    const body = await tokenForm(customer(service, start));
    const booked = await h.send('POST', `${bookingPagePath(CVR)}/bestil`, body);
    expect(booked.status).toBe(303);
    // The same token again (a double press, a replay): refused, not a second booking.
    const replay = await h.send('POST', `${bookingPagePath(CVR)}/bestil`, {
      ...body,
      body: body.body.replace(/navn=[^&]*/, 'navn=Igen'),
    });
    expect(replay.status).toBe(400);
    expect(await replay.text()).toContain(escapeHtml(SITE_BOOKING_MESSAGES.tokenRefused));
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

    const second = await book(customer(service, start, 'Anden'));
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
    const booked = await book(customer(service, start));
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
    const again = await book(customer(service, start));
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
    const booked = await book(customer(service, start));
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

  it("holds a client's or a phone's third booking of the day for the owner, who confirms or refuses it; a seventh is refused", async () => {
    await setUp();
    const { service } = await orderPage();
    const bookAt = (hour: number, n: number, from: string, phone = `2${n}345678`) =>
      book(
        {
          ...customer(service, `2026-03-03T${String(hour).padStart(2, '0')}:00:00.000Z`, `Kunde ${n}`),
          telefon: phone,
          email: `kunde${n}@example.com`,
        },
        from,
      );
    // Tuesday 10.00, 11.00 … from one address, each with its own phone and e-mail.
    const links: string[] = [];
    for (const n of [1, 2, 3, 4, 5, 6]) {
      const answer = await bookAt(8 + n, n, '203.0.113.7');
      expect(answer.status).toBe(303);
      links.push(answer.headers.get('location') as string);
    }
    expect(await (await h.send('GET', links[1] as string)).text()).toContain('Din tid er booket');
    const heldPage = await (await h.send('GET', links[2] as string)).text();
    expect(heldPage).toContain('Din booking venter på bekræftelse');
    expect(heldPage).toContain(escapeHtml(SITE_BOOKING_MESSAGES.held('Frisør Lotte ApS')));
    expect(heldPage).not.toContain('Vi har sendt en bekræftelse');
    expect(heldPage).not.toContain('kalender.ics');
    // The seventh from that address that day is refused; its time stays free.
    const seventh = await bookAt(15, 7, '203.0.113.7');
    expect(seventh.status).toBe(400);
    expect(await seventh.text()).toContain(escapeHtml(SITE_BOOKING_MESSAGES.tooMany));

    // Mails: confirmations for the first two only; the owner is asked to confirm the held ones.
    await outbox?.sweep();
    const to = (n: number) => sent.filter((one) => one.to === `kunde${n}@example.com`);
    expect([1, 2, 3, 4, 5, 6].map((n) => to(n).length)).toEqual([1, 1, 0, 0, 0, 0]);
    const ownerSubjects = sent.filter((one) => one.to === owner.email).map((one) => one.subject);
    expect(ownerSubjects.filter((subject) => subject.startsWith('Ny booking:'))).toHaveLength(2);
    expect(ownerSubjects).toContain('Bekræft booking: Herreklip tirsdag 3. marts kl. 12.00');
    const heldMail = sent.find(
      (one) => one.subject === 'Bekræft booking: Herreklip tirsdag 3. marts kl. 12.00',
    );
    expect(heldMail?.text).toContain('venter på, at du bekræfter den');
    expect(heldMail?.text).toContain('Kunde: Kunde 3');

    // The owner sees which wait for him; a held time is not free to others meanwhile.
    const cookie = await h.signIn(owner.email);
    const list = async () =>
      (
        (await (await h.send('GET', '/api/bookings?from=2026-03-03&days=1', { cookie })).json()) as {
          bookings: { id: string; customerName: string; held: boolean }[];
        }
      ).bookings;
    const listed = await list();
    expect(listed.map((one) => [one.customerName, one.held])).toEqual([
      ['Kunde 1', false],
      ['Kunde 2', false],
      ['Kunde 3', true],
      ['Kunde 4', true],
      ['Kunde 5', true],
      ['Kunde 6', true],
    ]);
    const free = async () =>
      (
        (await (
          await h.send('GET', `/api/bookings/free-times?serviceId=${service}&date=2026-03-03`, { cookie })
        ).json()) as { times: string[] }
      ).times;
    expect(await free()).not.toContain('2026-03-03T11:00:00.000Z');

    // "Bekræft": the customer now gets his confirmation with the .ics.
    sent.length = 0;
    const third = listed[2]?.id;
    const confirmed = await h.send('POST', `/api/bookings/${third}/confirm`, { cookie });
    expect(confirmed.status).toBe(200);
    expect(((await confirmed.json()) as { held: boolean }).held).toBe(false);
    await outbox?.sweep();
    expect(to(3).map((one) => one.subject)).toEqual([
      'Din tid hos Frisør Lotte ApS: tirsdag 3. marts kl. 12.00',
    ]);
    expect(eventTimes(String(to(3)[0]?.attachments?.[0]?.content)).start).toBe('2026-03-03 12.00');
    expect((await h.send('POST', `/api/bookings/${third}/confirm`, { cookie })).status).toBe(404);

    // "Afvis": the time is free again and nobody is mailed.
    sent.length = 0;
    const fourth = listed[3]?.id;
    expect(
      (await h.send('POST', `/api/bookings/${fourth}/cancel`, { cookie, body: { message: '' } })).status,
    ).toBe(200);
    await outbox?.sweep();
    expect(sent).toEqual([]);
    expect(await free()).toContain('2026-03-03T12:00:00.000Z');

    // One phone from three addresses: its third booking of the day is held too.
    // (Tuesday 7.00, 8.00 and 9.00 are still free.)
    const byPhone = [];
    for (const [hour, n, from] of [
      [6, 8, '198.51.100.1'],
      [7, 9, '198.51.100.2'],
      [8, 10, '198.51.100.3'],
    ] as const) {
      byPhone.push(await bookAt(hour, n, from, '87654321'));
    }
    expect(byPhone.map((answer) => answer.status)).toEqual([303, 303, 303]);
    const lastPage = await (await h.send('GET', byPhone[2]?.headers.get('location') as string)).text();
    expect(lastPage).toContain('Din booking venter på bekræftelse');
  });

  it('20 customers posting one time at once give exactly one booking', async () => {
    await setUp();
    const { service, start } = await orderPage();
    const answers = await Promise.all(
      Array.from({ length: 20 }, async (_, i) =>
        // Each from its own address, so the per-client limit is not what stops them.
        book(
          { ...customer(service, start, `Kunde ${i}`), telefon: `1234${String(5600 + i)}` },
          `10.0.0.${i + 1}`,
        ),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses.filter((status) => status === 303)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(19);
    const stored = await listActiveBookings(h.db, CVR, new Date(start), new Date('2026-03-04T00:00:00Z'));
    expect(stored).toHaveLength(1);
  });
});
