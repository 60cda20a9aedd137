// A stand-in for the generator, which is tested elsewhere: it records every render, can be held until
// released, can fail or report the company gone on demand, and tracks how many renders overlap.
import type { RenderOutcome, RenderSite } from '../../worker';

export interface FakeRender {
  render: RenderSite;
  /** How many renders of the company started. */
  calls(cvr: string): number;
  /** When each render of the company started (ms since epoch). */
  startTimes(cvr: string): number[];
  /** The most renders of one company that ever ran at once. */
  maxOverlap(cvr: string): number;
  /** The most renders of any companies that ever ran at once. */
  maxParallel(): number;
  /** Renders of the company wait until release(). */
  hold(cvr: string): void;
  release(cvr: string): void;
  releaseAll(): void;
  /** The next `times` renders of the company throw `message`. */
  failTimes(cvr: string, times: number, message: string): void;
  failAlways(cvr: string, message: string): void;
  stopFailing(cvr: string): void;
  gone(cvr: string): void;
  /** Runs at the start of every render, before it can be held or fail. */
  onStart(hook: (cvr: string, call: number) => Promise<void> | void): void;
  /** Each render also takes this long. */
  delayMs(ms: number): void;
  /** Resolves once the company's render number `count` has started. */
  waitForCalls(cvr: string, count: number, timeoutMs?: number): Promise<void>;
}

interface Gate {
  promise: Promise<void>;
  open: () => void;
}

export function createFakeRender(): FakeRender {
  const starts = new Map<string, number[]>();
  const running = new Map<string, number>();
  const overlap = new Map<string, number>();
  const gates = new Map<string, Gate>();
  const failures = new Map<string, { left: number; message: string }>();
  const goneCompanies = new Set<string>();
  const callWaiters = new Set<() => void>();
  let parallel = 0;
  let maxParallel = 0;
  let delay = 0;
  let startHook: ((cvr: string, call: number) => Promise<void> | void) | undefined;

  const render: RenderSite = async (cvr) => {
    const times = starts.get(cvr) ?? [];
    times.push(Date.now());
    starts.set(cvr, times);
    const now = (running.get(cvr) ?? 0) + 1;
    running.set(cvr, now);
    overlap.set(cvr, Math.max(overlap.get(cvr) ?? 0, now));
    parallel += 1;
    maxParallel = Math.max(maxParallel, parallel);
    for (const wake of callWaiters) wake();
    try {
      await startHook?.(cvr, times.length);
      await gates.get(cvr)?.promise;
      if (delay) await new Promise((resolve) => setTimeout(resolve, delay));
      const failure = failures.get(cvr);
      if (failure && failure.left > 0) {
        failure.left -= 1;
        throw new Error(failure.message);
      }
      const outcome: RenderOutcome = goneCompanies.has(cvr) ? 'gone' : 'published';
      return outcome;
    } finally {
      running.set(cvr, (running.get(cvr) ?? 1) - 1);
      parallel -= 1;
    }
  };

  const fake: FakeRender = {
    render,
    calls: (cvr) => starts.get(cvr)?.length ?? 0,
    startTimes: (cvr) => [...(starts.get(cvr) ?? [])],
    maxOverlap: (cvr) => overlap.get(cvr) ?? 0,
    maxParallel: () => maxParallel,
    hold(cvr) {
      if (gates.has(cvr)) return;
      let open = () => {};
      const promise = new Promise<void>((resolve) => {
        open = resolve;
      });
      gates.set(cvr, { promise, open });
    },
    release(cvr) {
      gates.get(cvr)?.open();
      gates.delete(cvr);
    },
    releaseAll() {
      for (const cvr of [...gates.keys()]) fake.release(cvr);
    },
    failTimes: (cvr, times, message) => failures.set(cvr, { left: times, message }),
    failAlways: (cvr, message) => failures.set(cvr, { left: Number.POSITIVE_INFINITY, message }),
    stopFailing: (cvr) => failures.delete(cvr),
    gone: (cvr) => goneCompanies.add(cvr),
    onStart(hook) {
      startHook = hook;
    },
    delayMs(ms) {
      delay = ms;
    },
    waitForCalls(cvr, count, timeoutMs = 10_000) {
      if (fake.calls(cvr) >= count) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        const wake = () => {
          if (fake.calls(cvr) < count) return;
          clearTimeout(timer);
          callWaiters.delete(wake);
          resolve();
        };
        const timer = setTimeout(() => {
          callWaiters.delete(wake);
          reject(
            new Error(`expected ${count} renders of ${cvr} within ${timeoutMs} ms, saw ${fake.calls(cvr)}`),
          );
        }, timeoutMs);
        callWaiters.add(wake);
      });
    },
  };
  return fake;
}
