// The quote-request repository on both dialects: a request and its pending mail commit together,
// duplicates are found by their words, the outbox is claimed once, state changes, deletion (by the
// owner and by the 12-month sweep), the operator's counts, settings and single-use tokens, and a new
// recipient that waits for its confirmation (issue 39).
import { expect, it } from 'vitest';
import { describeEachDialect } from '../../tests/support/databases';
import { claimJob, completeJob, rescheduleJob } from './jobs';
import {
  clearPendingLeadRecipient,
  confirmPendingLeadRecipient,
  countUnreadLeads,
  deleteLead,
  deleteLeadsBefore,
  dueLeadMails,
  findLead,
  getLeadSettings,
  getPendingLeadRecipient,
  hasRecentLead,
  insertLead,
  leadCounts,
  leadFormSecret,
  listLeads,
  type NewLead,
  saveLeadSettings,
  setPendingLeadRecipient,
  spendLeadToken,
  updateLeadState,
} from './leads';

const request = (n: number): NewLead => ({
  name: `Kunde ${n}`,
  phone: '12345678',
  email: '',
  postcode: '4600',
  message: `Taget drypper (${n})`,
  photos: [{ file: `x-${n}-1.jpg`, contentType: 'image/jpeg', width: 10, height: 10, bytes: 100 }],
  contentHash: `hash-${n}`,
});
const at = (minute: number) => new Date(Date.UTC(2026, 2, 1, 10, minute));

