// The two outboxes of mail still to send, quote requests (leadMails, keyed by the lead) and welcome
// e-mails (welcomeMails, keyed by the company), share their columns and their life: a row is due at
// nextAttemptAt, a sender claims it for a lease by moving that time (so several processes never send
// one twice, and a sender that dies mid-send leaves it due again), a failure records the error and
// the next try, and the row is deleted once the mail server took the mail (api/mail-outbox.ts).
import type { Kysely } from 'kysely';
import type { Db } from '../database';

/** The columns both outbox tables have, besides their key. */
export interface MailQueueRow {
  attempts: number;
  nextAttemptAt: string;
  lastError: string | null;
  createdAt: string;
}

export interface MailQueue<Row extends MailQueueRow> {
  /** Rows due at `now`, oldest due first. */
  due(db: Db, now: Date, limit?: number): Promise<Row[]>;
  /** Takes a due row for `leaseMs`: true when this caller took it, false when another did first. */
  claim(db: Db, row: Row, now: Date, leaseMs: number): Promise<boolean>;
  /** Records why a send failed and when to try again. */
  fail(db: Db, key: string, error: string, retryAt: Date): Promise<void>;
  /** The mail server took it (or nobody is left to send it to): the row goes. */
  complete(db: Db, key: string): Promise<void>;
}

/** The queue of `table`, whose rows are found by `keyColumn`. */
export function mailQueue<Row extends MailQueueRow, Key extends keyof Row & string>(
  table: 'leadMails' | 'leadReceiptMails' | 'welcomeMails' | 'reviewMails',
  keyColumn: Key,
): MailQueue<Row> {
  // Both tables seen as one shape: the queries below name only the shared columns and the key.
  type Shape = MailQueueRow & { key: string };
  const of = (db: Db) => db as unknown as Kysely<Record<'queue', Shape>>;
  const name = table as unknown as 'queue';
  const key = keyColumn as unknown as 'key';
  return {
    async due(db, now, limit = 20) {
      const rows = await of(db)
        .selectFrom(name)
        .selectAll()
        .where('nextAttemptAt', '<=', now.toISOString())
        .orderBy('nextAttemptAt')
        .limit(limit)
        .execute();
      return rows as unknown as Row[];
    },
    async claim(db, row, now, leaseMs) {
      const result = await of(db)
        .updateTable(name)
        .set({ nextAttemptAt: new Date(now.getTime() + leaseMs).toISOString(), attempts: row.attempts + 1 })
        .where(key, '=', row[keyColumn] as string)
        .where('nextAttemptAt', '=', row.nextAttemptAt)
        .where('attempts', '=', row.attempts)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    async fail(db, rowKey, error, retryAt) {
      await of(db)
        .updateTable(name)
        .set({ lastError: error.slice(0, 500), nextAttemptAt: retryAt.toISOString() })
        .where(key, '=', rowKey)
        .execute();
    },
    async complete(db, rowKey) {
      await of(db).deleteFrom(name).where(key, '=', rowKey).execute();
    },
  };
}
