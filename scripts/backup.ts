// npm run backup [-- --out DIR]
// Writes one dated archive (default backups/mesterside-<UTC time>.tar.gz) with a consistent copy of
// the database and the uploaded images and logos, while the product keeps running. What it holds:
// backup/archive.ts. Restore with `npm run restore <archive>`.
//
// The database is copied first, the uploads right after: an upload's file is written before its row,
// and a file name is never reused, so every file the copied database names is there unless the owner
// deleted it in the moments between (the image is then missing from a restored site, nothing else).
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { copyFile as copy, link, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import SQLite from 'better-sqlite3';
import * as tar from 'tar';
import type { Config } from '../lib/config';
import { errorMessage } from '../lib/errors';
import {
  archiveName,
  FORMAT,
  MANIFEST,
  type Manifest,
  POSTGRES_FILE,
  SQLITE_FILE,
  UPLOAD_FOLDERS,
  UPLOADS,
} from './backup/archive';
import { runTool } from './backup/run-tool';
import { configOrExit, describeDatabase, fail } from './cli';

const { values } = parseArgs({ options: { out: { type: 'string', default: 'backups' } } });
const config = configOrExit();
const outDir = path.resolve(values.out ?? 'backups');
const now = new Date();
const archive = path.join(outDir, archiveName(now));
// Everything is gathered in a staging folder beside the archive and packed at the end; a failure
// leaves no half archive behind.
const staging = path.join(outDir, `.staging-${process.pid}-${now.getTime()}`);

let failure: string | undefined;
try {
  mkdirSync(path.join(staging, 'database'), { recursive: true });
  // A new install has no uploads yet: the archive still holds an (empty) uploads folder.
  mkdirSync(path.join(staging, UPLOADS), { recursive: true });
  await copyDatabase(config, staging).catch((error: unknown) => {
    throw new Error(
      `could not copy the database (${describeDatabase(config.database)}): ${errorMessage(error)}`,
    );
  });
  const uploadFiles = await copyUploads(config.storageDir, path.join(staging, UPLOADS));
  const manifest: Manifest = {
    format: FORMAT,
    product: 'mesterside',
    createdAt: now.toISOString(),
    dialect: config.database.dialect,
    uploadFiles,
  };
  writeFileSync(path.join(staging, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  const temporary = `${archive}.tmp`;
  await tar.create({ gzip: true, file: temporary, cwd: staging, portable: true }, [
    MANIFEST,
    'database',
    UPLOADS,
  ]);
  renameSync(temporary, archive);
  const size = (await stat(archive)).size;
  console.log(
    `Backup written: ${shown(archive)} (${formatBytes(size)}; database and ${uploadFiles} upload files)`,
  );
} catch (error) {
  rmSync(`${archive}.tmp`, { force: true });
  failure = `Backup failed: ${errorMessage(error)}`;
} finally {
  // fail() exits the process at once, so the staging folder goes first.
  rmSync(staging, { recursive: true, force: true });
}
if (failure) fail(failure);

async function copyDatabase(config: Config, staging: string): Promise<void> {
  const target = config.database;
  if (target.dialect === 'sqlite') {
    // The online backup API copies a consistent snapshot page by page while others keep writing.
    const source = new SQLite(target.file, { fileMustExist: true });
    try {
      await source.backup(path.join(staging, SQLITE_FILE));
    } finally {
      source.close();
    }
    return;
  }
  // pg_dump reads the whole database in one repeatable-read transaction: one consistent snapshot.
  await runTool('pg_dump', [
    '--format=custom',
    '--no-owner',
    '--no-privileges',
    `--file=${path.join(staging, POSTGRES_FILE)}`,
    `--dbname=${target.url}`,
  ]);
}

/** Copies STORAGE_DIR/images and /logos (hard links where the file system allows); returns the count. */
async function copyUploads(storageDir: string, into: string): Promise<number> {
  let count = 0;
  const walk = async (from: string, to: string): Promise<void> => {
    const entries = await readdir(from, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      // Dot names are uploads still being written (media-files.ts); never served, never kept.
      if (entry.name.startsWith('.')) continue;
      const source = path.join(from, entry.name);
      const target = path.join(to, entry.name);
      if (entry.isDirectory()) {
        await walk(source, target);
      } else if (entry.isFile()) {
        mkdirSync(to, { recursive: true });
        if (await copyFile(source, target)) count += 1;
      }
    }
  };
  for (const folder of UPLOAD_FOLDERS) await walk(path.join(storageDir, folder), path.join(into, folder));
  return count;
}

/** A hard link (instant, and uploads are never changed in place), else a copy; false if it vanished. */
async function copyFile(source: string, target: string): Promise<boolean> {
  try {
    await link(source, target);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
  }
  try {
    await copy(source, target);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}

/** The archive's path as the operator typed it: relative below the current folder, else absolute. */
function shown(file: string): string {
  const relative = path.relative(process.cwd(), file);
  return relative.startsWith('..') ? file : relative;
}

function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
