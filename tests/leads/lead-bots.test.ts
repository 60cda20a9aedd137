// The quote form against bots, behind a trusted proxy (TRUST_PROXY) so every request claims its own
// client address: 1,000 bot-shaped requests (200 in the quick lane; instant, honeypot filled, replayed token, link-stuffed,
// each from a different forwarded address) with one person's request in the middle. None of the bots
// is stored or reaches the owner; the person's request does. Beside it: the per-client limit and
// duplicate suppression.
import { Writable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMailOutbox, type MailOutbox } from '../../api/mail-outbox';
import { freshToken, listLeads, spendLeadToken, updateCompany } from '../../db';
import { createLogger } from '../../lib/logger';
import { type ApiHarness, createApiHarness } from '../api/api-harness';
import { repeatCount } from '../support/lane';
import { readMessage, type SmtpSink, startSmtpSink } from '../support/smtp-sink';

let sink: SmtpSink;
let h: ApiHarness;
let outbox: MailOutbox;
const CVR = '42424242';
const PROXY = '10.0.0.5';

beforeEach(async () => {
  sink = await startSmtpSink();
  h = await createApiHarness({ SMTP_URL: sink.url, TRUST_PROXY: '10.0.0.0/8' });
  await h.createOwner(CVR, 'Murer Madsen ApS', 'ejer@madsen-mur.dk');
  await updateCompany(h.db, CVR, { email: 'kontakt@madsen-mur.dk' });
  const logger = createLogger(h.config, new Writable({ write: (_c, _e, done) => done() }));
  outbox = createMailOutbox({ db: h.db, config: h.config, logger, now: h.now, everyMs: 0 });
});
afterEach(async () => {
  await outbox.close();
  await h.close();
  await sink.close();
});

/** Bots in the crowd, a quarter of each kind. */
const BOTS = repeatCount(1000, 200);
const person = {
  name: 'Jonas Berg',
  phone: '',
  email: 'jonas@example.dk',
  postcode: '8000',
  message: 'Vi skal have omfuget en gavl på ca. 40 m². Hvornår har I tid?',
};

function post(values: Record<string, string>, forwardedFor: string) {
  const data = new FormData();
  for (const [key, value] of Object.entries(values)) data.append(key, value);
  return h.send('POST', `/api/sites/${CVR}/leads`, {
    body: data,
    headers: { Accept: 'application/json', 'X-Forwarded-For': forwardedFor },
    env: { incoming: { socket: { remoteAddress: PROXY } } },
  });
}

/** A token handed out `ageMs` ago. */
const tokenAged = (ageMs: number) => freshToken(h.db, CVR, new Date(h.now().getTime() - ageMs));
const address = (n: number) => `198.51.${Math.floor(n / 250)}.${n % 250}`;

