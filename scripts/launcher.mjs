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
//
// Plain JavaScript so scripts/run.mjs can load it before it builds the bundle: the first copy of this
// module in a process reads the chain (scripts/run.mjs's, at the process's start), and the copy bundled
// into dist/server/ uses what it read, so a launcher killed during the build counts as gone too.
import { readFileSync } from 'node:fs';

const LAUNCHER_COMMANDS = /^(node|tsx|sh|dash|npm.*)$/;
const POLL_MS = 500;
/** Where the first copy of this module in the process leaves what it read at the start. */
const AT_START = Symbol.for('mesterside.launcher-at-start');

/** @param {number | 'self'} pid */
function procStat(pid) {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const close = text.lastIndexOf(')');
    // Fields after the command: state, ppid, pgrp, …; the start time is field 22 of the whole line.
    const rest = text.slice(close + 2).split(' ');
    return {
      comm: text.slice(text.indexOf('(') + 1, close),
      ppid: Number(rest[1]),
      pgrp: Number(rest[2]),
      /** Start time in clock ticks since boot: tells a PID reused by another process apart. */
      start: rest[19] ?? '',
    };
  } catch {
    return undefined;
  }
}

/** This process's launchers, nearest first (empty when it leads its own group, or without /proc). */
function launcherChain() {
  const self = procStat('self');
  if (!self) return [];
  const chain = [];
  for (let pid = self.ppid; pid > 1; ) {
    const stat = procStat(pid);
    if (!stat || stat.pgrp !== self.pgrp || !LAUNCHER_COMMANDS.test(stat.comm)) break;
    chain.push({ pid, start: stat.start });
    if (stat.comm.startsWith('npm')) break;
    pid = stat.ppid;
  }
  return chain;
}

// Read when this module first loads, at the process's start: a launcher killed during a long start-up
// (a build, a migration) must still count as gone once the watch begins.
globalThis[AT_START] ??= { chain: launcherChain(), parent: process.ppid };
const { chain: chainAtStart, parent: parentAtStart } = globalThis[AT_START];

/**
 * Calls `gone` once when a launcher of this process has exited. The timer never keeps it alive.
 * @param {() => void} gone
 */
export function watchLauncher(gone) {
  const timer = setInterval(() => {
    const lost =
      chainAtStart.length > 0
        ? chainAtStart.some(({ pid, start }) => procStat(pid)?.start !== start)
        : process.ppid !== parentAtStart;
    if (!lost) return;
    clearInterval(timer);
    gone();
  }, POLL_MS);
  timer.unref();
}
