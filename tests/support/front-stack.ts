// The product's front server (static sites, marketing pages, API) on a fresh SQLite store in a temp
// folder, on a free port: what the publishing and marketing tests serve their requests from.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createApp } from '../../api/app';
import { type Db, migrateToLatest, openDatabase } from '../../db';
import { type Config, loadConfig } from '../../lib/config';
import { createLogger } from '../../lib/logger';
import { type RunningFrontServer, startFrontServer } from '../../server';

export interface FrontStack {
  dir: string;
  config: Config;
  db: Db;
  server: RunningFrontServer;
  /** `http://localhost:<port>`. */
  origin: string;
  /** Stops the server, closes the database and removes the folder. */
  close(): Promise<void>;
}

/** `env` adds to (or overrides) STORAGE_DIR, LOG_LEVEL silent and PORT 0. */
export async function startFrontStack(prefix: string, env: Record<string, string>): Promise<FrontStack> {
  const dir = mkdtempSync(path.join(tmpdir(), `${prefix}-`));
  const config = loadConfig({ STORAGE_DIR: dir, LOG_LEVEL: 'silent', PORT: '0', ...env });
  const db = openDatabase(config.database);
  try {
    await migrateToLatest(db);
    const logger = createLogger(config);
    const server = await startFrontServer({
      config,
      db,
      apiApp: createApp({ db, config, logger }),
      logger,
      port: 0,
    });
    return {
      dir,
      config,
      db,
      server,
      origin: `http://localhost:${server.port}`,
      async close() {
        await server.close();
        await db.destroy();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}
