// A front server process for the static benchmark: STORAGE_DIR and PORT come from the environment
// like in production; BENCH_WORKERS processes share the port (node:cluster re-runs this file).
import { createApp } from '../../api/app';
import { openDatabase } from '../../db';
import { getConfig } from '../../lib/config';
import { createLogger } from '../../lib/logger';
import { startFrontServer } from '../../server';

const workers = Number(process.argv[2] ?? '1');
const config = getConfig();
const logger = createLogger(config);
const db = openDatabase(config.database);
const server = await startFrontServer({
  config,
  db,
  apiApp: createApp({ db, config, logger }),
  logger,
  workers,
});
process.stdout.write(`listening ${server.port}\n`);
process.on('SIGTERM', async () => {
  await server.close();
  await db.destroy();
  process.exit(0);
});
