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
// Memory is bounded by these caps and by the stream, never by forcing a collection: a large body is
// read in the socket's chunks (64 KB), each passed on and dropped unless it is a photo still wanted
// (api/leads/lead-body.ts stops keeping photos once the token or the honeypot says no, and at
// MAX_UPLOAD_BYTES each); so at most `atOnce` bodies are in memory, each at most its kept photos plus
// the chunk in hand. The chunks passed on are garbage that V8 collects on its own schedule (its memory
// reducer, once the process is idle); tests/lead-large-bodies.test.ts measures both the peak and what
// a serving copy keeps a minute later.
export interface UploadGateOptions {
  /** A body over this many bytes (or of unknown length) is large. */
  largeBytes: number;
  /** Large bodies one client may have in flight in this process. */
  perClient: number;
  /** Large bodies this process reads at once. */
  atOnce: number;
}

export const UPLOAD_GATE_DEFAULTS: UploadGateOptions = Object.freeze({
  largeBytes: 4 * 1024 * 1024,
  perClient: 2,
  atOnce: 4,
});

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
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.#waiting.shift();
      if (next) next();
      else this.#reading--;
    };
  }
}
