// The load clients the benches share, run in the bench's client process (client-process.ts): polls
// for a page, an owner's save and the new page seen, saves from concurrent owners, an owner's steady
// saves, timed requests one after another. Node's fetch, as a browser-like client; nothing here
// imports server code, so the client process loads only this.
//
// A body given as text may hold `%d`: a number no other request of this client process had goes
// there (as wrk's Lua numbers its requests), so every save changes what it saves, in a job run again
// as in the first (a save of what is stored already is answered without a save or a publish).
import { setTimeout as sleep } from 'node:timers/promises';
import { clientJob, clientTime } from './client-process';

const MODULE = import.meta.url;

/** The pause between two polls of a page not yet served, in ms: the onboarding page itself asks
 *  every 250 ms; back to back, the polls and their answers kept a core of two busy. */
const POLL_PAUSE_MS = 1;

export interface RequestSpec {
  url: string;
  method?: string;
  headers?: Record<string, string>;
  /** The body, with `%d` for the request's number. */
  body?: string;
}

/** The last number a body's `%d` got in this process. */
let numbered = 0;

function send(spec: RequestSpec): Promise<Response> {
  return fetch(spec.url, {
    method: spec.method ?? 'GET',
    ...(spec.headers ? { headers: spec.headers } : {}),
    ...(spec.body === undefined ? {} : { body: spec.body.replaceAll('%d', String(++numbered)) }),
  });
}

interface PollArgs {
  url: string;
  /** Served once a 200 answer's body holds this. */
  text: string;
  /** Give up after this many ms. */
  timeoutMs: number;
  /** A redirect is not followed (an unpublished site redirects to /404), so it never counts. */
  manualRedirect?: boolean;
  /** The pause between two polls, ms; default POLL_PAUSE_MS. */
  pauseMs?: number;
}

/** When the answer that first held `text` arrived: its status line and headers, which come with or
 *  before the first byte of the new HTML (the client's clock). */
async function pollUntilServed(args: PollArgs, signal?: AbortSignal): Promise<number> {
  const deadline = clientTime() + args.timeoutMs;
  while (clientTime() < deadline && !signal?.aborted) {
    const response = await fetch(args.url, args.manualRedirect ? { redirect: 'manual' } : {});
    const arrived = clientTime();
    const body = await response.text();
    if (response.status === 200 && body.includes(args.text)) return arrived;
    await sleep(args.pauseMs ?? POLL_PAUSE_MS);
  }
  throw new Error(`"${args.text}" was not served at ${args.url} in ${args.timeoutMs} ms`);
}

/** Polls a page until it answers 200 with `text`; the moment it did (the client's clock). */
export const pollPage = clientJob(MODULE, 'pollPage', (args: PollArgs, signal) =>
  pollUntilServed(args, signal),
);

export interface SaveSeen {
  /** The save sent, its answer arrived, the new page's answer arrived (the client's clock). */
  sent: number;
  answered: number;
  served: number;
}

/** An owner's save, then polls until the page serves what the save changed: what an owner sees
 *  between clicking "Gem" and the new text on the site. */
export const saveThenServed = clientJob(
  MODULE,
  'saveThenServed',
  async (args: { save: RequestSpec; page: PollArgs }, signal): Promise<SaveSeen> => {
    const sent = clientTime();
    const response = await send(args.save);
    const answered = clientTime();
    const text = await response.text();
    if (response.status !== 200) throw new Error(`the save answered ${response.status}: ${text}`);
    const served = await pollUntilServed(args.page, signal);
    return { sent, answered, served };
  },
);

/** One request: its status and body, when it was sent and when its answer arrived (the client's clock). */
export const request = clientJob(MODULE, 'request', async (spec: RequestSpec) => {
  const sent = clientTime();
  const response = await send(spec);
  const answered = clientTime();
  return { status: response.status, text: await response.text(), sent, answered };
});

export interface TimedRequests {
  /** Milliseconds of each request answered 200 (to the whole answer read). */
  latencies: number[];
  /** Answers other than 200. */
  errors: number;
}

/** `concurrency` loops sending `spec` for `seconds`, after `warmup` unmeasured
 *  requests one at a time. */
export const timedRequests = clientJob(
  MODULE,
  'timedRequests',
  async (args: {
    spec: RequestSpec;
    seconds: number;
    concurrency?: number;
    warmup?: number;
  }): Promise<TimedRequests> => {
    for (let i = 0; i < (args.warmup ?? 0); i++) await (await send(args.spec)).arrayBuffer();
    const latencies: number[] = [];
    let errors = 0;
    const deadline = performance.now() + args.seconds * 1000;
    await Promise.all(
      Array.from({ length: args.concurrency ?? 1 }, async () => {
        while (performance.now() < deadline) {
          const started = performance.now();
          const response = await send(args.spec);
          await response.arrayBuffer();
          if (response.status === 200) latencies.push(performance.now() - started);
          else errors++;
        }
      }),
    );
    return { latencies, errors };
  },
);

export interface SteadySaves {
  sent: number;
  /** Answered 200. */
  saved: number;
  /** Answered otherwise or failed; the first such answer, to say why. */
  errors: number;
  firstError: string | null;
}

/**
 * An owner saving every `everyMs` until stopped, whether or not the last save was answered yet (a
 * person does not wait for the server to click again). Request n of the job goes to
 * urls[n % urls.length] with bodies[n % bodies.length].
 */
export const steadySaves = clientJob(
  MODULE,
  'steadySaves',
  async (
    args: {
      everyMs: number;
      method: string;
      headers: Record<string, string>;
      urls: string[];
      bodies: string[];
    },
    signal,
  ): Promise<SteadySaves> => {
    const counts: SteadySaves = { sent: 0, saved: 0, errors: 0, firstError: null };
    const inFlight = new Set<Promise<void>>();
    const failed = (why: string) => {
      counts.errors += 1;
      counts.firstError ??= why;
    };
    while (!signal.aborted) {
      const n = counts.sent++;
      const save = send({
        url: args.urls[n % args.urls.length] ?? '',
        method: args.method,
        headers: args.headers,
        body: args.bodies[n % args.bodies.length] ?? '',
      })
        .then(async (response) => {
          const text = await response.text();
          if (response.status === 200) counts.saved += 1;
          else failed(`${response.status} ${text.slice(0, 200)}`);
        })
        .catch((error: unknown) => failed(String(error)));
      inFlight.add(save);
      void save.finally(() => inFlight.delete(save));
      await sleep(args.everyMs, undefined, { signal }).catch(() => {});
    }
    await Promise.all(inFlight);
    return counts;
  },
);
