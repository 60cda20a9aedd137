// The reviews repository on both dialects (issue 41): a request's signed link bound to its company,
// used once, valid 60 days; a customer who said no is never asked again; 30 asks a day; the one
// reminder after 7 days (or none when the owner turned them off); the customer's e-mail kept only
// while a mail may still need it; one answer, a report, the operator's removal, the customer's
// deletion; and everything gone with the company.
import { expect, it } from 'vitest';
import { describeEachDialect } from '../../tests/support/databases';
import type { Db } from '../database';
import { reviewDeleteReviewId, reviewDeleteToken, reviewLinkRequestId } from '../review-token';
import { deleteCompany, insertCompany } from './companies';
import { claimJob, completeJob, dueJobs, type Job, rescheduleJob } from './jobs';
import type { ReviewMailPayload, ReviewReminderPayload } from './review-jobs';
import {
  createReviewRequest,
  declineReviewRequest,
  listReviewRequests,
  openReviewRequest,
  queueReviewReminder,
  reviewRequestState,
} from './review-requests';
import { getReviewSettings, saveReviewSettings } from './review-settings';
import {
  answerReview,
  deleteReviewByCustomer,
  eraseExpiredReviewContacts,
  listReviews,
  listReviewsForOperator,
  type NewReview,
  removeReview,
  reportReview,
  reviewAverageByMonth,
  reviewSummary,
  submitReview,
} from './reviews';

const DAY = 24 * 60 * 60 * 1000;
const start = new Date(Date.UTC(2026, 2, 2, 9, 0));
const later = (days: number, from = start) => new Date(from.getTime() + days * DAY);

const A = '11111111';
const B = '22222222';

const review = (stars: number, text = 'Hurtigt og pænt arbejde.'): NewReview => ({
  stars,
  service: 'Nyt badeværelse',
  text,
  authorName: 'Mette H., Køge',
});

