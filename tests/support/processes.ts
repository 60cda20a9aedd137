// The one way tests start a process: detached in a process group of its own (a `tsx` wrapper and its
// node child, or a primary and its serving copies, go together), its output kept, marked with this
// run's MESTERSIDE_TEST_RUN so tests/support/leak-check.ts can find it if it outlives the suite, and
// registered so `stopAll()` stops every group still running: SIGTERM, then SIGKILL after a grace.
// tests/support/stop-processes.ts calls stopAll after every test file, whatever the file did, and a
// process exit handler SIGKILLs what is left if the test worker itself goes down.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { SERVER_COMMANDS } from '../../scripts/server-bundle.mjs';

export const ROOT = path.resolve(import.meta.dirname, '..', '..');
const TSX = path.join(ROOT, 'node_modules', '.bin', 'tsx');
/** The variable vitest.config.ts sets for the whole run; every process a test starts carries it. */
export const TEST_RUN_MARKER = 'MESTERSIDE_TEST_RUN';

export interface Run {
  child: ChildProcess;
  /** stdout and stderr so far, interleaved as they arrived. */
  output(): string;
  stdout(): string;
  stderr(): string;
  /** The exit code (null after a signal). */
  exit: Promise<number | null>;
  /** Whether the group leader is still running. */
  running(): boolean;
  /** Sends the signal to the whole process group. */
  signal(name: NodeJS.Signals): void;
  /** SIGTERM to the group, SIGKILL after `graceMs`; resolves with the exit code once the leader is gone. */
  stop(graceMs?: number): Promise<number | null>;
}

export interface SpawnOptions {
  /** The child's whole environment apart from PATH, HOME and the run marker (nothing else leaks in). */
  env?: Record<string, string>;
  cwd?: string;
  /** Extra arguments to node before the script (spawnScript only). */
  nodeArgs?: string[];
  /**
   * Whether the group is SIGKILLed as soon as its leader exits (default true). False for the tests whose
   * subject is what the rest of the group does when the leader is gone: the group then lives until
   * `stop()` or `stopAll()` (after the test file at the latest).
   */
  killGroupWithLeader?: boolean;
}

const DEFAULT_GRACE_MS = 5_000;
const running = new Set<Run>();

function signalGroup(pid: number | undefined, name: NodeJS.Signals): void {
  if (!pid) return;
  try {
    process.kill(-pid, name);
  } catch {
    // The group is gone already.
  }
}

/** Starts `command` detached, in its own process group, with only PATH, HOME, the marker and `env`. */
export function spawnProcess(command: string, args: readonly string[], options: SpawnOptions = {}): Run {
  const marker = process.env[TEST_RUN_MARKER];
  const child = spawn(command, [...args], {
    cwd: options.cwd ?? ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      ...(marker ? { [TEST_RUN_MARKER]: marker } : {}),
      ...options.env,
    },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk) => {
    stdout += chunk;
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
    output += chunk;
  });
  // A command that cannot be spawned at all reports through 'error' and never 'exit'.
  const exit = new Promise<number | null>((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.once('error', () => resolve(null));
  });
  const isRunning = () => child.pid !== undefined && child.exitCode === null && child.signalCode === null;
  const run: Run = {
    child,
    output: () => output,
    stdout: () => stdout,
    stderr: () => stderr,
    exit,
    running: isRunning,
    signal: (name) => signalGroup(child.pid, name),
    async stop(graceMs = DEFAULT_GRACE_MS) {
      if (isRunning()) {
        signalGroup(child.pid, graceMs > 0 ? 'SIGTERM' : 'SIGKILL');
        let timer: NodeJS.Timeout | undefined;
        const late = new Promise<void>((resolve) => {
          timer = setTimeout(resolve, graceMs);
        });
        await Promise.race([exit, late]);
        clearTimeout(timer);
      }
      // The leader may be gone while a child of its group is not (a wrapper killed before its node).
      signalGroup(child.pid, 'SIGKILL');
      running.delete(run);
      return exit;
    },
  };
  running.add(run);
  if (options.killGroupWithLeader !== false) {
    void exit.then(() => {
      // Members of the group may outlive the leader: they go with it.
      signalGroup(child.pid, 'SIGKILL');
      running.delete(run);
    });
  }
  return run;
}

/** The product's commands (npm start, worker, backup, …): source → name for scripts/run.mjs, which
 *  runs the server bundle (dist/server/, rebuilt first when a source changed), as npm does. */
const SERVER_SCRIPTS: ReadonlyMap<string, string> = new Map(
  Object.entries(SERVER_COMMANDS).map(([name, source]) => [source, name]),
);

/**
 * The test-only scripts tests run as processes, bundled once per run by tests/support/bundle-entries.ts
 * (the render thread too, which they start from beside themselves): script → bundle name.
 */
