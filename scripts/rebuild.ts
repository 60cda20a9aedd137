// npm run rebuild [-- --cvr 12345678] [-- --concurrency 4] [-- --no-wait]
// Re-renders every company's site (what operators run after a template change) through the publish
// queue: each company is marked as wanting a publish, exactly as a save marks it, and the same
// version-checked publish job renders it. Without REDIS_URL the jobs run here on worker threads; with
// it they go to the shared queue in bulk, every `npm run worker` takes a share, and this command shows
// the progress until the work is done (or returns at once with --no-wait). The landing page is
// refreshed once at the end. Exits non-zero if any company failed.
import { parseArgs } from 'node:util';
import { createLandingPublisher, sitesDirOf } from '../generator';
import { loadSiteRenderer } from '../generator/astro-renderer';
import type { Config } from '../lib/config';
import { errorMessage } from '../lib/errors';
import { createLogger } from '../lib/logger';
import { normalizeCvr } from '../rules/cvr';
import { buildOrExit, configOrExit, databaseOrExit, fail, migrateOrExit } from './cli';
import { type RebuildResult, runLocalRebuild } from './rebuild/local-rebuild';
import { allCompanyCvrs, markAllWanted, splitKnown } from './rebuild/mark-wanted';
import { createProgress } from './rebuild/progress';
import { openQueueRebuild } from './rebuild/queue-rebuild';
import { createPipelineRender, defaultConcurrency, QUEUED_PER_WRITER } from './rebuild/rebuild-sites';

const { values } = parseArgs({
  options: {
    cvr: { type: 'string', multiple: true },
    concurrency: { type: 'string' },
    'no-wait': { type: 'boolean', default: false },
  },
});
const concurrency = values.concurrency === undefined ? defaultConcurrency() : Number(values.concurrency);
if (!Number.isInteger(concurrency) || concurrency < 1)
  fail('--concurrency must be a whole number of 1 or more');
const requested = values.cvr?.map(
  (raw) => normalizeCvr(raw) ?? fail(`--cvr ${raw} is not an 8-digit CVR number`),
);

const config = configOrExit();
// Like `npm start`: the templates are built when missing or stale (its lines go to stderr with the progress).
await buildOrExit((line) => console.error(line));
const db = await databaseOrExit(config);
await migrateOrExit(db);
// Logs (a failed render's warnings) go to stderr beside the progress; stdout keeps the summary.
const logger = createLogger(config, process.stderr);

const results: RebuildResult[] = [];
let cvrs: string[];
if (requested) {
  const { known, unknown } = await splitKnown(db, requested);
  for (const cvr of unknown) results.push({ cvr, ok: false, error: 'company not found' });
  cvrs = known;
} else {
  cvrs = await allCompanyCvrs(db);
}

const started = performance.now();
const versions = await markAllWanted(db, cvrs).catch((error: unknown) =>
  fail(`Rebuild stopped: could not mark the companies for publishing: ${errorMessage(error)}`),
);
const progress = createProgress(cvrs.length);
let landingError: string | null = null;
let how: string;

if (!config.redisUrl) {
  const pipeline = await createPipelineRender(config, db, concurrency).catch((error: unknown) =>
    // Nothing can be rendered (the templates not built): one line, exit 1. The marks stay, so the
    // next `npm start` publishes them.
    fail(`Rebuild stopped: ${errorMessage(error)}`),
  );
  let done = 0;
  results.push(
    ...(await runLocalRebuild({
      db,
      logger,
      render: pipeline.render,
      cvrs,
      // Enough jobs in flight that the writer threads never wait for the rendering thread.
      concurrency: concurrency * QUEUED_PER_WRITER + 1,
      onResult: () => progress.set(++done),
    })),
  );
  progress.finish();
  landingError = await pipeline.refreshLanding();
  await pipeline.close();
  const pages = cvrs.reduce((sum, cvr) => sum + pipeline.pagesOf(cvr), 0);
  how = `${pages} pages, in ${seconds()} s (${concurrency} writer thread${concurrency === 1 ? '' : 's'})`;
} else {
  const queue = openQueueRebuild(config.redisUrl);
  await queue.enqueueAll(cvrs).catch(async (error: unknown) => {
    await queue.close();
    fail(
      `Could not enqueue on Redis (${errorMessage(error)}). The ${cvrs.length} companies are marked ` +
        'as wanting a publish: every worker enqueues them when Redis answers again.',
    );
  });
  if (values['no-wait']) {
    await queue.close();
    await db.destroy();
    console.log(
      `Enqueued ${cvrs.length} companies on the publish queue; the \`npm run worker\` processes render them.`,
    );
    process.exit(results.length ? 1 : 0);
  }
  results.push(
    ...(await queue.waitUntilDone({
      db,
      versions,
      onProgress: (done) => progress.set(done),
      onNoWorker: () =>
        process.stderr.write('\nNo worker is taking jobs from the queue: start `npm run worker`.\n'),
    })),
  );
  progress.finish();
  await queue.close();
  landingError = await refreshLanding(config);
  how = `in ${seconds()} s on the publish queue`;
}
await db.destroy();

const failures = results.filter((result) => !result.ok);
const total = cvrs.length + results.filter((result) => result.error === 'company not found').length;
console.log(`Rebuilt ${total - failures.length} of ${total} companies, ${how}; ${failures.length} failed`);
for (const failure of failures) console.log(`  failed ${failure.cvr}: ${failure.error}`);
if (landingError) console.log(`  failed the landing page: ${landingError}`);
process.exit(failures.length || landingError ? 1 : 0);

function seconds(): string {
  return ((performance.now() - started) / 1000).toFixed(2);
}

async function refreshLanding(config: Config): Promise<string | null> {
  try {
    const renderer = await loadSiteRenderer();
    await createLandingPublisher({ db, config, sitesDir: sitesDirOf(config), renderer }).refresh();
    return null;
  } catch (error) {
    return errorMessage(error);
  }
}
