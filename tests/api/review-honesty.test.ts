// Issue 48, a review needs a real customer, over HTTP on the real app, on SQLite and PostgreSQL:
// - the owner-alone fake review path (ask by phone → copy the SMS text → open its link → post five
//   stars) no longer publishes: the form asks the customer's own e-mail, the owner's addresses are
//   refused, and the review counts only once the customer confirmed it from their inbox;
// - an operator's SMS gateway (a loopback HTTP server standing in for it) sends the text instead, and
//   the owner never holds the link; a gateway that fails takes the request back;
// - the forwarded delete: the owner's own addresses and the company's domain are refused as
//   recipients, and a receipt goes only to an address the customer gave or used;
// - one request per quote request, ever; one per recipient per 60 days in recipient form; "nej tak"
//   matched the same way; ten asks at once to one address send one mail;
// - many reviews from one client address or one hour are held for the operator with the reason, and
//   the operator releases or removes them.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { afterEach, expect, it } from 'vitest';
import { createMailOutbox, type MailOutbox } from '../../api/mail-outbox';
import { findUserByEmail, insertLead, listReviews, markEmailVerified, saveLeadSettings } from '../../db';
import { createLogger } from '../../lib/logger';
import { REVIEW_MESSAGES } from '../../rules/review-messages';
import { describeWithDialects } from '../support/databases';
import { outboxMails } from '../support/outbox';
import { type ApiHarness, createApiHarness, errorOf } from './api-harness';

let h: ApiHarness;
let outbox: MailOutbox;
let gateway: Server | undefined;

afterEach(async () => {
  await outbox?.close();
  await h?.close();
  if (gateway) await new Promise((done) => gateway?.close(done));
  gateway = undefined;
});

const A = '41414141';
const DAY = 24 * 60 * 60 * 1000;
const OWNER = 'ejer@eksempel-vvs.dk';

