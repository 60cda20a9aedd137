// npm run restore <archive>
// Brings a backup of `npm run backup` back: into an empty STORAGE_DIR only (it refuses a folder with
// anything in it, so nothing is ever overwritten), the database into the configured one (SQLite: the
// file; PostgreSQL: pg_restore into the DATABASE_URL database, which must have no tables), the
// uploads beside it, then migrates and renders every site again through `npm run rebuild`.
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import * as tar from 'tar';
import { clearSaveRates, migrateToLatest, openDatabase } from '../db';
import type { Config } from '../lib/config';
import { errorMessage } from '../lib/errors';
import { projectRoot } from '../lib/project-root';
import {
  MANIFEST,
  type Manifest,
  POSTGRES_FILE,
  parseManifest,
  SQLITE_FILE,
  UPLOAD_FOLDERS,
  UPLOADS,
} from './backup/archive';
import { runTool } from './backup/run-tool';
import { configOrExit, describeDatabase, fail } from './cli';

const { positionals } = parseArgs({ allowPositionals: true, options: {} });
const [given] = positionals;
if (!given || positionals.length > 1)
  fail('Usage: npm run restore <archive> (a mesterside-….tar.gz of npm run backup)');
const archive = path.resolve(given);
if (!existsSync(archive)) fail(`No such backup: ${archive}`);

const config = configOrExit();
const storageDir = path.resolve(config.storageDir);
if (existsSync(storageDir) && readdirSync(storageDir).length > 0) {
  fail(
    `STORAGE_DIR ${storageDir} is not empty. A restore only fills an empty folder, so nothing is ` +
      'overwritten: point STORAGE_DIR at a new folder (or move the contents away) and run it again.',
  );
}
await refuseNonEmptyDatabase(config);

mkdirSync(storageDir, { recursive: true });
const staging = path.join(storageDir, `.restore-${process.pid}`);
let manifest: Manifest;
try {
  mkdirSync(staging);
  await tar.extract({ file: archive, cwd: staging, strict: true });
  manifest = parseManifest(readFileSync(path.join(staging, MANIFEST), 'utf8'));
  if (manifest.dialect !== config.database.dialect) {
    throw new Error(
      `the backup holds a ${manifest.dialect} database, but ${describeDatabase(config.database)} is configured`,
    );
  }
  await restoreDatabase(config, staging);
  for (const folder of UPLOAD_FOLDERS) {
    const from = path.join(staging, UPLOADS, folder);
    if (existsSync(from)) renameSync(from, path.join(storageDir, folder));
  }
} catch (error) {
  rmSync(staging, { recursive: true, force: true });
  fail(`Restore failed: ${errorMessage(error)}`);
}
rmSync(staging, { recursive: true, force: true });

// A backup of an older version gets this version's migrations.
const db = openDatabase(config.database);
try {
  await migrateToLatest(db);
  // The per-minute save counts are rate-limit state, not data: carried over, they refused an owner's
  // first save after a restore made within a minute of a busy backup (429).
  await clearSaveRates(db);
} catch (error) {
  fail(`Restored, but migrating the database failed: ${errorMessage(error)}`);
} finally {
  await db.destroy();
}
console.log(
  `Restored the database and ${manifest.uploadFiles} upload files from the backup of ${manifest.createdAt}. Rendering every site:`,
);

// The rebuild as its own command: the same queue and publish job (with REDIS_URL the workers render).
const rebuild = spawn(
  process.execPath,
  [path.join(projectRoot(import.meta.dirname), 'scripts', 'run.mjs'), 'rebuild'],
  {
    stdio: 'inherit',
  },
);
const code = await new Promise<number>((resolve) => rebuild.on('exit', (exitCode) => resolve(exitCode ?? 1)));
if (code !== 0) console.log('The data is restored; run `npm run rebuild` again for the sites that failed.');
process.exit(code);

async function refuseNonEmptyDatabase(config: Config): Promise<void> {
  const target = config.database;
  if (target.dialect === 'sqlite') {
    if (existsSync(target.file))
      fail(`The SQLite file ${target.file} exists already: restore into a new one.`);
    return;
  }
  const client = new pg.Client({ connectionString: target.url, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    const { rows } = await client.query<{ count: string }>(
      'select count(*) as count from information_schema.tables where table_schema = current_schema()',
    );
    if (Number(rows[0]?.count) > 0) {
      fail(
        `The database (${describeDatabase(target)}) already has tables. A restore only fills an empty ` +
          'database: create a new one (createdb) and point DATABASE_URL at it.',
      );
    }
  } catch (error) {
    fail(`Database unreachable (${describeDatabase(target)}): ${errorMessage(error)}`);
  } finally {
    await client.end().catch(() => {});
  }
}

async function restoreDatabase(config: Config, staging: string): Promise<void> {
  const target = config.database;
  if (target.dialect === 'sqlite') {
    mkdirSync(path.dirname(target.file), { recursive: true });
    const from = path.join(staging, SQLITE_FILE);
    try {
      renameSync(from, target.file);
    } catch {
      copyFileSync(from, target.file);
    }
    return;
  }
  await runTool('pg_restore', [
    '--no-owner',
    '--no-privileges',
    '--exit-on-error',
    '--single-transaction',
    `--dbname=${target.url}`,
    path.join(staging, POSTGRES_FILE),
  ]);
}
