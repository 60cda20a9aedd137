// A flood no longer closes a company's form (issue 39, api/leads/lead-limits.ts), and no longer
// swallows a person's request (issue 48). Behind a trusted proxy (TRUST_PROXY), so every request
// claims its own client address. The flood of issue 48's finding, on both databases and on two app
// instances sharing one database as two web processes do (their limits counted in it): 100 spoofed
// addresses post with one reusable page token (refused as a bot after a few posts), then with fresh
// tokens sent 4 s after fetching, spending the company's allowance; a person who typed their request
// is mailed in the middle of it, and someone who pasted theirs lands in "Mulig spam" and stays there
// while the flood goes on past the 500 kept. Mails go through the real outbox to a real SMTP server on
// loopback; the owner reads both lists through the API; the summary counts what was not kept.
import { Writable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LEAD_LIMITS, SPAM_KEEP, SPAM_KEEP_DAYS, SPAM_KEEP_PER_COMPANY } from '../../api/leads/lead-limits';
import { createMailOutbox, type MailOutbox } from '../../api/mail-outbox';
import { LimitStore } from '../../api/middleware/rate-limit';
import type { LeadJson } from '../../contracts/leads';
import { countSpamLeads, freshToken, listLeads, pageToken, SUMMARY_DELAY_MS } from '../../db';
import { createLogger } from '../../lib/logger';
import { LEAD_MESSAGES } from '../../rules/lead-messages';
import { type ApiHarness, createApiHarness, type Owner } from '../api/api-harness';
import { type Dialect, postgresSkipReason } from '../support/databases';
import { itRenders, repeatCount } from '../support/lane';
import { readMessage, type SmtpSink, startSmtpSink } from '../support/smtp-sink';

let sink: SmtpSink;
let h: ApiHarness;
let owner: Owner;
let outbox: MailOutbox;
const CVR = '42424242';
const PROXY = '10.0.0.5';
/** The page-token flood's posts (issue 48: 600 from 100 addresses in 2.2 s). */
const PAGE_FLOOD = repeatCount(600, 100);

afterEach(async () => {
  await outbox.close();
  await h.close();
  await sink.close();
});

/** The real outbox, seeing the clock `now` gives. */
function outboxAt(now: () => Date): MailOutbox {
  const logger = createLogger(h.config, new Writable({ write: (_c, _e, done) => done() }));
  return createMailOutbox({ db: h.db, config: h.config, logger, now, everyMs: 0 });
}

function postTo(app: ApiHarness, values: Record<string, string>, forwardedFor: string, json = true) {
  const data = new FormData();
  for (const [key, value] of Object.entries(values)) data.append(key, value);
  return app.send('POST', `/api/sites/${CVR}/leads`, {
    body: data,
    headers: { ...(json ? { Accept: 'application/json' } : {}), 'X-Forwarded-For': forwardedFor },
    env: { incoming: { socket: { remoteAddress: PROXY } } },
  });
}
const post = (values: Record<string, string>, forwardedFor: string, json = true) =>
  postTo(h, values, forwardedFor, json);

/** Flood address `n` of 200: 198.51.100.0–199 (TEST-NET-2). */
const floodAddress = (n: number) => `198.51.100.${n % 200}`;
const floodRequest = (n: number, token: string) => ({
  token,
  name: `Peter Hansen ${n}`,
  phone: `20 30 ${String(40 + (n % 50)).padStart(2, '0')} ${String(n % 100).padStart(2, '0')}`,
  email: `peter${n}@example.dk`,
  postcode: '2100',
  message: `Vi skal have lagt nyt tag på et hus på 140 m² (sag ${n}). Hvornår kan I komme forbi?`,
});
const person = {
  name: 'Jonas Berg',
  phone: '',
  email: 'jonas@example.dk',
  postcode: '8000',
  message: 'Vi skal have omfuget en gavl på ca. 40 m². Hvornår har I tid?',
};

async function ownerList(path: '/api/leads' | '/api/leads/spam') {
  const cookie = await h.signIn(owner.email);
  const response = await h.send('GET', path, { cookie });
  expect(response.status).toBe(200);
  return (await response.json()) as { leads: LeadJson[]; unread: number; spam: number };
}

