// A flood no longer closes a company's form (issue 39, api/leads/lead-limits.ts). Behind a trusted
// proxy (TRUST_PROXY), so every request claims its own client address: 1,000 requests (600 in the
// quick lane, still past the 500 kept) that pass every check (a valid page token, plausible words, no
// links) from 200 addresses, five each (three), while a
// person from a new address sends one the way the site's script does. The person is thanked and
// mailed; the flood is mailed at most the company's hourly allowance, then once more in one summary;
// the rest is stored under "Mulig spam" (the newest 500). Mails go through the real outbox to a real
// SMTP server on loopback; the owner reads both lists through the API.
import { Writable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LEAD_LIMITS, SPAM_KEEP_DAYS, SPAM_KEEP_PER_COMPANY } from '../../api/leads/lead-limits';
import { createMailOutbox, type MailOutbox } from '../../api/mail-outbox';
import type { LeadJson } from '../../contracts/leads';
import {
  countSpamLeads,
  freshToken,
  listLeads,
  pageToken,
  SUMMARY_DELAY_MS,
  SUMMARY_EVERY_MS,
} from '../../db';
import { createLogger } from '../../lib/logger';
import { LEAD_MESSAGES } from '../../rules/lead-messages';
import { type ApiHarness, createApiHarness, type Owner } from '../api/api-harness';
import { repeatCount } from '../support/lane';
import { readMessage, type SmtpSink, startSmtpSink } from '../support/smtp-sink';

let sink: SmtpSink;
let h: ApiHarness;
let owner: Owner;
let outbox: MailOutbox;
const CVR = '42424242';
const PROXY = '10.0.0.5';
/** The company's whole hourly allowance of requests mailed one by one, both kinds of token. */
const ALLOWANCE = LEAD_LIMITS.allowance.limit + LEAD_LIMITS.pageTokenAllowance.limit;
/** The flood's requests: more than the allowance and the 500 spam requests kept together. */
const FLOOD = repeatCount(1000, 600);

beforeEach(async () => {
  sink = await startSmtpSink();
  h = await createApiHarness({ SMTP_URL: sink.url, TRUST_PROXY: '10.0.0.0/8' });
  owner = await h.createOwner(CVR, 'Murer Madsen ApS', 'ejer@madsen-mur.dk');
  outbox = outboxAt(h.now);
});
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

function post(values: Record<string, string>, forwardedFor: string, json = true) {
  const data = new FormData();
  for (const [key, value] of Object.entries(values)) data.append(key, value);
  return h.send('POST', `/api/sites/${CVR}/leads`, {
    body: data,
    headers: { ...(json ? { Accept: 'application/json' } : {}), 'X-Forwarded-For': forwardedFor },
    env: { incoming: { socket: { remoteAddress: PROXY } } },
  });
}

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

