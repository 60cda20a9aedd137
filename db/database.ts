// Opens the database named by the configuration: SQLite (better-sqlite3, WAL) by default, PostgreSQL
// for `postgres://` URLs. Both get the same Kysely instance type, so repositories are dialect-blind.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  CamelCasePlugin,
  type DialectAdapter,
  Kysely,
  PostgresDialect,
  SqliteAdapter,
  SqliteDialect,
  sql,
} from 'kysely';
import pg from 'pg';
import type { DatabaseTarget } from '../lib/config';
import type { Database } from './schema';

export type Db = Kysely<Database>;

/** SQLite does run DDL inside transactions; Kysely's adapter just does not claim it. Claiming it lets
 *  a failed migration roll back whole instead of leaving half its tables behind. */
class TransactionalSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

class TransactionalSqliteDialect extends SqliteDialect {
  override createAdapter(): DialectAdapter {
    return new TransactionalSqliteAdapter();
  }
}

const PG_INT8 = 20;

export interface OpenOptions {
  /** PostgreSQL only: the schema to create tables in and read from (tests use one per test). */
  schema?: string;
}

export function openDatabase(target: DatabaseTarget, options: OpenOptions = {}): Db {
  const plugins = [new CamelCasePlugin()];
  if (target.dialect === 'sqlite') {
    if (target.file !== ':memory:') mkdirSync(path.dirname(target.file), { recursive: true });
    return new Kysely<Database>({
      dialect: new TransactionalSqliteDialect({
        database: async () => {
          const database = new SQLite(target.file);
          database.pragma('journal_mode = WAL');
          database.pragma('synchronous = NORMAL');
          database.pragma('foreign_keys = ON');
          database.pragma('busy_timeout = 5000');
          return database;
        },
      }),
      plugins,
    });
  }

  const pool = new pg.Pool({
    connectionString: target.url,
    max: 10,
    connectionTimeoutMillis: 5000,
    ...(options.schema ? { options: `-c search_path=${quoteIdentifier(options.schema)}` } : {}),
    // COUNT(*) and other int8 values would arrive as strings; ours always fit in a double.
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === PG_INT8 ? Number : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  // An idle client that loses its server must not crash the process; the next query reports it.
  pool.on('error', () => {});
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins });
}

/** Answers whether the database accepts a trivial query. */
export async function pingDatabase(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}

/** True for a unique-constraint violation on either dialect. */
export function isUniqueViolation(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const code = (error as { code?: unknown }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

export function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