describeEachDialect('reviews repository', (use) => {
  async function companies() {
    const { db } = use();
    await insertCompany(db, { cvr: A, name: 'Eksempel VVS' });
    await insertCompany(db, { cvr: B, name: 'Anden Tømrer' });
    return db;
  }

  async function ask(cvr: string, who: { email?: string; phone?: string; name?: string }, at = start) {
    const { db } = use();
    const outcome = await createReviewRequest(
      db,
      cvr,
      { customerName: who.name ?? 'Mette Hansen', email: who.email ?? '', phone: who.phone ?? '' },
      at,
    );
    if (!outcome.ok) throw new Error(`refused: ${outcome.reason}`);
    return outcome.value;
  }

  /** The review mails waiting (jobs of kind 'review-mail'), at most `limit`. */
  async function dueReviewMails(db: Db, at: Date, limit: number): Promise<Job<ReviewMailPayload>[]> {
    const due = await dueJobs(db, at, 1000);
    return due.filter((job) => job.kind === 'review-mail').slice(0, limit) as Job<ReviewMailPayload>[];
  }

  /** The mails waiting in the outbox, as [kind, address]. */
  async function outbox(at = later(400)) {
    const { db } = use();
    return (await dueReviewMails(db, at, 100)).map((mail) => [mail.payload.mail, mail.payload.to]);
  }

  /** Runs the reminder jobs due at `at` as the runner does; answers how many queued a mail. */
  async function queueDueReviewReminders(db: Db, at: Date): Promise<number> {
    let queued = 0;
    for (const job of await dueJobs(db, at, 1000)) {
      if (job.kind !== 'review-reminder') continue;
      const lease = await claimJob(db, job, at, 60_000);
      if (!lease) continue;
      const { cvr, requestId } = job.payload as ReviewReminderPayload;
      if (await queueReviewReminder(db, cvr, requestId, at)) queued++;
      await completeJob(db, job.id, lease);
    }
    return queued;
  }

  /** The e-mail column of every request, as stored. */
  async function storedEmails() {
    const { db } = use();
    const rows = await db.selectFrom('reviewRequests').select(['email', 'emailHash', 'phoneHash']).execute();
    return rows;
  }

  it('signs a link bound to its company, valid 60 days, used once', async () => {
    const db = await companies();
    const { request, token } = await ask(A, { email: 'mette@example.dk' });
    expect(request).toMatchObject({ companyCvr: A, channel: 'email', customerName: 'Mette Hansen' });
    expect(request.expiresAt).toBe(later(60).toISOString());
    expect(await reviewLinkRequestId(db, A, token)).toBe(request.id);
    // The same link read as company B's, or with its signature changed, is nobody's.
    expect(await reviewLinkRequestId(db, B, token)).toBeNull();
    expect(await reviewLinkRequestId(db, A, `${token.slice(0, -2)}xx`)).toBeNull();
    expect(await reviewLinkRequestId(db, A, 'nonsense')).toBeNull();
    // Company B cannot use A's request id through its own rows either.
    expect(await openReviewRequest(db, B, request.id, later(1))).toEqual({ ok: false, reason: 'not-found' });
    expect(await submitReview(db, B, request.id, review(5), later(1))).toEqual({
      ok: false,
      reason: 'not-found',
    });

    expect((await openReviewRequest(db, A, request.id, later(59))).ok).toBe(true);
    expect(await openReviewRequest(db, A, request.id, later(60))).toEqual({ ok: false, reason: 'expired' });
    expect(await submitReview(db, A, request.id, review(5), later(61))).toEqual({
      ok: false,
      reason: 'expired',
    });

    const written = await submitReview(db, A, request.id, review(2), later(3));
    expect(written).toMatchObject({ ok: true, value: { stars: 2, companyCvr: A, answer: null } });
    expect(await submitReview(db, A, request.id, review(5), later(4))).toEqual({ ok: false, reason: 'used' });
    expect(await openReviewRequest(db, A, request.id, later(4))).toEqual({ ok: false, reason: 'used' });
    expect((await listReviews(db, A)).map((r) => r.stars)).toEqual([2]);
    expect(await listReviews(db, B)).toEqual([]);
    const [listed] = await listReviewRequests(db, A);
    expect(listed && reviewRequestState(listed, later(4))).toBe('reviewed');
  });

  it('never asks a customer again who said no, by e-mail or by phone', async () => {
    const db = await companies();
    const { request } = await ask(A, { email: 'Mette@Example.dk', phone: '+45 12 34 56 78' });
    expect(await declineReviewRequest(db, A, request.id, later(1))).toEqual({ ok: true, value: null });
    expect(await declineReviewRequest(db, A, request.id, later(1))).toEqual({
      ok: false,
      reason: 'declined',
    });
    expect(await submitReview(db, A, request.id, review(4), later(1))).toEqual({
      ok: false,
      reason: 'declined',
    });
    const again = (who: { email?: string; phone?: string }) =>
      createReviewRequest(
        db,
        A,
        { customerName: 'Mette', email: who.email ?? '', phone: who.phone ?? '' },
        later(2),
      );
    expect(await again({ email: 'mette@example.dk' })).toEqual({ ok: false, reason: 'declined-before' });
    expect(await again({ phone: '12345678' })).toEqual({ ok: false, reason: 'declined-before' });
    expect(await again({ email: 'anden@example.dk', phone: '12 34 56 78' })).toEqual({
      ok: false,
      reason: 'declined-before',
    });
    // Another customer, and the same customer at another company, can be asked.
    expect((await again({ email: 'jens@example.dk' })).ok).toBe(true);
    expect(
      (
        await createReviewRequest(
          db,
          B,
          { customerName: 'Mette', email: 'mette@example.dk', phone: '' },
          later(2),
        )
      ).ok,
    ).toBe(true);
    // Nobody to reach: no request.
    expect(await again({})).toEqual({ ok: false, reason: 'no-contact' });
    const [declined] = (await listReviewRequests(db, A)).filter((r) => r.id === request.id);
    expect(declined && reviewRequestState(declined, later(2))).toBe('declined');
  });

  it('allows 30 asks in 24 hours', async () => {
    const db = await companies();
    for (let n = 0; n < 30; n += 1)
      await ask(A, { phone: `1234${String(n).padStart(4, '0')}` }, later(n / 100));
    const over = await createReviewRequest(
      db,
      A,
      { customerName: 'Nr. 31', email: '', phone: '99999999' },
      later(0.5),
    );
    expect(over).toEqual({ ok: false, reason: 'daily-limit' });
    // Company B has its own 30.
    expect(
      (await createReviewRequest(db, B, { customerName: 'X', email: '', phone: '99999999' }, later(0.5))).ok,
    ).toBe(true);
    // A day after the first ones, there is room again.
    expect(
      (
        await createReviewRequest(
          db,
          A,
          { customerName: 'Nr. 31', email: '', phone: '99999999' },
          later(1.01),
        )
      ).ok,
    ).toBe(true);
    expect(
      await createReviewRequest(db, '33333333', { customerName: 'X', email: '', phone: '99999999' }),
    ).toEqual({
      ok: false,
      reason: 'company-not-found',
    });
  });

  it('mails the link, reminds once after 7 days, and keeps the e-mail only until then', async () => {
    const db = await companies();
    const { request } = await ask(A, { email: 'mette@example.dk', phone: '12345678' });
    expect(await outbox()).toEqual([['request', 'mette@example.dk']]);
    expect(request.reminderDueAt).toBe(later(7).toISOString());
    expect(await queueDueReviewReminders(db, later(6.9))).toBe(0);
    expect(await queueDueReviewReminders(db, later(7))).toBe(1);
    // Once only.
    expect(await queueDueReviewReminders(db, later(8))).toBe(0);
    expect((await outbox()).sort()).toEqual([
      ['reminder', 'mette@example.dk'],
      ['request', 'mette@example.dk'],
    ]);
    // No phone is ever stored, and the e-mail left the request with the reminder: only hashes remain.
    const [stored] = await storedEmails();
    expect(stored?.email).toBeNull();
    expect(stored?.emailHash).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(JSON.stringify(await storedEmails())).not.toContain('12345678');
    const [listed] = await listReviewRequests(db, A);
    expect(listed && reviewRequestState(listed, later(8))).toBe('reminded');
    expect(listed?.contactKept).toBe(false);

    // The outbox: claimed by one sender, retried after a failure, gone (with its address) once sent.
    const [mail] = await dueReviewMails(db, later(8), 1);
    if (!mail) throw new Error('no mail due');
    const lease = await claimJob(db, mail, later(8), 60_000);
    if (!lease) throw new Error('not claimed');
    expect(await claimJob(db, mail, later(8), 60_000)).toBeNull();
    await rescheduleJob(db, mail.id, lease, { runAt: later(9), error: 'ECONNREFUSED' });
    const again = (await dueReviewMails(db, later(9), 10)).find((m) => m.id === mail.id);
    expect(again).toMatchObject({ attempts: 1, lastError: 'ECONNREFUSED' });
    if (!again) throw new Error('no mail due');
    const second = await claimJob(db, again, later(9), 60_000);
    if (!second) throw new Error('not claimed');
    await completeJob(db, mail.id, second);
    expect(await outbox()).toEqual([['reminder', 'mette@example.dk']]);
    expect((await db.selectFrom('jobs').select('id').execute()).map((row) => row.id)).not.toContain(mail.id);
  });

  it('sends no reminder when the owner turned them off, and forgets the addresses waiting for one', async () => {
    const db = await companies();
    expect(await getReviewSettings(db, A)).toEqual({ remindersEnabled: true });
    const { request: first } = await ask(A, { email: 'mette@example.dk' });
    await saveReviewSettings(db, A, { remindersEnabled: false });
    expect(await getReviewSettings(db, A)).toEqual({ remindersEnabled: false });
    const { request: second } = await ask(A, { email: 'jens@example.dk' });
    expect(second.reminderDueAt).toBeNull();
    expect((await storedEmails()).map((row) => row.email)).toEqual([null, null]);
    expect(await queueDueReviewReminders(db, later(8))).toBe(0);
    expect(first.contactKept).toBe(true);
    // The first mails still go, each with its own copy of the address until it is sent.
    expect((await outbox()).map(([kind]) => kind)).toEqual(['request', 'request']);
  });

  it('forgets the e-mail once the customer has written, said no, or the link expired', async () => {
    const db = await companies();
    const { request: wrote } = await ask(A, { email: 'wrote@example.dk' });
    const { request: declined } = await ask(A, { email: 'no@example.dk' });
    await ask(A, { email: 'silent@example.dk' });
    await saveReviewSettings(db, A, { remindersEnabled: true });
    const written = await submitReview(db, A, wrote.id, review(4), later(1));
    if (!written.ok) throw new Error(written.reason);
    await declineReviewRequest(db, A, declined.id, later(1));
    expect((await storedEmails()).filter((row) => row.email !== null)).toHaveLength(1);
    // The receipt (with the delete link) goes to the writer; the owner gets a notice; the declined
    // customer's first mail, if still unsent, is not sent at all.
    expect((await outbox()).sort()).toEqual([
      ['owner-notice', null],
      ['receipt', 'wrote@example.dk'],
      ['request', 'silent@example.dk'],
      ['request', 'wrote@example.dk'],
    ]);
    // Expired without a reminder sent (the sweep never ran): forgotten by the erasure sweep.
    expect(await eraseExpiredReviewContacts(db, later(61))).toBe(1);
    expect((await storedEmails()).every((row) => row.email === null)).toBe(true);
  });

  it('takes one answer, a report, and the operator’s removal with its reason', async () => {
    const db = await companies();
    const { request } = await ask(A, { email: 'mette@example.dk' });
    const written = await submitReview(db, A, request.id, review(1, 'Kom aldrig.'), later(1));
    if (!written.ok) throw new Error(written.reason);
    const id = written.value.id;
    expect(await answerReview(db, B, id, 'Forkert firma', later(2))).toEqual({
      ok: false,
      reason: 'not-found',
    });
    const answered = await answerReview(db, A, id, 'Vi beklager og ringer dig op.', later(2));
    expect(answered).toMatchObject({ ok: true, value: { answer: 'Vi beklager og ringer dig op.' } });
    expect(await answerReview(db, A, id, 'Ændret svar', later(3))).toEqual({
      ok: false,
      reason: 'already-answered',
    });
    expect(await reportReview(db, B, id, 'threats', later(3))).toBeUndefined();
    expect(await reportReview(db, A, id, 'not-customer', later(3))).toMatchObject({
      reportReason: 'not-customer',
    });
    expect((await listReviewsForOperator(db)).reported.map((r) => [r.id, r.companyName])).toEqual([
      [id, 'Eksempel VVS'],
    ]);
    expect(await reviewSummary(db, A)).toEqual({ count: 1, average: 1 });

    expect(await removeReview(db, A, id, 'Ikke en kunde (bekræftet af firmaet)', later(4))).toBe(true);
    expect(await removeReview(db, A, id, 'igen', later(5))).toBe(false);
    expect(await listReviews(db, A)).toEqual([]);
    expect(await reviewSummary(db, A)).toEqual({ count: 0, average: 0 });
    const { reported, removed } = await listReviewsForOperator(db);
    expect(reported).toEqual([]);
    expect(removed).toMatchObject([
      {
        id,
        stars: 1,
        text: '',
        authorName: '',
        answer: null,
        removedReason: 'Ikke en kunde (bekræftet af firmaet)',
      },
    ]);
  });

  it('lets the customer delete their own review through a signed link', async () => {
    const db = await companies();
    const { request } = await ask(A, { email: 'mette@example.dk' });
    const written = await submitReview(db, A, request.id, review(5), later(1));
    if (!written.ok) throw new Error(written.reason);
    const token = await reviewDeleteToken(db, A, written.value.id);
    expect(await reviewDeleteReviewId(db, B, token)).toBeNull();
    expect(await reviewDeleteReviewId(db, A, token)).toBe(written.value.id);
    expect(await deleteReviewByCustomer(db, B, written.value.id)).toBe(false);
    expect(await deleteReviewByCustomer(db, A, written.value.id)).toBe(true);
    expect(await deleteReviewByCustomer(db, A, written.value.id)).toBe(false);
    expect(await listReviews(db, A, { removed: true })).toEqual([]);
  });

  it('averages the reviews and their running mean by month', async () => {
    const db = await companies();
    const dates = [start, later(1), new Date(Date.UTC(2026, 3, 5, 9))];
    for (const [n, stars] of [5, 4, 2].entries()) {
      const { request } = await ask(A, { email: `kunde${n}@example.dk` });
      const at = dates[n] as Date;
      expect((await submitReview(db, A, request.id, review(stars), at)).ok).toBe(true);
    }
    expect(await reviewSummary(db, A)).toEqual({ count: 3, average: 11 / 3 });
    expect(await reviewAverageByMonth(db, A)).toEqual([
      { month: '2026-03', count: 2, average: 4.5 },
      { month: '2026-04', count: 3, average: 11 / 3 },
    ]);
    expect((await listReviews(db, A)).map((r) => r.stars)).toEqual([2, 4, 5]);
  });

  it('goes with its company: requests, reviews, settings and mails', async () => {
    const db = await companies();
    const { request } = await ask(A, { email: 'mette@example.dk' });
    await saveReviewSettings(db, A, { remindersEnabled: false });
    await submitReview(db, A, request.id, review(3), later(1));
    await ask(B, { email: 'jens@example.dk' });
    await deleteCompany(db, A);
    for (const table of ['reviewRequests', 'reviews', 'reviewSettings'] as const) {
      const rows = await db.selectFrom(table).select('companyCvr').execute();
      expect(rows.map((row) => row.companyCvr)).toEqual(
        table === 'reviews' || table === 'reviewSettings' ? [] : [B],
      );
    }
    const mails = await db.selectFrom('jobs').select('payload').where('kind', '=', 'review-mail').execute();
    expect(mails.map((row) => (JSON.parse(row.payload) as ReviewMailPayload).cvr)).toEqual([B]);
  });
});
