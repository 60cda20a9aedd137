// Issue 51 items 3, 4 and 7 from the customer's side, on the real app over HTTP (app.request) on
// SQLite and PostgreSQL, with mail through nodemailer to a loopback SMTP server: "Send tilbud" mails
// the customer the link and the PDF at once; the link opens the company's page, which works as plain
// HTML forms; "Afvis" with a reason, "Accepter tilbuddet" with a name and a tick (refused beside the
// fields without them) keep their record and mail the owner; an expired or replaced tilbud cannot be
// answered; a forged link, one of another purpose or another company opens nothing; hostile text is
// text on the page, in the mail and in the PDF; the reminder never goes for an answered or replaced
// tilbud.
import { createHash } from 'node:crypto';
import { Writable } from 'node:stream';
import { afterEach, expect, it } from 'vitest';
import { createMailOutbox, type MailOutbox } from '../../api/mail-outbox';
import { documentLinkToken, findQuote } from '../../db';
import { createLogger } from '../../lib/logger';
import { INVOICE_MESSAGES } from '../../rules/invoice-messages';
import { QUOTE_MESSAGES } from '../../rules/quote-messages';
import { formatOre } from '../../rules/quote-money';
import { QUOTE_PAGE_MESSAGES as M } from '../../rules/quote-page-messages';
import { describeWithDialects } from '../support/databases';
import { htmlProblems, pdfText } from '../support/documents';
import { readMessage, type SmtpSink, startSmtpSink } from '../support/smtp-sink';
import { type ApiHarness, createApiHarness, errorOf } from './api-harness';

let h: ApiHarness;
let sink: SmtpSink | undefined;
let outbox: MailOutbox | undefined;

afterEach(async () => {
  await outbox?.close();
  outbox = undefined;
  await h?.close();
  await sink?.close();
  sink = undefined;
});

const A = '51515454';
const B = '52525454';
const OWNER = 'ejer@eksempel-vvs.dk';
const CUSTOMER = 'mette@example.dk';
const XSS = '<script>alert(1)</script>';
const IMG = '<img src=x onerror="alert(2)">';
const QUOTES = `"Mester" & 'Søn'`;
const DAY_MS = 86_400_000;

const LINES = [
  {
    kind: 'labour',
    text: 'Montering af varmepumpe',
    quantityHundredths: 750,
    unit: 'hours',
    unitPriceOre: 52_000,
    deduction: 'craft',
  },
  {
    kind: 'materials',
    text: 'Luft/vand-varmepumpe 8 kW',
    quantityHundredths: 100,
    unit: 'pieces',
    unitPriceOre: 3_899_500,
    deduction: null,
  },
];
// 7,5 × 520 + 38.995 = 42.895 kr.; moms 10.723,75; total 53.618,75.
const TOTAL_ORE = 5_361_875;

interface Mail {
  to: string[];
  subject: string;
  raw: string;
  /** The decoded text/plain part. */
  text: string;
}

interface SentQuote {
  id: string;
  number: string;
  mail: Mail;
  /** The link in the mail. */
  link: URL;
}

