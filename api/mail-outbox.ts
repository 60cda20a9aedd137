// The serving process's runner of jobs (api/jobs/runner.ts over db/tables/jobs.ts) with every mail
// and reminder the product has: the owner's mail of each quote request and the customer's receipt, the
// welcome e-mail, the summary of possible spam, the review mails and reminders (api/jobs/mail-jobs.ts),
// and the daily data-retention deletes (api/jobs/retention.ts). Every serving process runs one: a
// timer looks for what is due, and a new request or sign-up wakes it so the mail goes out within
// seconds. A failed send is retried with growing pauses (30 s doubling, at most an hour): a dead mail
// server or a restart delays a mail, never loses it; a job that fails MAX_ATTEMPTS times is kept as
// 'failed' for the operator. Several processes may run at once: each job is claimed for a lease.
import type { Db } from '../db';
import type { Config } from '../lib/config';
import type { Logger } from '../lib/logger';
import { createMailer, type Mailer } from '../lib/mailer';
import { mailJobHandlers } from './jobs/mail-jobs';
import { deleteExpired, RETENTION_KEY, retentionJob, scheduleRetention } from './jobs/retention';
import { createJobRunner, type JobHandler } from './jobs/runner';

export interface MailOutbox {
  /** Runs what is due soon: after the current request has answered, or `afterMs` later. */
  nudge(afterMs?: number): void;
  /** Runs everything due now; answers how many mails the server took. */
  sweep(): Promise<number>;
  /** Deletes requests (and their photos) older than twelve months, and possible spam older than
   *  SPAM_KEEP_DAYS, now; answers how many. (The daily 'retention' job does the same.) */
  deleteExpired(): Promise<number>;
  /** Stops; awaits the job in flight and rejects with what went wrong in that run. */
  close(): Promise<void>;
}

export interface MailOutboxOptions {
  db: Db;
  config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'storageDir' | 'publicHost' | 'contactTo'>;
  logger: Logger;
  mailer?: Mailer;
  now?: () => Date;
  /** Period of the look for due jobs; 0: only nudge() and sweep() run them (tests). */
  everyMs?: number;
  /** How long a claimed job is this process's (tests of a process that dies mid-job). */
  leaseMs?: number;
  /** More job kinds (the next flows' reminders), beside the mails. */
  handlers?: Readonly<Record<string, JobHandler>>;
}

export function createMailOutbox(options: MailOutboxOptions): MailOutbox {
  const { db, config, logger } = options;
  const mailer = options.mailer ?? createMailer(config, logger);
  const now = options.now ?? (() => new Date());
  const runner = createJobRunner({
    db,
    logger,
    now,
    handlers: {
      ...mailJobHandlers({ db, config, mailer, logger, now }),
      [RETENTION_KEY]: retentionJob(db, config.storageDir, now),
      ...options.handlers,
    },
    ...(options.everyMs === undefined ? {} : { everyMs: options.everyMs }),
    ...(options.leaseMs === undefined ? {} : { leaseMs: options.leaseMs }),
  });
  if (options.everyMs !== 0)
    void scheduleRetention(db, now()).catch((error: unknown) =>
      logger.error({ err: error }, 'the daily retention job not scheduled'),
    );
  return {
    nudge: (afterMs) => runner.wake(afterMs),
    sweep: () => runner.runDue(),
    deleteExpired: () => deleteExpired(db, config.storageDir, now()),
    close: () => runner.close(),
  };
}
