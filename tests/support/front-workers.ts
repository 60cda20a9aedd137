// The front server with `workers: 2` as an entry script, for server/workers.test.ts: the primary
// forks two processes that share its port, each answering /api/* with its own pid and serving the
// site folders of STORAGE_DIR. The primary prints `PORT <port>` once it listens and stops its workers
// on SIGTERM. Run bundled on plain node (tests/support/bundle-entries.ts), as the workers are too.
import cluster from 'node:cluster';
import { openDatabase } from '../../db';
import { loadConfig } from '../../lib/config';
import { createLogger } from '../../lib/logger';
import { startFrontServer } from '../../server/front-server';

const config = loadConfig(process.env);
const logger = createLogger(config);
const db = openDatabase(config.database);
const server = await startFrontServer({
  config,
  db,
  logger,
  apiApp: { fetch: () => new Response(String(process.pid)) },
  marketingDir: process.env.STORAGE_DIR,
  host: '127.0.0.1',
  workers: 2,
});
if (cluster.isPrimary) {
  console.log(`PORT ${server.port}`);
  process.on('SIGTERM', () => void server.close().then(() => process.exit(0)));
}
