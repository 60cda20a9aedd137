// Issue 50 item 3: one durable table of jobs for every mail and reminder, instead of one outbox table
// per mail (lead_mails, lead_receipt_mails, welcome_mails, review_mails). A row is one thing to do
// (kind + JSON payload) at run_at; a runner claims it for a lease (locked_until), deletes it when done,
// retries it with a growing pause, and after too many attempts keeps it as 'failed' for the operator.
// `key` (unique, optional) names a job so it can be replaced or cancelled: a reminder at a time T.
// The rows of the old outboxes move here, the spam summaries due get their job (the summary's counts
// stay in lead_spam_summaries); review requests waiting for their reminder get its job; the
// daily data-retention job is seeded. See db/tables/jobs.ts and api/jobs/runner.ts.
import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';

interface OldRow {
  company_cvr: string;
  attempts: number;
  next_attempt_at: string;
  last_error: string | null;
  created_at: string;
}

interface NewRow {
  id: string;
  kind: string;
  key: string | null;
  payload: string;
  state: string;
  run_at: string;
  locked_until: string | null;
  attempts: number;
  lost_leases: number;
  last_error: string | null;
  created_at: string;
}

function job(kind: string, key: string | null, payload: object, old: OldRow): NewRow {
  return {
    id: randomUUID(),
    kind,
    key,
    payload: JSON.stringify(payload),
    state: 'pending',
    run_at: old.next_attempt_at,
    locked_until: null,
    attempts: Number(old.attempts),
    lost_leases: 0,
    last_error: old.last_error,
    created_at: old.created_at,
  };
}

async function moveOldRows(db: Kysely<unknown>): Promise<NewRow[]> {
  const rows: NewRow[] = [];
  const leadMails = await sql<OldRow & { lead_id: string }>`select * from lead_mails`.execute(db);
  for (const r of leadMails.rows)
    rows.push(
      job(
        'lead-mail',
        `lead-mail:${r.company_cvr}:${r.lead_id}`,
        { cvr: r.company_cvr, leadId: r.lead_id },
        r,
      ),
    );
  const receipts = await sql<
    OldRow & { lead_id: string; email: string }
  >`select * from lead_receipt_mails`.execute(db);
  for (const r of receipts.rows)
    rows.push(
      job(
        'lead-receipt',
        `lead-receipt:${r.company_cvr}:${r.lead_id}`,
        { cvr: r.company_cvr, leadId: r.lead_id, email: r.email },
        r,
      ),
    );
  const welcomes = await sql<OldRow>`select * from welcome_mails`.execute(db);
  for (const r of welcomes.rows)
    rows.push(job('welcome-mail', `welcome-mail:${r.company_cvr}`, { cvr: r.company_cvr }, r));
  const reviews = await sql<
    OldRow & { id: string; kind: string; ref_id: string; to_address: string | null }
  >`select * from review_mails`.execute(db);
  for (const r of reviews.rows)
    rows.push(
      job(
        'review-mail',
        `review-mail:${r.company_cvr}:${r.ref_id}:${r.kind}`,
        { cvr: r.company_cvr, mail: r.kind, refId: r.ref_id, to: r.to_address },
        r,
      ),
    );
  const spam = await sql<
    OldRow & { pending: number }
  >`select * from lead_spam_summaries where pending > 0`.execute(db);
  for (const r of spam.rows)
    rows.push(
      job('spam-summary', `spam-summary:${r.company_cvr}`, { cvr: r.company_cvr }, { ...r, attempts: 0 }),
    );
  const reminders = await sql<{
    id: string;
    company_cvr: string;
    reminder_due_at: string;
    created_at: string;
  }>`
    select id, company_cvr, reminder_due_at, created_at from review_requests
    where reminder_due_at is not null and used_at is null and declined_at is null`.execute(db);
  for (const r of reminders.rows)
    rows.push(
      job(
        'review-reminder',
        `review-reminder:${r.company_cvr}:${r.id}`,
        { cvr: r.company_cvr, requestId: r.id },
        {
          company_cvr: r.company_cvr,
          attempts: 0,
          next_attempt_at: r.reminder_due_at,
          last_error: null,
          created_at: r.created_at,
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
      { company_cvr: '', attempts: 0, next_attempt_at: now, last_error: null, created_at: now },
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
