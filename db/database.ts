// Opens the database named by the configuration: SQLite (better-sqlite3, WAL) by default, PostgreSQL
// for `postgres://` URLs. Both get the same Kysely instance type, so repositories are dialect-blind.

import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  CamelCasePlugin,
  CompiledQuery,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type DatabaseMetadataOptions,
  type DialectAdapter,
  type Driver,
  Kysely,
  type LogEvent,
  PostgresDialect,
  SqliteAdapter,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
  sql,
  type TableMetadata,
} from 'kysely';
import type { DatabaseTarget } from '../lib/config';
import type { Database } from './schema';
import { checkpointInBackground } from './wal-checkpoint';

export type Db = Kysely<Database>;

// `pg` is loaded only when a PostgreSQL database is opened: a SQLite process (every serving copy of
// `npm start` on its defaults) saves its memory.
const requirePackage = createRequire(import.meta.url);

/** SQLite does run DDL inside transactions; Kysely's adapter just does not claim it. Claiming it lets
 *  a failed migration roll back whole instead of leaving half its tables behind. */
class TransactionalSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

/** Transactions begin IMMEDIATE: a deferred one that reads and then writes gets SQLITE_BUSY at once,
 *  without waiting out the busy timeout, when another connection (a render thread, another process)
 *  wrote meanwhile. Taking the write lock up front makes it wait its turn instead. */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

class TransactionalSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;

  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }

  override createAdapter(): DialectAdapter {
    return new TransactionalSqliteAdapter();
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config);
  }
}

/**
 * Kysely's PostgreSQL introspector reads every schema and calls pg_get_serial_sequence on each
 * table, so a table dropped meanwhile in another schema (tests run side by side, a schema each)
 * makes our migration fail. The migrator only asks whether its own tables exist: this introspector
 * looks at the connection's own schema and nowhere else.
 */
class CurrentSchemaIntrospector implements DatabaseIntrospector {
  readonly #db: Kysely<unknown>;

  constructor(db: Kysely<unknown>) {
    this.#db = db;
  }

  async getSchemas() {
    const { rows } = await sql<{ name: string }>`select current_schema() as name`.execute(this.#db);
    return rows;
  }

  async getTables(
    options: DatabaseMetadataOptions = { withInternalKyselyTables: false },
  ): Promise<TableMetadata[]> {
    const { rows } = await sql<{
      schema: string;
      table: string;
      type: string;
      column: string | null;
      dataType: string | null;
      nullable: string | null;
      defaultValue: string | null;
    }>`select t.table_schema as schema, t.table_name as table, t.table_type as type,
              c.column_name as column, c.data_type as "dataType", c.is_nullable as nullable,
              c.column_default as "defaultValue"
         from information_schema.tables t
         left join information_schema.columns c
           on c.table_schema = t.table_schema and c.table_name = t.table_name
        where t.table_schema = current_schema()
        order by t.table_name, c.ordinal_position`.execute(this.#db);
    const tables = new Map<string, TableMetadata & { columns: TableMetadata['columns'][number][] }>();
    for (const row of rows) {
      if (!options.withInternalKyselyTables && row.table.startsWith('kysely_')) continue;
      let table = tables.get(row.table);
      if (!table) {
        table = { name: row.table, schema: row.schema, isView: row.type === 'VIEW', columns: [] };
        tables.set(row.table, table);
      }
      if (row.column === null) continue;
      table.columns.push({
        name: row.column,
        dataType: row.dataType ?? '',
        isNullable: row.nullable === 'YES',
        hasDefaultValue: row.defaultValue !== null,
        isAutoIncrementing: row.defaultValue?.startsWith('nextval(') ?? false,
      });
    }
    return [...tables.values()];
  }

  async getMetadata(options?: DatabaseMetadataOptions) {
    return { tables: await this.getTables(options) };
  }
}

class CurrentSchemaPostgresDialect extends PostgresDialect {
  override createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new CurrentSchemaIntrospector(db);
  }
}

const PG_INT8 = 20;

export interface OpenOptions {
  /** PostgreSQL only: the schema to create tables in and read from (tests use one per test). */
  schema?: string;
  /** Called with every statement run (tests record them to check each one's query plan). */
  onQuery?: (query: { sql: string; parameters: readonly unknown[] }) => void;
}

/** How many compiled statements a SQLite connection keeps: every statement the product runs, several times over. */
const STATEMENT_CACHE_SIZE = 1000;

/**
 * Kysely's SQLite driver prepares every statement it runs, and better-sqlite3 compiles the SQL each
 * time: on a page save that was most of the database's share of the work (issue 26). The product runs
 * the same few hundred statements over and over, so the connection keeps the compiled ones, least
 * recently used out first. A statement still iterating (a stream) is never handed out twice.
 */
export function cachePreparedStatements(
  database: SQLite.Database,
  size = STATEMENT_CACHE_SIZE,
): SQLite.Database {
  const prepare = database.prepare.bind(database);
  const cache = new Map<string, SQLite.Statement>();
  database.prepare = ((source: string) => {
    const cached = cache.get(source);
    if (cached && !cached.busy) {
      cache.delete(source);
      cache.set(source, cached);
      return cached;
    }
    const statement = prepare(source);
    if (!cached) {
      cache.set(source, statement);
      if (cache.size > size) cache.delete(cache.keys().next().value as string);
    }
    return statement;
  }) as SQLite.Database['prepare'];
  return database;
}

export function openDatabase(target: DatabaseTarget, options: OpenOptions = {}): Db {
  const plugins = [new CamelCasePlugin()];
  const { onQuery } = options;
  const log = onQuery
    ? (event: LogEvent) => {
        if (event.level === 'query') onQuery(event.query);
      }
    : undefined;
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
          checkpointInBackground(database, target.file);
          return cachePreparedStatements(database);
        },
      }),
      plugins,
      ...(log ? { log } : {}),
    });
  }

  const pg = requirePackage('pg') as typeof import('pg');
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
  return new Kysely<Database>({
    dialect: new CurrentSchemaPostgresDialect({ pool }),
    plugins,
    ...(log ? { log } : {}),
  });
}

/** Runs `work` in the caller's transaction when `db` is one, else in a transaction of its own: for
 *  repository functions whose statements must commit together however they are called. */
export async function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
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
