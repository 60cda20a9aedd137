// The handlers of every mail job (db/tables/jobs.ts kinds), each turning its payload into the message
// it is now and handing it to the mail server: the owner's mail of a quote request and the customer's
// receipt (issues 25, 49), the welcome e-mail (issue 24), the review mails and the reminder that queues
// one (issue 41). A handler answers 'done' when nothing will ever be sendable (a request deleted
// meanwhile, nobody to send it to), a wait when it must wait (the owner has not confirmed the login
// e-mail, issue 48), and throws when the send failed: the runner retries it.
import {
  claimSpamSummary,
  completeSpamSummary,
  type Db,
  findCompanyByCvr,
  findLead,
  findReview,
  findReviewRequest,
  findSpamSummary,
  findUserByEmail,
  getLeadSettings,
  type Job,
  type LeadMailPayload,
  type LeadReceiptPayload,
  queueReviewReminder,
  type ReviewMailPayload,
  type ReviewReminderPayload,
  recordSpamSummaryFailure,
  reviewConfirmToken,
  reviewDeleteToken,
  reviewLinkToken,
  type SpamSummaryPayload,
  type WelcomeMailPayload,
} from '../../db';
import type { Config } from '../../lib/config';
import { errorMessage } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import type { Mailer, MailMessage } from '../../lib/mailer';
import { productOrigin } from '../../rules/site-url';
import { emailVerificationLink } from '../auth/account-changes';
import { bookingMailHandlers } from '../bookings/booking-mails';
import { leadMail, leadReceiptMail, leadRecipient, mailableLeadRecipient } from '../leads/lead-mail';
import { readLeadPhoto } from '../leads/lead-photos';
import { isLoginConfirmed } from '../leads/lead-recipient';
import { spamSummaryMail } from '../leads/spam-summary-mail';
import { welcomeMessage } from '../onboarding/welcome-mail';
import {
  reviewConfirmMail,
  reviewLinkUrl,
  reviewNoticeMail,
  reviewPagesUrl,
  reviewReceiptMail,
  reviewRequestMail,
} from '../reviews/review-mail';
import { invoiceMailJob } from './invoice-mail';
import { quoteMailJob } from './quote-jobs';
import { type JobHandler, type JobResult, jobName } from './runner';

/** A request waiting for the owner to confirm the address is looked at again this often (and at once
 *  when the owner confirms it: api/routes/account.ts releases the company's mails). */
const UNCONFIRMED_RETRY_MS = 60 * 60 * 1000;

export interface MailJobDeps {
  db: Db;
  config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'storageDir' | 'publicHost' | 'contactTo'>;
  mailer: Mailer;
  logger: Logger;
  now: () => Date;
}

type Compose<Payload> = (
  payload: Payload,
) => Promise<MailMessage | { waitMs: number; reason: string } | null>;

/** A handler that sends what `compose` makes of the payload. */
function mailJob<Payload>(deps: MailJobDeps, compose: Compose<Payload>): JobHandler {
  return async (job: Job) => {
    const message = await compose(job.payload as Payload);
    if (!message) {
      deps.logger.warn(
        { job: job.id, kind: job.kind },
        `${jobName(job)} dropped: nothing or nobody to send it to`,
      );
      return 'done';
    }
    if ('waitMs' in message) return message;
    await deps.mailer.send(message);
    return 'sent' satisfies JobResult;
  };
}

function leadMailJob(deps: MailJobDeps): JobHandler {
  const { db, config } = deps;
  return mailJob<LeadMailPayload>(deps, async ({ cvr, leadId }) => {
    const [lead, company, settings] = await Promise.all([
      findLead(db, cvr, leadId),
      findCompanyByCvr(db, cvr),
      getLeadSettings(db, cvr),
    ]);
    if (!lead || !company) return null;
    const to = mailableLeadRecipient(company, settings, await isLoginConfirmed(db, company.companyEmail));
    // The owner has not confirmed the login e-mail yet (issue 48): the request waits in the inbox,
    // and its mail here until they do.
    if (!to)
      return company.companyEmail
        ? { waitMs: UNCONFIRMED_RETRY_MS, reason: 'the owner has not confirmed the login e-mail' }
        : null;
    const photos = [];
    for (const [index, photo] of lead.photos.entries()) {
      const content = await readLeadPhoto(config.storageDir, company.cvr, photo);
      if (content) photos.push({ filename: `billede-${index + 1}.jpg`, content });
    }
    return leadMail(lead, company, to, `${productOrigin(config.publicHost)}/admin/henvendelser`, photos);
  });
}

function leadReceiptJob(deps: MailJobDeps): JobHandler {
  const { db } = deps;
  return mailJob<LeadReceiptPayload>(deps, async ({ cvr, leadId, email }) => {
    const [lead, company, settings] = await Promise.all([
      findLead(db, cvr, leadId),
      findCompanyByCvr(db, cvr),
      getLeadSettings(db, cvr),
    ]);
    if (!lead || !company || lead.spam) return null;
    return leadReceiptMail(lead, company, email, leadRecipient(company, settings));
  });
}

