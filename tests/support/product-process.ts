// Several `npm start` processes at once (roles, scale-out): start one with an environment, wait for
// what it prints. Each is a tests/support/processes.ts run, stopped after the test file at the latest.
import { type Run, waitFor } from './processes';

export type ProductProcess = Run & {
  /** The origin it printed ("running on …"); empty until then. */
  origin(): string;
};

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
