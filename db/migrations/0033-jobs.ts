// Issue 50 item 3: one durable table of jobs for every mail and reminder, instead of one outbox table
// per mail (lead_mails, lead_receipt_mails, welcome_mails, review_mails). A row is one thing to do
// (kind + JSON payload) at runAt; a runner claims it for a lease (lockedUntil), deletes it when done,
// retries it with a growing pause, and after too many attempts keeps it as 'failed' for the operator.
// `key` (unique, optional) names a job so it can be replaced or cancelled: a reminder at a time T.
// (Rows read here come back camelCased, as the migrator's CamelCasePlugin maps them.)
// The rows of the old outboxes move here, the spam summaries due get their job (the summary's counts
// stay in lead_spam_summaries); review requests waiting for their reminder get its job; the
// daily data-retention job is seeded. See db/tables/jobs.ts and api/jobs/runner.ts.
import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';

interface OldRow {
  companyCvr: string;
  attempts: number;
  nextAttemptAt: string;
  lastError: string | null;
  createdAt: string;
}

interface NewRow {
  id: string;
  kind: string;
  key: string | null;
  payload: string;
  state: string;
  runAt: string;
  lockedUntil: string | null;
  attempts: number;
  lostLeases: number;
  lastError: string | null;
  createdAt: string;
}

function job(kind: string, key: string | null, payload: object, old: OldRow): NewRow {
  return {
    id: randomUUID(),
    kind,
    key,
    payload: JSON.stringify(payload),
    state: 'pending',
    runAt: old.nextAttemptAt,
    lockedUntil: null,
    attempts: Number(old.attempts),
    lostLeases: 0,
    lastError: old.lastError,
    createdAt: old.createdAt,
  };
}

async function moveOldRows(db: Kysely<unknown>): Promise<NewRow[]> {
  const rows: NewRow[] = [];
  const leadMails = await sql<OldRow & { leadId: string }>`select * from lead_mails`.execute(db);
  for (const r of leadMails.rows)
    rows.push(
      job('lead-mail', `lead-mail:${r.companyCvr}:${r.leadId}`, { cvr: r.companyCvr, leadId: r.leadId }, r),
    );
  const receipts = await sql<
    OldRow & { leadId: string; email: string }
  >`select * from lead_receipt_mails`.execute(db);
  for (const r of receipts.rows)
    rows.push(
      job(
        'lead-receipt',
        `lead-receipt:${r.companyCvr}:${r.leadId}`,
        { cvr: r.companyCvr, leadId: r.leadId, email: r.email },
        r,
      ),
    );
  const welcomes = await sql<OldRow>`select * from welcome_mails`.execute(db);
  for (const r of welcomes.rows)
    rows.push(job('welcome-mail', `welcome-mail:${r.companyCvr}`, { cvr: r.companyCvr }, r));
  const reviews = await sql<
    OldRow & { id: string; kind: string; refId: string; toAddress: string | null }
  >`select * from review_mails`.execute(db);
  for (const r of reviews.rows)
    rows.push(
      job(
        'review-mail',
        `review-mail:${r.companyCvr}:${r.refId}:${r.kind}`,
        { cvr: r.companyCvr, mail: r.kind, refId: r.refId, to: r.toAddress },
        r,
      ),
    );
  const spam = await sql<
    OldRow & { pending: number }
  >`select * from lead_spam_summaries where pending > 0`.execute(db);
  for (const r of spam.rows)
    rows.push(
      job('spam-summary', `spam-summary:${r.companyCvr}`, { cvr: r.companyCvr }, { ...r, attempts: 0 }),
    );
  const reminders = await sql<{
    id: string;
    companyCvr: string;
    reminderDueAt: string;
    createdAt: string;
  }>`
    select id, company_cvr, reminder_due_at, created_at from review_requests
    where reminder_due_at is not null and used_at is null and declined_at is null`.execute(db);
  for (const r of reminders.rows)
    rows.push(
      job(
        'review-reminder',
        `review-reminder:${r.companyCvr}:${r.id}`,
        { cvr: r.companyCvr, requestId: r.id },
        {
          companyCvr: r.companyCvr,
          attempts: 0,
          nextAttemptAt: r.reminderDueAt,
          lastError: null,
          createdAt: r.createdAt,
        },
      ),
    );
  return rows;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('jobs')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('key', 'text', (col) => col.unique())
    .addColumn('payload', 'text', (col) => col.notNull())
    // 'pending' | 'failed' (kept for the operator after MAX_ATTEMPTS).
    .addColumn('state', 'text', (col) => col.notNull().defaultTo('pending'))
    .addColumn('run_at', 'text', (col) => col.notNull())
    .addColumn('locked_until', 'text')
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    // How often a runner took it and never came back (a process that died mid-job).
    .addColumn('lost_leases', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('jobs_run_at_idx').on('jobs').columns(['state', 'run_at']).execute();
  const rows = await moveOldRows(db);
  const now = new Date().toISOString();
  rows.push(
    job(
      'retention',
      'retention',
      {},
      { companyCvr: '', attempts: 0, nextAttemptAt: now, lastError: null, createdAt: now },
    ),
  );
  for (let at = 0; at < rows.length; at += 200)
    await (db as Kysely<{ jobs: NewRow }>)
      .insertInto('jobs')
      .values(rows.slice(at, at + 200))
      .execute();
  for (const table of ['lead_mails', 'lead_receipt_mails', 'welcome_mails', 'review_mails'])
    await db.schema.dropTable(table).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // The old outboxes come back empty: a downgrade loses the mails still waiting, never sends twice.
  await db.schema
    .createTable('lead_mails')
    .addColumn('lead_id', 'text', (col) => col.primaryKey())
    .addColumn('company_cvr', 'text', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (col) => col.notNull())
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('lead_receipt_mails')
    .addColumn('lead_id', 'text', (col) => col.primaryKey())
    .addColumn('company_cvr', 'text', (col) => col.notNull())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (col) => col.notNull())
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('welcome_mails')
    .addColumn('company_cvr', 'text', (col) =>
      col.primaryKey().references('companies.cvr').onDelete('cascade'),
    )
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (col) => col.notNull())
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('review_mails')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('company_cvr', 'text', (col) => col.notNull().references('companies.cvr').onDelete('cascade'))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('ref_id', 'text', (col) => col.notNull())
    .addColumn('to_address', 'text')
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (col) => col.notNull())
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.dropTable('jobs').execute();
}
