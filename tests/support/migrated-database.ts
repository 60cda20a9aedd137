// A migrated SQLite database in a millisecond: the run migrates one template file once (the first test
// process that needs it; tests/support/databases.ts explains why) and every test database is a copy of it.
import { copyFileSync, existsSync, mkdirSync, renameSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Db, migrateToLatest, openDatabase } from '../../db';
import type { Config } from '../../lib/config';
import { TEST_RUN_MARKER } from './processes';

let sqliteTemplate: Promise<string> | undefined;

/** Where this run's template lives: one folder per run, removed by the run's teardown (leak-check.ts).
 *  A test process can be ended without its exit handlers running, so none of them removes it. */
export function sqliteTemplateDir(run: string, base = tmpdir()): string {
  return path.join(base, `mesterside-template-${run}`);
}

/** The run's migrated SQLite file, made once by whichever test process needs it first; copies of it
 *  are migrated databases. Processes that race both migrate and the last rename wins: same bytes. */
function migratedSqliteTemplate(): Promise<string> {
  sqliteTemplate ??= (async () => {
    const run = process.env[TEST_RUN_MARKER];
    if (!run) throw new Error(`${TEST_RUN_MARKER} is not set: vitest.config.ts sets it in test.env`);
    const dir = sqliteTemplateDir(run);
    const file = path.join(dir, 'template.db');
    if (existsSync(file)) return file;
    mkdirSync(dir, { recursive: true });
    const own = path.join(dir, `template-${process.pid}.db`);
    const db = openDatabase({ dialect: 'sqlite', file: own });
    await migrateToLatest(db);
    await db.destroy(); // Checkpoints the WAL into the file, so the file alone is the database.
    renameSync(own, file);
    return file;
  })();
  return sqliteTemplate;
}

/** Writes a migrated SQLite database to `file` (which must not exist yet): for harnesses that open their own. */
export async function writeMigratedSqlite(file: string): Promise<void> {
  copyFileSync(await migratedSqliteTemplate(), file);
}

/**
 * Opens the database of a configuration, migrated: a SQLite file that does not exist yet starts as a
 * copy of the template; anything else is migrated as the product would.
 */
export async function openMigratedDatabase(options: Config['database']): Promise<Db> {
  if (options.dialect === 'sqlite' && !existsSync(options.file)) await writeMigratedSqlite(options.file);
  const db = openDatabase(options);
  await migrateToLatest(db);
  return db;
}
