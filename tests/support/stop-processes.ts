// Setup file (vitest.config.ts): after each test file, whatever its own hooks did (a failed or
// timed-out test skips the rest of a test body), every process group it started through
// tests/support/processes.ts is stopped. Registered first, so it runs after the file's own afterAll.
import { afterAll } from 'vitest';
import { stopAll } from './processes';

afterAll(() => stopAll());
