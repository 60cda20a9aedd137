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
import { QUICK_LANE } from './lane';
import { writeMigratedSqlite } from './migrated-database';
import { testSchemaPrefix } from './test-schemas';

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

const postgresProblem = QUICK_LANE ? null : await probePostgres();
if (postgresProblem && testEnv.ci) {
  throw new Error(
    `PostgreSQL is required under CI but unreachable at ${testEnv.databaseUrl}: ${postgresProblem}`,
  );
}

/**
 * '' when PostgreSQL answers and the run wants it; else why its suites are skipped, for the suite's
 * name. `npm run test:quick` runs on SQLite alone (MESTERSIDE_TEST_LANE=quick): the same suites on
 * PostgreSQL are `npm test`'s.
 */
export const postgresSkipReason = QUICK_LANE
  ? ' (skipped: the quick lane runs on SQLite alone; npm test runs PostgreSQL too)'
  : postgresProblem
    ? ` (skipped: PostgreSQL unreachable at ${testEnv.databaseUrl}: ${postgresProblem})`
    : '';

// Migrating costs a test dozens of statements (about 150 round trips on PostgreSQL, each of them
// slow on a loaded two-core machine: 2-4 s per test under the suite's own load against 0.1 s quiet).
// So each test process migrates once per dialect and reuses the result:
// - SQLite: one migrated template file, copied for every test (a file copy, about a millisecond);
// - PostgreSQL: a schema given back by `drop` is emptied (every row deleted, the rows the migrations
//   seeded put back, in three round trips) and handed to the next test that asks for one.
// Tests that ask for `migrate: false` get an empty database as before. The schemas carry this run's
// tag; tests/support/leak-check.ts drops any that are left when the run ends.

const TEST_SCHEMA_PREFIX = testSchemaPrefix(process.env.MESTERSIDE_TEST_RUN);

interface PooledSchema {
  name: string;
  /** Rows the migrations wrote (counters, the form key), put back after every reset. */
  seeds: Array<{ table: string; rows: Record<string, unknown>[] }>;
  tables: string[];
  /** The catalogue as the migrations left it: a test that changed it (a trigger, a table) gets a
   *  schema nobody reuses. */
  shape: string;
}

/** One line of everything in the schema a test could change besides rows. */
const SHAPE_QUERY = `select coalesce(md5(string_agg(item, ',' order by item)), '') as shape from (
    select 'class:' || c.relname || ':' || c.relkind::text as item from pg_class c where c.relnamespace = $1::regnamespace
    union all
    select 'column:' || c.relname || '.' || a.attname || ':' || a.atttypid::text || ':' || a.attnotnull::text
      from pg_attribute a join pg_class c on a.attrelid = c.oid
      where c.relnamespace = $1::regnamespace and a.attnum > 0 and not a.attisdropped
    union all
    select 'trigger:' || t.tgname from pg_trigger t join pg_class c on t.tgrelid = c.oid
      where c.relnamespace = $1::regnamespace and not t.tgisinternal
    union all
    select 'function:' || p.proname from pg_proc p where p.pronamespace = $1::regnamespace
    union all
    select 'constraint:' || conname from pg_constraint where connamespace = $1::regnamespace
  ) items`;

async function shapeOf(client: pg.Client, schema: string): Promise<string> {
  const { rows } = await client.query<{ shape: string }>(SHAPE_QUERY, [quoteIdentifier(schema)]);
  return rows[0]?.shape ?? '';
}

const freeSchemas: PooledSchema[] = [];

async function withAdminClient<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: testEnv.databaseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => {});
  }
}