describe('the quote form against bots', () => {
  it(`lets none of ${BOTS.toLocaleString('en')} bots reach the owner, and the person in between does`, async () => {
    const spent = await tokenAged(60_000);
    const [, nonce] = spent.split('.');
    await spendLeadToken(h.db, nonce ?? '', new Date(h.now().getTime() + 3_600_000), h.now());
    const links = Array.from({ length: 6 }, (_, i) => `https://spam${i}.example/billig`).join(' ');

    const statuses = new Map<string, number[]>();
    const record = (kind: string, status: number) =>
      statuses.set(kind, [...(statuses.get(kind) ?? []), status]);
    for (let n = 0; n < BOTS; n++) {
      if (n === BOTS / 2) {
        const response = await post({ ...person, token: await tokenAged(40_000) }, address(n));
        expect(response.status).toBe(200);
      }
      const bot = { name: `Bot ${n}`, phone: '12345678', email: `bot${n}@spam.example`, postcode: '1000' };
      const kind = (['instant', 'honeypot', 'replayed', 'links'] as const)[n % 4] as string;
      const values =
        kind === 'instant'
          ? { ...bot, message: `Tilbud ${n}`, token: await tokenAged(0) }
          : kind === 'honeypot'
            ? {
                ...bot,
                message: `Tilbud ${n}`,
                website: 'https://spam.example',
                token: await tokenAged(10_000),
              }
            : kind === 'replayed'
              ? { ...bot, message: `Tilbud ${n}`, token: spent }
              : { ...bot, message: `Se ${links}`, token: await tokenAged(10_000) };
      record(kind, (await post(values, address(n))).status);
    }
    // Refused with 400, except the honeypot, which is answered as received and dropped.
    expect(new Set(statuses.get('instant'))).toEqual(new Set([400]));
    expect(new Set(statuses.get('replayed'))).toEqual(new Set([400]));
    expect(new Set(statuses.get('links'))).toEqual(new Set([400]));
    expect(new Set(statuses.get('honeypot'))).toEqual(new Set([200]));

    const leads = await listLeads(h.db, CVR);
    expect(leads.map((lead) => lead.name)).toEqual(['Jonas Berg']);
    // The owner's mail and the person's own receipt (issue 49); no bot got either.
    expect(await outbox.sweep()).toBe(2);
    const mails = await sink.waitFor(2);
    expect(mails.map((mail) => mail.to[0]).sort()).toEqual(['ejer@madsen-mur.dk', 'jonas@example.dk']);
    for (const mail of mails) expect(readMessage(mail.raw).body).toContain('omfuget en gavl');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(sink.messages).toHaveLength(2);
  }, 120_000);

  it('tells a person who sends an incomplete form at once what to fill in, not that it came too fast', async () => {
    const token = await tokenAged(0);
    const early = await post({ ...person, email: '', message: '', token }, '198.51.100.9');
    expect(early.status).toBe(400);
    const answer = (await early.json()) as { fields: Record<string, string>; token: string };
    expect(answer.fields).toEqual({
      phone: 'Skriv dit telefonnummer eller din e-mail, så vi kan svare dig',
      message: 'Skriv kort, hvad det drejer sig om',
    });
    expect(answer.token).not.toBe(token);
    // Complete but still within the first seconds: now the token is what stops it, and nothing is stored.
    const tooFast = await post({ ...person, token: answer.token }, '198.51.100.9');
    expect(((await tooFast.json()) as { error: { message: string } }).error.message).toBe(
      'Formularen er for gammel eller blev sendt for hurtigt. Tjek oplysningerne, og tryk Send igen.',
    );
    expect(await listLeads(h.db, CVR)).toHaveLength(0);
  });

  it('refuses a replayed token even when everything else is right', async () => {
    const token = await tokenAged(10_000);
    expect((await post({ ...person, token }, '198.51.100.1')).status).toBe(200);
    const replay = await post({ ...person, message: 'Noget andet', token }, '198.51.100.2');
    expect(replay.status).toBe(400);
    expect(((await replay.json()) as { error: { message: string } }).error.message).toBe(
      'Formularen er for gammel eller blev sendt for hurtigt. Tjek oplysningerne, og tryk Send igen.',
    );
    const old = await post(
      { ...person, message: 'Gammel', token: await tokenAged(25 * 3_600_000) },
      '198.51.100.3',
    );
    expect(old.status).toBe(400);
    expect(await listLeads(h.db, CVR)).toHaveLength(1);
  });

  it('stores the same request twice only once, and limits one client to five requests in ten minutes', async () => {
    for (let n = 0; n < 2; n++) {
      expect((await post({ ...person, token: await tokenAged(10_000) }, '198.51.100.7')).status).toBe(200);
    }
    expect(await listLeads(h.db, CVR)).toHaveLength(1);
    for (let n = 0; n < 4; n++) {
      const response = await post(
        { ...person, message: `Opgave ${n}`, token: await tokenAged(10_000) },
        '198.51.100.7',
      );
      expect(response.status).toBe(200);
    }
    const sixth = await post(
      { ...person, message: 'Opgave 6', token: await tokenAged(10_000) },
      '198.51.100.7',
    );
    expect(sixth.status).toBe(429);
    expect(((await sixth.json()) as { error: { message: string } }).error.message).toBe(
      'Der er sendt mange forespørgsler på kort tid. Vent lidt, og prøv igen, eller ring til os.',
    );
    expect(await listLeads(h.db, CVR)).toHaveLength(5);
  });
});
