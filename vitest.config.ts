import { defineConfig } from 'vitest/config';

// Two cores on the CI machine: two forks keep the suite quick without thrashing.
export default defineConfig({
  test: {
    include: ['**/*.test.ts'],
    exclude: ['node_modules/**', 'dist/**', 'storage/**'],
    pool: 'forks',
    poolOptions: { forks: { maxForks: 2, minForks: 1 } },
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
