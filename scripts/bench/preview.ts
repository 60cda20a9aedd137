// The live preview (issue 27) through the whole stack: a signed-in owner POSTs a page draft to
// /api/pages/:id/preview over HTTP to the front server on SQLite, one request at a time as the editor
// sends them, and gets the page rendered by the site templates on the preview's render thread. The
// owner's browser is a client process of its own (client-process.ts), never this, the server's.
// The per-company preview limit and the API's request limit are lifted: the bench measures the
// render path, not the limits.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createOwnerAccount } from '../../api/auth/accounts';
import { type Db, listPages, migrateToLatest, openDatabase } from '../../db';
import { loadConfig } from '../../lib/config';
import { createLogger } from '../../lib/logger';
import { startProductStack } from '../../server';
import { unlimitedRequests } from '../../server/request-limit';
import { timedRequests } from './client-jobs';
import { startClientProcess } from './client-process';
import { createFixtureCompany } from './fixtures';
import { percentile } from './stats';

/** What the benchmarks give as the preview limit: none worth the name. */
const UNLIMITED_PREVIEWS = 1_000_000_000;

export interface PreviewFigures {
  p50: number;
  p95: number;
  requests: number;
  errors: number;
}

/** Makes `email` the owner of `cvr` and signs in over HTTP; answers the session cookie pair. */
export async function signInOwner(db: Db, origin: string, cvr: string, email: string): Promise<string> {
  const password = 'Benchmark-adgangskode-1';
  await createOwnerAccount(db, { email, password }, new Date());
  await db.updateTable('companies').set({ companyEmail: email }).where('cvr', '=', cvr).execute();
  const login = await fetch(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email, password }),
  });
  const cookie = /mesterside_session=[^;]+/.exec(login.headers.get('set-cookie') ?? '')?.[0];
  if (login.status !== 200 || !cookie) throw new Error(`login failed: ${login.status}`);
  return cookie;
}

export async function benchPreview(options: { seconds: number }): Promise<PreviewFigures> {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-preview-'));
  const config = loadConfig({ STORAGE_DIR: dir, LOG_LEVEL: 'silent', PUBLIC_HOST: 'localhost:3000' });
  const logger = createLogger(config);
  const db = openDatabase(config.database);
  await migrateToLatest(db);
  const cvr = await createFixtureCompany(db);
  const home = (await listPages(db, cvr))[0];
  if (!home) throw new Error('fixture company has no pages');
  const { server, queue, close } = await startProductStack({
    config,
    db,
    logger,
    port: 0,
    redisUrl: null,
    maxPreviewsPerWindow: UNLIMITED_PREVIEWS,
    requestLimit: unlimitedRequests(),
  });
  const origin = `http://127.0.0.1:${server.port}`;
  const client = await startClientProcess();
  try {
    await queue.idle();
    const cookie = await signInOwner(db, origin, cvr, 'ejer@bench.example');
    const { latencies, errors } = await client.run(timedRequests, {
      spec: {
        url: `${origin}/api/pages/${home.id}/preview`,
        method: 'POST',
        headers: { 'content-type': 'application/json', origin, cookie },
        // Each draft's title holds its number (`%d`).
        body: JSON.stringify({
          title: 'Nyt tag på en uge %d',
          content: `${home.content}\n\n## Det gør vi\n\n- Tag\n- Vinduer\n- Tilbygninger`,
        }),
      },
      seconds: options.seconds,
      // The first preview starts the render thread (once per process); the figures are the editor's.
      warmup: 20,
    });
    return {
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      requests: latencies.length,
      errors,
    };
  } finally {
    await client.close();
    await close();
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
}