/** Limits counted in the database, on the harness's clock: what the product stack does without Redis. */
const inDatabase = (db: ApiHarness['db'], now: () => Date) =>
  new LimitStore({ db, now: () => now().getTime() });

const DIALECTS: [Dialect, string][] = [
  ['sqlite', ''],
  ['postgres', postgresSkipReason],
];

describe.each(DIALECTS)(
  'the flood of issue 48 on %s%s, two app instances on one database',
  (dialect, skip) => {
    let h2: ApiHarness;
    beforeEach(async () => {
      if (skip) return;
      sink = await startSmtpSink();
      const env = { SMTP_URL: sink.url, TRUST_PROXY: '10.0.0.0/8' };
      h = await createApiHarness(env, { dialect, limits: inDatabase });
      // The second web process: its own app on the same database, counting in it too.
      h2 = await createApiHarness(env, { database: { db: h.db, dialect }, limits: inDatabase });
      owner = await h.createOwner(CVR, 'Murer Madsen ApS', 'ejer@madsen-mur.dk');
      outbox = outboxAt(h.now);
    });
    afterEach(async () => {
      if (!skip) await h2.close();
    });
    const advance = (ms: number) => {
      h.advance(ms);
      h2.advance(ms);
    };
    /** One of the two processes, in turn. */
    const either = (n: number) => (n % 2 === 0 ? h : h2);

    it.skipIf(skip !== '')(
      'refuses the reused page token, mails the person who typed, and keeps the one who pasted while the flood goes past the cap',
      async () => {
        // The page token every copy of the page carries, published an hour ago.
        const page = await pageToken(h.db, CVR, new Date(h.now().getTime() - 3_600_000));
        const pageStatuses: number[] = [];
        let refusal: unknown;
        for (let n = 0; n < PAGE_FLOOD; n++) {
          const response = await postTo(either(n), floodRequest(n, page), floodAddress(n % 100));
          pageStatuses.push(response.status);
          if (response.status === 400) refusal ??= await response.json();
          advance(10);
        }
        // A few posts on one page token, then it is a bot's: refused, not accepted (issue 48: 599 were).
        const uses = LEAD_LIMITS.pageTokenUses.limit;
        expect(pageStatuses.slice(0, uses)).toEqual(Array(uses).fill(200));
        expect(pageStatuses.slice(uses).every((status) => status === 400)).toBe(true);
        expect((refusal as { error: { message: string } }).error.message).toBe(LEAD_MESSAGES.tokenRefused);

        // Then fresh tokens from every address, each sent 4 s after it was fetched, three rounds of 100.
        const freshRound = async (round: number) => {
          for (let n = 0; n < 300; n++) {
            const token = await freshToken(h.db, CVR, new Date(h.now().getTime() - 4_000));
            const id = 1000 * round + n;
            const response = await postTo(either(n), floodRequest(id, token), floodAddress(n % 100));
            expect(response.status).toBe(200);
            advance(10);
          }
        };
        await freshRound(1);
        // The person: their script fetched the token when they started typing, a minute before.
        const typed = await postTo(
          h2,
          { ...person, token: await freshToken(h.db, CVR, new Date(h.now().getTime() - 60_000)) },
          '203.0.113.77',
        );
        expect(typed.status).toBe(200);
        expect(await typed.json()).toEqual({ ok: true, message: LEAD_MESSAGES.nextSteps });
        // Someone who pasted a long text and sent it at once: possible spam, but kept.
        const pasted = {
          ...person,
          name: 'Mette Holm',
          email: 'mette@example.dk',
          message: `${'Vi skal have skiftet tagrender og nedløbsrør på et parcelhus, ca. 36 meter i alt. '.repeat(2)}Kan I give et tilbud?`,
        };
        const pastedAnswer = await post(
          { ...pasted, token: await freshToken(h.db, CVR, new Date(h.now().getTime() - 4_000)) },
          '203.0.113.78',
        );
        expect(pastedAnswer.status).toBe(200);
        // Ten minutes on, the flood goes on from the same addresses, past the 500 kept.
        advance(10 * 60_000 + 1_000);
        await freshRound(2);

        // Henvendelser: the person among the requests; the flood mailed at most its allowances, once
        // for both processes, not once each.
        const requests = await ownerList('/api/leads');
        expect(requests.leads.find((lead) => lead.name === 'Jonas Berg')?.spam).toBe(false);
        const floodMailed = requests.leads.filter((lead) => lead.name.startsWith('Peter Hansen'));
        expect(floodMailed).toHaveLength(uses + LEAD_LIMITS.allowance.limit);
        // "Mulig spam": capped, the pasted request still there, no address over its share.
        const spam = await ownerList('/api/leads/spam');
        expect(spam.spam).toBe(SPAM_KEEP_PER_COMPANY);
        expect(spam.leads.map((lead) => lead.name)).toContain('Mette Holm');
        expect(await countSpamLeads(h.db, CVR)).toBe(SPAM_KEEP_PER_COMPANY);
        const perAddress = new Map<number, number>();
        for (const lead of spam.leads.filter((lead) => lead.name.startsWith('Peter Hansen'))) {
          const n = Number(lead.name.split(' ')[2]) % 1000;
          perAddress.set(n % 100, (perAddress.get(n % 100) ?? 0) + 1);
        }
        expect(Math.max(...perAddress.values())).toBeLessThanOrEqual(
          SPAM_KEEP.clientOldest + SPAM_KEEP.clientNewest,
        );
        // Every flooding address kept its first requests (the oldest are kept, not only the newest).
        expect(perAddress.size).toBe(100);

        // Mails: one per request within the allowances, the person's, and (the flood's first possible
        // spam was more than SUMMARY_DELAY_MS ago) one summary: what was kept, and what was not. And to
        // each sender of a request that reached the inbox, as they gave an e-mail, a receipt (issue 49);
        // possible spam gets none.
        expect(SUMMARY_DELAY_MS).toBeLessThan(10 * 60_000);
        const mailed = 2 * (floodMailed.length + 1) + 1;
        expect(await outbox.sweep()).toBe(mailed);
        const mails = await sink.waitFor(mailed);
        expect(
          mails.filter((mail) => readMessage(mail.raw).subject === 'Vi har modtaget din henvendelse'),
        ).toHaveLength(floodMailed.length + 1);
        const subjects = mails.map((mail) => readMessage(mail.raw).subject);
        expect(subjects).toContain('Ny forespørgsel fra Jonas Berg');
        expect(subjects).not.toContain('Ny forespørgsel fra Mette Holm');
        const received = 2 * 300 - LEAD_LIMITS.allowance.limit + 1;
        const dropped = received - SPAM_KEEP_PER_COMPANY;
        const summary = mails.find((mail) => readMessage(mail.raw).subject.includes('Mulig spam'));
        const read = readMessage(summary?.raw ?? '');
        expect(summary?.to).toEqual([owner.email]);
        expect(read.subject).toBe(`${SPAM_KEEP_PER_COMPANY} forespørgsler lagt under "Mulig spam"`);
        expect(read.body.replace(/\s+/g, ' ')).toContain(`${dropped} forespørgsler mere er ikke gemt.`);
        expect(read.body).not.toContain('Peter Hansen');
      },
      300_000,
    );
  },
);

