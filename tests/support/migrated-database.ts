// A migrated SQLite database in a millisecond: each test process migrates one template file once
// (tests/support/databases.ts explains why) and every test database is a copy of it.
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Db, migrateToLatest, openDatabase } from '../../db';
import type { Config } from '../../lib/config';

let sqliteTemplate: Promise<string> | undefined;

/** A migrated SQLite file of this process, made once; copies of it are migrated databases. */
function migratedSqliteTemplate(): Promise<string> {
  sqliteTemplate ??= (async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'mesterside-template-'));
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    const file = path.join(dir, 'template.db');
    const db = openDatabase({ dialect: 'sqlite', file });
    await migrateToLatest(db);
    await db.destroy(); // Checkpoints the WAL into the file, so the file alone is the database.
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