/** The HTML-escaped form of a text, as a page carries it. */
function escaped(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** Bindings that give a request the socket address `address`, as @hono/node-server does. */
const from = (address: string) => ({ incoming: { socket: { remoteAddress: address } } });

interface GatewayCall {
  authorization: string | undefined;
  body: { to: string; text: string };
}

/** A loopback SMS gateway: records each message, answers `status()`. */
async function startGateway(status: () => number): Promise<{ url: string; calls: GatewayCall[] }> {
  const calls: GatewayCall[] = [];
  gateway = createServer((req: IncomingMessage, res) => {
    let data = '';
    req.on('data', (chunk) => {
      data += chunk;
    });
    req.on('end', () => {
      calls.push({ authorization: req.headers.authorization, body: JSON.parse(data) });
      res.statusCode = status();
      res.end('{}');
    });
  });
  await new Promise<void>((done) => gateway?.listen(0, '127.0.0.1', done));
  const { port } = gateway.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/send`, calls };
}

describeWithDialects('a review needs a real customer (issue 48)', (dialect) => {
  let cookie: string;

  async function setUp(env: Record<string, string> = {}) {
    h = await createApiHarness({ OPERATOR_EMAILS: 'drift@mesterside.dk', ...env }, { dialect });
    const quiet = createLogger(h.config, new Writable({ write: (_c, _e, done) => done() }));
    outbox = createMailOutbox({ db: h.db, config: h.config, logger: quiet, now: h.now, everyMs: 0 });
    await h.createOwner(A, 'Eksempel VVS ApS', OWNER);
    await h.db
      .updateTable('companies')
      .set({ industryCode: '432200', phone: '31 41 59 26', email: 'kontakt@eksempel-vvs.dk' })
      .where('cvr', '=', A)
      .execute();
    cookie = await h.signIn(OWNER);
  }

  const ask = (body: Record<string, string>) => h.send('POST', '/api/reviews/requests', { cookie, body });

  function post(link: string, values: Record<string, string>, address = '198.51.100.7') {
    return h.send('POST', link, {
      body: new URLSearchParams(values).toString(),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      env: from(address),
    });
  }

  const linkIn = (text: string) =>
    /https?:\/\/[^\s/]+(\/api\/sites\/\d{8}\/anmeldelse\/[A-Za-z0-9_.-]+)/.exec(text)?.[1] ?? '';

  /** The newest mail to `to` (after a sweep). */
  async function mailTo(to: string): Promise<string> {
    await outbox.sweep();
    return (
      outboxMails(h.config.storageDir)
        .reverse()
        .find((text) => text.toLowerCase().includes(`to: ${to}`)) ?? ''
    );
  }

  /**
   * The review page an SMS text's short link leads to (issue 49): `<site>/anmeld/<token>`, about 80
   * characters, redirects to it.
   */
  async function smsLink(text: string): Promise<string> {
    const short = /(https?:\/\/[^\s/]+)(\/anmeld\/[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{16})$/.exec(text);
    if (!short) throw new Error(`no short link in ${text}`);
    expect(`${short[1]}${short[2]}`.length).toBeLessThan(90);
    expect(text).not.toContain('/api/');
    const redirect = await h.send('GET', short[2] as string);
    expect(redirect.status).toBe(302);
    const link = redirect.headers.get('location') ?? '';
    expect(link).toMatch(new RegExp(`^/api/sites/${A}/anmeldelse/`));
    // A forged or another request's signature leads nowhere.
    const forged = await h.send('GET', `${(short[2] as string).slice(0, -4)}abcd`);
    expect(forged.headers.get('location')).toBe('/404');
    return link;
  }

  /** Every mail to `to` so far (after a sweep). */
  async function mailsTo(to: string): Promise<string[]> {
    await outbox.sweep();
    return outboxMails(h.config.storageDir).filter((text) => text.toLowerCase().includes(`to: ${to}`));
  }

  /** A mail request's link, as the customer at `to` gets it. */
  async function mailedLink(email: string, name = 'Mette Hansen'): Promise<string> {
    const asked = await ask({ name, email, phone: '' });
    expect(asked.status, await asked.clone().text()).toBe(201);
    const link = linkIn(await mailTo(email));
    expect(link).not.toBe('');
    return link;
  }

  const five = { stars: '5', author: 'Mette H.', consent: 'ja', website: '' };

  it('turns the owner-alone fake review (SMS text → link → five stars) into nothing on the site', async () => {
    await setUp();
    const asked = await ask({ name: 'Jens Jensen', email: '', phone: '20 30 40 50' });
    expect(asked.status).toBe(201);
    const body = await asked.json();
    expect(body.message).toBe(REVIEW_MESSAGES.smsReady);
    expect(body.smsTo).toBe('20304050');
    expect(body.request.customerConfirms).toBe(true);
    const link = await smsLink(body.smsText);
    // The owner, holding the text, opens its link: the form asks for the customer's own e-mail.
    const form = await (await h.send('GET', link)).text();
    expect(form).toContain('name="email"');
    expect(form).toContain(escaped(REVIEW_MESSAGES.customerEmailHintRequired));
    // Without an e-mail, with his own, one at the company's domain, or his +tagged login: refused.
    const none = await post(link, five);
    expect(none.status).toBe(400);
    expect(await none.text()).toContain(escaped(REVIEW_MESSAGES.customerEmailRequired));
    for (const email of [OWNER, 'Videresend@Eksempel-VVS.dk', 'ejer+kunde@eksempel-vvs.dk']) {
      const own = await post(link, { ...five, email });
      expect(own.status, email).toBe(400);
      expect(await own.text()).toContain(escaped(REVIEW_MESSAGES.customerEmailOwn));
    }
    // Any other address: stored, but nothing is published until that inbox confirms it.
    const published = h.published.length;
    const sent = await post(link, { ...five, email: 'jens@example.dk' });
    expect(sent.status).toBe(303);
    expect(sent.headers.get('location')).toBe(`/api/sites/${A}/anmeldelse/tjek-mail`);
    expect(await (await h.send('GET', sent.headers.get('location') ?? '')).text()).toContain(
      escaped(REVIEW_MESSAGES.confirmText),
    );
    expect(h.published.length).toBe(published);
    expect(await listReviews(h.db, A)).toEqual([]);
    const owner = await (await h.send('GET', '/api/reviews', { cookie })).json();
    expect(owner.summary).toEqual({ count: 0, average: 0 });
    expect(owner.reviews.map((r: { state: string }) => r.state)).toEqual(['unconfirmed']);
    // The same phone, any way it is written, cannot be asked again for 60 days.
    for (const phone of ['20304050', '+45 20 30 40 50']) {
      const again = await ask({ name: 'Jens', email: '', phone });
      expect(again.status).toBe(409);
      expect((await errorOf(again)).message).toBe(REVIEW_MESSAGES.askedRecently);
    }
    // Nobody mailed the owner; the confirmation went to the address given, and only it confirms.
    const confirmation = await mailTo('jens@example.dk');
    expect((await mailsTo(OWNER)).filter((m) => m.includes('/anmeldelse/'))).toEqual([]);
    const confirm = /https?:\/\/[^\s/]+(\/api\/sites\/\d{8}\/anmeldelse\/bekraeft\/\S+)/.exec(
      confirmation,
    )?.[1];
    if (!confirm) throw new Error('no confirmation link');
    // Opening it (a mail scanner) confirms nothing; the button does, once.
    expect((await h.send('GET', confirm)).status).toBe(200);
    expect(await listReviews(h.db, A)).toEqual([]);
    const confirmed = await post(confirm, {});
    expect(confirmed.status).toBe(200);
    expect(await confirmed.text()).toContain(escaped(REVIEW_MESSAGES.confirmed));
    expect((await listReviews(h.db, A)).map((r) => r.stars)).toEqual([5]);
    expect(h.published.length).toBe(published + 1);
    expect((await post(confirm, {})).status).toBe(410);
    // The receipt with the delete link went to the confirmed address, the notice to the owner.
    expect(await mailTo('jens@example.dk')).toContain('/anmeldelse/slet/');
    expect((await mailsTo(OWNER)).some((m) => m.includes('5 af 5 stjerner'))).toBe(true);
    // A confirmation never used lets the review go after 7 days, with its address.
    const second = await ask({ name: 'Else', email: '', phone: '20304051' });
    await post(
      await smsLink((await second.json()).smsText),
      { ...five, email: 'else@example.dk' },
      '203.0.113.9',
    );
    h.advance(8 * DAY);
    await outbox.deleteExpired();
    const left = await h.db.selectFrom('reviews').select(['pendingEmail', 'stars']).execute();
    expect(left).toEqual([{ pendingEmail: null, stars: 5 }]);
  });

  it('sends the SMS through the operator’s gateway, so the owner never sees the link', async () => {
    let status = 200;
    const sms = await startGateway(() => status);
    await setUp({ SMS_GATEWAY_URL: sms.url, SMS_GATEWAY_TOKEN: 'hemmelig' });
    const asked = await ask({ name: 'Jens Jensen', email: '', phone: '20 30 40 50' });
    expect(asked.status).toBe(201);
    const body = await asked.json();
    expect(body).toMatchObject({
      smsText: null,
      smsTo: null,
      message: REVIEW_MESSAGES.smsSent('20 30 40 50'),
    });
    expect(body.request.customerConfirms).toBe(false);
    expect(sms.calls).toHaveLength(1);
    expect(sms.calls[0]?.authorization).toBe('Bearer hemmelig');
    expect(sms.calls[0]?.body.to).toBe('+4520304050');
    const link = await smsLink(sms.calls[0]?.body.text ?? '');
    // The customer may leave their e-mail out: the review counts at once, and no receipt goes anywhere.
    const form = await (await h.send('GET', link)).text();
    expect(form).toContain(escaped(REVIEW_MESSAGES.customerEmailHintOptional));
    const sent = await post(link, five);
    expect(sent.headers.get('location')).toBe(`/api/sites/${A}/anmeldelse/tak`);
    expect((await listReviews(h.db, A)).map((r) => r.stars)).toEqual([5]);
    await outbox.sweep();
    expect(outboxMails(h.config.storageDir).filter((m) => m.includes('/anmeldelse/slet/'))).toEqual([]);
    // The company's own number is no customer's.
    const own = await ask({ name: 'Mig selv', email: '', phone: '+45 31415926' });
    expect((await errorOf(own)).message).toBe(REVIEW_MESSAGES.ownContact);
    // A gateway that refuses: a Danish refusal, and the request is taken back (asking again works).
    status = 500;
    const failed = await ask({ name: 'Else', email: '', phone: '22 22 22 22' });
    expect(failed.status).toBe(503);
    expect((await errorOf(failed)).message).toBe(REVIEW_MESSAGES.smsFailed);
    status = 200;
    expect((await ask({ name: 'Else', email: '', phone: '22 22 22 22' })).status).toBe(201);
    // The own number never reached the gateway.
    expect(sms.calls).toHaveLength(3);
  });

  it('never sends a link, or a receipt with the delete link, to the owner’s own addresses (the forwarded delete)', async () => {
    await setUp();
    await saveLeadSettings(h.db, A, { formEnabled: true, recipientEmail: 'tilbud@mester.dk' });
    for (const email of [
      OWNER,
      'Ejer+Kunde@Eksempel-VVS.dk',
      'videresend@eksempel-vvs.dk',
      'kontakt@eksempel-vvs.dk',
      'tilbud@mester.dk',
    ]) {
      const refused = await ask({ name: 'Mette Hansen', email, phone: '' });
      expect(refused.status, email).toBe(400);
      expect((await errorOf(refused)).message).toBe(REVIEW_MESSAGES.ownContact);
    }
    // A quote request whose e-mail is the owner's (he typed it in himself) cannot be asked either.
    const lead = await insertLead(
      h.db,
      A,
      {
        name: 'Mette',
        phone: '',
        email: 'ejer+mette@eksempel-vvs.dk',
        postcode: '4600',
        message: 'Bad',
        photos: [],
        contentHash: 'x',
      },
      h.now(),
    );
    await h.send('PATCH', `/api/leads/${lead.id}`, { cookie, body: { handled: true } });
    const fromLead = await ask({ leadId: lead.id });
    expect((await errorOf(fromLead)).message).toBe(REVIEW_MESSAGES.ownContact);
    await outbox.sweep();
    expect(outboxMails(h.config.storageDir).filter((m) => m.includes('/anmeldelse/'))).toEqual([]);
    // The customer's one-star review by mail: the receipt goes only to the address the link was sent
    // to, which the owner could not make his own.
    const link = await mailedLink('mette@example.dk');
    await post(link, { ...five, stars: '1' });
    await outbox.sweep();
    const receipts = outboxMails(h.config.storageDir).filter((m) => m.includes('/anmeldelse/slet/'));
    expect(receipts).toHaveLength(1);
    expect(receipts[0]).toContain('To: mette@example.dk');
  });

  it('asks once per job, once per recipient in 60 days, and never after "nej tak", however the address is written', async () => {
    await setUp();
    const lead = await insertLead(
      h.db,
      A,
      {
        name: 'Mette',
        phone: '',
        email: 'mette@example.dk',
        postcode: '4600',
        message: 'Bad',
        photos: [],
        contentHash: 'y',
      },
      h.now(),
    );
    await h.send('PATCH', `/api/leads/${lead.id}`, { cookie, body: { handled: true } });
    const answers = [];
    for (let n = 0; n < 3; n += 1) answers.push(await ask({ leadId: lead.id }));
    expect(answers.map((a) => a.status)).toEqual([201, 409, 409]);
    expect((await errorOf(answers[1] as Response)).message).toBe(REVIEW_MESSAGES.leadAsked);
    // Ten asks in one second to one stranger, in ten spellings: one request, one mail.
    const spellings = [
      'Fremmed@Gmail.com',
      'fremmed+1@gmail.com',
      'f.r.e.m.m.e.d@googlemail.com',
      'FREMMED+x@GMAIL.COM',
      ' fremmed@gmail.com',
    ];
    const flood = await Promise.all(
      Array.from({ length: 10 }, (_, n) =>
        ask({ name: 'Fremmed', email: spellings[n % 5] ?? '', phone: '' }),
      ),
    );
    expect(flood.map((a) => a.status).sort()).toEqual([201, ...Array(9).fill(409)]);
    await outbox.sweep();
    const toStranger = outboxMails(h.config.storageDir).filter((m) => /to: .*fremmed/i.test(m));
    expect(toStranger).toHaveLength(1);
    // "Nej tak" from nej.tak@gmail.com holds for nejtak+1@gmail.com, and after the 60 days too.
    const noLink = await mailedLink('nej.tak@gmail.com', 'Nej Tak');
    await post(`${noLink}/nej`, {});
    h.advance(61 * DAY);
    cookie = await h.signIn(OWNER);
    for (const email of ['nejtak+1@gmail.com', 'NEJ.TAK@googlemail.com']) {
      const again = await ask({ name: 'Nej Tak', email, phone: '' });
      expect((await errorOf(again)).message, email).toBe(REVIEW_MESSAGES.declinedBefore);
    }
    // The stranger who did not answer may be asked again once the 60 days have passed.
    expect((await ask({ name: 'Fremmed', email: 'fremmed+igen@gmail.com', phone: '' })).status).toBe(201);
  });

  it('holds many reviews from one client address or one hour for the operator, who releases or removes them', async () => {
    await setUp();
    const links = [];
    for (const n of [1, 2, 3, 4, 5]) links.push(await mailedLink(`kunde${n}@example.dk`, `Kunde ${n}`));
    const [first, second, third, fourth, fifth] = links as [string, string, string, string, string];
    const published = h.published.length;
    // Two from one address: the second is held, and its writer is told it will be looked at.
    expect((await post(first, five, '198.51.100.7')).headers.get('location')).toMatch(/\/tak$/);
    const held = await post(second, five, '198.51.100.7');
    expect(held.headers.get('location')).toBe(`/api/sites/${A}/anmeldelse/modtaget`);
    expect(await (await h.send('GET', held.headers.get('location') ?? '')).text()).toContain(
      escaped(REVIEW_MESSAGES.heldText),
    );
    // Four within an hour from four addresses: the fourth is held.
    expect((await post(third, five, '203.0.113.1')).headers.get('location')).toMatch(/\/tak$/);
    expect((await post(fourth, five, '203.0.113.2')).headers.get('location')).toMatch(/\/modtaget$/);
    h.advance(2 * 60 * 60 * 1000);
    expect((await post(fifth, five, '203.0.113.3')).headers.get('location')).toMatch(/\/tak$/);
    expect(await listReviews(h.db, A)).toHaveLength(3);
    expect(h.published.length).toBe(published + 3);
    const owner = await (await h.send('GET', '/api/reviews', { cookie })).json();
    expect(owner.summary.count).toBe(3);
    expect(owner.reviews.filter((r: { state: string }) => r.state === 'held')).toHaveLength(2);

    // The operator sees both with their reasons; the owner cannot release one.
    const operator = await h.createOwner('49494949', 'Drift', 'drift@mesterside.dk');
    const user = await findUserByEmail(h.db, operator.email);
    if (user) await markEmailVerified(h.db, user.id, h.now());
    const opCookie = await h.signIn(operator.email);
    const list = await (await h.send('GET', '/api/operator/reviews', { cookie: opCookie })).json();
    expect(list.held.map((r: { heldReason: string }) => r.heldReason).sort()).toEqual([
      'busy-hour',
      'same-client',
    ]);
    const [one, two] = list.held as { id: string }[];
    const release = (id: string, who: string) =>
      h.send('POST', `/api/operator/reviews/${A}/${id}/release`, { cookie: who, body: {} });
    expect((await release(one?.id ?? '', cookie)).status).toBe(404);
    const released = await release(one?.id ?? '', opCookie);
    expect(released.status).toBe(200);
    expect((await released.json()).message).toBe(REVIEW_MESSAGES.released);
    expect(await listReviews(h.db, A)).toHaveLength(4);
    expect(h.published.length).toBe(published + 4);
    const removed = await h.send('POST', `/api/operator/reviews/${A}/${two?.id}/removal`, {
      cookie: opCookie,
      body: { reason: 'Skrevet af firmaet selv' },
    });
    expect(removed.status).toBe(200);
    const after = await (await h.send('GET', '/api/operator/reviews', { cookie: opCookie })).json();
    expect(after.held).toEqual([]);
    expect(after.removed.map((r: { id: string }) => r.id)).toEqual([two?.id]);
    expect(await listReviews(h.db, A)).toHaveLength(4);
  });
});
