// Issue 42 on the quote form: a request from a postcode outside the area the company named is still
// stored, and the visitor is told kindly that the company will say whether it can help (in the JSON
// answer, and without JavaScript on the thank-you page's #uden-for-omraadet); the owner's mail reminds
// that a customer asking about håndværkerfradrag needs labour and materials on separate lines, for a
// trade whose work qualifies only.
import { Writable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMailOutbox, type MailOutbox } from '../../api/mail-outbox';
import { listLeads, saveTrustSettings } from '../../db';
import { createLogger } from '../../lib/logger';
import { TRUST_MESSAGES } from '../../rules/trust-messages';
import { type ApiHarness, createApiHarness } from '../api/api-harness';
import { readMessage, type SmtpSink, startSmtpSink } from '../support/smtp-sink';

let sink: SmtpSink;
let h: ApiHarness;
let outbox: MailOutbox;

const EL = '31313131';
const FRISOR = '42424242';
const REMINDER =
  'Spørger kunden om håndværkerfradrag? Så skal arbejdsløn og materialer stå på hver sin linje';

beforeEach(async () => {
  sink = await startSmtpSink();
  h = await createApiHarness({ SMTP_URL: sink.url });
  await h.createOwner(EL, 'Eksempel El-Installation A/S', 'ejer@el.dk');
  await h.createOwner(FRISOR, 'Salon Klip Frisør', 'ejer@klip.dk');
  await saveTrustSettings(h.db, EL, {
    authorisation: null,
    schemes: [],
    deductionShown: true,
    area: { mode: 'municipalities', codes: ['0101', '0147'] },
    emergency: { enabled: false, phone: '', hours: 'always' },
  });
  const quiet = createLogger(h.config, new Writable({ write: (_c, _e, done) => done() }));
  outbox = createMailOutbox({ db: h.db, config: h.config, logger: quiet, now: h.now, everyMs: 0 });
});
afterEach(async () => {
  await outbox.close();
  await h.close();
  await sink.close();
});

async function post(cvr: string, postcode: string, n: number, json: boolean) {
  const tokenAnswer = await h.send('GET', `/api/sites/${cvr}/lead-token`);
  const { token } = (await tokenAnswer.json()) as { token: string };
  h.advance(5_000);
  const data = new FormData();
  const values = {
    name: `Kunde ${n}`,
    phone: '20 30 40 50',
    email: '',
    postcode,
    message: `Nye stikkontakter (${n})`,
    token,
  };
  for (const [key, value] of Object.entries(values)) data.append(key, value);
  return h.send('POST', `/api/sites/${cvr}/leads`, {
    body: data,
    headers: json ? { Accept: 'application/json' } : {},
    env: { incoming: { socket: { remoteAddress: `203.0.113.${n}` } } },
  });
}

describe('a quote request and the area (issue 42)', () => {
  it('keeps a request from outside the area and tells the visitor kindly, with and without JavaScript', async () => {
    const outside = await post(EL, '8000', 1, true);
    expect(outside.status).toBe(200);
    expect(((await outside.json()) as { message: string }).message).toContain(TRUST_MESSAGES.outsideArea);

    const inside = await post(EL, '2000', 2, true);
    expect(((await inside.json()) as { message: string }).message).not.toContain(TRUST_MESSAGES.outsideArea);

    const noScript = await post(EL, '8000', 3, false);
    expect([noScript.status, noScript.headers.get('location')]).toEqual([
      303,
      `/${EL}/tak#uden-for-omraadet`,
    ]);
    const noScriptInside = await post(EL, '1060', 4, false);
    expect(noScriptInside.headers.get('location')).toBe(`/${EL}/tak`);
    // Every one of them is stored.
    expect((await listLeads(h.db, EL)).map((lead) => lead.postcode).sort()).toEqual([
      '1060',
      '2000',
      '8000',
      '8000',
    ]);
  });

  it('says nothing of an area to a company that named none', async () => {
    const answer = await post(FRISOR, '8000', 5, false);
    expect(answer.headers.get('location')).toBe(`/${FRISOR}/tak`);
  });

  it('reminds the electrician about labour and materials on separate lines, and not the hairdresser', async () => {
    await post(EL, '2000', 6, true);
    await post(FRISOR, '2000', 7, true);
    expect(await outbox.sweep()).toBe(2);
    const mails = await sink.waitFor(2);
    const byRecipient = Object.fromEntries(mails.map((mail) => [mail.to[0], readMessage(mail.raw).body]));
    // Requests go to the owners' login e-mails (issue 39).
    expect(byRecipient['ejer@el.dk']).toContain(REMINDER);
    expect(byRecipient['ejer@klip.dk']).not.toContain('håndværkerfradrag');
  });
});
