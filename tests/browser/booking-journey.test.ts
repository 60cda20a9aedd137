// Issue 52's Done-when journey in Chromium against the real server, mails through a loopback SMTP
// server, the customer at 360 px with JavaScript off: a hairdresser (960210, onboarded as a new
// owner would be, booking on by default with the trade's services) opens every day; the customer
// taps "Book tid" on the site's homepage, chooses Herreklip, tomorrow and its first free time, gives
// name, phone and e-mail and sees the confirmation page with the time. The confirmation mail has the
// time and booking.ics, which ical.js reads to the same start and end in Europe/Copenhagen. The owner
// at 360 px sees the booking under Bookinger (service, customer, phone as a tel: link) and in his
// private calendar feed. The customer moves it with the mail's link (the old time is offered again,
// the owner's list shows the new one), then cancels (that time is free again, the list empty).
// Screenshots at 360 and 1366 px of the time choice, the form, the confirmation and the admin's
// Bookinger in MESTERSIDE_SHOTS_DIR (default test-artifacts/booking-journey/); axe and layout at 360.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import ICAL from 'ical.js';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { danishTime } from '../../api/bookings/booking-mails';
import { findUserByEmail, markEmailVerified, updateCompany } from '../../db';
import { addDays, copenhagenClock, formatSlotTime } from '../../rules/booking-slots';
import { bookingPagePath } from '../../rules/customer-pages';
import { type OpeningHours, WEEKDAYS } from '../../rules/hours';
import { type AdminStack, startAdminStack } from '../support/admin-stack';
import { describeViolations, seriousViolations } from '../support/axe';
import { layoutProblems } from '../support/no-overflow';
import { readMessage, type SmtpSink, startSmtpSink } from '../support/smtp-sink';

const HAIRDRESSER = '99000909';
const OWNER_EMAIL = 'lotte@frisoer-eksempel.example';
const CUSTOMER = { name: 'Kim Østergaard', phone: '12345678', email: 'kim.ostergaard@example.dk' };
const NARROW = { width: 360, height: 780 } as const;
const WIDE = { width: 1366, height: 900 } as const;
const SHOTS = process.env.MESTERSIDE_SHOTS_DIR ?? path.join('test-artifacts', 'booking-journey');
const HOURS = '09:00 - 17:30';

let sink: SmtpSink;
let admin: AdminStack;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  sink = await startSmtpSink();
  admin = await startAdminStack('booking-journey', { SMTP_URL: sink.url });
  const password = 'saksegade-42';
  const created = await fetch(`${admin.origin}/api/onboarding/create`, {
    method: 'POST',
    headers: { origin: admin.origin, 'content-type': 'application/json' },
    body: JSON.stringify({
      cvr: HAIRDRESSER,
      email: OWNER_EMAIL,
      password,
      passwordRepeat: password,
      acceptPrivacy: true,
    }),
  });
  expect(created.status, await created.clone().text()).toBeLessThan(300);
  const user = await findUserByEmail(admin.db, OWNER_EMAIL);
  if (user) await markEmailVerified(admin.db, user.id);
  // Open every day, so tomorrow (by the stack's clock, in Copenhagen) has free times whatever day it is.
  const hours = Object.fromEntries(WEEKDAYS.map((day) => [day, HOURS])) as OpeningHours;
  const updated = await updateCompany(admin.db, HAIRDRESSER, { hours });
  expect(updated.ok).toBe(true);
  await admin.stack.queue.requestPublish(HAIRDRESSER);
  await admin.published();
}, 120_000);

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => {});
  await admin?.close();
  await sink?.close();
});

/** A page in a context of its own: the customer's has no JavaScript; axe needs it and bypassCSP. */
async function pageOf(
  viewport: { width: number; height: number },
  javaScriptEnabled: boolean,
): Promise<Page> {
  const context = await admin.browser.newContext({
    viewport,
    locale: 'da-DK',
    javaScriptEnabled,
    bypassCSP: javaScriptEnabled,
  });
  context.setDefaultTimeout(8000);
  contexts.push(context);
  return context.newPage();
}

