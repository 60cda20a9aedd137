// Issue 39, the owner's address for quote requests, on both databases: a new owner's requests go to
// the login e-mail (not the registry's company e-mail); a new address gets a confirmation mail and
// nothing else until its inbox confirms it; then the next request goes there. The link is single-use,
// dies after 7 days, when the owner picks another address or cancels, and is refused for another
// company; confirmation mails are limited per company.
import { Writable } from 'node:stream';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createMailOutbox, type MailOutbox } from '../../api/mail-outbox';
import { getLeadSettings, updateCompany } from '../../db';
import { createLogger } from '../../lib/logger';
import { LEAD_RECIPIENT_MESSAGES } from '../../rules/lead-messages';
import { type ApiHarness, createApiHarness, errorOf, type Owner } from '../api/api-harness';
import { describeEachDialect } from '../support/databases';
import { readMessage, type SmtpSink, startSmtpSink } from '../support/smtp-sink';

const CVR = '41414141';
const LOGIN = 'ejer@hansen-vvs.dk';
const OFFICE = 'kontor@hansen-vvs.dk';

describeEachDialect('the recipient of quote requests', (use) => {
  let sink: SmtpSink;
  let h: ApiHarness;
  let owner: Owner;
  let cookie: string;
  let outbox: MailOutbox;

  beforeEach(async () => {
    sink = await startSmtpSink();
    h = await createApiHarness({ SMTP_URL: sink.url }, { database: use() });
    owner = await h.createOwner(CVR, 'VVS Hansen ApS', LOGIN);
    // The registry's company e-mail: shown on the site, never where requests go by itself.
    await updateCompany(h.db, CVR, { email: 'info@hansen-vvs.dk' });
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
  /** A visitor sends a request; answers the addresses its mail went to. */
  async function request(message: string): Promise<string[]> {
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
    const before = sink.messages.length;
    expect(await outbox.sweep()).toBe(1);
    const mails = await sink.waitFor(before + 1);
    const mail = mails[mails.length - 1];
    expect(readMessage(mail?.raw ?? '').body).toContain(message);
    return mail?.to ?? [];
  }

  const settings = async () => (await h.send('GET', '/api/leads/settings', { cookie })).json();
  const save = (recipientEmail: string, formEnabled = true) =>
    h.send('PUT', '/api/leads/settings', { cookie, body: { formEnabled, recipientEmail } });

  /** The confirmation mails that went to `to`, newest last, with their link's token. */
  function confirmations(to: string) {
    return sink.messages
      .filter((mail) => mail.to.includes(to))
      .map((mail) => readMessage(mail.raw))
      .filter((mail) => mail.subject.startsWith('Bekræft'))
      .map((mail) => ({ ...mail, token: /bekraeft-modtager\?token=([a-z2-7]+)/.exec(mail.body)?.[1] ?? '' }));
  }
  const check = (token: string) => h.send('POST', '/api/lead-recipient/check', { body: { token } });
  const confirm = (token: string) => h.send('POST', '/api/lead-recipient/confirm', { body: { token } });

  it('mails a new owner at the login e-mail, and a new address only once its inbox confirmed it', async () => {
    expect(await settings()).toEqual({
      formEnabled: true,
      recipientEmail: '',
      defaultRecipient: LOGIN,
      loginConfirmed: true,
      pendingRecipient: null,
    });
    expect(await request('Vandhanen drypper')).toEqual([LOGIN]);

    const saved = await save('Kontor@Hansen-VVS.dk');
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual({
      formEnabled: true,
      recipientEmail: '',
      defaultRecipient: LOGIN,
      loginConfirmed: true,
      pendingRecipient: { email: OFFICE, sentAt: h.now().toISOString() },
    });
    // Saving the same address again sends no second mail; the site is not republished for it.
    expect((await save(OFFICE)).status).toBe(200);
    expect(h.published).toEqual([]);
    const [mail, ...more] = confirmations(OFFICE);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe('Bekræft, at forespørgsler til VVS Hansen ApS skal sendes hertil');
    expect(mail?.body).toContain(`fremover sendes til ${OFFICE}`);
    expect(mail?.body).toContain('http://localhost:3000/admin/bekraeft-modtager?token=');
    // The owner's login e-mail is none of the new address's business.
    expect(mail?.body).not.toContain(LOGIN);

    // Until it is confirmed, requests go where they went; the new address has had one mail only.
    expect(await request('Toilettet løber')).toEqual([LOGIN]);
    expect(sink.messages.filter((m) => m.to.includes(OFFICE))).toHaveLength(1);

    const token = mail?.token ?? '';
    expect(await (await check(token)).json()).toEqual({
      state: 'valid',
      message: '',
      companyName: 'VVS Hansen ApS',
      email: OFFICE,
    });
    const confirmed = await confirm(token);
    expect(confirmed.status).toBe(200);
    expect(await confirmed.json()).toEqual({
      companyName: 'VVS Hansen ApS',
      email: OFFICE,
      message: `Tak! Forespørgsler fra hjemmesiden for VVS Hansen ApS sendes nu til ${OFFICE}.`,
    });
    expect(await settings()).toMatchObject({ recipientEmail: OFFICE, pendingRecipient: null });
    expect(await request('Radiatoren er kold')).toEqual([OFFICE]);

    // Once only.
    expect(await errorOf(await confirm(token))).toEqual({
      code: 'invalid_input',
      message: 'Linket er allerede brugt.',
    });
    expect(await (await check(token)).json()).toMatchObject({ state: 'used' });

    // Back to the login e-mail: at once, no mail (it is the address the owner logs in with).
    const before = sink.messages.length;
    expect(await (await save('')).json()).toMatchObject({ recipientEmail: '', pendingRecipient: null });
    expect(await request('Afløbet er stoppet')).toEqual([LOGIN]);
    expect(sink.messages.length).toBe(before + 1);
  });

  it('lets the owner send the link again or cancel, and a replaced link confirms nothing', async () => {
    await save(OFFICE);
    const first = confirmations(OFFICE)[0]?.token ?? '';
    h.advance(60_000);
    const resent = await h.send('POST', '/api/leads/settings/pending-recipient/resend', { cookie });
    expect(resent.status).toBe(200);
    expect(await resent.json()).toMatchObject({
      pendingRecipient: { email: OFFICE, sentAt: h.now().toISOString() },
    });
    const second = confirmations(OFFICE)[1]?.token ?? '';
    expect(second).not.toBe(first);
    // The older link died with the new one, and says so (it was never used).
    expect(await errorOf(await confirm(first))).toEqual({
      code: 'invalid_input',
      message: LEAD_RECIPIENT_MESSAGES.linkReplaced,
    });
    expect(await (await check(first)).json()).toEqual({
      state: 'invalid',
      message: LEAD_RECIPIENT_MESSAGES.linkReplaced,
    });

    // Another address replaces the waiting one: its link no longer confirms anything.
    await save('tilbud@hansen-vvs.dk');
    expect(await errorOf(await confirm(second))).toMatchObject({ code: 'invalid_input' });
    expect(await settings()).toMatchObject({
      recipientEmail: '',
      pendingRecipient: { email: 'tilbud@hansen-vvs.dk' },
    });

    const third = confirmations('tilbud@hansen-vvs.dk')[0]?.token ?? '';
    const cancelled = await h.send('DELETE', '/api/leads/settings/pending-recipient', { cookie });
    expect(await cancelled.json()).toMatchObject({ pendingRecipient: null });
    expect((await confirm(third)).status).toBe(400);
    expect(await getLeadSettings(h.db, CVR)).toEqual({ formEnabled: true, recipientEmail: null });
    expect(await request('Varmtvandsbeholderen larmer')).toEqual([LOGIN]);

    // Nothing waits: nothing to send again.
    expect(
      await errorOf(await h.send('POST', '/api/leads/settings/pending-recipient/resend', { cookie })),
    ).toEqual({
      code: 'invalid_input',
      message: 'Der er ingen adresse, der venter på at blive bekræftet.',
    });
  });

  it('lets a link expire after 7 days, keeps it to its company, and limits the mails', async () => {
    const other = await h.createOwner('52525252', 'Anden VVS ApS', 'ejer@anden-vvs.dk');
    const otherCookie = await h.signIn(other.email);
    await save(OFFICE);
    const token = confirmations(OFFICE)[0]?.token ?? '';
    // The other owner sees nothing waiting and cannot cancel or resend it.
    expect(await (await h.send('GET', '/api/leads/settings', { cookie: otherCookie })).json()).toMatchObject({
      pendingRecipient: null,
      defaultRecipient: 'ejer@anden-vvs.dk',
      loginConfirmed: true,
    });
    await h.send('DELETE', '/api/leads/settings/pending-recipient', { cookie: otherCookie });
    expect(await settings()).toMatchObject({ pendingRecipient: { email: OFFICE } });

    h.advance(7 * 24 * 60 * 60 * 1000 + 1_000);
    expect(await (await check(token)).json()).toMatchObject({
      state: 'expired',
      message: 'Linket er udløbet. Bed ejeren af hjemmesiden om at sende et nyt under Henvendelser.',
    });
    expect((await confirm(token)).status).toBe(400);
    expect(await request('Stadig til ejeren')).toEqual([LOGIN]);

    // Five confirmation mails an hour per company; the sixth is refused and sends nothing.
    for (let n = 1; n <= 4; n++) expect((await save(`kontor${n}@hansen-vvs.dk`)).status).toBe(200);
    const mails = sink.messages.length;
    const refused = await save('kontor5@hansen-vvs.dk');
    expect(refused.status).toBe(429);
    expect((await errorOf(refused)).message).toBe(
      'Du har sendt mange bekræftelser den seneste time. Vent lidt, og prøv igen.',
    );
    expect(sink.messages.length).toBe(mails);
    expect(await settings()).toMatchObject({ pendingRecipient: { email: 'kontor4@hansen-vvs.dk' } });
    // The other company's allowance is its own.
    const theirs = await h.send('PUT', '/api/leads/settings', {
      cookie: otherCookie,
      body: { formEnabled: true, recipientEmail: 'kontor@anden-vvs.dk' },
    });
    expect(theirs.status).toBe(200);
  });

  it('keeps a pending address when the mail server refuses, so "Send igen" can try again', async () => {
    await sink.close();
    const saved = await save(OFFICE, false);
    expect(saved.status).toBe(503);
    expect((await errorOf(saved)).message).toBe(
      'Vi kunne ikke sende e-mailen til den nye adresse. Prøv igen om lidt med "Send igen".',
    );
    // The switch was saved and published; the address waits.
    expect(h.published.map((p) => p.cvr)).toEqual([CVR]);
    expect(await settings()).toMatchObject({ formEnabled: false, pendingRecipient: { email: OFFICE } });
  });
});
