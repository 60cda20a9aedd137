// The real `npm start` entry point as a child process, for tests that run several of them (roles,
// scale-out): start one with an environment, wait for what it prints, stop them all afterwards.
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const TSX = path.join(ROOT, 'node_modules', '.bin', 'tsx');

export interface ProductProcess {
  child: ChildProcess;
  /** stdout and stderr so far. */
  output: () => string;
  exit: Promise<number | null>;
  /** The origin it printed ("running on …"); empty until then. */
  origin: () => string;
}

/** Starts `scripts/start.ts` with only the given environment (plus PATH, HOME, PORT=0). */
export function startProduct(env: Record<string, string>, cleanups: Array<() => void>): ProductProcess {
  const child = spawn(TSX, ['scripts/start.ts'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', PORT: '0', LOG_LEVEL: 'info', ...env },
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  cleanups.push(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  return {
    child,
    output: () => output,
    exit,
    origin: () => /running on (http:\/\/localhost:\d+)/.exec(output)?.[1] ?? '',
  };
}

/** Polls `check` until true; fails with every process's output when one exits or time runs out
 *  (generous: several processes compile the sources on a loaded two-core machine). */
export async function until(
  what: string,
  check: () => boolean | Promise<boolean>,
  runs: ProductProcess[],
  timeoutMs = 90_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline || runs.some((run) => run.child.exitCode !== null)) {
      throw new Error(`gave up waiting for ${what}:\n${runs.map((run) => run.output()).join('\n---\n')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