/** The decoded body of the first MIME part of `type` (quoted-printable, base64 or as it is). */
function mimePart(raw: string, type: RegExp): Buffer | null {
  const parts = raw.split(/\r\n--[^\r\n]+\r\n/);
  for (const part of parts) {
    const split = part.indexOf('\r\n\r\n');
    if (split < 0) continue;
    const head = part.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
    const contentType = /^Content-Type:\s*([^;\r\n]+)/im.exec(head)?.[1]?.trim() ?? '';
    if (!type.test(contentType)) continue;
    const body = part.slice(split + 4).replace(/\r\n--[^\r\n]+--\s*$/, '');
    const encoding = /^Content-Transfer-Encoding:\s*(\S+)/im.exec(head)?.[1]?.toLowerCase();
    if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64');
    if (encoding === 'quoted-printable') {
      const soft = body.replace(/=\r\n/g, '');
      const bytes: number[] = [];
      for (let i = 0; i < soft.length; i++) {
        const hex = soft.slice(i + 1, i + 3);
        if (soft[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
          bytes.push(Number.parseInt(hex, 16));
          i += 2;
        } else bytes.push(soft.charCodeAt(i));
      }
      return Buffer.from(bytes);
    }
    return Buffer.from(body, 'utf8');
  }
  return null;
}

function toMail(message: { to: string[]; raw: string }): Mail {
  return {
    to: message.to,
    raw: message.raw,
    subject: readMessage(message.raw).subject,
    text: (mimePart(message.raw, /^text\/plain$/i)?.toString('utf8') ?? '').replace(/\r\n/g, '\n'),
  };
}

/** The mails that reached the sink so far. */
function mails(): Mail[] {
  return (sink?.messages ?? []).map(toMail);
}

/** The first mail to `to` whose subject matches, once it has reached the sink (within `timeoutMs`:
 *  the 2 s promise is the first test's to measure; elsewhere a loaded machine may take longer), of
 *  those after the first `after`. */
async function mailTo(to: string, subject: RegExp, timeoutMs = 10_000, after = 0): Promise<Mail> {
  const started = Date.now();
  for (;;) {
    const found = mails()
      .slice(after)
      .find((m) => m.to.includes(to) && subject.test(m.subject));
    if (found) return found;
    if (Date.now() - started > timeoutMs) throw new Error(`no mail to ${to} matching ${subject}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * Runs every job due now to its end. A sweep while a run (woken by a route) is in flight answers
 * that run and queues one more after it: the second sweep is that one, a full pass over what is due.
 */
async function runDueJobs(): Promise<void> {
  await outbox?.sweep();
  await outbox?.sweep();
}

const from = (address: string) => ({ incoming: { socket: { remoteAddress: address } } });

describeWithDialects("the customer's tilbud page (issue 51)", (dialect) => {
  let cookie: string;

  async function setUp() {
    sink = await startSmtpSink();
    // The route that queued a mail wakes the outbox, as the serving process's does; no timer.
    h = await createApiHarness({ SMTP_URL: sink.url }, { dialect, nudgeMail: () => outbox?.nudge() });
    const quiet = createLogger(h.config, new Writable({ write: (_c, _e, done) => done() }));
    outbox = createMailOutbox({ db: h.db, config: h.config, logger: quiet, now: h.now, everyMs: 0 });
    await h.createOwner(A, 'Eksempel VVS ApS', OWNER);
    // VVS: its labour may count for håndværkerfradrag.
    await h.db
      .updateTable('companies')
      .set({ industryCode: '432200', address: 'Værkstedsvej 2', zipcode: '4600', city: 'Køge' })
      .where('cvr', '=', A)
      .execute();
    await h.createOwner(B, 'Anden Tømrer ApS', 'ejer@anden.dk');
    cookie = await h.signIn(OWNER);
    // The mails of the set-up (none is this test's) are gone before the test starts.
    await outbox.sweep();
    if (sink) sink.messages.length = 0;
  }

  /** A tilbud written and sent by the owner through the admin's routes; its mail and link. */
  async function sendQuote(
    overrides: { customerName?: string; terms?: string; lines?: unknown[] } = {},
  ): Promise<SentQuote> {
    const created = await h.send('POST', '/api/quotes', {
      cookie,
      body: { customerName: 'Mette Ørsted', customerEmail: CUSTOMER, customerPhone: '' },
    });
    expect(created.status).toBe(201);
    const draft = await created.json();
    const body = {
      customerName: overrides.customerName ?? 'Mette Ørsted',
      customerEmail: CUSTOMER,
      customerPhone: '20304050',
      customerAddress: 'Strandvejen 1\n4600 Køge',
      title: 'Ny varmepumpe',
      description: '',
      validUntil: draft.validUntil,
      terms: overrides.terms ?? draft.terms,
      lines: overrides.lines ?? LINES,
    };
    expect((await h.send('PUT', `/api/quotes/${draft.id}`, { cookie, body })).status).toBe(200);
    return sendDraft(draft.id);
  }

  /** "Send tilbud" of a draft; its mail (awaited at the sink, the outbox nudged by the route). */
  async function sendDraft(id: string): Promise<SentQuote> {
    const before = sink?.messages.length ?? 0;
    const response = await h.send('POST', `/api/quotes/${id}/send`, { cookie });
    expect(response.status).toBe(200);
    const sent = await response.json();
    const mail = await mailTo(CUSTOMER, /^Tilbud /, 10_000, before);
    const link = new URL(/https?:\/\/\S+\/tilbud\/\S+/.exec(mail.text)?.[0] ?? 'http://none/');
    return { id, number: sent.number, mail, link };
  }

  /** The customer's browser at the link's host (the company's own address), without JavaScript. */
  function customer(
    method: 'GET' | 'POST',
    link: URL,
    options: { path?: string; form?: Record<string, string>; ip?: string } = {},
  ): Promise<Response> {
    const headers: Record<string, string> = { Host: link.host, Origin: link.origin };
    const body = options.form ? new URLSearchParams(options.form).toString() : undefined;
    if (body !== undefined) headers['Content-Type'] = 'application/x-www-form-urlencoded';
    return h.send(method, options.path ?? link.pathname, {
      headers,
      ...(body === undefined ? {} : { body }),
      env: from(options.ip ?? '192.0.2.10'),
    });
  }

  /** A form post answered with a 303 back to the page, followed as a browser does. */
  async function postAndFollow(link: URL, path: string, form: Record<string, string>, ip?: string) {
    const posted = await customer('POST', link, { path, form, ...(ip ? { ip } : {}) });
    expect(posted.status).toBe(303);
    const location = posted.headers.get('location') ?? '';
    expect(location).toBe(link.pathname);
    return customer('GET', link, { path: location });
  }

  it('"Send tilbud" mails the customer the link and the PDF at once, and the link opens the tilbud', async () => {
    await setUp();
    const created = await (
      await h.send('POST', '/api/quotes', {
        cookie,
        body: { customerName: 'Mette Ørsted', customerEmail: CUSTOMER, customerPhone: '' },
      })
    ).json();
    await h.send('PUT', `/api/quotes/${created.id}`, {
      cookie,
      body: {
        customerName: 'Mette Ørsted',
        customerEmail: CUSTOMER,
        customerPhone: '',
        customerAddress: 'Strandvejen 1\n4600 Køge',
        title: 'Ny varmepumpe',
        description: '',
        validUntil: created.validUntil,
        terms: created.terms,
        lines: LINES,
      },
    });
    const response = await h.send('POST', `/api/quotes/${created.id}/send`, { cookie });
    const answeredAt = performance.now();
    expect(response.status).toBe(200);
    // No sweep: the outbox has no timer; only the route's nudge sends the mail. About 0.3 s on a
    // quiet machine; the bound leaves room for the full suite's three forks on two cores.
    await sink?.waitFor(1, 5000);
    expect(performance.now() - answeredAt).toBeLessThan(5000);
    const [mail] = mails() as [Mail];
    expect(mail.to).toEqual([CUSTOMER]);
    expect(mail.subject).toBe('Tilbud 2026-0001 fra Eksempel VVS ApS');
    expect(mail.text).toContain(`I alt inkl. moms: ${formatOre(TOTAL_ORE)}`);
    expect(mail.text).toContain('Gælder til og med: 1.4.2026');
    const pdf = mimePart(mail.raw, /^application\/pdf$/i);
    expect(pdf).not.toBeNull();
    expect(mail.raw).toMatch(/filename="?tilbud-2026-0001\.pdf"?/);
    const pdfWords = await pdfText(new Uint8Array(pdf ?? []));
    expect(pdfWords).toContain(formatOre(TOTAL_ORE));
    expect(pdfWords).toContain('Montering af varmepumpe');

    // The link: the company's own address; the page without scripts or cookies.
    const link = new URL(/https?:\/\/\S+\/tilbud\/\S+/.exec(mail.text)?.[0] ?? '');
    expect((await findQuote(h.db, A, created.id))?.storedState).toBe('sent');
    expect(link.pathname).toMatch(new RegExp(`^/api/sites/${A}/tilbud/[^/]+$`));
    const page = await customer('GET', link);
    expect(page.status).toBe(200);
    expect(page.headers.get('set-cookie')).toBeNull();
    expect(page.headers.get('cache-control')).toContain('no-store');
    const html = await page.text();
    for (const part of [
      'Tilbud 2026-0001',
      'Eksempel VVS ApS',
      'Montering af varmepumpe',
      'Moms 25 %',
      formatOre(1_072_375),
      formatOre(TOTAL_ORE),
      'skat.dk',
      'Accepter tilbuddet',
    ])
      expect(html).toContain(part);
    expect(html).not.toMatch(/<script/i);
    // Plain forms: the accept and the decline post to this page, no JavaScript needed.
    expect(html).toContain(`<form method="post" action="${link.pathname}">`);
    expect(html).toContain(`<form method="post" action="${link.pathname}/afvis">`);
    expect(await htmlProblems(html)).toEqual([]);
    // Opened: the owner sees it as Set.
    const owner = await (await h.send('GET', `/api/quotes/${created.id}`, { cookie })).json();
    expect(owner.state).toBe('seen');
  });

  it('"Afvis" with a reason: declined, the reason kept and shown to the owner, who is mailed at once', async () => {
    await setUp();
    const quote = await sendQuote();
    const before = sink?.messages.length ?? 0;
    const reason = 'Vi har valgt en anden løsning & en billigere pris';
    const page = await postAndFollow(quote.link, `${quote.link.pathname}/afvis`, { reason });
    // The owner's mail, at once (no sweep: the route nudged the outbox).
    const notice = await mailTo(OWNER, /afvist/);
    expect(sink?.messages.length).toBe(before + 1);
    expect(notice.subject).toBe('Tilbud 2026-0001 er afvist af Mette Ørsted');
    expect(notice.text).toContain(`Begrundelse: ${reason}`);
    // Its link opens the tilbud in the admin.
    expect(notice.text).toContain(`/admin/henvendelser/tilbud/${quote.id}`);

    const owner = await (await h.send('GET', `/api/quotes/${quote.id}`, { cookie })).json();
    expect(owner).toMatchObject({
      state: 'declined',
      declineReason: reason,
      declinedAt: h.now().toISOString(),
    });
    // After the answer, the page says so and offers no form to answer again.
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(M.declinedHeading);
    expect(html).not.toContain('<button');
    expect(html).not.toContain('<form');
    // A late accept (the old page's form) changes nothing.
    const late = await customer('POST', quote.link, { form: { name: 'Mette', terms: 'ja' } });
    expect(late.status).toBe(410);
    expect(await late.text()).toContain(M.declinedHeading);
    expect((await findQuote(h.db, A, quote.id))?.storedState).toBe('declined');
  });

  it('"Afvis" without a reason is a decline too, and the owner reads that none was given', async () => {
    await setUp();
    const quote = await sendQuote();
    await postAndFollow(quote.link, `${quote.link.pathname}/afvis`, { reason: '' });
    const notice = await mailTo(OWNER, /afvist/);
    expect(notice.text).toContain('Der er ikke givet en begrundelse.');
    const owner = await (await h.send('GET', `/api/quotes/${quote.id}`, { cookie })).json();
    expect(owner.state).toBe('declined');
  });

  it('refuses an accept without the tick or the name beside the fields, and keeps the record of one with both', async () => {
    await setUp();
    const quote = await sendQuote();
    const name = 'Mette "M" Ørsted & Co';
    expect((await customer('GET', quote.link)).status).toBe(200);

    // No tick: refused beside the tick, the name kept.
    const noTick = await customer('POST', quote.link, { form: { name } });
    expect(noTick.status).toBe(400);
    const noTickHtml = await noTick.text();
    expect(noTickHtml).toContain(`<p class="error" id="vilkaar-fejl">${M.termsRequired}</p>`);
    expect(noTickHtml).toContain('value="Mette &quot;M&quot; Ørsted &amp; Co"');
    expect(noTickHtml).not.toContain('navn-fejl');
    // No name: refused beside the name, the tick kept.
    const noName = await customer('POST', quote.link, { form: { name: '  ', terms: 'ja' } });
    expect(noName.status).toBe(400);
    const noNameHtml = await noName.text();
    expect(noNameHtml).toContain(`<p class="error" id="navn-fejl">${M.nameRequired}</p>`);
    expect(noNameHtml).toMatch(/name="terms" value="ja" checked/);
    expect(noNameHtml).not.toContain('vilkaar-fejl');
    expect((await findQuote(h.db, A, quote.id))?.storedState).toBe('seen');
    expect(mails().filter((m) => m.to.includes(OWNER))).toEqual([]);

    // The page as the customer saw it, then the accept a minute later.
    const seen = await (await customer('GET', quote.link)).text();
    const documentSeen = seen.slice(seen.indexOf('<main>\n') + 7, seen.indexOf('\n<section class="answer"'));
    h.advance(60_000);
    const page = await postAndFollow(quote.link, quote.link.pathname, { name, terms: 'ja' }, '198.51.100.23');
    expect(await page.text()).toContain(M.acceptedHeading);

    const stored = await findQuote(h.db, A, quote.id);
    expect(stored).toMatchObject({
      storedState: 'accepted',
      acceptedName: name,
      acceptedAt: h.now().toISOString(),
      acceptedIp: '198.51.100.23',
    });
    // The record is of the exact document the customer read.
    expect(stored?.documentHash).toBe(createHash('sha256').update(documentSeen).digest('hex'));
    const owner = await (await h.send('GET', `/api/quotes/${quote.id}`, { cookie })).json();
    expect(owner).toMatchObject({ state: 'accepted', acceptedName: name });

    const notice = await mailTo(OWNER, /accepteret/);
    expect(notice.subject).toBe(`Tilbud 2026-0001 er accepteret af ${name}`);
    expect(notice.text).toContain(formatOre(TOTAL_ORE));
    // Accepted once: a second accept is refused and the record stays the first.
    h.advance(60_000);
    const again = await customer('POST', quote.link, { form: { name: 'En anden', terms: 'ja' } });
    expect(again.status).toBe(410);
    expect((await findQuote(h.db, A, quote.id))?.acceptedName).toBe(name);
  });

  it('after valid-until the page says the tilbud has expired, offers to ask for a new one, and refuses an accept', async () => {
    await setUp();
    const quote = await sendQuote();
    // Valid to and with 1.4.2026: still open on the last day, Danish time.
    h.setNow(new Date('2026-04-01T20:00:00Z'));
    expect(await (await customer('GET', quote.link)).text()).toContain('Accepter tilbuddet');
    h.setNow(new Date('2026-04-02T08:00:00Z'));
    const page = await customer('GET', quote.link);
    const html = await page.text();
    expect(html).toContain(M.expiredHeading);
    expect(html).toContain(`>${M.askNew}</a>`);
    expect(html).toContain(`href="/#kontakt"`);
    expect(html).not.toContain('<form');
    const accept = await customer('POST', quote.link, { form: { name: 'Mette', terms: 'ja' } });
    expect(accept.status).toBe(410);
    expect(await accept.text()).toContain(M.expiredHeading);
    const decline = await customer('POST', quote.link, { path: `${quote.link.pathname}/afvis`, form: {} });
    expect(decline.status).toBe(410);
    cookie = await h.signIn(OWNER);
    expect(await (await h.send('GET', `/api/quotes/${quote.id}`, { cookie })).json()).toMatchObject({
      state: 'expired',
      acceptedAt: null,
      declinedAt: null,
    });
    // The owner answers the ask with "Ret og send igen": the new version holds 30 days from today, and
    // it is sent as it is (the date needs no change) and opens for the customer to accept.
    const revised = await (await h.send('POST', `/api/quotes/${quote.id}/revise`, { cookie })).json();
    expect(revised.validUntil).toBe('2026-05-02');
    const second = await sendDraft(revised.id);
    expect(second.mail.text).toContain('Gælder til og med: 2.5.2026');
    const page2 = await postAndFollow(second.link, second.link.pathname, { name: 'Mette', terms: 'ja' });
    expect(await page2.text()).toContain(M.acceptedHeading);
  });

  it('"Ret og send igen": the old link says it was replaced and links to the new one, which alone can be accepted', async () => {
    await setUp();
    const first = await sendQuote();
    const revised = await (await h.send('POST', `/api/quotes/${first.id}/revise`, { cookie })).json();
    // Not sent yet: the old link still shows the old tilbud, open.
    expect(await (await customer('GET', first.link)).text()).toContain('Accepter tilbuddet');
    const second = await sendDraft(revised.id);
    expect(second.link.pathname).not.toBe(first.link.pathname);

    const old = await customer('GET', first.link);
    const html = await old.text();
    expect(html).toContain(M.replacedHeading);
    expect(html).not.toContain('<form');
    // Its one link is the new version's, as the mail gave it.
    const links = [...html.matchAll(/<a class="button" href="([^"]+)"/g)].map((m) => m[1]);
    expect(links).toEqual([second.link.pathname]);
    const refused = await customer('POST', first.link, { form: { name: 'Mette', terms: 'ja' } });
    expect(refused.status).toBe(410);
    expect(await refused.text()).toContain(M.replacedHeading);
    const declined = await customer('POST', first.link, {
      path: `${first.link.pathname}/afvis`,
      form: { reason: 'for sent' },
    });
    expect(declined.status).toBe(410);
    expect((await findQuote(h.db, A, first.id))?.storedState).not.toMatch(/accepted|declined/);

    // The new link works.
    const page = await postAndFollow(second.link, second.link.pathname, { name: 'Mette', terms: 'ja' });
    expect(await page.text()).toContain(M.acceptedHeading);
    expect((await findQuote(h.db, A, second.id))?.storedState).toBe('accepted');
  });

  it('an accept while the owner writes version 2 stands: that version cannot be sent, and an accepted tilbud cannot be revised', async () => {
    await setUp();
    const first = await sendQuote();
    // The owner starts "Ret og send igen"; meanwhile the customer accepts version 1.
    const revised = await (await h.send('POST', `/api/quotes/${first.id}/revise`, { cookie })).json();
    await postAndFollow(first.link, first.link.pathname, { name: 'Mette', terms: 'ja' });
    await mailTo(OWNER, /accepteret/);
    const before = sink?.messages.length ?? 0;

    const send = await h.send('POST', `/api/quotes/${revised.id}/send`, { cookie });
    expect(send.status).toBe(409);
    expect((await errorOf(send)).message).toBe(QUOTE_MESSAGES.replacesAccepted);
    // The customer's link still says accepted (not "replaced"), and the customer gets no new tilbud.
    const page = await (await customer('GET', first.link)).text();
    expect(page).toContain(M.acceptedHeading);
    expect(page).not.toContain(M.replacedHeading);
    await runDueJobs();
    expect(sink?.messages.length).toBe(before);
    expect(await (await h.send('GET', `/api/quotes/${first.id}`, { cookie })).json()).toMatchObject({
      state: 'accepted',
      replacedById: null,
    });
    expect(await (await h.send('GET', `/api/quotes/${revised.id}`, { cookie })).json()).toMatchObject({
      state: 'draft',
    });
    // And no new version of the accepted tilbud.
    const again = await h.send('POST', `/api/quotes/${first.id}/revise`, { cookie });
    expect(again.status).toBe(409);
    expect((await errorOf(again)).message).toBe(QUOTE_MESSAGES.acceptedNoRevise);
  });

  it('a forged link, a link of another purpose and company A\'s link at company B get the Danish "not valid" page', async () => {
    await setUp();
    const quote = await sendQuote();
    const token = quote.link.pathname.split('/').pop() ?? '';
    const forged = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    // The same tilbud's id signed for the faktura page (what an invoice's link carries).
    const invoiceToken = await documentLinkToken(h.db, 'faktura', A, quote.id);
    const otherSubdomain = (
      await h.db.selectFrom('companies').select('subdomain').where('cvr', '=', B).executeTakeFirstOrThrow()
    ).subdomain;
    const bHost = new URL(quote.link.href);
    bHost.hostname = bHost.hostname.replace(/^[^.]+/, otherSubdomain);

    const attempts: { what: string; link: URL; path: string }[] = [
      { what: 'forged', link: quote.link, path: `/api/sites/${A}/tilbud/${forged}` },
      { what: 'an id alone', link: quote.link, path: `/api/sites/${A}/tilbud/${quote.id}` },
      { what: 'another purpose', link: quote.link, path: `/api/sites/${A}/tilbud/${invoiceToken}` },
      { what: "B's path on B's host", link: bHost, path: `/api/sites/${B}/tilbud/${token}` },
      { what: "B's path on A's host", link: quote.link, path: `/api/sites/${B}/tilbud/${token}` },
      { what: "A's path on B's host", link: bHost, path: `/api/sites/${A}/tilbud/${token}` },
    ];
    // A draft (never sent) has no page, even by a link signed for it.
    const draft = await (
      await h.send('POST', '/api/quotes', {
        cookie,
        body: { customerName: 'Kladde Kunde', customerEmail: CUSTOMER, customerPhone: '' },
      })
    ).json();
    const draftToken = await documentLinkToken(h.db, 'tilbud', A, draft.id);
    attempts.push({ what: 'a draft', link: quote.link, path: `/api/sites/${A}/tilbud/${draftToken}` });
    const answers = [
      { method: 'GET', suffix: '', form: undefined },
      { method: 'POST', suffix: '', form: { name: 'Mette', terms: 'ja' } },
      { method: 'POST', suffix: '/afvis', form: { reason: 'nej' } },
    ] as const;
    for (const attempt of attempts) {
      for (const { method, suffix, form } of answers) {
        const response = await customer(method, attempt.link, {
          path: `${attempt.path}${suffix}`,
          ...(form ? { form } : {}),
        });
        const label = `${method} ${suffix} ${attempt.what}`;
        expect(response.status, label).toBe(404);
        expect(response.headers.get('content-type'), label).toMatch(/^text\/html/);
        const html = await response.text();
        expect(html, label).toContain(M.linkInvalid);
        expect(html, label).not.toContain('Montering af varmepumpe');
        expect(html, label).not.toContain('Tilbud 2026-0001');
      }
    }
    // The faktura page does not open the tilbud's link either.
    const asInvoice = await customer('GET', quote.link, { path: `/api/sites/${A}/faktura/${token}` });
    expect(asInvoice.status).toBe(404);
    expect(await asInvoice.text()).not.toContain('Montering af varmepumpe');
    // Nor does a faktura path of A's on B's host: the same Danish page, not a line of text.
    const invoiceOnB = await customer('GET', bHost, { path: `/api/sites/${A}/faktura/${token}` });
    expect(invoiceOnB.status).toBe(404);
    expect(invoiceOnB.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await invoiceOnB.text()).toContain(INVOICE_MESSAGES.linkInvalidText);
    // Nothing was answered.
    expect((await findQuote(h.db, A, quote.id))?.storedState).toBe('sent');
    expect((await findQuote(h.db, A, draft.id))?.storedState).toBe('draft');
  });

  it('hostile text in the name, the lines and the terms is text on the page, in the mails and in the PDF', async () => {
    await setUp();
    const name = `Mette ${XSS} ${QUOTES}`;
    const lineText = `Montering ${IMG} ${QUOTES}`;
    const terms = `Betaling 8 dage ${XSS} & ${IMG}`;
    const quote = await sendQuote({
      customerName: name,
      terms,
      lines: [{ ...LINES[0], text: lineText }, LINES[1]],
    });

    const html = await (await customer('GET', quote.link)).text();
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('onerror="');
    for (const text of [name, lineText, terms]) {
      const escaped = text
        .replaceAll('&', '&amp;')
        .replaceAll('<', '&lt;')
        .replaceAll('>', '&gt;')
        .replaceAll('"', '&quot;')
        .replaceAll("'", '&#39;');
      expect(html).toContain(escaped);
    }

    // The mail is plain text only: the name as written, no HTML part to run it in.
    expect(quote.mail.text).toContain(`Kære ${name}`);
    expect(mimePart(quote.mail.raw, /^text\/html$/i)).toBeNull();
    // The PDF: the text as written.
    const pdf = (
      await pdfText(new Uint8Array(mimePart(quote.mail.raw, /^application\/pdf$/i) ?? []))
    ).replace(/\s+/g, ' ');
    expect(pdf).toContain(XSS);
    expect(pdf).toContain(IMG);
    expect(pdf).toContain(QUOTES);

    // A hostile reason in the owner's mail: plain text too.
    await postAndFollow(quote.link, `${quote.link.pathname}/afvis`, { reason: `Nej tak ${XSS}` });
    const notice = await mailTo(OWNER, /afvist/);
    expect(notice.text).toContain(`Begrundelse: Nej tak ${XSS}`);
    expect(mimePart(notice.raw, /^text\/html$/i)).toBeNull();
  });

  it('sends the reminder only for a tilbud still unanswered: never after an accept, a decline or a new version', async () => {
    await setUp();
    const open = await sendQuote({ customerName: 'Åben Kunde' });
    const accepted = await sendQuote({ customerName: 'Accepterende Kunde' });
    const declined = await sendQuote({ customerName: 'Afvisende Kunde' });
    const replaced = await sendQuote({ customerName: 'Erstattet Kunde' });
    await postAndFollow(accepted.link, accepted.link.pathname, { name: 'A', terms: 'ja' });
    await postAndFollow(declined.link, `${declined.link.pathname}/afvis`, { reason: '' });
    await mailTo(OWNER, /accepteret/);
    await mailTo(OWNER, /afvist/);
    const revised = await (await h.send('POST', `/api/quotes/${replaced.id}/revise`, { cookie })).json();
    // Version 2 is valid a day for this test only: its own reminder is not due in the window.
    await h.send('PUT', `/api/quotes/${revised.id}`, {
      cookie,
      body: {
        customerName: 'Erstattet Kunde',
        customerEmail: CUSTOMER,
        customerPhone: '',
        customerAddress: '',
        title: '',
        description: '',
        validUntil: '2026-03-03',
        terms: 'Betaling 8 dage.',
        lines: LINES,
      },
    });
    await sendDraft(revised.id);
    const before = sink?.messages.length ?? 0;

    // Three days before 1.4.2026 at 08:00: the reminders are due.
    h.setNow(new Date(Date.parse('2026-03-29T07:00:00Z') + DAY_MS / 24));
    await runDueJobs();
    const reminders = mails()
      .slice(before)
      .filter((m) => m.subject.startsWith('Påmindelse'));
    // The open one is reminded (so the reminder runs at this time) and no other.
    expect(reminders.map((m) => m.text.split('\n')[0])).toEqual([`Kære Åben Kunde`]);
    expect(reminders[0]?.subject).toBe(
      `Påmindelse: tilbud ${open.number} fra Eksempel VVS ApS udløber snart`,
    );
    expect(mails().slice(before)).toHaveLength(1);
  });
});
