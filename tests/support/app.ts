// Builds the real HTTP app on a fresh SQLite database for tests, with the log lines captured.
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
  const config = loadConfig({ LOG_LEVEL: 'info', ...env });
  const logger = createLogger(config, sink);
  const app = createApp({ db: database.db, config, logger });
  return { app, db: database.db, config, logs, close: database.drop };
}
