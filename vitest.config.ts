import { randomUUID } from 'node:crypto';
import { defineConfig } from 'vitest/config';

// Marks every process of this run: the test workers get it, tests/support/processes.ts passes it on to
// what they start, and tests/support/leak-check.ts looks for it at the end.
const TEST_RUN = randomUUID();

// Two cores on the CI machine: two forks keep the suite quick without thrashing.
export default defineConfig({
  test: {
    include: ['**/*.test.ts'],
    exclude: ['node_modules/**', 'dist/**', 'storage/**'],
    pool: 'forks',
    poolOptions: { forks: { maxForks: 2, minForks: 1 } },
    testTimeout: 20_000,
    hookTimeout: 30_000,
    env: { MESTERSIDE_TEST_RUN: TEST_RUN },
    globalSetup: ['tests/support/leak-check.ts', 'tests/support/bundle-entries.ts'],
    setupFiles: ['tests/support/stop-processes.ts'],
  },
});
