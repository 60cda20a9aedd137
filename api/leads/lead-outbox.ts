// Sends the pending request mails (the lead_mails rows insertLead wrote with each request) until the
// mail server takes them. Every serving process runs one: a timer sweeps what is due, and a new
// request nudges it so the owner hears within seconds. A failed send is retried with growing pauses
// (30 s doubling, at most an hour), for as long as it takes: a dead mail server or a restart delays a
// mail, never loses it. Several processes may sweep at once: claimLeadMail lets one take each mail,
// and a sender that dies mid-send leaves its mail due again after the lease.
// The same timer deletes requests older than twelve months (issue 25, personal data).
import {
  claimLeadMail,
  completeLeadMail,
  type Db,
  deleteLeadsBefore,
  dueLeadMails,
  findCompanyByCvr,
  findLead,
  getLeadSettings,
  type LeadMail,
  recordLeadMailFailure,
} from '../../db';
import type { Config } from '../../lib/config';
import { errorMessage } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import { createMailer, type Mailer } from '../../lib/mailer';
import { LEAD_KEEP_MONTHS } from '../../rules/limits';
import { productOrigin } from '../../rules/site-url';
import { leadMail, leadRecipient } from './lead-mail';
import { readLeadPhoto, removeLeadPhotos } from './lead-photos';

const LEASE_MS = 2 * 60 * 1000;
const FIRST_RETRY_MS = 30_000;
const MAX_RETRY_MS = 60 * 60 * 1000;
const SWEEP_EVERY_MS = 15_000;
const RETENTION_EVERY_MS = 60 * 60 * 1000;

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

export interface LeadOutbox {
  /** Sends what is due soon (after the current request has answered). */
  nudge(): void;
  /** Sends everything due now; answers how many mails the server took. */
  sweep(): Promise<number>;
  /** Deletes requests (and their photos) older than twelve months; answers how many. */
  deleteExpired(): Promise<number>;
  close(): Promise<void>;
}

export interface LeadOutboxOptions {
  db: Db;
  config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'storageDir' | 'publicHost'>;
  logger: Logger;
  mailer?: Mailer;
  now?: () => Date;
  /** Period of the sweep; 0: only nudge() and sweep() send (tests). */
  everyMs?: number;
}

export function createLeadOutbox(options: LeadOutboxOptions): LeadOutbox {
  const { db, config, logger } = options;
  const mailer = options.mailer ?? createMailer(config, logger);
  const now = options.now ?? (() => new Date());
  let running: Promise<number> | null = null;
  let again = false;
  let closed = false;

  async function sendOne(mail: LeadMail): Promise<boolean> {
    const at = now();
    if (!(await claimLeadMail(db, mail, at, LEASE_MS))) return false;
    const attempts = mail.attempts + 1;
    try {
      const [lead, company, settings] = await Promise.all([
        findLead(db, mail.companyCvr, mail.leadId),
        findCompanyByCvr(db, mail.companyCvr),
        getLeadSettings(db, mail.companyCvr),
      ]);
      const to = company ? leadRecipient(company, settings) : null;
      if (!lead || !company || !to) {
        // Deleted meanwhile, or nobody to tell: nothing will ever be sendable.
        logger.warn(
          { leadId: mail.leadId, cvr: mail.companyCvr },
          'lead mail dropped: no request or recipient',
        );
        await completeLeadMail(db, mail.leadId);
        return false;
      }
      const photos = [];
      for (const [index, photo] of lead.photos.entries()) {
        const content = await readLeadPhoto(config.storageDir, company.cvr, photo);
        if (content) photos.push({ filename: `billede-${index + 1}.jpg`, content });
      }
      await mailer.send(
        leadMail(lead, company, to, `${productOrigin(config.publicHost)}/admin/henvendelser`, photos),
      );
      await completeLeadMail(db, mail.leadId);
      logger.info({ leadId: lead.id, cvr: company.cvr, attempts }, 'lead mail sent');
      return true;
    } catch (error) {
      const retryAt = new Date(at.getTime() + retryDelayMs(attempts));
      logger.warn({ err: error, leadId: mail.leadId, attempts, retryAt }, 'lead mail failed; will retry');
      await recordLeadMailFailure(db, mail.leadId, errorMessage(error), retryAt).catch((cause: unknown) =>
        logger.error(
          { err: cause, leadId: mail.leadId },
          'lead mail failure not recorded; retried after the lease',
        ),
      );
      return false;
    }
  }

  async function runSweep(): Promise<number> {
    let sent = 0;
    for (;;) {
      const due = await dueLeadMails(db, now(), 20);
      if (due.length === 0) break;
      let progressed = false;
      for (const mail of due) {
        if (closed) return sent;
        if (await sendOne(mail)) {
          sent++;
          progressed = true;
        }
      }
      // Everything due failed or was taken by another process: wait for the next sweep.
      if (!progressed) break;
    }
    return sent;
  }

  function sweep(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = runSweep()
      .catch((error: unknown) => {
        logger.error({ err: error }, 'lead mail sweep failed');
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
    for (;;) {
      const batch = await deleteLeadsBefore(db, retentionCutoff(now()));
      for (const lead of batch) await removeLeadPhotos(config.storageDir, lead.companyCvr, lead.photos);
      deleted += batch.length;
      if (batch.length === 0) return deleted;
    }
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
    nudge: () => {
      setImmediate(() => void sweep());
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
