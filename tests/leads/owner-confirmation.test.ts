// Issue 48 item 5, on both databases: quote requests are mailed to the owner's login e-mail only once
// the owner has confirmed it. A new owner's welcome mail carries the confirmation link; until it is
// clicked (and confirmed with the button, signed in), a request waits in the inbox (Henvendelser) and
// its mail in the outbox; the settings say so, "Send bekræftelsen igen" mails a fresh link, and the
// confirmation sends the requests that waited. A confirmed other recipient is mailed all along.
import { Writable } from 'node:stream';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createMailOutbox, type MailOutbox } from '../../api/mail-outbox';
import { queueWelcomeMail } from '../../db';
import { createLogger } from '../../lib/logger';
import { MESSAGES } from '../../rules/messages';
import { type ApiHarness, createApiHarness, type Owner } from '../api/api-harness';
import { describeEachDialect } from '../support/databases';
import { readMessage, type SmtpSink, startSmtpSink } from '../support/smtp-sink';

const CVR = '43434343';
const LOGIN = 'ejer@nyt-tag.dk';

describeEachDialect("the owner's own address for quote requests", (use) => {
  let sink: SmtpSink;
  let h: ApiHarness;
  let owner: Owner;
  let cookie: string;
  let outbox: MailOutbox;

  beforeEach(async () => {
    sink = await startSmtpSink();
    h = await createApiHarness({ SMTP_URL: sink.url }, { database: use() });
    owner = await h.createOwner(CVR, 'Nyt Tag ApS', LOGIN, undefined, { confirmed: false });
    cookie = await h.signIn(owner.email);
    const quiet = createLogger(h.config, new Writable({ write: (_c, _e, done) => done() }));
    outbox = createMailOutbox({ db: h.db, config: h.config, logger: quiet, now: h.now, everyMs: 0 });
  });
  afterEach(async () => {
    await outbox.close();
    await h.close();
    await sink.close();
  });

  let sent = 0;
  async function request(message: string): Promise<void> {
    const { token } = (await (await h.send('GET', `/api/sites/${CVR}/lead-token`)).json()) as {
      token: string;
    };
    h.advance(5_000);
    const form = new FormData();
    const fields = { name: 'Mette', phone: '20304050', email: '', postcode: '4600', message, token };
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    const posted = await h.send('POST', `/api/sites/${CVR}/leads`, {
      body: form,
      headers: { Accept: 'application/json' },
      env: { incoming: { socket: { remoteAddress: `203.0.113.${++sent}` } } },
    });
    expect(posted.status).toBe(200);
  }
  const requestMails = () =>
    sink.messages
      .map((mail) => readMessage(mail.raw))
      .filter((mail) => mail.subject.startsWith('Ny forespørgsel'));
  const confirmationToken = (body: string) =>
    /bekraeft-din-email\?token=([a-z2-7]{32})/.exec(body)?.[1] ?? '';
  const inbox = async () =>
    (
      (await (await h.send('GET', '/api/leads', { cookie })).json()) as { leads: { message: string }[] }
    ).leads.map((lead) => lead.message);

  it('keeps requests in the inbox, unmailed, until the owner confirms; then mails the ones that waited', async () => {
    await request('Taget er utæt over køkkenet');
    // Stored and shown, but nothing goes to an address nobody has confirmed.
    expect(await inbox()).toEqual(['Taget er utæt over køkkenet']);
    expect(await outbox.sweep()).toBe(0);
    expect(requestMails()).toEqual([]);
    const settings = await (await h.send('GET', '/api/leads/settings', { cookie })).json();
    expect(settings).toMatchObject({ defaultRecipient: LOGIN, recipientEmail: '', loginConfirmed: false });
    // Swept again within the hour: still waiting, and nothing sent.
    h.advance(10 * 60_000);
    expect(await outbox.sweep()).toBe(0);

    // "Send bekræftelsen igen": a fresh link to the login e-mail.
    const asked = await h.send('POST', '/api/account/email/verification', { cookie });
    expect(asked.status).toBe(200);
    const [confirmation] = await sink.waitFor(1);
    expect(confirmation?.to).toEqual([LOGIN]);
    const mail = readMessage(confirmation?.raw ?? '');
    expect(mail.subject).toBe('Bekræft din e-mail til Mesterside');
    expect(mail.body).toContain('sender vi forespørgsler fra hjemmesidens formular');
    const token = confirmationToken(mail.body);
    expect(token).not.toBe('');

    // The link alone confirms nothing; the owner's button, signed in, does.
    expect((await h.send('POST', '/api/account/email/verify', { body: { token } })).status).toBe(401);
    const confirmed = await h.send('POST', '/api/account/email/verify', { cookie, body: { token } });
    expect(confirmed.status).toBe(200);
    expect(await confirmed.json()).toEqual({ message: MESSAGES.emailVerified });
    expect((await (await h.send('GET', '/api/leads/settings', { cookie })).json()).loginConfirmed).toBe(true);

    // The request that waited goes out at once, and the next one as it comes.
    expect(await outbox.sweep()).toBe(1);
    await sink.waitFor(2);
    expect(requestMails().map((m) => m.body.includes('Taget er utæt over køkkenet'))).toEqual([true]);
    await request('Tagrenden er faldet ned');
    expect(await outbox.sweep()).toBe(1);
    await sink.waitFor(3);
    expect(requestMails()).toHaveLength(2);
    expect(sink.messages.every((m) => m.to.includes(LOGIN))).toBe(true);
  });

  it("puts the confirmation link in a new owner's welcome mail, and the link confirms the address", async () => {
    await queueWelcomeMail(h.db, CVR, h.now());
    expect(await outbox.sweep()).toBe(1);
    const [welcome] = await sink.waitFor(1);
    const mail = readMessage(welcome?.raw ?? '');
    expect(mail.subject).toBe('Velkommen til Mesterside, Nyt Tag ApS');
    expect(mail.body).toContain(
      `Vi sender først forespørgsler fra hjemmesiden til ${LOGIN}, når du har bekræftet`,
    );
    expect(mail.body).toContain(`Hver forespørgsel sendes til ${LOGIN}, når du har bekræftet adressen`);
    const token = confirmationToken(mail.body);
    expect(token).not.toBe('');
    expect((await h.send('POST', '/api/account/email/verify', { cookie, body: { token } })).status).toBe(200);
    expect((await (await h.send('GET', '/api/account', { cookie })).json()).emailVerified).toBe(true);
    await request('Skifte tagsten');
    expect(await outbox.sweep()).toBe(1);
    await sink.waitFor(2);
    expect(requestMails()).toHaveLength(1);
  });

  it('mails a confirmed owner at once, and says nothing of a confirmation in the welcome', async () => {
    const confirmedOwner = await h.createOwner('44444444', 'Gammelt Tag ApS', 'ejer@gammelt-tag.dk');
    await queueWelcomeMail(h.db, confirmedOwner.company.cvr, h.now());
    expect(await outbox.sweep()).toBe(1);
    const [welcome] = await sink.waitFor(1);
    const mail = readMessage(welcome?.raw ?? '');
    expect(mail.body).not.toContain('bekraeft-din-email');
    expect(mail.body).toContain('Hver forespørgsel sendes til ejer@gammelt-tag.dk, og du finder dem alle');
  });
});
