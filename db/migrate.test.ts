import { type Kysely, type Migration, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { describeEachDialect } from '../tests/support/databases';
import { MIGRATIONS, MigrationError, migrateDown, migrateToLatest, pendingMigrations } from './migrate';

/** Every migration name ever released (`git log --diff-filter=A -- db/migrations`); append, never edit. */
const RELEASED = [
  '0001-initial',
  '0002-cvr-cache',
  '0003-analytics',
  '0004-page-history',
  '0005-account-tokens',
  '0006-dashboard-orders',
  '0007-page-menu',
  '0008-publish-failing-index',
  '0010-industry-code',
  '0012-scale-indexes',
  '0013-leads',
  '0014-account-security',
  '0017-domain-claims',
  '0018-save-count-in-publish-state',
  '0019-welcome-mails',
  '0020-lead-spam',
  '0021-lead-recipient',
  '0023-trust-settings',
  '0024-reviews',
  '0025-page-revision',
  '0026-review-checks',
  '0027-lead-quotas',
  '0029-claim-checks',
  '0030-page-addresses',
  '0032-receipts-and-cancellations',
  '0033-jobs',
  '0034-quotes-and-invoices',
  '0035-bookings',
  '0036-next-free-shown',
  '0037-lead-notes',
  '0038-quote-hourly-rate',
  '0039-lead-plate',
];

const APP_TABLES = [
  'account_tokens',
  'ai_usage',
  'analytics_daily',
  'analytics_events',
  'booking_claims',
  'booking_services',
  'booking_settings',
  'bookings',
  'companies',
  'contact_messages',
  'counters',
  'cvr_cache',
  'deleted_pages',
  'document_sequences',
  'images',
  'invoice_lines',
  'invoices',
  'jobs',
  'lead_form_key',
  'lead_settings',
  'lead_spam_summaries',
  'lead_tokens_spent',
  'leads',
  'limit_counts',
  'orders',
  'page_addresses',
  'page_revisions',
  'pages',
  'publish_state',
  'quote_lines',
  'quote_settings',
  'quotes',
  'review_requests',
  'review_settings',
  'reviews',
  'sessions',
  'site_page_views',
  'trust_settings',
  'users',
];

describeEachDialect(
  'migrations',
  (use) => {
    async function tables(): Promise<string[]> {
      const { db, dialect } = use();
      const query =
        dialect === 'sqlite'
          ? sql<{ name: string }>`select name from sqlite_master where type = 'table'`
          : sql<{
              name: string;
            }>`select table_name as name from information_schema.tables where table_schema = current_schema()`;
      const { rows } = await query.execute(db);
      return rows
        .map((row) => row.name)
        .filter((name) => !name.startsWith('kysely_') && !name.startsWith('sqlite_'))
        .sort();
    }

    it('creates every table, reverts them all, and applies again', async () => {
      const { db } = use();
      expect(await migrateToLatest(db)).toEqual(Object.keys(MIGRATIONS));
      expect(await tables()).toEqual(APP_TABLES);
      expect(await migrateToLatest(db)).toEqual([]);
      expect(await pendingMigrations(db)).toEqual([]);

      // Reverting walks back one migration at a time, newest first, until nothing is left.
      const names = Object.keys(MIGRATIONS);
      for (const name of [...names].reverse()) expect(await migrateDown(db)).toEqual([name]);
      expect(await tables()).toEqual([]);
      expect(await pendingMigrations(db)).toEqual(names);

      await migrateToLatest(db);
      expect(await tables()).toEqual(APP_TABLES);
      // Three whole migration walks, each its own transactions: time for a loaded machine.
    }, 60_000);

    it('migrates a database that applied the historical 0008, which created an index since dropped from the code', async () => {
      const { db } = use();
      // The migrations as released up to 0008, with 0008 as it shipped then (git show 65d46ed).
      const shipped: Record<string, Migration> = {};
      for (const name of RELEASED.slice(0, RELEASED.indexOf('0008-publish-failing-index'))) {
        shipped[name] = MIGRATIONS[name] as Migration;
      }
      shipped['0008-publish-failing-index'] = {
        async up(trx: Kysely<unknown>) {
          await trx.schema
            .createIndex('publish_state_failing_idx')
            .on('publish_state')
            .column('last_attempt_at')
            .where(sql.ref('last_error'), 'is not', null)
            .execute();
        },
      };
      expect(await migrateToLatest(db, shipped)).toEqual(Object.keys(shipped));

      expect(await migrateToLatest(db)).toEqual(
        RELEASED.slice(RELEASED.indexOf('0008-publish-failing-index') + 1),
      );
      expect(await pendingMigrations(db)).toEqual([]);
      expect(await tables()).toEqual(APP_TABLES);
    });

    it('applies 0020 to a database that applied 0021 first (both were numbered at once for issue 39)', async () => {
      const { db } = use();
      // The database as it was then: up to 0021 without 0020 (later migrations build on 0020's tables).
      const withoutSpam = Object.fromEntries(
        Object.entries(MIGRATIONS).filter(([name]) => name !== '0020-lead-spam' && name <= '0021'),
      );
      await migrateToLatest(db, withoutSpam);
      const later = Object.keys(MIGRATIONS).filter((name) => name > '0021');
      expect(await pendingMigrations(db)).toEqual(['0020-lead-spam', ...later]);
      expect(await migrateToLatest(db)).toEqual(['0020-lead-spam', ...later]);
      expect(await tables()).toEqual(APP_TABLES);
    });

    it('rolls a failing migration back whole and names it', async () => {
      const { db } = use();
      await migrateToLatest(db);
      const broken = {
        ...MIGRATIONS,
        '9999-broken': {
          async up(trx: typeof db) {
            await trx.schema.createTable('half_made').addColumn('id', 'text').execute();
            await sql`select * from table_that_does_not_exist`.execute(trx);
          },
        },
      };
      const failure = await migrateToLatest(db, broken).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(MigrationError);
      expect((failure as Error).message).toMatch(/^migration 9999-broken failed: /);
      expect(await tables()).toEqual(APP_TABLES);
      expect(await pendingMigrations(db, broken)).toEqual(['9999-broken']);
    });
  },
  { migrate: false },
);

describe('migration list', () => {
  // Kysely refuses a database that applied a migration the list no longer has, so a released name
  // stays forever (emptied if need be, like 0008).
  it('keeps every migration ever released, in order', () => {
    expect(Object.keys(MIGRATIONS).slice(0, RELEASED.length)).toEqual(RELEASED);
  });

  it('is numbered in order, so new migrations sort after old ones', () => {
    const names = Object.keys(MIGRATIONS);
    expect(names).toEqual([...names].sort());
    for (const name of names) expect(name).toMatch(/^\d{4}-[a-z0-9-]+$/);
  });
});
