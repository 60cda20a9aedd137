// `npm start` is npm → node (scripts/run.mjs running the server bundle in that process), and the node
// primary forks its serving copies. A SIGTERM or SIGINT sent to any one of those PIDs stops the whole
// tree and frees the port (issue 23: npm exited, sh died, and tsx with the product, re-parented, kept
// serving). Each run is support/processes.ts's spawnProduct through npm, in a process group of its
// own that is killed afterwards, whatever happened (and the run's leak check sees it).
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type ProductRun, spawnProduct, stopAll, waitFor } from './support/processes';

const dirs: string[] = [];
afterEach(async () => {
  await stopAll(0);
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** `npm start` itself (npm → node → serving copies), in a process group of its own. */
function npmStart(): ProductRun {
  const dir = mkdtempSync(path.join(tmpdir(), 'stop-signals-'));
  dirs.push(dir);
  return spawnProduct(
    {
      STORAGE_DIR: dir,
      WEB_PROCESSES: '2',
      // One render thread instead of two: the signals are the subject, and a thread costs 0.4 s of CPU.
      RENDER_THREADS: '1',
    },
    { npm: true },
  );
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
      await waitFor('the product to start', () => run.origin() !== '', 120_000, 100, [run]);
      const origin = run.origin();
      expect(await answers(origin)).toBe(true);
      const pid = target(group(npm), npm);
      expect(pid, JSON.stringify(group(npm))).toBeDefined();
      process.kill(pid as number, signal);
      await waitFor('every process of the tree to exit', () => group(npm).length === 0, 20_000);
      expect(await answers(origin)).toBe(false);
    }, 180_000);
  }
});
