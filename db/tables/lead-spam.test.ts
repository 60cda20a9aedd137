// Possible spam on both dialects (issue 39, migration 0020): a request past the hourly allowance is
// stored without a mail of its own and counted for the company's summary; the inbox lists the two
// kinds apart and counts only real requests as unread; each client's oldest and newest are kept within a cap per
// company (issue 48), and anything older than 30 days deleted; the summary is due a while after a flood's first request and
// then at most once an hour, and counts what arrives while it is being sent for the next one.
import { expect, it } from 'vitest';
import { describeEachDialect } from '../../tests/support/databases';
import {
  claimSpamSummary,
  completeSpamSummary,
  dueSpamSummaries,
  recordSpamSummaryFailure,
  SUMMARY_DELAY_MS,
  SUMMARY_EVERY_MS,
} from './lead-spam-summaries';
import {
  countSpamLeads,
  countUnreadLeads,
  deleteSpamBefore,
  dueLeadMails,
  hasRecentLead,
  insertLead,
  listLeads,
  type NewLead,
  pruneSpam,
} from './leads';

const CVR = '11111111';
const request = (n: number, spam = false): NewLead => ({
  name: `Kunde ${n}`,
  phone: '12345678',
  email: '',
  postcode: '4600',
  message: `Taget drypper (${n})`,
  photos: [],
  contentHash: `hash-${n}`,
  spam,
});
const START = Date.UTC(2026, 2, 1, 10, 0);
const at = (ms: number) => new Date(START + ms);
const MINUTE = 60_000;