describe('a flood of quote requests', () => {
  beforeEach(async () => {
    sink = await startSmtpSink();
    h = await createApiHarness({ SMTP_URL: sink.url, TRUST_PROXY: '10.0.0.0/8' });
    owner = await h.createOwner(CVR, 'Murer Madsen ApS', 'ejer@madsen-mur.dk');
    outbox = outboxAt(h.now);
  });

  itRenders(
    'refuses one page token past its few posts, and a person without JavaScript gets through with the fresh token the refusal gives',
    async () => {
      const page = await pageToken(h.db, CVR, new Date(h.now().getTime() - 3_600_000));
      const uses = LEAD_LIMITS.pageTokenUses.limit;
      for (let n = 0; n < uses; n++) {
        expect((await post(floodRequest(n, page), floodAddress(n), false)).status).toBe(303);
      }
      // The next visitor without JavaScript sends the same page's form: the form again, their text kept.
      const refused = await post({ ...person, token: page }, '203.0.113.79', false);
      expect(refused.status).toBe(400);
      const html = await refused.text();
      expect(html).toContain(LEAD_MESSAGES.tokenRefused);
      const fresh = /name="token" value="([^"]+)"/.exec(html)?.[1];
      expect(fresh).toBeDefined();
      // They press Send again a little later: received, among the requests.
      h.advance(5_000);
      const again = await post({ ...person, token: fresh ?? '' }, '203.0.113.79', false);
      expect(again.status).toBe(303);
      expect(again.headers.get('location')).toBe(`/${CVR}/tak`);
      const stored = await listLeads(h.db, CVR);
      expect(stored.find((lead) => lead.name === 'Jonas Berg')?.spam).toBe(false);
    },
  );

  it("spends only its own kind's allowance (a flood with the script's tokens leaves a visitor without it mailed), and goes after 30 days", async () => {
    const floodSize = LEAD_LIMITS.allowance.limit + 30;
    for (let n = 0; n < floodSize; n++) {
      // A bot that fetches a fresh token per request and waits out its minimum age.
      const token = await freshToken(h.db, CVR, new Date(h.now().getTime() - 4_000));
      expect((await post(floodRequest(n, token), floodAddress(n))).status).toBe(200);
    }
    const page = await pageToken(h.db, CVR, new Date(h.now().getTime() - 3_600_000));
    const visitor = await post({ ...person, token: page }, '203.0.113.78', false);
    expect(visitor.status).toBe(303);
    expect(visitor.headers.get('location')).toBe(`/${CVR}/tak`);

    const stored = await listLeads(h.db, CVR);
    expect(stored.find((lead) => lead.name === 'Jonas Berg')?.spam).toBe(false);
    expect(stored.filter((lead) => lead.name.startsWith('Peter Hansen'))).toHaveLength(
      LEAD_LIMITS.allowance.limit,
    );
    expect(await countSpamLeads(h.db, CVR)).toBe(30);

    // A month later the possible spam is gone; the requests stay their twelve months.
    const monthLater = new Date(h.now().getTime() + (SPAM_KEEP_DAYS + 1) * 24 * 3_600_000);
    await outbox.close();
    outbox = outboxAt(() => monthLater);
    expect(await outbox.deleteExpired()).toBe(30);
    expect(await countSpamLeads(h.db, CVR)).toBe(0);
    expect(await listLeads(h.db, CVR)).toHaveLength(stored.length);
  }, 60_000);

  it('still refuses the flooding addresses themselves: one address, one IPv6 /64', async () => {
    const token = () => freshToken(h.db, CVR, new Date(h.now().getTime() - 60_000));
    // Distinct words each time: the same words again would be a duplicate, answered without counting.
    const statuses = async (first: number, addresses: string[]) => {
      const seen: number[] = [];
      for (const [n, address] of addresses.entries()) {
        seen.push((await post(floodRequest(first + n, await token()), address)).status);
      }
      return seen;
    };
    expect(
      await statuses(
        0,
        Array.from({ length: 7 }, () => '198.51.100.9'),
      ),
    ).toEqual([200, 200, 200, 200, 200, 429, 429]);
    // Every address of one subscriber's /64 is one client.
    const prefix = Array.from({ length: 7 }, (_, n) => `2001:db8:1:2::${(n + 1).toString(16)}`);
    expect(await statuses(100, prefix)).toEqual([200, 200, 200, 200, 200, 429, 429]);
    const refused = await post(floodRequest(200, await token()), '2001:db8:1:2:ffff::1');
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
      LEAD_MESSAGES.tooMany,
    );
    // Someone else is not.
    expect((await post(floodRequest(201, await token()), '2001:db8:1:3::1')).status).toBe(200);
  });
});