describe('a flood of quote requests', () => {
  it('is stored as possible spam past the allowance while a person from a new address gets through', async () => {
    // The page token every copy of the page carries, published an hour ago: the cheapest flood.
    const page = await pageToken(h.db, CVR, new Date(h.now().getTime() - 3_600_000));
    // The person's script fetched its token when they started typing, a minute before sending.
    const personToken = await freshToken(h.db, CVR, new Date(h.now().getTime() - 60_000));

    const statuses = new Map<number, number>();
    let personAnswer: { status: number; body: unknown } | undefined;
    for (let n = 0; n < FLOOD; n++) {
      if (n === FLOOD / 2) {
        const response = await post({ ...person, token: personToken }, '203.0.113.77');
        personAnswer = { status: response.status, body: await response.json() };
      }
      const status = (await post(floodRequest(n, page), floodAddress(n))).status;
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      // A tenth of a second apart, so "the newest" is well defined.
      h.advance(100);
    }
    // Nobody was told to come back later: every request of the flood was received.
    expect(Object.fromEntries(statuses)).toEqual({ 200: FLOOD });
    // The person sees the thank-you.
    expect(personAnswer).toEqual({ status: 200, body: { ok: true, message: LEAD_MESSAGES.nextSteps } });

    // Henvendelser: the person's request among the requests, the flood's first ones beside it, the
    // rest under "Mulig spam" (the newest 500 of them).
    const requests = await ownerList('/api/leads');
    expect(requests.leads.map((lead) => lead.name)).toContain('Jonas Berg');
    expect(requests.leads.find((lead) => lead.name === 'Jonas Berg')?.spam).toBe(false);
    const floodMailed = requests.leads.filter((lead) => lead.name.startsWith('Peter Hansen'));
    expect(floodMailed.length).toBeLessThanOrEqual(ALLOWANCE);
    expect(floodMailed).toHaveLength(LEAD_LIMITS.pageTokenAllowance.limit);
    const spam = await ownerList('/api/leads/spam');
    expect(spam.spam).toBe(SPAM_KEEP_PER_COMPANY);
    expect(spam.leads).toHaveLength(SPAM_KEEP_PER_COMPANY);
    expect(spam.leads.every((lead) => lead.spam && lead.name.startsWith('Peter Hansen'))).toBe(true);
    // The newest are kept: the flood's last request is there, its first spam ones are gone.
    expect(spam.leads[0]?.name).toBe(`Peter Hansen ${FLOOD - 1}`);
    expect(await countSpamLeads(h.db, CVR)).toBe(SPAM_KEEP_PER_COMPANY);
    expect(requests.unread).toBe(floodMailed.length + 1);

    // Mails: one per request within the allowance, and the person's; and to each of them, as they
    // gave an e-mail, a receipt (issue 49). Possible spam gets none.
    const mailed = 2 * (floodMailed.length + 1);
    expect(await outbox.sweep()).toBe(mailed);
    const mails = await sink.waitFor(mailed);
    expect(
      mails.filter((mail) => readMessage(mail.raw).subject === 'Vi har modtaget din henvendelse'),
    ).toHaveLength(floodMailed.length + 1);
    const subjects = mails.map((mail) => readMessage(mail.raw).subject);
    expect(subjects).toContain('Ny forespørgsel fra Jonas Berg');
    expect(subjects.filter((subject) => subject.startsWith('Ny forespørgsel fra Peter Hansen'))).toHaveLength(
      floodMailed.length,
    );

    // A few minutes later, one summary of the rest; within the hour, no other.
    const later = new Date(h.now().getTime() + SUMMARY_DELAY_MS);
    await outbox.close();
    outbox = outboxAt(() => later);
    expect(await outbox.sweep()).toBe(1);
    const [summary] = (await sink.waitFor(mailed + 1)).slice(-1);
    const read = readMessage(summary?.raw ?? '');
    const spamCount = FLOOD - floodMailed.length;
    // Where the owner's requests go (their login e-mail, as nothing else was chosen).
    expect(summary?.to).toEqual([owner.email]);
    expect(read.subject).toBe(`${spamCount.toLocaleString('da-DK')} forespørgsler lagt under "Mulig spam"`);
    expect(read.body).toContain('/admin/henvendelser?vis=spam');
    expect(read.body).not.toContain('Peter Hansen');
    // More of the flood within the hour waits for the next summary.
    h.setNow(new Date(later.getTime() + 60_000));
    const more = await post(floodRequest(FLOOD, page), '192.0.2.1');
    expect(more.status).toBe(200);
    const withinHour = new Date(later.getTime() + SUMMARY_EVERY_MS - 60_000);
    await outbox.close();
    outbox = outboxAt(() => withinHour);
    expect(await outbox.sweep()).toBe(0);
    expect(sink.messages).toHaveLength(mailed + 1);
  }, 180_000);

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
    const page = await pageToken(h.db, CVR, new Date(h.now().getTime() - 3_600_000));
    // Distinct words each time: the same words again would be a duplicate, answered without counting.
    const statuses = async (first: number, addresses: string[]) => {
      const seen: number[] = [];
      for (const [n, address] of addresses.entries()) {
        seen.push((await post(floodRequest(first + n, page), address)).status);
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
    const refused = await post(floodRequest(200, page), '2001:db8:1:2:ffff::1');
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
      LEAD_MESSAGES.tooMany,
    );
    // Someone else is not.
    expect((await post(floodRequest(201, page), '2001:db8:1:3::1')).status).toBe(200);
  });
});
