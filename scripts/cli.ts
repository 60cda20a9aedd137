// What every command-line entry point does first: build what is stale, read the configuration, reach
// the database and migrate it. Each failure ends the process with one clear line and a non-zero exit code.
import { type Db, MigrationError, migrateToLatest, openDatabase, pingDatabase } from '../db';
import { type Config, ConfigError, type DatabaseTarget, getConfig } from '../lib/config';
import type { Logger } from '../lib/logger';
import { ensureBuild } from './ensure-build';
import { watchLauncher } from './launcher.mjs';

/** Prints one line to stderr and exits with status 1. */
export function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

/**
 * Builds the templates and the admin when they are missing or older than their sources (as `npm start`
 * does), so every command works right after `npm install`; a failed build ends the process.
 */
export async function buildOrExit(log: (line: string) => void = console.log): Promise<void> {
  await ensureBuild(log).catch((error: Error) => fail(`Building the templates failed: ${error.message}`));
}

export function configOrExit(): Config {
  try {
    return getConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(`Configuration error: ${error.message}`);
    throw error;
  }
}

/** The database's address with any password hidden, for messages. */
export function describeDatabase(target: DatabaseTarget): string {
  if (target.dialect === 'sqlite') return `SQLite file ${target.file}`;
  const url = new URL(target.url);
  if (url.password) url.password = '***';
  return `PostgreSQL at ${url.toString()}`;
}

export async function databaseOrExit(config: Config): Promise<Db> {
  let db: Db | undefined;
  try {
    db = openDatabase(config.database);
    await pingDatabase(db);
    return db;
  } catch (error) {
    await db?.destroy().catch(() => {});
    fail(`Database unreachable (${describeDatabase(config.database)}): ${reason(error)}`);
  }
}

export async function migrateOrExit(db: Db): Promise<string[]> {
  try {
    return await migrateToLatest(db);
  } catch (error) {
    await db.destroy().catch(() => {});
    if (error instanceof MigrationError)
      fail(`Database migration failed, nothing was changed: ${error.message}`);
    fail(`Database migration failed: ${reason(error)}`);
  }
}

function reason(error: unknown): string {
  if (error instanceof AggregateError) return error.errors.map(reason).join('; ');
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}

/** Runs `close` once on SIGINT, SIGTERM or SIGHUP, or when its launcher (npm, sh) is gone, then exits. */
export function stopOnSignals(logger: Logger, close: () => Promise<void>): void {
  let stopping = false;
  async function stop(signal: string) {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    await close();
    process.exit(0);
  }
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGHUP', () => void stop('SIGHUP'));
  watchLauncher(() => void stop('launcher exited'));
}