async function newMigratedSchema(): Promise<PooledSchema> {
  const name = `${TEST_SCHEMA_PREFIX}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  await withAdminClient((client) => client.query(`create schema ${quoteIdentifier(name)}`));
  const db = openDatabase({ dialect: 'postgres', url: testEnv.databaseUrl }, { schema: name });
  try {
    await migrateToLatest(db);
  } finally {
    await db.destroy();
  }
  return withAdminClient(async (client) => {
    const listed = await client.query<{ tablename: string }>(
      `select tablename from pg_tables where schemaname = $1 and tablename not like 'kysely_migration%' order by tablename`,
      [name],
    );
    const tables = listed.rows.map((row) => row.tablename);
    const seeds: PooledSchema['seeds'] = [];
    for (const table of tables) {
      const rows = await client.query(`select * from ${quoteIdentifier(name)}.${quoteIdentifier(table)}`);
      if (rows.rows.length > 0) seeds.push({ table, rows: rows.rows });
    }
    return { name, seeds, tables, shape: await shapeOf(client, name) };
  });
}

/**
 * Empties a used schema back to what the migrations left, so the next test can have it; false (and
 * the schema dropped) when the test changed more than rows.
 */
async function resetSchema(schema: PooledSchema): Promise<boolean> {
  const qualified = (table: string) => `${quoteIdentifier(schema.name)}.${quoteIdentifier(table)}`;
  return withAdminClient(async (client) => {
    if ((await shapeOf(client, schema.name)) !== schema.shape) {
      await client.query(`drop schema ${quoteIdentifier(schema.name)} cascade`);
      return false;
    }
    // DELETE, not TRUNCATE: a test leaves a handful of rows, and TRUNCATE makes new files for every
    // table and index (about a second per reset on a loaded machine). Foreign keys are not checked
    // meanwhile (the replica role), so the order of the tables does not matter.
    await client.query('begin');
    await client.query('set local session_replication_role = replica');
    await client.query(schema.tables.map((table) => `delete from ${qualified(table)};`).join('\n'));
    for (const seed of schema.seeds) {
      for (const row of seed.rows) {
        const columns = Object.keys(row);
        await client.query(
          `insert into ${qualified(seed.table)} (${columns.map(quoteIdentifier).join(', ')}) values (${columns.map((_, i) => `$${i + 1}`).join(', ')})`,
          columns.map((column) => row[column]),
        );
      }
    }
    await client.query('commit');
    return true;
  });
}

/**
 * Opens the connection now, as migrating it used to: Kysely connects on the first query, and a
 * database destroyed before any query would quietly connect again on the next (the health test
 * destroys one to see the 503).
 */
async function connected(db: Db): Promise<Db> {
  await sql`select 1`.execute(db);
  return db;
}

/** A fresh, migrated database of the dialect (or an empty one with `migrate: false`); `drop` removes it. */
export async function createTestDatabase(
  dialect: Dialect,
  options: { migrate?: boolean; onQuery?: OpenOptions['onQuery'] } = {},
): Promise<TestDatabase & { drop: () => Promise<void> }> {
  const open = options.onQuery ? { onQuery: options.onQuery } : {};
  const migrate = options.migrate !== false;
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(path.join(tmpdir(), 'mesterside-db-'));
    const file = path.join(dir, 'test.db');
    if (migrate) await writeMigratedSqlite(file);
    const db = await connected(openDatabase({ dialect: 'sqlite', file }, open));
    return {
      db,
      dialect,
      drop: async () => {
        await db.destroy();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  if (!migrate) {
    const schema = `${TEST_SCHEMA_PREFIX}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
    await withAdminClient((client) => client.query(`create schema ${quoteIdentifier(schema)}`));
    const db = openDatabase({ dialect: 'postgres', url: testEnv.databaseUrl }, { schema, ...open });
    return {
      db,
      dialect,
      drop: async () => {
        await sql`drop schema ${sql.id(schema)} cascade`.execute(db);
        await db.destroy();
      },
    };
  }
  const schema = freeSchemas.pop() ?? (await newMigratedSchema());
  const db = await connected(
    openDatabase({ dialect: 'postgres', url: testEnv.databaseUrl }, { schema: schema.name, ...open }),
  );
  return {
    db,
    dialect,
    drop: async () => {
      await db.destroy();
      if (await resetSchema(schema)) freeSchemas.push(schema);
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
    const skipReason = dialect === 'postgres' ? postgresSkipReason : '';
    describe.skipIf(skipReason !== '')(`${name} [${dialect}]${skipReason}`, () => suite(dialect));
  }
}
