// The periodic recovery sweep: every so often, enqueue whatever the database says is still unpublished
// (a request whose enqueue was lost, a company whose last attempts all failed). Never overlaps itself.
import type { Logger } from '../lib/logger';
import type { PublishQueue } from './publish-queue';

export interface RecoverySweep {
  /** Starts one recovery now unless one is already running. */
  runNow(reason: string): void;
  stop(): void;
}

export function startRecoverySweep(
  queue: Pick<PublishQueue, 'recover'>,
  everyMs: number,
  logger: Logger,
): RecoverySweep {
  let running = false;
  let stopped = false;

  function runNow(reason: string): void {
    if (running || stopped) return;
    running = true;
    queue
      .recover()
      .catch((error: unknown) => logger.warn({ err: error, reason }, 'publish recovery failed'))
      .finally(() => {
        running = false;
      });
  }

  const timer = everyMs > 0 ? setInterval(() => runNow('sweep'), everyMs) : undefined;
  // The sweep alone must not keep a process alive; the server or the Redis connections do.
  timer?.unref();

  return {
    runNow,
    stop() {
      stopped = true;
      if (timer) clearInterval(timer);
    },
  };
}
