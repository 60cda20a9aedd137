// Sends the pending mails until the mail server takes them: each quote request's mail to the owner
// (the lead_mails rows insertLead wrote with the request) and each new company's welcome e-mail (the
// welcome_mails row onboarding wrote with the company). Every serving process runs one: a timer
// sweeps what is due, and a new request or sign-up nudges it so the mail goes out within seconds. A
// failed send is retried with growing pauses (30 s doubling, at most an hour), for as long as it
// takes: a dead mail server or a restart delays a mail, never loses it. Several processes may sweep
// at once: each mail is claimed for a lease by one of them.
// The owner's summary of possible spam (issue 39) goes out the same way, at most once an hour, and so
// do the review mails (issue 41: the link to a customer and its one reminder, queued by the sweep when
// due; the customer's receipt with the delete link; the owner's notice of a new review).
// The same timer deletes requests older than twelve months (issue 25, personal data), and possible
// spam after SPAM_KEEP_DAYS, and forgets the e-mail of review links past their 60 days.
import {
  claimLeadMail,
  claimLeadReceiptMail,
  claimReviewMail,
  claimSpamSummary,
  claimWelcomeMail,
  completeLeadMail,
  completeLeadReceiptMail,
  completeReviewMail,
  completeSpamSummary,
  completeWelcomeMail,
  type Db,
  deleteLeadsBefore,
  deleteSpamBefore,
  dueLeadMails,
  dueLeadReceiptMails,
  dueReviewMails,
  dueSpamSummaries,
  dueWelcomeMails,
  eraseExpiredReviewContacts,
  findCompanyByCvr,
  findLead,
  findReview,
  findReviewRequest,
  findUserByEmail,
  getLeadSettings,
  type LeadMail,
  type LeadReceiptMail,
  type LeadSpamSummary,
  type QueuedWelcomeMail,
  queueDueReviewReminders,
  type ReviewMail,
  recordLeadMailFailure,
  recordLeadReceiptMailFailure,
  recordReviewMailFailure,
  recordSpamSummaryFailure,
  recordWelcomeMailFailure,
  reviewConfirmToken,
  reviewDeleteToken,
  reviewLinkToken,
} from '../db';
import type { Config } from '../lib/config';
import { errorMessage } from '../lib/errors';
import type { Logger } from '../lib/logger';
import { createMailer, type Mailer, type MailMessage } from '../lib/mailer';
import { LEAD_KEEP_MONTHS } from '../rules/limits';
import { productOrigin } from '../rules/site-url';
import { emailVerificationLink } from './auth/account-changes';
import { SPAM_KEEP_DAYS } from './leads/lead-limits';
import { leadMail, leadReceiptMail, leadRecipient, mailableLeadRecipient } from './leads/lead-mail';
import { readLeadPhoto, removeLeadPhotos } from './leads/lead-photos';
import { isLoginConfirmed } from './leads/lead-recipient';
import { spamSummaryMail } from './leads/spam-summary-mail';
import { welcomeMessage } from './onboarding/welcome-mail';
import {
  reviewConfirmMail,
  reviewLinkUrl,
  reviewNoticeMail,
  reviewPagesUrl,
  reviewReceiptMail,
  reviewRequestMail,
} from './reviews/review-mail';

const LEASE_MS = 2 * 60 * 1000;
const FIRST_RETRY_MS = 30_000;
const MAX_RETRY_MS = 60 * 60 * 1000;
const SWEEP_EVERY_MS = 15_000;
const RETENTION_EVERY_MS = 60 * 60 * 1000;
/** A request waiting for the owner to confirm the address is looked at again this often (and at once
 *  when the owner confirms it: api/routes/account.ts releases the company's mails). */
const UNCONFIRMED_RETRY_MS = 60 * 60 * 1000;

/** What compose answers for a mail that must wait (not a failure): why, and for how long. */
class Wait {
  constructor(
    readonly reason: string,
    readonly ms: number,
  ) {}
}

/** The pause after the `attempts`-th failed send. */
function retryDelayMs(attempts: number): number {
  return Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));
}

/** The moment before which requests are deleted: twelve months back. */
function retentionCutoff(now: Date): Date {
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - LEAD_KEEP_MONTHS);
  return cutoff;
}

