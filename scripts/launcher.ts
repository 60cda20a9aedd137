// The processes that launched this one die without telling it. `npm start` is npm → node (the script
// `exec`s node on scripts/run.mjs, which runs the bundle in that same process); a script without
// `exec` leaves `sh` between them, and `npm run dev` is npm → sh → tsx → node. npm exits on SIGTERM
// after passing it to its child, `sh` dies without passing it on, and before scripts/run.mjs tsx and
// the product, re-parented, kept serving the port (issue 23). So a long-running entry point watches
// its launcher chain and stops as if signalled when any link of it is gone, whichever PID was killed.
//
// The chain is the ancestors in this process's own process group (the job the shell started) whose
// command is part of a Node launcher (node, tsx, sh, npm), up to and including npm: never the shell
// or service manager that ran npm. Linux reads /proc; elsewhere only the parent is watched.
import { readFileSync } from 'node:fs';

interface ProcStat {
  ppid: number;
  pgrp: number;
  /** Start time in clock ticks since boot: tells a PID reused by another process apart. */
  start: string;
  comm: string;
}

const LAUNCHER_COMMANDS = /^(node|tsx|sh|dash|npm.*)$/;
const POLL_MS = 500;

function procStat(pid: number | 'self'): ProcStat | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const close = text.lastIndexOf(')');
    // Fields after the command: state, ppid, pgrp, …; the start time is field 22 of the whole line.
    const rest = text.slice(close + 2).split(' ');
    return {
      comm: text.slice(text.indexOf('(') + 1, close),
      ppid: Number(rest[1]),
      pgrp: Number(rest[2]),
      start: rest[19] ?? '',
    };
  } catch {
    return undefined;
  }
}

/** This process's launchers, nearest first (empty when it leads its own group, or without /proc). */
function launcherChain(): Array<{ pid: number; start: string }> {
  const self = procStat('self');
  if (!self) return [];
  const chain: Array<{ pid: number; start: string }> = [];
  for (let pid = self.ppid; pid > 1; ) {
    const stat = procStat(pid);
    if (!stat || stat.pgrp !== self.pgrp || !LAUNCHER_COMMANDS.test(stat.comm)) break;
    chain.push({ pid, start: stat.start });
    if (stat.comm.startsWith('npm')) break;
    pid = stat.ppid;
  }
  return chain;
}

// Read when this module loads, at the process's start: a launcher killed during a long start-up
// (a build, a migration) must still count as gone once the watch begins.
const chainAtStart = launcherChain();
const parentAtStart = process.ppid;

/** Calls `gone` once when a launcher of this process has exited. The timer never keeps it alive. */
export function watchLauncher(gone: () => void): void {
  const chain = chainAtStart;
  const parent = parentAtStart;
  const timer = setInterval(() => {
    const lost =
      chain.length > 0
        ? chain.some(({ pid, start }) => procStat(pid)?.start !== start)
        : process.ppid !== parent;
    if (!lost) return;
    clearInterval(timer);
    gone();
  }, POLL_MS);
  timer.unref();
}
