// A serving process's mail runner that dies mid-job, for tests/jobs/jobs-kill.test.ts: it opens the
// database the environment names (JOBS_SQLITE_FILE, or JOBS_PG_URL and JOBS_PG_SCHEMA), runs the due
// jobs with a lease of JOBS_LEASE_MS through the product's own handlers, and when the first mail is
// composed and about to go to the mail server prints `sending <to>` and hangs there, for the test to
// SIGKILL it between the lease and the send.
import { createMailOutbox } from '../../api/mail-outbox';
import { openDatabase } from '../../db';
import { createLogger } from '../../lib/logger';

const env = process.env;
const db = env.JOBS_SQLITE_FILE
  ? openDatabase({ dialect: 'sqlite', file: env.JOBS_SQLITE_FILE })
  : openDatabase({ dialect: 'postgres', url: env.JOBS_PG_URL ?? '' }, { schema: env.JOBS_PG_SCHEMA ?? '' });
const config = {
  smtpUrl: '',
  mailFrom: 'noreply@mesterside.dk',
  storageDir: env.JOBS_STORAGE_DIR ?? '',
  publicHost: 'mesterside.dk',
  contactTo: 'kontakt@mesterside.dk',
};
const outbox = createMailOutbox({
  db,
  config,
  logger: createLogger({ logLevel: 'silent' }),
  everyMs: 0,
  leaseMs: Number(env.JOBS_LEASE_MS ?? 1000),
  mailer: {
    send: (message) => {
      process.stdout.write(`sending ${String(message.to)}\n`);
      return new Promise<void>(() => {});
    },
  },
});
void outbox.sweep();
