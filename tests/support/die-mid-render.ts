// A worker that dies half-way through a render: it asks for a publish, renders the first page,
// and kills itself with SIGKILL while rendering the next. Used by tests/publishing.test.ts.
import { openDatabase } from '../../db';
import { createSitePublisher } from '../../generator';
import { loadSiteRenderer } from '../../generator/astro-renderer';
import { getConfig } from '../../lib/config';
import { createLogger } from '../../lib/logger';
import { createPublishQueue } from '../../worker';
import { watchedRenderer } from './watched-renderer';

const config = getConfig();
const db = openDatabase(config.database);
const real = await loadSiteRenderer();
let rendered = 0;
const publisher = await createSitePublisher({
  db,
  config,
  renderer: watchedRenderer(real, () => {
    if (++rendered === 2) process.kill(process.pid, 'SIGKILL');
  }),
});
const queue = createPublishQueue({
  db,
  logger: createLogger(config),
  redisUrl: null,
  render: (cvr) => publisher.publish(cvr),
});
await queue.requestPublish('12345678');
await queue.idle();
