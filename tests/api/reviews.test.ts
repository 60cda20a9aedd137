// Issue 41 over HTTP on the real app, on SQLite and PostgreSQL: a quote request marked "Opgaven er
// udført" asks for a review (a mail with the link; an SMS text when there is only a phone); the link
// opens a plain page of the company's site without cookies or scripts; Danish refusals beside the
// fields; the form token, honeypot and single use; a review of 2 stars stored and published; the link
// a second time refused in Danish; a link for A is nothing at B; XSS payloads come back escaped; the
// one answer, the report, no way to edit or hide; "nej tak" is final; 30 asks a day; the customer's
// delete link; the owner's notice; the operator's removal with its reason.
import { Writable } from 'node:stream';
import { afterEach, expect, it } from 'vitest';
import { createMailOutbox, type MailOutbox } from '../../api/mail-outbox';
import { findUserByEmail, insertLead, listReviews, markEmailVerified } from '../../db';
import { createLogger } from '../../lib/logger';
import { REVIEW_MESSAGES } from '../../rules/review-messages';
import { REVIEWS_NOTE } from '../../rules/site-reviews';
import { describeWithDialects } from '../support/databases';
import { htmlProblems } from '../support/documents';
import { outboxMails } from '../support/outbox';
import { type ApiHarness, createApiHarness, errorOf, type Owner } from './api-harness';

let h: ApiHarness;
let outbox: MailOutbox;

afterEach(async () => {
  await outbox?.close();
  await h?.close();
});

const A = '41414141';
const B = '42424242';
const XSS = '<script>alert(1)</script><img src=x onerror=alert(2)>"\'><svg onload=alert(3)>';

function formBody(values: Record<string, string>): string {
  return new URLSearchParams(values).toString();
}

