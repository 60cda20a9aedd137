// The benches' load clients in an OS process of their own (issue 44). A client on the server's event
// loop bills the server for its own work (undici's request and answer handling cost about as much
// main-thread CPU as the server's answer to a small request), and a tight poll there delayed the very
// messages it waited on; a client on a worker thread of the server's process still shares its heap,
// its garbage collector and its scheduling. A real owner's or visitor's browser runs on another
// machine: here it runs in another process, which is as far as one machine goes (wrk is the other
// outside client the benches use).
//
// What a client does is a job: an exported `clientJob(...)` of a module that imports no server code
// (client-jobs.ts has the common ones; a bench may keep its own beside it). The bench process runs it
// with `client.run(job, args)`, or `client.start(job, args)` for a loop that runs until `stop()`
// (the job gets an AbortSignal). Arguments and answers cross as JSON (IPC).
//
// Times a job answers are the client's clock (clientTime(), ms since the epoch). Processes on one
// machine share the wall clock, and the offset measured at start (clockOffsetMs, with the round trip
// that bounds it) is subtracted by `toBenchClock`, so a job's moments line up with the server's
// publish stamps (generator/publish-trace.ts stampTime) to within a fraction of a millisecond.
import { type ChildProcess, type StdioOptions, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** Milliseconds since the epoch, sub-millisecond, comparable across processes on one machine. */
export const clientTime = (): number => performance.timeOrigin + performance.now();

/** A job a client process runs: an async function of JSON-able arguments, exported from `module`
 *  under `name` (clientJob checks nothing at definition; the client process checks both). */
export interface ClientJob<Args, Answer> {
  module: string;
  name: string;
  run(args: Args, signal: AbortSignal): Promise<Answer>;
}

/** Defines a job: `export const pollPage = clientJob(import.meta.url, 'pollPage', async (args) => …)`. */
export function clientJob<Args, Answer>(
  module: string,
  name: string,
  run: (args: Args, signal: AbortSignal) => Promise<Answer>,
): ClientJob<Args, Answer> {
  return { module, name, run };
}

interface RunningJob<Answer> {
  /** Aborts the job's signal and answers what it returns then. */
  stop(): Promise<Answer>;
  /** The job's answer once it ends by itself. */
  done: Promise<Answer>;
}

export interface ClientProcess {
  pid: number;
  /** The client's clock minus this process's, measured at start (ms), and the round trip that
   *  bounds its error (the offset is exact to within half of it). */
  clockOffsetMs: number;
  clockRoundTripMs: number;
  /** A moment the client answered (its clientTime) on this process's clock. */
  toBenchClock(clientMoment: number): number;
  run<Args, Answer>(job: ClientJob<Args, Answer>, args: Args): Promise<Answer>;
  start<Args, Answer>(job: ClientJob<Args, Answer>, args: Args): RunningJob<Answer>;
  close(): Promise<void>;
}

type ToClient =
  | { id: number; kind: 'run'; module: string; name: string; args: unknown }
  | { id: number; kind: 'stop' }
  | { id: number; kind: 'clock' };

type FromClient =
  | { id: number; answer: unknown }
  | { id: number; error: string }
  | { id: number; clock: number }
  | { ready: true };

/** What the bench's runs print as the client they used. */
export const CLIENT_PROCESS = 'node-process';

/**
 * Starts a client process (Node with the TypeScript loader, as the bench runs). `nice`: its
 * scheduling priority, every thread of it (19: an attacker's load that gets only what the server leaves). It stays in the
 * bench's process group, and ends by itself when the bench does (its IPC channel closes).
 */
export async function startClientProcess(options: { nice?: number } = {}): Promise<ClientProcess> {
  const main = fileURLToPath(new URL('./client-process-main.ts', import.meta.url));
  const node = [process.execPath, '--import', import.meta.resolve('tsx'), main];
  const stdio: StdioOptions = ['ignore', 'inherit', 'inherit', 'ipc'];
  // Under nice(1), every thread of it starts at that priority (Linux keeps one per thread, and Node's
  // own threads exist before any code of ours could lower them).
  const child: ChildProcess =
    options.nice === undefined
      ? spawn(node[0] as string, node.slice(1), { stdio })
      : spawn('nice', ['-n', String(options.nice), ...node], { stdio });
  const pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  let nextId = 1;
  let exited = false;
  const failAll = (error: Error) => {
    for (const waiter of pending.values()) waiter.reject(error);
    pending.clear();
  };
  child.on('exit', (code, signal) => {
    exited = true;
    failAll(new Error(`the bench's client process ended (${signal ?? code})`));
  });
  const ready = new Promise<void>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', () => reject(new Error("the bench's client process did not start")));
    child.on('message', (message: FromClient) => {
      if ('ready' in message) return resolve();
      const waiter = pending.get(message.id);
      if (!waiter) return;
      pending.delete(message.id);
      if ('error' in message) waiter.reject(new Error(message.error));
      else waiter.resolve('clock' in message ? message.clock : message.answer);
    });
  });
  await ready;

  const send = (message: ToClient): Promise<unknown> =>
    new Promise((resolve, reject) => {
      if (exited) return reject(new Error("the bench's client process has ended"));
      pending.set(message.id, { resolve, reject });
      child.send(message);
    });

  // The clock offset from the quickest of a few round trips: the client's moment lies between the
  // ask and the answer, so the midpoint is off by at most half the round trip.
  let best = { offset: 0, roundTrip: Number.POSITIVE_INFINITY };
  for (let i = 0; i < 20; i++) {
    const asked = clientTime();
    const theirs = (await send({ id: nextId++, kind: 'clock' })) as number;
    const answered = clientTime();
    if (answered - asked < best.roundTrip) {
      best = { offset: theirs - (asked + answered) / 2, roundTrip: answered - asked };
    }
  }

  const start = <Args, Answer>(job: ClientJob<Args, Answer>, args: Args): RunningJob<Answer> => {
    const id = nextId++;
    const done = send({ id, kind: 'run', module: job.module, name: job.name, args }) as Promise<Answer>;
    return {
      done,
      stop: async () => {
        if (!exited) child.send({ id, kind: 'stop' } satisfies ToClient);
        return done;
      },
    };
  };
  return {
    pid: child.pid ?? 0,
    clockOffsetMs: Math.round(best.offset * 1000) / 1000,
    clockRoundTripMs: Math.round(best.roundTrip * 1000) / 1000,
    toBenchClock: (moment) => moment - best.offset,
    run: (job, args) => start(job, args).done,
    start,
    close: async () => {
      if (exited) return;
      const gone = new Promise((resolve) => child.once('exit', resolve));
      child.disconnect();
      // A job still running (a loop nobody stopped) must not keep it alive.
      const timer = setTimeout(() => child.kill('SIGKILL'), 2000);
      await gone;
      clearTimeout(timer);
    },
  };
}

/** The client side: runs the jobs the bench asks for, until the bench disconnects. */
export function serveClientJobs(): void {
  const running = new Map<number, AbortController>();
  const reply = (message: FromClient) => {
    if (process.connected) process.send?.(message);
  };
  process.on('disconnect', () => process.exit(0));
  process.on('message', (message: ToClient) => {
    if (message.kind === 'clock') return reply({ id: message.id, clock: clientTime() });
    if (message.kind === 'stop') return running.get(message.id)?.abort();
    const controller = new AbortController();
    running.set(message.id, controller);
    void (async () => {
      const exports = (await import(message.module)) as Record<string, unknown>;
      const job = exports[message.name] as ClientJob<unknown, unknown> | undefined;
      if (job?.module !== message.module || job.name !== message.name || typeof job.run !== 'function') {
        throw new Error(`${message.module} exports no client job named ${message.name}`);
      }
      return job.run(message.args, controller.signal);
    })()
      .then(
        (answer) => reply({ id: message.id, answer }),
        (error: unknown) =>
          reply({
            id: message.id,
            error: error instanceof Error ? (error.stack ?? error.message) : String(error),
          }),
      )
      .finally(() => running.delete(message.id));
  });
  reply({ ready: true });
}