export interface MailOutbox {
  /** Sends what is due soon: after the current request has answered, or `afterMs` later. */
  nudge(afterMs?: number): void;
  /** Sends everything due now; answers how many mails the server took. */
  sweep(): Promise<number>;
  /** Deletes requests (and their photos) older than twelve months, and possible spam older than
   *  SPAM_KEEP_DAYS; answers how many. */
  deleteExpired(): Promise<number>;
  close(): Promise<void>;
}

export interface MailOutboxOptions {
  db: Db;
  config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'storageDir' | 'publicHost' | 'contactTo'>;
  logger: Logger;
  mailer?: Mailer;
  now?: () => Date;
  /** Period of the sweep; 0: only nudge() and sweep() send (tests). */
  everyMs?: number;
}

export function createMailOutbox(options: MailOutboxOptions): MailOutbox {
  const { db, config, logger } = options;
  const mailer = options.mailer ?? createMailer(config, logger);
  const now = options.now ?? (() => new Date());
  let running: Promise<number> | null = null;
  let again = false;
  let closed = false;

  /**
   * One kind of mail waiting in its own table: how to find, claim and finish a row, and the message
   * it becomes now (null: nothing will ever be sendable, such as a request deleted meanwhile).
   */
  interface Queue<Row extends { attempts: number }> {
    name: string;
    due(at: Date): Promise<Row[]>;
    claim(row: Row, at: Date): Promise<boolean>;
    compose(row: Row): Promise<MailMessage | Wait | null>;
    complete(row: Row): Promise<void>;
    fail(row: Row, error: string, retryAt: Date): Promise<void>;
    describe(row: Row): Record<string, unknown>;
  }

  const leads: Queue<LeadMail> = {
    name: 'lead mail',
    due: (at) => dueLeadMails(db, at, 20),
    claim: (mail, at) => claimLeadMail(db, mail, at, LEASE_MS),
    async compose(mail) {
      const [lead, company, settings] = await Promise.all([
        findLead(db, mail.companyCvr, mail.leadId),
        findCompanyByCvr(db, mail.companyCvr),
        getLeadSettings(db, mail.companyCvr),
      ]);
      if (!lead || !company) return null;
      const to = mailableLeadRecipient(company, settings, await isLoginConfirmed(db, company.companyEmail));
      // The owner has not confirmed the login e-mail yet (issue 48): the request waits in the inbox,
      // and its mail here until they do.
      if (!to)
        return company.companyEmail
          ? new Wait('the owner has not confirmed the login e-mail', UNCONFIRMED_RETRY_MS)
          : null;
      const photos = [];
      for (const [index, photo] of lead.photos.entries()) {
        const content = await readLeadPhoto(config.storageDir, company.cvr, photo);
        if (content) photos.push({ filename: `billede-${index + 1}.jpg`, content });
      }
      return leadMail(lead, company, to, `${productOrigin(config.publicHost)}/admin/henvendelser`, photos);
    },
    complete: (mail) => completeLeadMail(db, mail.leadId),
    fail: (mail, error, retryAt) => recordLeadMailFailure(db, mail.leadId, error, retryAt),
    describe: (mail) => ({ leadId: mail.leadId, cvr: mail.companyCvr }),
  };

  // Issue 49: the customer's receipt, to the address the request gave, answered to the firm.
  const receipts: Queue<LeadReceiptMail> = {
    name: 'lead receipt',
    due: (at) => dueLeadReceiptMails(db, at, 20),
    claim: (mail, at) => claimLeadReceiptMail(db, mail, at, LEASE_MS),
    async compose(mail) {
      const [lead, company, settings] = await Promise.all([
        findLead(db, mail.companyCvr, mail.leadId),
        findCompanyByCvr(db, mail.companyCvr),
        getLeadSettings(db, mail.companyCvr),
      ]);
      if (!lead || !company || lead.spam) return null;
      return leadReceiptMail(lead, company, mail.email, leadRecipient(company, settings));
    },
    complete: (mail) => completeLeadReceiptMail(db, mail.leadId),
    fail: (mail, error, retryAt) => recordLeadReceiptMailFailure(db, mail.leadId, error, retryAt),
    describe: (mail) => ({ leadId: mail.leadId, cvr: mail.companyCvr, kind: 'receipt' }),
  };

  const welcomes: Queue<QueuedWelcomeMail> = {
    name: 'welcome mail',
    due: (at) => dueWelcomeMails(db, at, 20),
    claim: (mail, at) => claimWelcomeMail(db, mail, at, LEASE_MS),
    async compose(mail) {
      const [company, settings] = await Promise.all([
        findCompanyByCvr(db, mail.companyCvr),
        getLeadSettings(db, mail.companyCvr),
      ]);
      if (!company) return null;
      // An owner who has not confirmed the login e-mail gets the confirmation link in the welcome
      // (issue 48): requests are mailed there only once it is confirmed.
      const owner = company.companyEmail ? await findUserByEmail(db, company.companyEmail) : undefined;
      const confirmLink =
        owner && owner.emailVerifiedAt === null
          ? await emailVerificationLink(db, owner, config.publicHost, now())
          : null;
      return welcomeMessage(company, config, settings, confirmLink);
    },
    complete: (mail) => completeWelcomeMail(db, mail.companyCvr),
    fail: (mail, error, retryAt) => recordWelcomeMailFailure(db, mail.companyCvr, error, retryAt),
    describe: (mail) => ({ cvr: mail.companyCvr }),
  };

  // The count a summary reported, by company, between compose and complete.
  const reported = new Map<string, { pending: number; dropped: number }>();
  const spamSummaries: Queue<LeadSpamSummary> = {
    name: 'spam summary',
    due: (at) => dueSpamSummaries(db, at, 20),
    claim: (row, at) => claimSpamSummary(db, row, at, LEASE_MS),
    async compose(row) {
      const [company, settings] = await Promise.all([
        findCompanyByCvr(db, row.companyCvr),
        getLeadSettings(db, row.companyCvr),
      ]);
      const to = company
        ? mailableLeadRecipient(company, settings, await isLoginConfirmed(db, company.companyEmail))
        : null;
      reported.set(row.companyCvr, { pending: row.pending, dropped: row.dropped });
      if (!company || !to) return null;
      const spamUrl = `${productOrigin(config.publicHost)}/admin/henvendelser?vis=spam`;
      return spamSummaryMail(company, to, row.pending, spamUrl, row.dropped);
    },
    complete: async (row) => {
      const sent = reported.get(row.companyCvr) ?? row;
      await completeSpamSummary(db, row.companyCvr, sent.pending, now(), sent.dropped);
      reported.delete(row.companyCvr);
    },
    fail: (row, error, retryAt) => recordSpamSummaryFailure(db, row.companyCvr, error, retryAt),
    describe: (row) => ({ cvr: row.companyCvr, pending: row.pending }),
  };

  // Issue 41: the review link to a customer and its one reminder, the customer's receipt with the
  // delete link, and the owner's notice of a new review.
  const reviews: Queue<ReviewMail> = {
    name: 'review mail',
    due: (at) => dueReviewMails(db, at, 20),
    claim: (mail, at) => claimReviewMail(db, mail, at, LEASE_MS),
    async compose(mail) {
      const company = await findCompanyByCvr(db, mail.companyCvr);
      if (!company) return null;
      const pages = reviewPagesUrl(company, config.publicHost);
      if (mail.kind === 'request' || mail.kind === 'reminder') {
        const request = await findReviewRequest(db, company.cvr, mail.refId);
        if (!request || !mail.toAddress || request.usedAt || request.declinedAt) return null;
        const link = reviewLinkUrl(
          company,
          config.publicHost,
          await reviewLinkToken(db, company.cvr, request.id),
        );
        return reviewRequestMail(company, request, mail.toAddress, link, mail.kind === 'reminder');
      }
      const review = await findReview(db, company.cvr, mail.refId);
      if (!review || review.removedAt) return null;
      if (mail.kind === 'confirm') {
        if (!mail.toAddress || review.state !== 'unconfirmed') return null;
        const link = `${pages}/bekraeft/${await reviewConfirmToken(db, company.cvr, review.id)}`;
        return reviewConfirmMail(company, review, mail.toAddress, link);
      }
      if (mail.kind === 'receipt') {
        if (!mail.toAddress) return null;
        const link = `${pages}/slet/${await reviewDeleteToken(db, company.cvr, review.id)}`;
        return reviewReceiptMail(company, review, mail.toAddress, link);
      }
      const owner = company.companyEmail;
      if (!owner) return null;
      return reviewNoticeMail(
        company,
        review,
        owner,
        `${productOrigin(config.publicHost)}/admin/anmeldelser`,
      );
    },
    complete: (mail) => completeReviewMail(db, mail.id),
    fail: (mail, error, retryAt) => recordReviewMailFailure(db, mail.id, error, retryAt),
    describe: (mail) => ({ reviewMail: mail.id, kind: mail.kind, cvr: mail.companyCvr }),
  };

  async function sendOne<Row extends { attempts: number }>(queue: Queue<Row>, mail: Row): Promise<boolean> {
    const at = now();
    if (!(await queue.claim(mail, at))) return false;
    const attempts = mail.attempts + 1;
    try {
      const message = await queue.compose(mail);
      if (message instanceof Wait) {
        await queue.fail(mail, message.reason, new Date(at.getTime() + message.ms));
        logger.info({ ...queue.describe(mail), reason: message.reason }, `${queue.name} waits`);
        return false;
      }
      if (!message) {
        logger.warn(queue.describe(mail), `${queue.name} dropped: nothing or nobody to send it to`);
        await queue.complete(mail);
        return false;
      }
      await mailer.send(message);
      await queue.complete(mail);
      logger.info({ ...queue.describe(mail), attempts }, `${queue.name} sent`);
      return true;
    } catch (error) {
      const retryAt = new Date(at.getTime() + retryDelayMs(attempts));
      logger.warn(
        { err: error, ...queue.describe(mail), attempts, retryAt },
        `${queue.name} failed; will retry`,
      );
      await queue
        .fail(mail, errorMessage(error), retryAt)
        .catch((cause: unknown) =>
          logger.error(
            { err: cause, ...queue.describe(mail) },
            `${queue.name} failure not recorded; retried after the lease`,
          ),
        );
      return false;
    }
  }

  async function drain<Row extends { attempts: number }>(queue: Queue<Row>): Promise<number> {
    let sent = 0;
    for (;;) {
      const due = await queue.due(now());
      if (due.length === 0) break;
      let progressed = false;
      for (const mail of due) {
        if (closed) return sent;
        if (await sendOne(queue, mail)) {
          sent++;
          progressed = true;
        }
      }
      // Everything due failed or was taken by another process: wait for the next sweep.
      if (!progressed) break;
    }
    return sent;
  }

  async function runSweep(): Promise<number> {
    // Reminders that fell due since the last sweep join the review mails first.
    await queueDueReviewReminders(db, now()).catch((error: unknown) =>
      logger.error({ err: error }, 'review reminders not queued'),
    );
    return (
      (await drain(welcomes)) +
      (await drain(leads)) +
      (await drain(receipts)) +
      (await drain(spamSummaries)) +
      (await drain(reviews))
    );
  }

  function sweep(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = runSweep()
      .catch((error: unknown) => {
        logger.error({ err: error }, 'mail sweep failed');
        return 0;
      })
      .finally(() => {
        running = null;
        if (again && !closed) {
          again = false;
          void sweep();
        }
      });
    return running;
  }

  async function deleteExpired(): Promise<number> {
    let deleted = 0;
    const spamCutoff = new Date(now().getTime() - SPAM_KEEP_DAYS * 24 * 60 * 60 * 1000);
    for (const sweepBatch of [
      () => deleteLeadsBefore(db, retentionCutoff(now())),
      () => deleteSpamBefore(db, spamCutoff),
    ]) {
      for (;;) {
        const batch = await sweepBatch();
        for (const lead of batch) await removeLeadPhotos(config.storageDir, lead.companyCvr, lead.photos);
        deleted += batch.length;
        if (batch.length === 0) break;
      }
    }
    // Review links past their 60 days: the customer's e-mail is no longer needed (issue 41).
    await eraseExpiredReviewContacts(db, now());
    return deleted;
  }

  const timers: NodeJS.Timeout[] = [];
  if (options.everyMs !== 0) {
    timers.push(setInterval(() => void sweep(), options.everyMs ?? SWEEP_EVERY_MS));
    const retention = () =>
      void deleteExpired().catch((error: unknown) =>
        logger.error({ err: error }, 'lead retention sweep failed'),
      );
    timers.push(setInterval(retention, RETENTION_EVERY_MS));
    for (const timer of timers) timer.unref();
    // Whatever a restart left unsent goes out now.
    setTimeout(() => {
      void sweep();
      retention();
    }, 0).unref();
  }

  return {
    nudge: (afterMs = 0) => {
      if (afterMs > 0) setTimeout(() => void sweep(), afterMs).unref();
      else setImmediate(() => void sweep());
    },
    sweep,
    deleteExpired,
    close: async () => {
      closed = true;
      for (const timer of timers) clearInterval(timer);
      await running;
    },
  };
}
