// npm run rebuild [-- --cvr 12345678] [-- --concurrency 4]
// Re-renders every company's site (what operators run after a template change), with a progress
// bar and a summary. Exits non-zero if any company failed.
import { parseArgs } from 'node:util';
import { listCompanies } from '../db';
import { errorMessage } from '../lib/errors';
import { normalizeCvr } from '../rules/cvr';
import { configOrExit, databaseOrExit, fail, migrateOrExit } from './cli';
import { defaultConcurrency, type RebuildResult, rebuildSites } from './rebuild/rebuild-sites';

const { values } = parseArgs({
  options: { cvr: { type: 'string', multiple: true }, concurrency: { type: 'string' } },
});
const concurrency = values.concurrency === undefined ? defaultConcurrency() : Number(values.concurrency);
if (!Number.isInteger(concurrency) || concurrency < 1)
  fail('--concurrency must be a whole number of 1 or more');

const config = configOrExit();
const db = await databaseOrExit(config);
await migrateOrExit(db);
let cvrs: string[];
if (values.cvr?.length) {
  cvrs = values.cvr.map((raw) => normalizeCvr(raw) ?? fail(`--cvr ${raw} is not an 8-digit CVR number`));
} else {
  cvrs = (await listCompanies(db)).map((company) => company.cvr);
}
await db.destroy();

const started = performance.now();
const progress = progressBar(cvrs.length);
const { results, landingError } = await rebuildSites({
  config,
  cvrs,
  concurrency,
  onResult: progress.update,
}).catch((error: unknown) => {
  // Nothing could be rendered (the templates not built, the database gone): one line, exit 1.
  progress.done();
  return fail(`Rebuild stopped: ${errorMessage(error)}`);
});
progress.done();
const seconds = (performance.now() - started) / 1000;

const failures = results.filter((result) => !result.ok);
const pages = results.reduce((sum, result) => sum + result.pages, 0);
console.log(
  `Rebuilt ${results.length - failures.length} of ${cvrs.length} companies, ${pages} pages, ` +
    `in ${seconds.toFixed(2)} s (${concurrency} writer thread${concurrency === 1 ? '' : 's'}); ${failures.length} failed`,
);
for (const failure of failures) console.log(`  failed ${failure.cvr}: ${failure.error}`);
if (landingError) console.log(`  failed the landing page: ${landingError}`);
process.exit(failures.length || landingError ? 1 : 0);

function progressBar(total: number) {
  const tty = process.stderr.isTTY;
  let done = 0;
  let lastPercent = -1;
  return {
    update(_result: RebuildResult) {
      done++;
      const percent = Math.floor((done / Math.max(total, 1)) * 100);
      if (tty) {
        const width = 30;
        const filled = Math.round((done / Math.max(total, 1)) * width);
        process.stderr.write(`\r[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total} `);
      } else if (percent >= lastPercent + 10 || done === total) {
        lastPercent = percent;
        process.stderr.write(`${done}/${total} (${percent}%)\n`);
      }
    },
    done() {
      if (tty) process.stderr.write('\n');
    },
  };
}
