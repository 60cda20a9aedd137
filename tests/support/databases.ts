// Runs a data-layer suite on every dialect: SQLite in a temporary file (WAL, as in production) and
// PostgreSQL at TEST_DATABASE_URL, each test in a schema of its own that is dropped afterwards.
// Without PostgreSQL the PostgreSQL half is skipped with the reason in its name, except under CI,
// where a missing PostgreSQL fails the run.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterEach, beforeEach, describe } from 'vitest';
import { type Db, migrateToLatest, type OpenOptions, openDatabase, quoteIdentifier } from '../../db';
import { getTestEnvironment } from '../../lib/config';

export type Dialect = 'sqlite' | 'postgres';

export interface TestDatabase {
  db: Db;
  dialect: Dialect;
}

const testEnv = getTestEnvironment();

async function probePostgres(): Promise<string | null> {
  const client = new pg.Client({ connectionString: testEnv.databaseUrl, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return null;
  } catch (error) {
    return (error as Error).message || String(error);
  } finally {
    await client.end().catch(() => {});
  }
}

const postgresProblem = await probePostgres();
if (postgresProblem && testEnv.ci) {
  throw new Error(
    `PostgreSQL is required under CI but unreachable at ${testEnv.databaseUrl}: ${postgresProblem}`,
  );
}

/** '' when PostgreSQL answers; else why its suites are skipped, for the suite's name. */
export const postgresSkipReason = postgresProblem
  ? ` (skipped: PostgreSQL unreachable at ${testEnv.databaseUrl}: ${postgresProblem})`
  : '';

/** A fresh, migrated database of the dialect; `drop` removes every trace of it. */
export async function createTestDatabase(
  dialect: Dialect,
  options: { migrate?: boolean; onQuery?: OpenOptions['onQuery'] } = {},
): Promise<TestDatabase & { drop: () => Promise<void> }> {
  const open = options.onQuery ? { onQuery: options.onQuery } : {};
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(path.join(tmpdir(), 'mesterside-db-'));
    const db = openDatabase({ dialect: 'sqlite', file: path.join(dir, 'test.db') }, open);
    if (options.migrate !== false) await migrateToLatest(db);
    return {
      db,
      dialect,
      drop: async () => {
        await db.destroy();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const schema = `t_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: testEnv.databaseUrl });
  await admin.connect();
  await admin.query(`create schema ${quoteIdentifier(schema)}`);
  await admin.end();
  const db = openDatabase({ dialect: 'postgres', url: testEnv.databaseUrl }, { schema, ...open });
  if (options.migrate !== false) await migrateToLatest(db);
  return {
    db,
    dialect,
    drop: async () => {
      await sql`drop schema ${sql.id(schema)} cascade`.execute(db);
      await db.destroy();
    },
  };
}

/**
 * Declares `suite` once per dialect. Each test gets its own migrated database through `use()`,
 * created before and dropped after it.
 */
export function describeEachDialect(
  name: string,
  suite: (use: () => TestDatabase) => void,
  options: { migrate?: boolean } = {},
): void {
  for (const dialect of ['sqlite', 'postgres'] as const) {
    const skipReason = dialect === 'postgres' ? postgresSkipReason : '';
    describe.skipIf(skipReason !== '')(`${name} [${dialect}]${skipReason}`, () => {
      let current: (TestDatabase & { drop: () => Promise<void> }) | undefined;
      beforeEach(async () => {
        current = await createTestDatabase(dialect, options);
      });
      afterEach(async () => {
        await current?.drop();
        current = undefined;
      });
      suite(() => {
        if (!current) throw new Error('the test database is only available inside a test');
        return current;
      });
    });
  }
}

/**
 * Declares `suite(dialect)` once per dialect, for suites that make their own database from the
 * dialect (the API harness); PostgreSQL is skipped with the reason exactly as describeEachDialect does.
 */
export function describeWithDialects(name: string, suite: (dialect: Dialect) => void): void {
  for (const dialect of ['sqlite', 'postgres'] as const) {
    const skipReason =
      dialect === 'postgres' && postgresProblem
        ? ` (skipped: PostgreSQL unreachable at ${testEnv.databaseUrl}: ${postgresProblem})`
        : '';
    describe.skipIf(skipReason !== '')(`${name} [${dialect}]${skipReason}`, () => suite(dialect));
  }
}
