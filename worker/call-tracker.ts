// What both publish queues count: their own calls still running, so `idle()` waits for them.
/** The queue's own calls still running (`idle()` waits for none); `settled` runs after each one. */
export function trackCalls(settled: () => void = () => {}): {
  readonly pending: number;
  tracked<T>(work: () => Promise<T>): Promise<T>;
} {
  let pending = 0;
  return {
    get pending() {
      return pending;
    },
    async tracked<T>(work: () => Promise<T>): Promise<T> {
      pending += 1;
      try {
        return await work();
      } finally {
        pending -= 1;
        settled();
      }
    },
  };
}
