// How many large quote-form bodies this process reads at once (issue 39). A large body is one whose
// Content-Length is over `largeBytes`, or that has none (chunked): photos the site's script did not
// shrink. Two caps, both decided from the headers, before a byte of the body is read:
// - per client (an IPv4 address or an IPv6 /64): at most `perClient` large bodies in flight; one
//   more is refused at once. Nobody's own visitor sends two large bodies at the same moment, and a
//   client that opens forty connections is refused its own traffic, not anyone else's.
// - per process: at most `atOnce` large bodies read at the same time; one more WAITS, unread, for a
//   slot (its bytes stay in the kernel's buffers, the client's upload paused by TCP), so a visitor is
//   slowed by a crowd of uploads but never told to try later because of it.
// Small bodies (text, photos the script shrank) pass without a cap: they cost little each, and the
// per-client limits count them (api/routes/site-leads.ts).
//
// Memory: every chunk a large body arrives in is garbage once passed on, and V8 collects it only when
// the process next allocates enough: two serving processes that read two 31 MB bodies each and then
// sat idle stayed 25–45 MB larger for over a minute. So half a second after the last large body this
// process reads is done, a full collection runs (10–20 ms, once after a burst of uploads, not per
// upload); the bodies' memory is then free at once, and the young generation V8 grew for the burst
// is given back by V8's own memory reducer within about half a minute
// (tests/lead-large-bodies.test.ts).
import v8 from 'node:v8';
import vm from 'node:vm';
export interface UploadGateOptions {
  /** A body over this many bytes (or of unknown length) is large. */
  largeBytes: number;
  /** Large bodies one client may have in flight in this process. */
  perClient: number;
  /** Large bodies this process reads at once. */
  atOnce: number;
}

type Collect = (options: { type: 'major' }) => void;
let collector: Collect | null | undefined;

/** V8's `gc`, taken as Jest takes it (the flag on for one new context only); null if unavailable. */
function garbageCollector(): Collect | null {
  if (collector === undefined) {
    try {
      v8.setFlagsFromString('--expose-gc');
      collector = vm.runInNewContext('gc') as Collect;
    } catch {
      collector = null;
    } finally {
      v8.setFlagsFromString('--no-expose-gc');
    }
  }
  return collector;
}

let collectTimer: NodeJS.Timeout | undefined;

/** A full collection in `delayMs`, unless another large body starts reading first. */
function collectSoon(delayMs: number): void {
  clearTimeout(collectTimer);
  collectTimer = setTimeout(() => garbageCollector()?.({ type: 'major' }), delayMs);
  collectTimer.unref();
}

export const UPLOAD_GATE_DEFAULTS: UploadGateOptions = Object.freeze({
  largeBytes: 4 * 1024 * 1024,
  perClient: 2,
  atOnce: 4,
});

/** How long after the last large body a collection runs. */
const COLLECT_AFTER_MS = 500;

/** Gives the slot back; safe to call more than once. */
export type Release = () => void;

export class UploadGate {
  readonly options: UploadGateOptions;
  readonly #inFlight = new Map<string, number>();
  readonly #waiting: Array<() => void> = [];
  #reading = 0;

  constructor(options: Partial<UploadGateOptions> = {}) {
    this.options = { ...UPLOAD_GATE_DEFAULTS, ...options };
  }

  isLarge(declaredBytes: number | null): boolean {
    return declaredBytes === null || declaredBytes > this.options.largeBytes;
  }

  /** Large bodies being read now (for tests and logs). */
  get reading(): number {
    return this.#reading;
  }

  /**
   * Takes the client's place for one body: null when the client already has its share of large
   * bodies in flight (refuse it), else a Release. Synchronous, so a burst of connections from one
   * client cannot all pass before the first is counted. A small body always passes.
   */
  admitClient(client: string | null, declaredBytes: number | null): Release | null {
    if (!this.isLarge(declaredBytes)) return () => {};
    // Without a known address (app.request() in tests) there is no client to count.
    const key = client ?? '';
    const held = this.#inFlight.get(key) ?? 0;
    if (client !== null && held >= this.options.perClient) return null;
    this.#inFlight.set(key, held + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.#inFlight.get(key) ?? 1) - 1;
      if (left <= 0) this.#inFlight.delete(key);
      else this.#inFlight.set(key, left);
    };
  }

  /**
   * Waits for one of the process's reading slots for a large body (at once for a small one); the
   * wait ends early, without a slot, when `signal` aborts (the client went away).
   */
  async read(declaredBytes: number | null, signal?: AbortSignal): Promise<Release> {
    if (!this.isLarge(declaredBytes)) return () => {};
    if (this.#reading < this.options.atOnce) {
      this.#reading++;
    } else {
      // A released slot is handed to the first waiter as it is: never counted free in between, so a
      // newcomer cannot take it as well.
      await new Promise<void>((resolve, reject) => {
        const wake = () => {
          signal?.removeEventListener('abort', abort);
          resolve();
        };
        const abort = () => {
          const index = this.#waiting.indexOf(wake);
          if (index !== -1) this.#waiting.splice(index, 1);
          reject(signal?.reason ?? new Error('aborted'));
        };
        if (signal?.aborted) return abort();
        signal?.addEventListener('abort', abort, { once: true });
        this.#waiting.push(wake);
      });
    }
    clearTimeout(collectTimer);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.#waiting.shift();
      if (next) next();
      else this.#reading--;
      if (this.#reading === 0) collectSoon(COLLECT_AFTER_MS);
    };
  }
}
