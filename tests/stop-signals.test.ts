// `npm start` is npm → node (scripts/run.mjs running the server bundle in that process), and the node
// primary forks its serving copies. A SIGTERM or SIGINT sent to any one of those PIDs stops the whole
// tree and frees the port (issue 23: npm exited, sh died, and tsx with the product, re-parented, kept
// serving). Each run is started in a process group of its own and that group is killed afterwards,
// whatever happened.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');

interface Run {
  child: ChildProcess;
  dir: string;
  output: () => string;
  origin: () => string;
}

const runs: Run[] = [];
afterEach(() => {
  for (const run of runs.splice(0)) {
    try {
      if (run.child.pid) process.kill(-run.child.pid, 'SIGKILL');
    } catch {
      // the group is gone already
    }
    rmSync(run.dir, { recursive: true, force: true });
  }
});

function npmStart(): Run {
  const dir = mkdtempSync(path.join(tmpdir(), 'stop-signals-'));
  const child = spawn('npm', ['start'], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      PORT: '0',
      STORAGE_DIR: dir,
      WEB_PROCESSES: '2',
      // One render thread instead of two: the signals are the subject, and a thread costs 0.4 s of CPU.
      RENDER_THREADS: '1',
      LOG_LEVEL: 'warn',
    },
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const run = {
    child,
    dir,
    output: () => output,
    origin: () => /running on (http:\/\/localhost:\d+)/.exec(output)?.[1] ?? '',
  };
  runs.push(run);
  return run;
}

/** PIDs of the process group `pgid`, with their command names, from /proc. */
function group(pgid: number): Array<{ pid: number; comm: string; ppid: number }> {
  const members: Array<{ pid: number; comm: string; ppid: number }> = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const text = readFileSync(`/proc/${name}/stat`, 'utf8');
      const close = text.lastIndexOf(')');
      const rest = text.slice(close + 2).split(' ');
      if (rest[0] === 'Z' || Number(rest[2]) !== pgid) continue;
      members.push({
        pid: Number(name),
        comm: text.slice(text.indexOf('(') + 1, close),
        ppid: Number(rest[1]),
      });
    } catch {
      // exited while listed
    }
  }
  return members;
}

async function until(what: string, check: () => boolean | Promise<boolean>, run: Run, ms = 120_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}:\n${run.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const answers = (origin: string) =>
  fetch(`${origin}/api/health`).then(
    () => true,
    () => false,
  );

/** A serving copy: a node process whose parent is the primary (the node process npm started). */
function servingCopy(members: ReturnType<typeof group>): number | undefined {
  const nodes = members.filter((member) => member.comm === 'node');
  return nodes.find((member) => nodes.some((parent) => parent.pid === member.ppid))?.pid;
}

// npm itself by each signal an operator or a service manager sends (SIGKILL: npm cannot pass it on,
// the product notices its launcher is gone), and a serving copy stopped on its own.
const cases: Array<
  [string, NodeJS.Signals, (members: ReturnType<typeof group>, npm: number) => number | undefined]
> = [
  ['npm', 'SIGTERM', (_members, npm) => npm],
  ['npm', 'SIGINT', (_members, npm) => npm],
  ['npm', 'SIGKILL', (_members, npm) => npm],
  ['a serving copy', 'SIGTERM', (members) => servingCopy(members)],
];

describe('npm start stops as a whole', () => {
  for (const [name, signal, target] of cases) {
    it(`on ${signal} to ${name}`, async () => {
      const run = npmStart();
      const npm = run.child.pid as number;
      await until('the product to start', () => run.origin() !== '', run);
      const origin = run.origin();
      expect(await answers(origin)).toBe(true);
      const pid = target(group(npm), npm);
      expect(pid, JSON.stringify(group(npm))).toBeDefined();
      process.kill(pid as number, signal);
      await until('every process of the tree to exit', () => group(npm).length === 0, run, 20_000);
      expect(await answers(origin)).toBe(false);
    }, 180_000);
  }
});
