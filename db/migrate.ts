// Runs the numbered migrations. They are listed here statically (not read from a folder) so the same
// list works under tsx, in a bundle and in tests. Each run is one transaction on both dialects: a
// failure leaves the schema as it was.
import { type Kysely, type Migration, type MigrationResult, Migrator, PostgresAdapter, sql } from 'kysely';
import { errorMessage } from '../lib/errors';
import * as initial from './migrations/0001-initial';
import * as cvrCache from './migrations/0002-cvr-cache';
import * as analytics from './migrations/0003-analytics';
import * as pageHistory from './migrations/0004-page-history';
import * as accountTokens from './migrations/0005-account-tokens';
import * as dashboardOrders from './migrations/0006-dashboard-orders';
import * as pageMenu from './migrations/0007-page-menu';
import * as publishFailingIndex from './migrations/0008-publish-failing-index';
import * as industryCode from './migrations/0010-industry-code';
import * as scaleIndexes from './migrations/0012-scale-indexes';
import * as leads from './migrations/0013-leads';
import * as accountSecurity from './migrations/0014-account-security';
import * as domainClaims from './migrations/0017-domain-claims';
import * as saveCountInPublishState from './migrations/0018-save-count-in-publish-state';
import * as welcomeMails from './migrations/0019-welcome-mails';
import * as leadSpam from './migrations/0020-lead-spam';
import * as leadRecipient from './migrations/0021-lead-recipient';
import * as trustSettings from './migrations/0023-trust-settings';
import * as reviews from './migrations/0024-reviews';
import * as pageRevision from './migrations/0025-page-revision';
import * as reviewChecks from './migrations/0026-review-checks';
import * as leadQuotas from './migrations/0027-lead-quotas';
import * as claimChecks from './migrations/0029-claim-checks';
import * as pageAddresses from './migrations/0030-page-addresses';
import * as receiptsAndCancellations from './migrations/0032-receipts-and-cancellations';
import * as jobs from './migrations/0033-jobs';
import * as quotesAndInvoices from './migrations/0034-quotes-and-invoices';
import * as bookings from './migrations/0035-bookings';
import * as nextFreeShown from './migrations/0036-next-free-shown';
import * as leadNotes from './migrations/0037-lead-notes';
import * as quoteHourlyRate from './migrations/0038-quote-hourly-rate';
import * as leadPlate from './migrations/0039-lead-plate';

export const MIGRATIONS: Readonly<Record<string, Migration>> = {
  '0001-initial': initial,
  '0002-cvr-cache': cvrCache,
  '0003-analytics': analytics,
  '0004-page-history': pageHistory,
  '0005-account-tokens': accountTokens,
  '0006-dashboard-orders': dashboardOrders,
  '0007-page-menu': pageMenu,
  // A no-op kept so databases that applied it still migrate (see the file).
  '0008-publish-failing-index': publishFailingIndex,
  '0010-industry-code': industryCode,
  '0012-scale-indexes': scaleIndexes,
  '0013-leads': leads,
  '0014-account-security': accountSecurity,
  '0017-domain-claims': domainClaims,
  '0018-save-count-in-publish-state': saveCountInPublishState,
  '0019-welcome-mails': welcomeMails,
  '0020-lead-spam': leadSpam,
  '0021-lead-recipient': leadRecipient,
  '0023-trust-settings': trustSettings,
  '0024-reviews': reviews,
  '0025-page-revision': pageRevision,
  '0026-review-checks': reviewChecks,
  '0027-lead-quotas': leadQuotas,
  '0029-claim-checks': claimChecks,
  '0030-page-addresses': pageAddresses,
  '0032-receipts-and-cancellations': receiptsAndCancellations,
  '0033-jobs': jobs,
  '0034-quotes-and-invoices': quotesAndInvoices,
  '0035-bookings': bookings,
  '0036-next-free-shown': nextFreeShown,
  '0037-lead-notes': leadNotes,
  '0038-quote-hourly-rate': quoteHourlyRate,
  '0039-lead-plate': leadPlate,
};

export class MigrationError extends Error {
  override name = 'MigrationError';
}

async function migrator<DB>(
  db: Kysely<DB>,
  migrations: Readonly<Record<string, Migration>>,
): Promise<Migrator> {
  return new Migrator({
    // Migrations see the schema as it was when they were written, not today's typed tables.
    db: db as Kysely<unknown>,
    provider: { getMigrations: async () => ({ ...migrations }) },
    // Kysely looks for its bookkeeping tables in every schema unless told which one; name the
    // connection's own, so databases in neighbouring schemas (tests, other tenants) never mix.
    migrationTableSchema: await postgresSchema(db),
    // 0020 and 0021 were numbered at once for two branches of issue 39, and 0021 reached main first:
    // a database that applied 0021 before 0020 existed still gets 0020 (they touch different tables).
    // New migrations still sort after every released one (migrate.test.ts).
    allowUnorderedMigrations: true,
  });
}

async function postgresSchema<DB>(db: Kysely<DB>): Promise<string | undefined> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return undefined;
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return rows[0]?.schema;
}

function check(error: unknown, results: MigrationResult[] | undefined): string[] {
  if (error) {
    const failed = results?.find((result) => result.status === 'Error')?.migrationName;
    const reason = errorMessage(error);
    throw new MigrationError(
      failed ? `migration ${failed} failed: ${reason}` : `migrations failed: ${reason}`,
      {
        cause: error,
      },
    );
  }
  return (results ?? [])
    .filter((result) => result.status === 'Success')
    .map((result) => result.migrationName);
}

/** Applies every pending migration; returns the names applied. */
export async function migrateToLatest<DB>(
  db: Kysely<DB>,
  migrations: Readonly<Record<string, Migration>> = MIGRATIONS,
): Promise<string[]> {
  const { error, results } = await (await migrator(db, migrations)).migrateToLatest();
  return check(error, results);
}

/** Reverts the newest applied migration; returns its name (empty when none was applied). */
export async function migrateDown<DB>(
  db: Kysely<DB>,
  migrations: Readonly<Record<string, Migration>> = MIGRATIONS,
): Promise<string[]> {
  const { error, results } = await (await migrator(db, migrations)).migrateDown();
  return check(error, results);
}

/** Names of the migrations not yet applied. */
export async function pendingMigrations<DB>(
  db: Kysely<DB>,
  migrations: Readonly<Record<string, Migration>> = MIGRATIONS,
): Promise<string[]> {
  const infos = await (await migrator(db, migrations)).getMigrations();
  return infos.filter((info) => !info.executedAt).map((info) => info.name);
}
