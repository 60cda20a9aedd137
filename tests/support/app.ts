// Builds the real HTTP app on a fresh SQLite database for tests, with the log lines captured.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { createApp } from '../../api/app';
import { loadConfig } from '../../lib/config';
import { createLogger } from '../../lib/logger';
import { createTestDatabase } from './databases';

export async function createTestApp(env: Record<string, string> = {}) {
  const database = await createTestDatabase('sqlite');
  const logs: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n')) if (line) logs.push(JSON.parse(line));
      done();
    },
  });
  // A store of its own with an (empty) sites folder, as a running product has: /api/health checks it.
  const storageDir = mkdtempSync(path.join(tmpdir(), 'test-app-'));
  mkdirSync(path.join(storageDir, 'sites'));
  const config = loadConfig({ LOG_LEVEL: 'info', STORAGE_DIR: storageDir, ...env });
  const logger = createLogger(config, sink);
  const app = createApp({ db: database.db, config, logger });
  const close = async () => {
    await database.drop();
    rmSync(storageDir, { recursive: true, force: true });
  };
  return { app, db: database.db, config, logs, close };
}
