// One rebuild thread: opens the database and the renderer once, then publishes each CVR it is sent.
import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase } from '../../db';
import type { Config } from '../../lib/config';
import { publisherFor } from './rebuild-sites';

const { config } = workerData as { config: Config };
const port = parentPort;
if (!port) throw new Error('rebuild-thread must run as a worker thread');

const db = openDatabase(config.database);
const publish = await publisherFor(db, config);
port.on('message', async (message: { cvr?: string; done?: true }) => {
  if (message.done) {
    await db.destroy();
    port.close();
    return;
  }
  if (message.cvr) port.postMessage(await publish(message.cvr));
});
port.postMessage({ ready: true });
