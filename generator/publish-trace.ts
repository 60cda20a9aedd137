// Where the time of one publish goes (issue 26): each step of a publish stamps the moment it ended,
// and the publish bench prints the breakdown (scripts/bench/publish.ts). Nothing listens in
// production, so a stamp costs a function call. A render thread collects its stamps in its reply;
// the pool replays them on the main thread, where the listener is.

/** The steps of a publish in order; each is stamped when it ends. */
export type PublishStep =
  /** A publish was asked of the queue (an owner's save committed: enqueue or requestPublish). */
  | 'enqueued'
  /** The queue handed the job to the worker (runPublishJob began). */
  | 'job-start'
  /** The company and its pages were read (on a render thread: after the message reached it). */
  | 'loaded'
  /** Every file of the site rendered in memory. */
  | 'rendered'
  /** The files written to the new build's folder. */
  | 'written'
  /** The site's link points at the new build: visitors get it from here on. */
  | 'swapped'
  /** The render thread answered (old builds pruned, the reply back on the main thread). */
  | 'thread-done'
  /** The landing page's company section refreshed after the site. */
  | 'landing-done'
  /** The published version recorded; the queue may start the company's next job. */
  | 'job-done'
  /** The front server dropped its cached files of the site (its watch saw the swap). */
  | 'cache-dropped';

export interface PublishStamp {
  cvr: string;
  step: PublishStep;
  /** Milliseconds since the epoch with sub-millisecond precision, comparable across threads. */
  at: number;
}

export type StepStamps = Partial<Record<PublishStep, number>>;

/** The process's one listener (a bench), set and cleared by onPublishStamp. */
let listener: ((stamp: PublishStamp) => void) | null = null;

function stampTime(): number {
  return performance.timeOrigin + performance.now();
}

/**
 * Receives every stamp of this process (the bench) until the returned function is called. One
 * listener at a time: a second, or one left listening by code that forgot to stop, fails loudly
 * instead of receiving another run's stamps.
 */
export function onPublishStamp(receive: (stamp: PublishStamp) => void): () => void {
  if (listener) throw new Error('a publish stamp listener is already set: stop it first');
  listener = receive;
  return () => {
    if (listener === receive) listener = null;
  };
}

export function publishStamp(cvr: string, step: PublishStep, at = stampTime()): void {
  listener?.({ cvr, step, at });
}

/** Stamps collected where no listener can be reached (a render thread), to replay with replayStamps. */
export function stampCollector(): { stamps: StepStamps; stamp: (step: PublishStep) => void } {
  const stamps: StepStamps = {};
  return {
    stamps,
    stamp: (step) => {
      stamps[step] = stampTime();
    },
  };
}

export function replayStamps(cvr: string, stamps: StepStamps | undefined): void {
  if (!listener || !stamps) return;
  for (const [step, at] of Object.entries(stamps)) publishStamp(cvr, step as PublishStep, at);
}