function welcomeMailJob(deps: MailJobDeps): JobHandler {
  const { db, config, now } = deps;
  return mailJob<WelcomeMailPayload>(deps, async ({ cvr }) => {
    const [company, settings] = await Promise.all([findCompanyByCvr(db, cvr), getLeadSettings(db, cvr)]);
    if (!company) return null;
    // An owner who has not confirmed the login e-mail gets the confirmation link in the welcome
    // (issue 48): requests are mailed there only once it is confirmed.
    const owner = company.companyEmail ? await findUserByEmail(db, company.companyEmail) : undefined;
    const confirmLink =
      owner && owner.emailVerifiedAt === null
        ? await emailVerificationLink(db, owner, config.publicHost, now())
        : null;
    return welcomeMessage(company, config, settings, confirmLink);
  });
}

function reviewMailJob(deps: MailJobDeps): JobHandler {
  const { db, config } = deps;
  return mailJob<ReviewMailPayload>(deps, async ({ cvr, mail, refId, to }) => {
    const company = await findCompanyByCvr(db, cvr);
    if (!company) return null;
    const pages = reviewPagesUrl(company, config.publicHost);
    if (mail === 'request' || mail === 'reminder') {
      const request = await findReviewRequest(db, company.cvr, refId);
      if (!request || !to || request.usedAt || request.declinedAt) return null;
      const link = reviewLinkUrl(
        company,
        config.publicHost,
        await reviewLinkToken(db, company.cvr, request.id),
      );
      return reviewRequestMail(company, request, to, link, mail === 'reminder');
    }
    const review = await findReview(db, company.cvr, refId);
    if (!review || review.removedAt) return null;
    if (mail === 'confirm') {
      if (!to || review.state !== 'unconfirmed') return null;
      const link = `${pages}/bekraeft/${await reviewConfirmToken(db, company.cvr, review.id)}`;
      return reviewConfirmMail(company, review, to, link);
    }
    if (mail === 'receipt') {
      if (!to) return null;
      const link = `${pages}/slet/${await reviewDeleteToken(db, company.cvr, review.id)}`;
      return reviewReceiptMail(company, review, to, link);
    }
    const owner = company.companyEmail;
    if (!owner) return null;
    return reviewNoticeMail(company, review, owner, `${productOrigin(config.publicHost)}/admin/anmeldelser`);
  });
}

/** The reminder of a review request at its time: queues the reminder mail (a job of its own). */
function reviewReminderJob(deps: MailJobDeps): JobHandler {
  return async (job) => {
    const { cvr, requestId } = job.payload as ReviewReminderPayload;
    await queueReviewReminder(deps.db, cvr, requestId, deps.now());
    return 'done';
  };
}

/** How long a claimed summary row is this process's (as the job's own lease). */
const SUMMARY_LEASE_MS = 2 * 60 * 1000;

/**
 * The owner's summary of possible spam (issue 39), when its row says it is due: at most one an hour,
 * whatever the number of jobs a flood queued (the row, claimed, is the guard against sending twice).
 */
function spamSummaryJob(deps: MailJobDeps): JobHandler {
  const { db, config, now } = deps;
  return async (job) => {
    const { cvr } = job.payload as SpamSummaryPayload;
    const row = await findSpamSummary(db, cvr);
    if (!row || row.pending <= 0) return 'done';
    const at = now();
    const waitMs = new Date(row.nextAttemptAt).getTime() - at.getTime();
    if (waitMs > 0) return { waitMs, reason: 'the next summary may go later' };
    if (!(await claimSpamSummary(db, row, at, SUMMARY_LEASE_MS)))
      return { waitMs: SUMMARY_LEASE_MS, reason: 'another process sends it' };
    try {
      const [company, settings] = await Promise.all([findCompanyByCvr(db, cvr), getLeadSettings(db, cvr)]);
      const to = company
        ? mailableLeadRecipient(company, settings, await isLoginConfirmed(db, company.companyEmail))
        : null;
      if (company && to) {
        const spamUrl = `${productOrigin(config.publicHost)}/admin/henvendelser?vis=spam`;
        await deps.mailer.send(spamSummaryMail(company, to, row.pending, spamUrl, row.dropped));
      }
      await completeSpamSummary(db, cvr, row.pending, now(), row.dropped);
      return company && to ? 'sent' : 'done';
    } catch (error) {
      // The row is free again at once; the job's retry decides when.
      await recordSpamSummaryFailure(db, cvr, errorMessage(error), at);
      throw error;
    }
  };
}

/** Every mail kind's handler, by kind. */
export function mailJobHandlers(deps: MailJobDeps): Record<string, JobHandler> {
  return {
    'lead-mail': leadMailJob(deps),
    'lead-receipt': leadReceiptJob(deps),
    'welcome-mail': welcomeMailJob(deps),
    'review-mail': reviewMailJob(deps),
    'review-reminder': reviewReminderJob(deps),
    'spam-summary': spamSummaryJob(deps),
    ...bookingMailHandlers(deps),
    'invoice-mail': invoiceMailJob(deps),
    'quote-mail': quoteMailJob(deps),
  };
}