/** The message whose recipient and subject match, once it has arrived (the newest first). */
async function mailTo(to: string, subject: RegExp, after = 0) {
  for (let waited = 0; waited < 15_000; waited += 50) {
    const found = sink.messages
      .slice(after)
      .find((m) => m.to.includes(to) && subject.test(readMessage(m.raw).subject));
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no mail to ${to} matching ${subject}`);
}

/** The first MIME part of `type` in a raw message: its Content-Type header and its decoded text. */
function attachment(raw: string, type: string): { contentType: string; text: string } {
  const part = raw
    .split(/\r\n--[^\r\n]+\r\n/)
    .find((one) => new RegExp(`^Content-Type: ${type}`, 'im').test(one.split('\r\n\r\n')[0] ?? ''));
  if (!part) throw new Error(`no ${type} part`);
  const split = part.indexOf('\r\n\r\n');
  const head = part.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = part.slice(split + 4).replace(/\r\n--[^\r\n]*--\s*$/, '');
  const contentType = /^Content-Type:\s*(.*)$/im.exec(head)?.[1] ?? '';
  const encoding = /Content-Transfer-Encoding:\s*(\S+)/i.exec(head)?.[1]?.toLowerCase() ?? '7bit';
  if (encoding === 'base64') {
    return { contentType, text: Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8') };
  }
  if (encoding !== '7bit' && encoding !== '8bit') throw new Error(`${type} part in ${encoding}`);
  return { contentType, text: body };
}

const local = (at: Date) => `${copenhagenClock(at).date} ${formatSlotTime(at)}`;

/** Every event of an iCalendar text as ical.js reads it: summary, start and end in Copenhagen. */
function events(text: string) {
  return new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component);
    return {
      summary: event.summary,
      start: local(event.startDate.toJSDate()),
      end: local(event.endDate.toJSDate()),
      minutes: (event.endDate.toJSDate().getTime() - event.startDate.toJSDate().getTime()) / 60_000,
    };
  });
}

/** The UID and SEQUENCE of the one event of an .ics: a calendar replaces an event of the same UID. */
function identity(text: string) {
  const event = new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent('vevent');
  return { uid: event?.getFirstPropertyValue('uid'), sequence: event?.getFirstPropertyValue('sequence') };
}

/** The owner's screen's booking rows' texts. */
async function ownerRows(owner: Page): Promise<string[]> {
  await owner.reload();
  await owner.getByRole('heading', { name: 'Bookinger', level: 1 }).waitFor();
  await owner
    .locator('.booking-row')
    .first()
    .or(owner.getByText('Ingen bookinger de næste 14 dage.'))
    .waitFor();
  return (await owner.locator('.booking-row').allTextContents()).map((text) => text.replace(/\s+/g, ' '));
}

async function shoot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  writeFileSync(path.join(SHOTS, `${name}.png`), await page.screenshot({ fullPage: true }));
}

/** axe with no serious violation and nothing wider than 360 px, on a JavaScript page of `url`. */
async function checkAt360(inspector: Page, screen: string, url: string): Promise<void> {
  await inspector.goto(url);
  expect(describeViolations(screen, await seriousViolations(inspector))).toEqual([]);
  expect(await layoutProblems(inspector), screen).toEqual([]);
}

/** The same page wide, without JavaScript, as a screenshot. */
async function shootWide(wide: Page, name: string, url: string): Promise<void> {
  await wide.goto(url);
  await shoot(wide, `${name}-1366`);
}

it('books Herreklip for tomorrow without JavaScript, moves it and cancels it by the link', {
  timeout: 180_000,
}, async () => {
  const tomorrow = addDays(copenhagenClock(new Date()).date, 1);
  const customer = await pageOf(NARROW, false);
  const inspector = await pageOf(NARROW, true);
  const wide = await pageOf(WIDE, false);

  // 1. From the homepage: "Book tid", the main action.
  await customer.goto(`${admin.origin}/${HAIRDRESSER}/`);
  await shoot(customer, 'forside-360');
  const main = customer.locator('.hero-actions a').first();
  expect((await main.textContent())?.trim()).toBe('Book tid');
  await main.click();
  await customer.getByRole('heading', { name: 'Book tid', level: 1 }).waitFor();
  expect(new URL(customer.url()).pathname).toBe(bookingPagePath(HAIRDRESSER));
  await shoot(customer, 'ydelse-360');
  await checkAt360(inspector, 'choose a service', customer.url());
  await shootWide(wide, 'ydelse', customer.url());

  // 2. Herreklip, tomorrow, its first free time.
  await customer.getByRole('link', { name: /^Herreklip/ }).click();
  await customer.getByRole('heading', { name: 'Vælg dag', level: 1 }).waitFor();
  expect(await customer.locator('.summary').textContent()).toContain('30 min');
  const dayName = danishTime(new Date(`${tomorrow}T12:00:00Z`)).replace(/ kl\..*$/, '');
  const dayLabel = dayName.charAt(0).toUpperCase() + dayName.slice(1);
  await shoot(customer, 'dag-360');
  await checkAt360(inspector, 'choose a day', customer.url());
  await shootWide(wide, 'dag', customer.url());
  await customer.getByRole('link', { name: new RegExp(`^${dayLabel}`) }).click();
  await customer.getByRole('heading', { name: `Vælg tid ${dayName}`, level: 1 }).waitFor();
  const dayUrl = customer.url();
  await shoot(customer, 'tid-360');
  await checkAt360(inspector, 'choose a time', dayUrl);
  await shootWide(wide, 'tid', dayUrl);
  const timeLinks = customer.locator('.times a');
  const offeredBefore = await timeLinks.allTextContents();
  const first = timeLinks.first();
  const firstHref = (await first.getAttribute('href')) ?? '';
  const booked = new Date(new URL(firstHref, admin.origin).searchParams.get('tid') ?? '');
  expect(copenhagenClock(booked).date).toBe(tomorrow);
  expect(offeredBefore[0]).toBe(formatSlotTime(booked));
  await first.click();

  // 3. The form: name, phone, e-mail.
  await customer.getByRole('heading', { name: 'Dine oplysninger', level: 1 }).waitFor();
  const time = danishTime(booked);
  const bookedEnd = new Date(booked.getTime() + 30 * 60_000);
  expect(await customer.locator('.summary').textContent()).toContain(
    time.charAt(0).toUpperCase() + time.slice(1),
  );
  await shoot(customer, 'formular-360');
  await checkAt360(inspector, 'the form', customer.url());
  await shootWide(wide, 'formular', customer.url());
  await customer.getByLabel('Navn').fill(CUSTOMER.name);
  await customer.getByLabel('Telefon').fill(CUSTOMER.phone);
  await customer.getByLabel('E-mail').fill(CUSTOMER.email);
  await customer.getByRole('button', { name: 'Book tiden' }).click();

  // 4. The confirmation page with the time.
  await customer.getByRole('heading', { name: 'Din tid er booket', level: 1 }).waitFor();
  const confirmationUrl = customer.url();
  const confirmation = (await customer.locator('main').textContent()) ?? '';
  expect(confirmation).toContain(
    `${time.charAt(0).toUpperCase() + time.slice(1)}–${formatSlotTime(bookedEnd)}`,
  );
  expect(confirmation).toContain('Herreklip');
  expect(confirmation).toContain(CUSTOMER.email);
  await shoot(customer, 'bekraeftelse-360');
  await checkAt360(inspector, 'the confirmation', confirmationUrl);
  await shootWide(wide, 'bekraeftelse', confirmationUrl);

  // 5. The mail: the time, the booking's link, and booking.ics at the same start and end.
  const mail = await mailTo(CUSTOMER.email, /^Din tid hos /);
  const { subject, body } = readMessage(mail.raw);
  expect(subject).toContain(time);
  expect(body).toContain(`Tid: ${time}–${formatSlotTime(bookedEnd)}`);
  const calendar = attachment(mail.raw, 'text/calendar');
  // A calendar part that names a method holds the same METHOD (RFC 6047 2.4), or mail clients refuse it.
  const method = /method=([\w-]+)/i.exec(calendar.contentType)?.[1];
  expect(new ICAL.Component(ICAL.parse(calendar.text)).getFirstPropertyValue('method')).toBe(method ?? null);
  const ics = events(calendar.text);
  expect(ics).toEqual([
    {
      summary: expect.stringContaining('Herreklip'),
      start: local(booked),
      end: local(bookedEnd),
      minutes: 30,
    },
  ]);
  writeFileSync(path.join(SHOTS, 'bekraeftelse-mail.txt'), `${subject}\n\n${body}`);
  const link = /(https?:\/\/\S+\/api\/sites\/\d{8}\/booking\/\S+)/.exec(body)?.[1];
  expect(link).toBeTruthy();

  // 6. The owner: a mail of the new booking; at 360 px the booking under Bookinger, with a phone to
  // tap; and in his feed.
  const ownerMail = readMessage((await mailTo(OWNER_EMAIL, /^Ny booking: /)).raw);
  expect(ownerMail.subject).toBe(`Ny booking: Herreklip ${time}`);
  expect(ownerMail.body).toContain('Telefon: 12 34 56 78');
  const owner = await pageOf(NARROW, true);
  await admin.signIn(owner, '/admin/bookinger', OWNER_EMAIL);
  const rows = await ownerRows(owner);
  expect(rows).toHaveLength(1);
  expect(rows[0]).toContain(`${formatSlotTime(booked)}–${formatSlotTime(bookedEnd)}`);
  expect(rows[0]).toContain('Herreklip');
  expect(rows[0]).toContain(CUSTOMER.name);
  const phone = owner.locator('.booking-row a[href^="tel:"]');
  expect(await phone.getAttribute('href')).toBe(`tel:${CUSTOMER.phone}`);
  expect((await phone.textContent())?.trim()).toBe('12 34 56 78');
  await shoot(owner, 'bookinger-360');
  expect(describeViolations('Bookinger', await seriousViolations(owner))).toEqual([]);
  expect(await layoutProblems(owner), 'Bookinger').toEqual([]);
  const ownerWide = await pageOf(WIDE, true);
  await admin.signIn(ownerWide, '/admin/bookinger', OWNER_EMAIL);
  await ownerWide.locator('.booking-row').first().waitFor();
  await shoot(ownerWide, 'bookinger-1366');

  await owner.goto(`${admin.origin}/admin/bookinger/indstillinger`);
  const feedUrl = await owner.getByLabel('Kalenderlink').inputValue();
  expect(feedUrl).toMatch(/\/api\/calendar\/[^/]+\.ics$/);
  const feedText = async () => {
    const response = await fetch(new URL(new URL(feedUrl).pathname, admin.origin));
    expect(response.status).toBe(200);
    return events(await response.text());
  };
  expect(await feedText()).toEqual([
    {
      summary: `Herreklip: ${CUSTOMER.name}`,
      start: local(booked),
      end: local(bookedEnd),
      minutes: 30,
    },
  ]);
  await owner.goto(`${admin.origin}/admin/bookinger`);

  // 7. The customer opens the mail's link without JavaScript and moves the time on the same day.
  await customer.goto(link as string);
  await customer.getByRole('heading', { name: 'Din booking', level: 1 }).waitFor();
  await customer.getByRole('link', { name: new RegExp(`^${dayLabel}`) }).click();
  await customer.getByRole('heading', { name: `Flyt til ${dayName}` }).waitFor();
  await shoot(customer, 'flyt-360');
  await checkAt360(inspector, 'move to a time', customer.url());
  const moveButtons = customer.locator('.times button');
  // The booked time is not offered to move to; another time of the day is (the last one).
  expect(await moveButtons.allTextContents()).not.toContain(formatSlotTime(booked));
  const target = moveButtons.last();
  const movedLabel = (await target.getAttribute('aria-label')) ?? '';
  const mailsBefore = sink.messages.length;
  await target.click();
  await customer.getByRole('heading', { name: 'Din tid er booket', level: 1 }).waitFor();
  const movedText = (await customer.locator('main').textContent()) ?? '';
  const movedTime = movedLabel.replace(/^Flyt til /, '');
  expect(movedText).toContain(movedTime.charAt(0).toUpperCase() + movedTime.slice(1));
  const movedClock = /kl\. (\d{2}\.\d{2})$/.exec(movedTime)?.[1] as string;
  expect(movedClock).not.toBe(formatSlotTime(booked));
  const movedLink = customer.url().replace(/\?ny=1$/, '');
  // The move's confirmation: the new time, and an .ics at it.
  const movedMail = await mailTo(
    CUSTOMER.email,
    new RegExp(`^Din tid hos .*kl\\. ${movedClock}$`),
    mailsBefore,
  );
  const movedCalendar = attachment(movedMail.raw, 'text/calendar').text;
  expect(events(movedCalendar).map(({ start, minutes }) => ({ start, minutes }))).toEqual([
    { start: `${tomorrow} ${movedClock}`, minutes: 30 },
  ]);
  // The same event revised, so the customer's calendar moves the time he added instead of adding one.
  const firstFile = identity(calendar.text);
  expect(identity(movedCalendar)).toEqual({ uid: firstFile.uid, sequence: Number(firstFile.sequence) + 1 });
  expect(readMessage(movedMail.raw).body).toContain(movedLink);

  // The old time is free again on the booking page of that day.
  await customer.goto(dayUrl);
  const offeredAfterMove = await timeLinks.allTextContents();
  expect(offeredAfterMove).toContain(formatSlotTime(booked));
  expect(offeredAfterMove).not.toContain(movedClock);
  // The mail's old link no longer moves anything.
  await customer.goto(link as string);
  await customer.getByText('Bookingen er aflyst eller flyttet').waitFor();

  // The owner's list shows the new time only; so does his feed; and he has a mail of it.
  await mailTo(OWNER_EMAIL, new RegExp(`^Flyttet: Herreklip til ${movedTime}$`));
  const movedRows = await ownerRows(owner);
  expect(movedRows).toHaveLength(1);
  expect(movedRows[0]).toContain(`${movedClock}–`);
  expect(movedRows[0]).not.toContain(`${formatSlotTime(booked)}–`);
  expect((await feedText()).map((event) => event.start)).toEqual([`${tomorrow} ${movedClock}`]);

  // 8. The customer cancels with the link of the moved booking: that time is free again.
  await customer.goto(movedLink);
  await customer.getByRole('heading', { name: 'Din booking', level: 1 }).waitFor();
  await customer.getByRole('button', { name: 'Aflys tiden' }).click();
  await customer.getByRole('heading', { name: 'Tiden er aflyst' }).waitFor();
  await shoot(customer, 'aflyst-360');
  const receipt = readMessage((await mailTo(CUSTOMER.email, /^Du har aflyst din tid hos /)).raw).body;
  expect(receipt).toContain(`Tid: ${movedTime}`);
  await mailTo(OWNER_EMAIL, new RegExp(`^Aflyst: Herreklip ${movedTime}$`));
  await customer.goto(dayUrl);
  expect(await timeLinks.allTextContents()).toEqual(offeredBefore);
  expect(await ownerRows(owner)).toEqual([]);
  await owner.getByText('Ingen bookinger de næste 14 dage.').waitFor();
  expect(await feedText()).toEqual([]);
});

it("holds the phone's third booking of the day for the owner, who confirms it at 360 px", {
  timeout: 90_000,
}, async () => {
  // The first journey booked once with this phone; two more today, posted as a form without
  // JavaScript would: the second is confirmed at once, the third waits for the owner (issue 52 item 7).
  const tomorrow = addDays(copenhagenClock(new Date()).date, 1);
  const services = await (await fetch(`${admin.origin}${bookingPagePath(HAIRDRESSER)}`)).text();
  const service = /ydelse=([\w-]+)[^"]*"[^>]*>\s*Herreklip/.exec(services)?.[1];
  expect(service).toBeTruthy();
  const day = await (
    await fetch(`${admin.origin}${bookingPagePath(HAIRDRESSER)}?ydelse=${service}&dag=${tomorrow}`)
  ).text();
  const times = [...day.matchAll(/tid=([^"&]+)/g)].map((match) => decodeURIComponent(match[1] as string));
  expect(times.length).toBeGreaterThan(2);
  // The first and the last time of the day: the two bookings cannot overlap.
  const [early, late] = [times[0] as string, times.at(-1) as string];
  const book = (tid: string, n: number) =>
    fetch(`${admin.origin}${bookingPagePath(HAIRDRESSER)}/bestil`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: admin.origin },
      body: new URLSearchParams({
        ydelse: service as string,
        tid,
        navn: `Kunde ${n}`,
        telefon: CUSTOMER.phone,
        email: `kunde${n}@example.dk`,
        besked: '',
        website: '',
      }).toString(),
    });
  const second = await book(early, 2);
  expect(second.status).toBe(303);
  const held = await book(late, 3);
  expect(held.status).toBe(303);
  const customer = await pageOf(NARROW, false);
  await customer.goto(new URL(held.headers.get('location') as string, admin.origin).href);
  await customer.getByRole('heading', { name: 'Din booking venter på bekræftelse', level: 1 }).waitFor();
  await shoot(customer, 'venter-360');
  await mailTo(OWNER_EMAIL, /^Bekræft booking: Herreklip /);

  const owner = await pageOf(NARROW, true);
  await admin.signIn(owner, '/admin/bookinger', OWNER_EMAIL);
  const row = owner.locator('.booking-row', { hasText: 'Kunde 3' });
  await row.getByText('Venter på din bekræftelse').waitFor();
  expect(await owner.locator('.booking-row', { hasText: 'Kunde 2' }).getByText('Venter på').count()).toBe(0);
  await shoot(owner, 'bookinger-venter-360');
  expect(describeViolations('Bookinger with a held booking', await seriousViolations(owner))).toEqual([]);
  expect(await layoutProblems(owner), 'Bookinger with a held booking').toEqual([]);
  const mailsBefore = sink.messages.length;
  await row.getByRole('button', { name: 'Bekræft' }).click();
  await row.getByText('Venter på din bekræftelse').waitFor({ state: 'detached' });
  // Now the customer has the confirmation, with the time in its calendar file.
  const confirmed = await mailTo('kunde3@example.dk', /^Din tid hos /, mailsBefore);
  expect(events(attachment(confirmed.raw, 'text/calendar').text)[0]?.start).toBe(local(new Date(late)));
});