export const BUNDLED_SCRIPTS: Readonly<Record<string, string>> = {
  'generator/render-thread.ts': 'render-thread',
  'db/wal-checkpointer.ts': 'wal-checkpointer',
  'tests/support/limit-process.ts': 'limit-process',
  'tests/support/front-workers.ts': 'front-workers',
  'tests/support/die-mid-render.ts': 'die-mid-render',
  'tests/queue/stuck-worker.ts': 'stuck-worker',
};

/** Where this run's bundles are. */
export function bundleDir(marker: string): string {
  return path.join(ROOT, 'dist', 'test-bin', marker);
}

/** How to run a script of the repository: a product command through scripts/run.mjs, a test script's
 *  bundle on plain Node when this run built one, else tsx. */
function scriptCommand(script: string): [string, string[]] {
  const command = SERVER_SCRIPTS.get(script);
  if (command) return [process.execPath, [path.join(ROOT, 'scripts', 'run.mjs'), command]];
  const marker = process.env[TEST_RUN_MARKER];
  const name = BUNDLED_SCRIPTS[script];
  if (marker && name) {
    const bundle = path.join(bundleDir(marker), `${name}.mjs`);
    if (existsSync(bundle)) return [process.execPath, [bundle]];
  }
  return [TSX, [script]];
}

/** What every script a test starts gets unless the test says otherwise: one render thread instead of
 *  the product's two (a thread costs about 0.4 s of CPU to start, and a test publishes a few sites). */
const SCRIPT_DEFAULTS = { RENDER_THREADS: '1' };

/** A script of the repository (`script` relative to the root) on Node: bundled when it can be, else tsx. */
export function spawnScript(script: string, env: Record<string, string> = {}, args: string[] = []): Run {
  const [command, first] = scriptCommand(script);
  return spawnProcess(command, [...first, ...args], { env: { ...SCRIPT_DEFAULTS, ...env } });
}

/** A started `npm start`: its run, and the origin it printed ("running on …"; empty until then). */
export type ProductRun = Run & { origin(): string };

/**
 * `npm start` (scripts/start.ts) with only `env` (plus PATH, HOME; PORT 0 and LOG_LEVEL warn unless
 * given): the one way a test starts the product as a process. As npm runs it (`node scripts/run.mjs
 * start`), or with `npm: true` through npm itself, for the tests whose subject is npm's process tree:
 * the group then outlives npm until stopped, so a test can watch the product leave on its own.
 */
export function spawnProduct(env: Record<string, string>, options: { npm?: boolean } = {}): ProductRun {
  const productEnv = { PORT: '0', LOG_LEVEL: 'warn', ...env };
  const run = options.npm
    ? spawnProcess('npm', ['start'], {
        env: { ...SCRIPT_DEFAULTS, ...productEnv },
        killGroupWithLeader: false,
      })
    : spawnScript('scripts/start.ts', productEnv);
  return {
    ...run,
    origin: () => /running on (http:\/\/localhost:\d+)/.exec(run.output())?.[1] ?? '',
  };
}

/** Stops every process this test file started that is still running (SIGKILL at once when `graceMs` is 0). */
export async function stopAll(graceMs = DEFAULT_GRACE_MS): Promise<void> {
  await Promise.all([...running].map((run) => run.stop(graceMs)));
}

// The test worker going down (a crash, vitest tearing down a hung file, Ctrl+C, which reaches only the
// terminal's process group and not these detached ones) takes its groups with it.
function killRunningGroups(): void {
  for (const run of running) signalGroup(run.child.pid, 'SIGKILL');
}
process.once('exit', killRunningGroups);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    killRunningGroups();
    process.kill(process.pid, signal);
  });
}

/** Polls `check` every `intervalMs` until true; throws naming `what` after `timeoutMs`, or at once
 *  when one of `watch` exits first (with every watched process's output). */
export async function waitFor(
  what: string,
  check: () => boolean | Promise<boolean>,
  timeoutMs = 30_000,
  intervalMs = 100,
  watch: readonly Run[] = [],
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    const exited = watch.some((run) => !run.running());
    if (exited || Date.now() > deadline) {
      const outputs = watch.map((run) => run.output()).join('\n---\n');
      throw new Error(
        `${exited ? 'a process exited' : 'timed out'} waiting for ${what}${outputs ? `:\n${outputs}` : ''}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

export interface Finished {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `command` to its end (as spawnProcess does) and resolves with its exit code and output. */
export async function runProcess(
  command: string,
  args: readonly string[],
  options: SpawnOptions = {},
): Promise<Finished> {
  const run = spawnProcess(command, args, options);
  // 'close' comes after the last of the output; 'exit' may come before it.
  const closed = new Promise((resolve) => run.child.once('close', resolve));
  const code = await run.exit;
  if (run.child.pid !== undefined) await closed;
  return { code, stdout: run.stdout(), stderr: run.stderr() };
}

/** A script of the repository run to its end (bundled when it can be, else through tsx). */
export function runScript(
  script: string,
  env: Record<string, string> = {},
  args: string[] = [],
): Promise<Finished> {
  const [command, first] = scriptCommand(script);
  return runProcess(command, [...first, ...args], { env: { ...SCRIPT_DEFAULTS, ...env } });
}
