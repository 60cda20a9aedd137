// Publish latency: from requestPublish(cvr) after a saved edit to the new HTML being served by the
// front server, measured end to end over HTTP on loopback.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { acceptedValue, listPages, migrateToLatest, openDatabase, updatePage } from '../../db';
import { loadConfig } from '../../lib/config';
import { createLogger } from '../../lib/logger';
import { startProductStack } from '../../server';
import { createFixtureCompanies } from './fixtures';
import { percentile } from './stats';

export interface PublishFigures {
  p50: number;
  p95: number;
  runs: number;
}

export async function benchPublish(options: {
  redisUrl: string | null;
  runs: number;
}): Promise<PublishFigures> {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-publish-'));
  const config = loadConfig({ STORAGE_DIR: dir, LOG_LEVEL: 'silent', PORT: '0' });
  const logger = createLogger(config);
  const db = openDatabase(config.database);
  await migrateToLatest(db);
  const [cvr] = await createFixtureCompanies(db, 1);
  if (!cvr) throw new Error('no fixture company');
  const home = (await listPages(db, cvr)).find((page) => page.type === 'homepage');
  if (!home) throw new Error('fixture company has no homepage');

  const { server, queue, close } = await startProductStack({
    config,
    db,
    logger,
    port: 0,
    redisUrl: options.redisUrl,
    queueName: `bench-${process.pid}-${Date.now()}`,
    recoverEveryMs: 0,
  });
  const url = `http://127.0.0.1:${server.port}/${cvr}/`;

  const servedWith = async (text: string, deadlineMs: number) => {
    while (performance.now() < deadlineMs) {
      const response = await fetch(url);
      if ((await response.text()).includes(text)) return;
    }
    throw new Error(`"${text}" was not served in time`);
  };

  try {
    await queue.requestPublish(cvr);
    await servedWith(home.title, performance.now() + 30_000);
    const latencies: number[] = [];
    for (let run = 0; run < options.runs; run++) {
      const title = `Benchmark titel ${run} ${Date.now()}`;
      acceptedValue(await updatePage(db, cvr, home.id, { title }));
      const started = performance.now();
      await queue.requestPublish(cvr);
      await servedWith(title, started + 10_000);
      latencies.push(performance.now() - started);
    }
    return { p50: percentile(latencies, 50), p95: percentile(latencies, 95), runs: latencies.length };
  } finally {
    await close();
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
}
