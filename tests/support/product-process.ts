// Several `npm start` processes at once (roles, scale-out): start one with an environment, wait for
// what it prints. Each is a tests/support/processes.ts run, stopped after the test file at the latest.
import { type Run, spawnProduct, waitFor } from './processes';

export type ProductProcess = Run & {
  /** The origin it printed ("running on …"); empty until then. */
  origin(): string;
};

/**
 * Starts `scripts/start.ts` with only the given environment (plus PATH, HOME, PORT=0, LOG_LEVEL info);
 * `cleanups` gets its stop. A thin wrapper kept for branches written against it.
 * @deprecated call spawnProduct (support/processes.ts) and let the run be stopped for you.
 * @public
 */
export function startProduct(env: Record<string, string>, cleanups: Array<() => void>): ProductProcess {
  const run = spawnProduct({ LOG_LEVEL: 'info', ...env });
  cleanups.push(() => void run.stop());
  return run;
}

/** Polls `check` until true; fails with every process's output when one exits or time runs out
 *  (generous: several processes start on a loaded two-core machine). */
export function until(
  what: string,
  check: () => boolean | Promise<boolean>,
  runs: ProductProcess[],
  timeoutMs = 90_000,
): Promise<void> {
  return waitFor(what, check, timeoutMs, 100, runs);
}
