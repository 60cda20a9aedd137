// The benches' HTTP clients on a thread of their own (issue 26). A client on the server's event loop
// bills the server for its own work: undici's request and answer handling cost about as much main-
// thread CPU as the server's answer to a small request, and a tight poll waiting for a publish
// delayed the very messages (the render thread's reply, the queue's next job) it was waiting on. A
// real visitor's or owner's browser runs on another machine; here it runs on another thread, so the
// figures are the server's. The thread runs the same loops the benches ran inline.
import { isMainThread, parentPort, Worker } from 'node:worker_threads';

type ClientRequest =
  | { id: number; op: 'poll'; url: string; text: string; deadline: number; manualRedirect?: boolean }
  | {
      id: number;
      op: 'saves';
      url: string;
      headers: Record<string, string>;
      seconds: number;
      concurrency: number;
    }
  | { id: number; op: 'post'; url: string; headers: Record<string, string>; body: string };

/** A request as the caller gives it; the thread's id is added when it is sent. */
type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never;

type ClientReply =
  | { id: number; servedAt: number }
  | { id: number; latencies: number[]; errors: number }
  | { id: number; status: number; text: string }
  | { id: number; error: string };

/** The pause between two polls of a page not yet served, in ms. */
const POLL_PAUSE_MS = 1;

/** Milliseconds since the epoch, comparable across threads (publish-trace.ts stampTime). */
const now = () => performance.timeOrigin + performance.now();

async function handle(request: ClientRequest): Promise<ClientReply> {
  if (request.op === 'poll') {
    // Until a GET answers 200 with `text` in the body; the moment that answer arrived. A millisecond
    // between asks (the onboarding page itself asks every 250 ms): asking back to back kept one of the
    // two cores busy with polls and their answers, and the render thread, at a lower priority, waited.
    while (now() < request.deadline) {
      const response = await fetch(request.url, request.manualRedirect ? { redirect: 'manual' } : {});
      const body = await response.text();
      if (response.status === 200 && body.includes(request.text)) return { id: request.id, servedAt: now() };
      await new Promise((resolve) => setTimeout(resolve, POLL_PAUSE_MS));
    }
    return { id: request.id, error: `"${request.text}" was not served at ${request.url} in time` };
  }
  if (request.op === 'post') {
    const response = await fetch(request.url, {
      method: 'POST',
      headers: request.headers,
      body: request.body,
    });
    return { id: request.id, status: response.status, text: await response.text() };
  }
  // Concurrent owners saving one page: each PUT carries a new title, so every save changes something.
  const latencies: number[] = [];
  let errors = 0;
  let counter = 0;
  const deadline = performance.now() + request.seconds * 1000;
  await Promise.all(
    Array.from({ length: request.concurrency }, async () => {
      while (performance.now() < deadline) {
        const started = performance.now();
        const response = await fetch(request.url, {
          method: 'PUT',
          headers: request.headers,
          body: JSON.stringify({
            title: `Om os ${counter++}`,
            content: 'Vi bygger og renoverer.\n\nRing i dag.',
          }),
        });
        await response.arrayBuffer();
        if (response.status === 200) latencies.push(performance.now() - started);
        else errors++;
      }
    }),
  );
  return { id: request.id, latencies, errors };
}

if (!isMainThread && parentPort) {
  const port = parentPort;
  port.on('message', (request: ClientRequest) => {
    void handle(request).then(
      (reply) => port.postMessage(reply),
      (error: unknown) => port.postMessage({ id: request.id, error: String(error) }),
    );
  });
}

export interface BenchClient {
  /** Polls `url` until it answers 200 with `text`; the moment it did (ms since the epoch). */
  poll(url: string, text: string, deadline: number, options?: { manualRedirect?: boolean }): Promise<number>;
  /** `concurrency` loops PUTting `url` for `seconds`; each successful save's latency in ms. */
  saves(options: {
    url: string;
    headers: Record<string, string>;
    seconds: number;
    concurrency: number;
  }): Promise<{ latencies: number[]; errors: number }>;
  post(url: string, headers: Record<string, string>, body: string): Promise<{ status: number; text: string }>;
  close(): Promise<void>;
}

/** Starts the client thread (this module, through an entry that registers the TypeScript loader). */
export function startBenchClient(): BenchClient {
  const worker = new Worker(new URL('./client-thread-entry.mjs', import.meta.url));
  const pending = new Map<number, (reply: ClientReply) => void>();
  let nextId = 1;
  worker.on('message', (reply: ClientReply) => {
    pending.get(reply.id)?.(reply);
    pending.delete(reply.id);
  });
  const ask = <T extends ClientReply>(request: WithoutId<ClientRequest>): Promise<T> =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      pending.set(id, (reply) => ('error' in reply ? reject(new Error(reply.error)) : resolve(reply as T)));
      worker.postMessage({ ...request, id });
    });
  return {
    async poll(url, text, deadline, options = {}) {
      const reply = await ask<{ id: number; servedAt: number }>({
        op: 'poll',
        url,
        text,
        deadline,
        ...(options.manualRedirect ? { manualRedirect: true } : {}),
      });
      return reply.servedAt;
    },
    saves: (options) => ask<{ id: number; latencies: number[]; errors: number }>({ op: 'saves', ...options }),
    post: (url, headers, body) =>
      ask<{ id: number; status: number; text: string }>({ op: 'post', url, headers, body }),
    close: () => worker.terminate().then(() => {}),
  };
}