describeEachDialect('leads repository', (use) => {
  it('stores a request with its pending mail, lists newest first, per company only', async () => {
    const { db } = use();
    const first = await insertLead(db, '11111111', request(1), at(0));
    const second = await insertLead(db, '11111111', request(2), at(1));
    await insertLead(db, '22222222', request(3), at(2));
    expect((await listLeads(db, '11111111')).map((lead) => lead.id)).toEqual([second.id, first.id]);
    expect(await findLead(db, '22222222', first.id)).toBeUndefined();
    expect((await findLead(db, '11111111', first.id))?.photos).toEqual(request(1).photos);
    expect(await countUnreadLeads(db, '11111111')).toBe(2);
    expect((await dueLeadMails(db, at(5))).map((mail) => mail.payload.leadId)).toEqual([
      first.id,
      second.id,
      expect.any(String),
    ]);
    expect(await hasRecentLead(db, '11111111', 'hash-1', at(0))).toBe(true);
    expect(await hasRecentLead(db, '11111111', 'hash-1', at(1))).toBe(false);
    expect(await hasRecentLead(db, '22222222', 'hash-1', at(0))).toBe(false);
  });

  it('lets one sender claim a due mail, retries after a failure, forgets it once sent', async () => {
    const { db } = use();
    const lead = await insertLead(db, '11111111', request(1), at(0));
    const [mail] = await dueLeadMails(db, at(0));
    if (!mail) throw new Error('no mail due');
    const lease = await claimJob(db, mail, at(0), 60_000);
    if (!lease) throw new Error('not claimed');
    expect(await claimJob(db, mail, at(0), 60_000)).toBeNull();
    expect(await dueLeadMails(db, at(0))).toEqual([]);
    await rescheduleJob(db, mail.id, lease, { runAt: at(3), error: 'ECONNREFUSED' });
    expect(await dueLeadMails(db, at(2))).toEqual([]);
    const [again] = await dueLeadMails(db, at(3));
    expect(again).toMatchObject({ payload: { leadId: lead.id }, attempts: 1, lastError: 'ECONNREFUSED' });
    if (!again) throw new Error('no mail due');
    const second = await claimJob(db, again, at(3), 60_000);
    if (!second) throw new Error('not claimed');
    await completeJob(db, again.id, second);
    expect(await dueLeadMails(db, at(60))).toEqual([]);
    expect(await leadCounts(db)).toEqual({ total: 1, unread: 1, unsent: 0 });
  });

  it('marks read and handled, deletes at once and after twelve months', async () => {
    const { db } = use();
    const old = await insertLead(db, '11111111', request(1), new Date('2025-01-01T00:00:00Z'));
    const lead = await insertLead(db, '11111111', request(2), at(0));
    const handled = await updateLeadState(db, '11111111', lead.id, { handled: true }, at(1));
    expect(handled).toMatchObject({ readAt: at(1).toISOString(), handledAt: at(1).toISOString() });
    expect(await updateLeadState(db, '22222222', lead.id, { read: false })).toBeUndefined();
    expect(await countUnreadLeads(db, '11111111')).toBe(1);
    expect((await deleteLeadsBefore(db, new Date('2025-03-01T00:00:00Z'))).map((l) => l.id)).toEqual([
      old.id,
    ]);
    expect(await deleteLead(db, '22222222', lead.id)).toBeUndefined();
    expect((await deleteLead(db, '11111111', lead.id))?.id).toBe(lead.id);
    expect(await listLeads(db, '11111111')).toEqual([]);
    expect(await leadCounts(db)).toEqual({ total: 0, unread: 0, unsent: 0 });
  });

  it('keeps settings, spends a token once, and has a signing key', async () => {
    const { db } = use();
    expect(await getLeadSettings(db, '11111111')).toEqual({ formEnabled: true, recipientEmail: null });
    await saveLeadSettings(db, '11111111', { formEnabled: false, recipientEmail: 'tilbud@firma.dk' });
    await saveLeadSettings(db, '11111111', { formEnabled: true, recipientEmail: 'tilbud@firma.dk' });
    expect(await getLeadSettings(db, '11111111')).toEqual({
      formEnabled: true,
      recipientEmail: 'tilbud@firma.dk',
    });
    expect(await spendLeadToken(db, 'n1', at(10), at(0))).toBe(true);
    expect(await spendLeadToken(db, 'n1', at(10), at(0))).toBe(false);
    expect((await leadFormSecret(db)).length).toBeGreaterThan(30);
  });

  it('keeps a new recipient apart until it is confirmed, and confirms only the address still waiting', async () => {
    const { db } = use();
    // A company that never saved settings: the recipient waits in a row of its own.
    await setPendingLeadRecipient(db, '11111111', 'kontor@firma.dk', at(1));
    expect(await getPendingLeadRecipient(db, '11111111')).toEqual({
      email: 'kontor@firma.dk',
      sentAt: at(1).toISOString(),
    });
    expect(await getLeadSettings(db, '11111111')).toEqual({ formEnabled: true, recipientEmail: null });
    expect(await getPendingLeadRecipient(db, '22222222')).toBeNull();

    // The owner asks for another address instead: a link to the first confirms nothing.
    await setPendingLeadRecipient(db, '11111111', 'tilbud@firma.dk', at(2));
    expect(await confirmPendingLeadRecipient(db, '11111111', 'kontor@firma.dk')).toBe(false);
    // Saving the form switch leaves the waiting address alone.
    await saveLeadSettings(db, '11111111', { formEnabled: false, recipientEmail: null });
    expect(await getPendingLeadRecipient(db, '11111111')).toMatchObject({ email: 'tilbud@firma.dk' });
    expect(await confirmPendingLeadRecipient(db, '22222222', 'tilbud@firma.dk')).toBe(false);
    expect(await confirmPendingLeadRecipient(db, '11111111', 'tilbud@firma.dk')).toBe(true);
    expect(await getLeadSettings(db, '11111111')).toEqual({
      formEnabled: false,
      recipientEmail: 'tilbud@firma.dk',
    });
    expect(await getPendingLeadRecipient(db, '11111111')).toBeNull();
    // Once only.
    expect(await confirmPendingLeadRecipient(db, '11111111', 'tilbud@firma.dk')).toBe(false);

    await setPendingLeadRecipient(db, '11111111', 'andet@firma.dk', at(3));
    await clearPendingLeadRecipient(db, '11111111');
    expect(await getPendingLeadRecipient(db, '11111111')).toBeNull();
    expect(await confirmPendingLeadRecipient(db, '11111111', 'andet@firma.dk')).toBe(false);
    expect((await getLeadSettings(db, '11111111')).recipientEmail).toBe('tilbud@firma.dk');
  });
});