describeEachDialect('possible spam', (use) => {
  it('stores spam without a mail of its own, lists it apart and never counts it as unread', async () => {
    const { db } = use();
    const real = await insertLead(db, CVR, request(1), at(0));
    const spam = await insertLead(db, CVR, request(2, true), at(MINUTE));
    expect(spam.spam).toBe(true);
    expect((await listLeads(db, CVR)).map((lead) => [lead.id, lead.spam])).toEqual([[real.id, false]]);
    expect((await listLeads(db, CVR, 500, 'spam')).map((lead) => [lead.id, lead.spam])).toEqual([
      [spam.id, true],
    ]);
    expect(await countUnreadLeads(db, CVR)).toBe(1);
    expect(await countSpamLeads(db, CVR)).toBe(1);
    expect((await dueLeadMails(db, at(10 * MINUTE))).map((mail) => mail.payload.leadId)).toEqual([real.id]);
    // The same words again are a duplicate, spam or not.
    expect(await hasRecentLead(db, CVR, 'hash-2', at(0))).toBe(true);
  });

  it("keeps each client's oldest and newest spam, and over the cap never another client's only one", async () => {
    const { db } = use();
    const keep = { clientOldest: 2, clientNewest: 2, company: 6 };
    // A real visitor's request lands in spam first; then one address floods.
    const visitor = await insertLead(db, CVR, { ...request(0, true), clientHash: 'visitor' }, at(0));
    expect(await pruneSpam(db, CVR, 'visitor', keep)).toEqual([]);
    const flood: string[] = [];
    for (let n = 1; n <= 8; n++) {
      const lead = await insertLead(db, CVR, { ...request(n, true), clientHash: 'bot' }, at(n * MINUTE));
      flood.push(lead.id);
      await pruneSpam(db, CVR, 'bot', keep);
    }
    const kept = (await listLeads(db, CVR, 500, 'spam')).map((lead) => lead.id);
    // The bot's first two and last two; the visitor's untouched.
    expect(kept).toEqual([flood[7], flood[6], flood[1], flood[0], visitor.id]);
    // Many addresses of one request each: over the company's cap the newest is not kept, never the
    // older ones (the visitor's among them); the heaviest client loses first.
    for (let n = 0; n < 4; n++) {
      await insertLead(db, CVR, { ...request(20 + n, true), clientHash: `one-${n}` }, at((20 + n) * MINUTE));
      await pruneSpam(db, CVR, `one-${n}`, keep);
    }
    const after = await listLeads(db, CVR, 500, 'spam');
    expect(after).toHaveLength(6);
    expect(after.map((lead) => lead.id)).toContain(visitor.id);
    expect(after.map((lead) => lead.id)).toContain(flood[0]);
    // The cap took the bot's newest, three times; its very first is still there.
    expect(after.filter((lead) => flood.includes(lead.id)).map((lead) => lead.id)).toEqual([flood[0]]);
    // What was not kept is counted for the owner's summary: 4 of the bot's middle, 3 over the cap.
    const [summary] = await dueSpamSummaries(db, at(60 * MINUTE));
    expect(summary?.pending).toBe(13);
    expect(summary?.dropped).toBe(7);
    await completeSpamSummary(db, CVR, 13, at(60 * MINUTE), 7);
    expect((await dueSpamSummaries(db, at(200 * MINUTE)))[0]).toBeUndefined();
  });

  it('deletes spam after the cutoff, never real requests', async () => {
    const { db } = use();
    const ids: string[] = [];
    for (let n = 0; n < 7; n++) ids.push((await insertLead(db, CVR, request(n, true), at(n * MINUTE))).id);
    const other = await insertLead(db, '22222222', request(99, true), at(0));
    const real = await insertLead(db, CVR, request(100), at(0));

    const expired = await deleteSpamBefore(db, at(4 * MINUTE));
    expect(expired.map((lead) => lead.id).sort()).toEqual([ids[0], ids[1], ids[2], ids[3], other.id].sort());
    expect((await listLeads(db, CVR, 500, 'spam')).map((lead) => lead.id)).toEqual(ids.slice(4).reverse());
    // Real requests are the 12-month sweep's, never these.
    expect((await listLeads(db, CVR)).map((lead) => lead.id)).toEqual([real.id]);
  });

  it('sends one summary a while after the first spam, then at most one an hour', async () => {
    const { db } = use();
    await insertLead(db, CVR, request(1, true), at(0));
    await insertLead(db, CVR, request(2, true), at(MINUTE));
    expect(await dueSpamSummaries(db, at(SUMMARY_DELAY_MS - 1))).toEqual([]);
    const [due] = await dueSpamSummaries(db, at(SUMMARY_DELAY_MS));
    expect(due).toMatchObject({ companyCvr: CVR, pending: 2 });
    if (!due) throw new Error('no summary due');

    // One sender takes it; a second sees it taken.
    expect(await claimSpamSummary(db, due, at(SUMMARY_DELAY_MS), 120_000)).toBe(true);
    expect(await claimSpamSummary(db, due, at(SUMMARY_DELAY_MS), 120_000)).toBe(false);
    // A spam request arrives while the mail is on its way: it waits for the next summary.
    await insertLead(db, CVR, request(3, true), at(SUMMARY_DELAY_MS + 1));
    const sentAt = at(SUMMARY_DELAY_MS + 2);
    await completeSpamSummary(db, CVR, 2, sentAt);
    expect(await dueSpamSummaries(db, at(SUMMARY_DELAY_MS + SUMMARY_EVERY_MS))).toEqual([]);
    const [next] = await dueSpamSummaries(db, new Date(sentAt.getTime() + SUMMARY_EVERY_MS));
    expect(next).toMatchObject({ pending: 1, attempts: 0 });
  });

  it('after a quiet spell waits for the burst again, and retries a failed send', async () => {
    const { db } = use();
    await insertLead(db, CVR, request(1, true), at(0));
    const [first] = await dueSpamSummaries(db, at(SUMMARY_DELAY_MS));
    if (!first) throw new Error('no summary due');
    await claimSpamSummary(db, first, at(SUMMARY_DELAY_MS), 120_000);
    await recordSpamSummaryFailure(db, CVR, 'connection refused', at(SUMMARY_DELAY_MS + 30_000));
    const [retry] = await dueSpamSummaries(db, at(SUMMARY_DELAY_MS + 30_000));
    expect(retry).toMatchObject({ pending: 1, attempts: 1, lastError: 'connection refused' });
    if (!retry) throw new Error('no retry due');
    await claimSpamSummary(db, retry, at(SUMMARY_DELAY_MS + 30_000), 120_000);
    await completeSpamSummary(db, CVR, 1, at(SUMMARY_DELAY_MS + 30_000));

    // Three hours later a new flood begins: its summary waits for the burst, not sent at once.
    const later = 3 * SUMMARY_EVERY_MS;
    await insertLead(db, CVR, request(2, true), at(later));
    expect(await dueSpamSummaries(db, at(later + SUMMARY_DELAY_MS - 1))).toEqual([]);
    expect(await dueSpamSummaries(db, at(later + SUMMARY_DELAY_MS))).toHaveLength(1);
  });
});