/** The HTML-escaped form of a text, as a page must carry it. */
function escaped(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

describeWithDialects('reviews from real customers (issue 41)', (dialect) => {
  let owner: Owner;
  let cookie: string;

  async function setUp() {
    h = await createApiHarness({ OPERATOR_EMAILS: 'drift@mesterside.dk' }, { dialect });
    const quiet = createLogger(h.config, new Writable({ write: (_c, _e, done) => done() }));
    outbox = createMailOutbox({ db: h.db, config: h.config, logger: quiet, now: h.now, everyMs: 0 });
    owner = await h.createOwner(A, 'Eksempel VVS ApS', 'ejer@eksempel-vvs.dk');
    await h.db.updateTable('companies').set({ industryCode: '432200' }).where('cvr', '=', A).execute();
    await h.createOwner(B, 'Anden Tømrer ApS', 'ejer@anden.dk');
    cookie = await h.signIn(owner.email);
  }

  async function quoteRequest(email = 'mette@example.dk', phone = '20 30 40 50') {
    return insertLead(
      h.db,
      A,
      {
        name: 'Mette Ørsted Hansen',
        phone,
        email,
        postcode: '4600',
        message: 'Nyt badeværelse',
        photos: [],
        contentHash: `hash-${email}-${phone}`,
      },
      h.now(),
    );
  }

  /** The link path in the newest mail to `to`. */
  async function linkInMail(to: string): Promise<string> {
    await outbox.sweep();
    const mail = outboxMails(h.config.storageDir)
      .reverse()
      .find((text) => text.toLowerCase().includes(`to: ${to}`));
    const link = /https?:\/\/[^\s/]+(\/api\/sites\/\d{8}\/anmeldelse\/[A-Za-z0-9_.-]+)/.exec(mail ?? '')?.[1];
    if (!link) throw new Error(`no review link mailed to ${to}`);
    return link;
  }

  /** Opens the form; answers the page (the form has no token and no minimum wait: issue 48). */
  async function open(link: string) {
    const response = await h.send('GET', link);
    const page = await response.text();
    return { response, page, token: '' };
  }

  function post(link: string, values: Record<string, string>) {
    return h.send('POST', link, {
      body: formBody(values),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
  }

  async function askFromLead(email = 'mette@example.dk', phone = '20 30 40 50') {
    const lead = await quoteRequest(email, phone);
    // "Opgaven er udført".
    const done = await h.send('PATCH', `/api/leads/${lead.id}`, { cookie, body: { handled: true } });
    expect(done.status).toBe(200);
    const asked = await h.send('POST', '/api/reviews/requests', { cookie, body: { leadId: lead.id } });
    expect(asked.status, await asked.clone().text()).toBe(201);
    return { lead, asked: await asked.json() };
  }

  it('asks after the job, takes 2 stars through the link once, and publishes them', async () => {
    await setUp();
    const lead = await quoteRequest();
    // Not before the job is marked done.
    const early = await h.send('POST', '/api/reviews/requests', { cookie, body: { leadId: lead.id } });
    expect(early.status).toBe(409);
    expect((await errorOf(early)).message).toBe(REVIEW_MESSAGES.leadNotDone);
    await h.send('PATCH', `/api/leads/${lead.id}`, { cookie, body: { handled: true } });
    const asked = await h.send('POST', '/api/reviews/requests', { cookie, body: { leadId: lead.id } });
    expect(asked.status).toBe(201);
    expect(await asked.json()).toMatchObject({
      request: { customerName: 'Mette Ørsted Hansen', channel: 'email', state: 'sent', leadId: lead.id },
      message: REVIEW_MESSAGES.mailQueued('mette@example.dk'),
      smsText: null,
    });

    const link = await linkInMail('mette@example.dk');
    const { response, page, token } = await open(link);
    expect(response.status).toBe(200);
    expect(response.headers.get('set-cookie')).toBeNull();
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(page).not.toMatch(/<script/i);
    expect(page).toContain('Eksempel VVS ApS');
    expect(page).toContain('value="Mette H., Køge"');
    expect(page).toContain('Hvad fik du lavet?');
    expect(page).toContain('Nyt badeværelse');
    expect(page).toContain(REVIEWS_NOTE);
    // A mail request asks no e-mail: the link went to the customer's own address.
    expect(page).not.toContain('name="email"');

    // Danish refusals beside the fields, the customer's words kept (escaped).
    const refused = await post(link, { token, text: XSS, author: 'Mette H., Køge', website: '' });
    expect(refused.status).toBe(400);
    const again = await refused.text();
    expect(again).toContain(REVIEW_MESSAGES.starsRequired);
    expect(again).toContain(REVIEW_MESSAGES.consentRequired);
    expect(again).toContain(escaped(XSS));
    expect(again).not.toContain('<script>alert');
    expect(again).not.toContain('<img src=x');
    const nextToken = '';
    // Both the form and the form with its refusals are valid HTML.
    for (const html of [page, again]) expect(await htmlProblems(html)).toEqual([]);

    // No minimum wait (issue 48): the link itself is the customer's secret; sent at once, it is taken.
    const published = h.published.length;
    const sent = await post(link, {
      token: nextToken,
      stars: '2',
      service: 'Nyt badeværelse',
      text: `Det tog for lang tid. ${XSS}`,
      author: 'Mette H., Køge',
      consent: 'ja',
      website: '',
    });
    expect(sent.status, await sent.clone().text()).toBe(303);
    expect(sent.headers.get('location')).toBe(`/api/sites/${A}/anmeldelse/tak`);
    expect(h.published.slice(published).map((entry) => entry.cvr)).toEqual([A]);
    const thanks = await h.send('GET', sent.headers.get('location') ?? '');
    expect(await thanks.text()).toContain(REVIEW_MESSAGES.thanks);
    const [stored] = await listReviews(h.db, A);
    expect(stored).toMatchObject({
      stars: 2,
      authorName: 'Mette H., Køge',
      service: 'Nyt badeværelse',
    });

    // The same link a second time: refused, in Danish, whether opened or posted.
    const reopened = await h.send('GET', link);
    expect(reopened.status).toBe(410);
    expect(await reopened.text()).toContain(escaped(REVIEW_MESSAGES.linkUsed));
    const reposted = await post(link, { token: nextToken, stars: '5', author: 'X', consent: 'ja' });
    expect(reposted.status).toBe(410);
    expect(await listReviews(h.db, A)).toHaveLength(1);

    // The owner sees it, with the request's state; the owner and the customer got their mails.
    const listed = await (await h.send('GET', '/api/reviews', { cookie })).json();
    expect(listed.summary).toEqual({ count: 1, average: 2 });
    expect(listed.requests.map((r: { state: string }) => r.state)).toEqual(['reviewed']);
    expect(listed.settings).toEqual({ remindersEnabled: true });
    await outbox.sweep();
    const mails = outboxMails(h.config.storageDir);
    expect(mails.some((m) => m.includes('To: ejer@eksempel-vvs.dk') && m.includes('2 af 5 stjerner'))).toBe(
      true,
    );
    expect(mails.some((m) => m.includes('To: mette@example.dk') && m.includes('/anmeldelse/slet/'))).toBe(
      true,
    );
  });

  it('refuses a link of company A at company B, and a forged one', async () => {
    await setUp();
    await askFromLead();
    const link = await linkInMail('mette@example.dk');
    const atB = link.replace(`/sites/${A}/`, `/sites/${B}/`);
    const opened = await h.send('GET', atB);
    expect(opened.status).toBe(404);
    expect(await opened.text()).toContain(escaped(REVIEW_MESSAGES.linkInvalid));
    const posted = await post(atB, { stars: '1', author: 'X', consent: 'ja', token: 'x' });
    expect(posted.status).toBe(404);
    const forged = await h.send('GET', `${link.slice(0, -3)}abc`);
    expect(forged.status).toBe(404);
    expect(await listReviews(h.db, B)).toEqual([]);
  });

  it('drops a filled honeypot and answers as received', async () => {
    await setUp();
    await askFromLead();
    const link = await linkInMail('mette@example.dk');
    const { token } = await open(link);
    const bot = await post(link, {
      token,
      stars: '5',
      author: 'Bot',
      consent: 'ja',
      website: 'https://spam.example',
    });
    expect(bot.status).toBe(303);
    expect(await listReviews(h.db, A)).toEqual([]);
  });

  it('lets the owner answer once, report, and neither edit nor hide', async () => {
    await setUp();
    await askFromLead();
    const link = await linkInMail('mette@example.dk');
    const { token } = await open(link);
    await post(link, { token, stars: '1', text: 'Kom aldrig', author: 'Mette H., Køge', consent: 'ja' });
    const [review] = await listReviews(h.db, A);
    if (!review) throw new Error('no review');

    const empty = await h.send('POST', `/api/reviews/${review.id}/answer`, { cookie, body: { answer: ' ' } });
    expect((await errorOf(empty)).message).toBe(REVIEW_MESSAGES.answerRequired);
    const answered = await h.send('POST', `/api/reviews/${review.id}/answer`, {
      cookie,
      body: { answer: 'Vi beklager. Vi ringer dig op.' },
    });
    expect(answered.status).toBe(200);
    expect((await answered.json()).review.answer).toBe('Vi beklager. Vi ringer dig op.');
    const second = await h.send('POST', `/api/reviews/${review.id}/answer`, {
      cookie,
      body: { answer: 'Ændret' },
    });
    expect(second.status).toBe(409);
    expect((await errorOf(second)).message).toBe(REVIEW_MESSAGES.alreadyAnswered);

    const report = await h.send('POST', `/api/reviews/${review.id}/report`, {
      cookie,
      body: { reason: 'not-customer' },
    });
    expect(report.status).toBe(200);
    expect((await report.json()).message).toBe(REVIEW_MESSAGES.reported);

    // No route edits, hides or deletes a review.
    for (const method of ['PUT', 'PATCH', 'DELETE']) {
      const response = await h.send(method, `/api/reviews/${review.id}`, {
        cookie,
        body: method === 'DELETE' ? undefined : { stars: 5, hidden: true },
      });
      expect(response.status, method).toBe(404);
    }
    const doc = await (await h.send('GET', '/api/openapi.json')).json();
    const reviewPaths = Object.entries(doc.paths as Record<string, Record<string, unknown>>).filter(
      ([path]) => path.startsWith('/api/reviews'),
    );
    expect(reviewPaths.flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m} ${path}`)).sort()).toEqual([
      'get /api/reviews',
      'post /api/reviews/requests',
      'post /api/reviews/{id}/answer',
      'post /api/reviews/{id}/report',
      'put /api/reviews/settings',
    ]);
    expect((await listReviews(h.db, A))[0]).toMatchObject({ stars: 1, text: 'Kom aldrig' });

    // The operator removes it, with the reason kept in the operator view.
    const operator = await h.createOwner('49494949', 'Drift', 'drift@mesterside.dk');
    const user = await findUserByEmail(h.db, operator.email);
    if (user) await markEmailVerified(h.db, user.id, h.now());
    const opCookie = await h.signIn(operator.email);
    const list = await (await h.send('GET', '/api/operator/reviews', { cookie: opCookie })).json();
    expect(list.reported.map((r: { id: string; reportReason: string }) => [r.id, r.reportReason])).toEqual([
      [review.id, 'not-customer'],
    ]);
    const noReason = await h.send('POST', `/api/operator/reviews/${A}/${review.id}/removal`, {
      cookie: opCookie,
      body: { reason: '' },
    });
    expect((await errorOf(noReason)).message).toBe(REVIEW_MESSAGES.removalReasonRequired);
    // The owner cannot remove it through the operator's route.
    const byOwner = await h.send('POST', `/api/operator/reviews/${A}/${review.id}/removal`, {
      cookie,
      body: { reason: 'Jeg kan ikke lide den' },
    });
    expect(byOwner.status).toBe(404);
    const removed = await h.send('POST', `/api/operator/reviews/${A}/${review.id}/removal`, {
      cookie: opCookie,
      body: { reason: 'Skrevet af en konkurrent (bekræftet)' },
    });
    expect(removed.status).toBe(200);
    expect(await listReviews(h.db, A)).toEqual([]);
    const after = await (await h.send('GET', '/api/operator/reviews', { cookie: opCookie })).json();
    expect(after.removed).toMatchObject([
      { id: review.id, removedReason: 'Skrevet af en konkurrent (bekræftet)', text: '' },
    ]);
  });

  it('gives an SMS text for a customer with only a phone, and never asks again after "nej tak"', async () => {
    await setUp();
    const invalid = await h.send('POST', '/api/reviews/requests', {
      cookie,
      body: { name: 'Jens Jensen', email: '', phone: '123' },
    });
    expect((await errorOf(invalid)).message).toBe(REVIEW_MESSAGES.phoneInvalid);
    const nobody = await h.send('POST', '/api/reviews/requests', {
      cookie,
      body: { name: 'Jens', email: '', phone: '' },
    });
    expect((await errorOf(nobody)).message).toBe(REVIEW_MESSAGES.contactRequired);

    const asked = await h.send('POST', '/api/reviews/requests', {
      cookie,
      body: { name: 'Jens Jensen', email: '', phone: '12 34 56 78' },
    });
    expect(asked.status).toBe(201);
    const body = await asked.json();
    expect(body.message).toBe(REVIEW_MESSAGES.smsReady);
    expect(body.smsText).toMatch(/^Hej Jens\. Tak fordi du valgte Eksempel VVS ApS\./);
    const short = /https?:\/\/[^\s/]+(\/anmeld\/\S+)$/.exec(body.smsText)?.[1] ?? '';
    const link = (await h.send('GET', short)).headers.get('location') ?? '';
    expect(link).not.toBe('');

    const no = await h.send('POST', `${link}/nej`, {
      body: '',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(no.status).toBe(303);
    expect(await (await h.send('GET', no.headers.get('location') ?? '')).text()).toContain(
      REVIEW_MESSAGES.declined,
    );
    expect((await h.send('GET', link)).status).toBe(410);
    const again = await h.send('POST', '/api/reviews/requests', {
      cookie,
      body: { name: 'Jens', email: '', phone: '+4512345678' },
    });
    expect(again.status).toBe(409);
    expect((await errorOf(again)).message).toBe(REVIEW_MESSAGES.declinedBefore);
  });

  it('allows 30 asks a day, and saves the switches (publishing)', async () => {
    await setUp();
    for (let n = 0; n < 30; n += 1) {
      const response = await h.send('POST', '/api/reviews/requests', {
        cookie,
        body: { name: `Kunde ${n}`, email: '', phone: `2000${String(n).padStart(4, '0')}` },
      });
      expect(response.status).toBe(201);
    }
    const over = await h.send('POST', '/api/reviews/requests', {
      cookie,
      body: { name: 'Kunde 31', email: 'k31@example.dk', phone: '' },
    });
    expect(over.status).toBe(429);
    expect((await errorOf(over)).message).toBe(REVIEW_MESSAGES.dailyLimit);

    const saved = await h.send('PUT', '/api/reviews/settings', {
      cookie,
      body: { remindersEnabled: false },
    });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual({ remindersEnabled: false });
    expect(h.published.map((entry) => entry.cvr)).toEqual([A]);
  });

  it('mails one reminder after 7 days through the outbox, and none after the customer wrote', async () => {
    await setUp();
    await askFromLead('paamindes@example.dk', '30303030');
    await askFromLead('skriver@example.dk', '30303031');
    const link = await linkInMail('skriver@example.dk');
    const { token } = await open(link);
    await post(link, { token, stars: '4', author: 'S.', consent: 'ja' });
    const reminders = () =>
      // The reminder's subject (decoded) starts "Påmindelse"; the first mail only mentions "én påmindelse".
      outboxMails(h.config.storageDir).filter((mail) => mail.includes('Påmindelse'));
    h.advance(6 * 24 * 60 * 60 * 1000);
    await outbox.sweep();
    expect(reminders()).toHaveLength(0);
    h.advance(2 * 24 * 60 * 60 * 1000);
    await outbox.sweep();
    await outbox.sweep();
    const sent = reminders();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toContain('To: paamindes@example.dk');
    // Once sent, the address is gone from the request.
    const stored = await h.db.selectFrom('reviewRequests').select('email').execute();
    expect(stored.every((row) => row.email === null)).toBe(true);
  });

  it("deletes the customer's review through the link in the receipt, after a button", async () => {
    await setUp();
    await askFromLead();
    const link = await linkInMail('mette@example.dk');
    const { token } = await open(link);
    await post(link, { token, stars: '5', author: 'Mette H., Køge', consent: 'ja' });
    await outbox.sweep();
    const receipt = outboxMails(h.config.storageDir).find(
      (m) => m.includes('To: mette@example.dk') && m.includes('/anmeldelse/slet/'),
    );
    const deleteLink =
      /https?:\/\/[^\s/]+(\/api\/sites\/\d{8}\/anmeldelse\/slet\/\S+)/.exec(receipt ?? '')?.[1] ?? '';
    // Opening the link (as a mail scanner would) deletes nothing.
    const confirm = await h.send('GET', deleteLink);
    expect(confirm.status).toBe(200);
    expect(await confirm.text()).toContain(escaped(REVIEW_MESSAGES.deleteConfirm));
    expect(await listReviews(h.db, A)).toHaveLength(1);
    // At company B the link is nothing.
    const atB = await h.send('POST', deleteLink.replace(`/sites/${A}/`, `/sites/${B}/`), { body: '' });
    expect(atB.status).toBe(404);
    const deleted = await h.send('POST', deleteLink, {
      body: '',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(deleted.status).toBe(200);
    expect(await deleted.text()).toContain(REVIEW_MESSAGES.deleted);
    expect(await listReviews(h.db, A)).toEqual([]);
  });
});
