import { randomUUID } from 'node:crypto';
import { defineConfig } from 'vitest/config';
import { tempDirOnMemory } from './tests/support/memory-tmpdir';
import { LongestFirst } from './tests/support/sequencer';

// Marks every process of this run: the test workers get it, tests/support/processes.ts passes it on to
// what they start, and tests/support/leak-check.ts looks for it at the end.
const TEST_RUN = randomUUID();

// The tests' temporary stores on memory where the machine has it (tests/support/memory-tmpdir.ts).
tempDirOnMemory();
// `vitest run --mode quick`, read from the command line: vitest 3.2 loads this file again for each
// project with its own mode ('test'), so the function form of the config would see 'quick' only once.
const mode = process.argv.indexOf('--mode');
const QUICK_MODE = process.argv.includes('--mode=quick') || (mode >= 0 && process.argv[mode + 1] === 'quick');

/** Pure tests beside pure code: no database, process, port or browser. */
const UNIT = [
  'rules/**/*.test.ts',
  'contracts/**/*.test.ts',
  'lib/**/*.test.ts',
  'admin/**/*.test.ts',
  'templates/**/*.test.ts',
];
const EXCLUDE = ['node_modules/**', 'dist/**', 'storage/**'];
/**
 * In-process tests that need no build, no browser and no process of the product: the source scans,
 * the data layer, and the API through `app.request()`. `npm run test:quick` runs these and UNIT on
 * SQLite alone; `npm test` runs them on both databases.
 */
const QUICK = [
  'tests/contracts/**/*.test.ts',
  'tests/api/**/*.test.ts',
  'tests/leads/**/*.test.ts',
  'tests/onboarding/**/*.test.ts',
  'db/**/*.test.ts',
  'api/**/*.test.ts',
];

// Two cores here. The unit tests are CPU-bound and cheap to start: threads. The system tests spend
// most of their time waiting on processes, databases, Redis and Chromium, so three forks keep both
// cores busy where two left them idle.
//
// Neither project isolates its files: a fork (or thread) keeps its modules from one test file to the
// next. Loading the product's modules into a fresh module graph cost each system file about 1 s of
// CPU (a file that only imports the product stack and the migrated-database helper: 1.1 s), some
// 150 s of the run's 470 s on two cores. A test file therefore leaves no state behind in a module
// (every stack, pool, server and browser it starts is closed in its own hooks; processes are stopped
// by tests/support/stop-processes.ts after each file), and never relies on a module being fresh.
export default defineConfig({
  test: {
    testTimeout: 20_000,
    hookTimeout: 30_000,
    env: {
      MESTERSIDE_TEST_RUN: TEST_RUN,
      // `vitest --mode quick` (npm run test:quick): tests/support/lane.ts.
      MESTERSIDE_TEST_LANE: QUICK_MODE ? 'quick' : 'full',
    },
    // Pool sizes are the run's, shared by the projects that use each pool.
    // As many forks kept as run: vitest 3.2's pool, not isolating, stops a fork it finds idle while
    // files are still queued, and the run ends with "Terminating worker thread" (and the fork's
    // children left running) when the pool may shrink below its maximum.
    isolate: false,
    sequence: { sequencer: LongestFirst },
    poolOptions: { threads: { maxThreads: 2, minThreads: 2 }, forks: { maxForks: 3, minForks: 3 } },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: UNIT,
          exclude: EXCLUDE,
          pool: 'threads',
          // Facts in rules/ due for review, as a warning in the output (never a failure on a date).
          globalSetup: ['tests/support/fact-warnings.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'quick',
          include: QUICK,
          exclude: EXCLUDE,
          pool: 'forks',
          globalSetup: ['tests/support/leak-check.ts'],
          setupFiles: ['tests/support/stop-processes.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'system',
          include: ['**/*.test.ts'],
          exclude: [...EXCLUDE, ...UNIT, ...QUICK],
          pool: 'forks',
          globalSetup: [
            'tests/support/leak-check.ts',
            'tests/support/bundle-entries.ts',
            'tests/support/shared-browser.ts',
          ],
          setupFiles: ['tests/support/stop-processes.ts'],
        },
      },
    ],
  },
});
