// Migration 0033 on both dialects: the mails still waiting in the four old outboxes, a due spam
// summary and a review request waiting for its reminder become jobs (nothing lost, nothing sent
// twice), the daily retention job is there, and the old tables are gone.
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { describeEachDialect } from '../../tests/support/databases';
import { MIGRATIONS, migrateToLatest } from '../migrate';
import { insertCompany } from '../tables/companies';

const before = Object.fromEntries(Object.entries(MIGRATIONS).filter(([name]) => name < '0033'));
const at = '2026-12-01T10:00:00.000Z';

describeEachDialect(
  'migration 0033 (one job table)',
  (use) => {
    it('moves every waiting mail and reminder into jobs and drops the old outboxes', async () => {
      const { db } = use();
      await migrateToLatest(db, before);
      const cvr = '12121212';
      // Companies are as they were at 0032 (0033 does not touch them).
      await insertCompany(db, { cvr, name: 'Eksempel VVS' });
      await sql`insert into lead_mails values ('lead-1', ${cvr}, 2, ${at}, 'ECONNREFUSED', ${at})`.execute(
        db,
      );
      await sql`insert into lead_receipt_mails values ('lead-1', ${cvr}, 'mette@example.dk', 0, ${at}, null, ${at})`.execute(
        db,
      );
      await sql`insert into welcome_mails values (${cvr}, 0, ${at}, null, ${at})`.execute(db);
      await sql`insert into review_mails values ('m-1', ${cvr}, 'request', 'req-1', 'jens@example.dk', 0, ${at}, null, ${at})`.execute(
        db,
      );
      await migrateToLatest(db);
      const jobs = await sql<{
        kind: string;
        key: string;
        payload: string;
        attempts: number;
        lastError: string | null;
      }>`
        select kind, key, payload, attempts, last_error from jobs order by kind`.execute(db);
      expect(
        jobs.rows.map((row) => ({
          ...row,
          attempts: Number(row.attempts),
          payload: JSON.parse(row.payload),
        })),
      ).toEqual([
        {
          kind: 'lead-mail',
          key: `lead-mail:${cvr}:lead-1`,
          payload: { cvr, leadId: 'lead-1' },
          attempts: 2,
          lastError: 'ECONNREFUSED',
        },
        {
          kind: 'lead-receipt',
          key: `lead-receipt:${cvr}:lead-1`,
          payload: { cvr, leadId: 'lead-1', email: 'mette@example.dk' },
          attempts: 0,
          lastError: null,
        },
        { kind: 'retention', key: 'retention', payload: {}, attempts: 0, lastError: null },
        {
          kind: 'review-mail',
          key: `review-mail:${cvr}:req-1:request`,
          payload: { cvr, mail: 'request', refId: 'req-1', to: 'jens@example.dk' },
          attempts: 0,
          lastError: null,
        },
        { kind: 'welcome-mail', key: `welcome-mail:${cvr}`, payload: { cvr }, attempts: 0, lastError: null },
      ]);
      for (const table of ['lead_mails', 'lead_receipt_mails', 'welcome_mails', 'review_mails'])
        await expect(sql`select 1 from ${sql.table(table)}`.execute(db)).rejects.toThrow();
    });
  },
  { migrate: false },
);
