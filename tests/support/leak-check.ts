// Global setup (vitest.config.ts): fails the run when a process the suite started outlives it, and drops the
// PostgreSQL schemas its test processes kept for reuse (tests/support/test-schemas.ts) and the run's SQLite
// template (tests/support/migrated-database.ts).
// vitest.config.ts marks the run with MESTERSIDE_TEST_RUN=<id> (test.env); every process a test starts gets it
// (tests/support/processes.ts passes it on to children that get a clean environment). At the end this
// scans /proc/*/environ for the marker: anything still carrying it that is not vitest itself (the main
// process, its pool workers and their esbuild services, which close with the pool) is a leak. The
// leaks are listed, killed so nothing is left running, and the run fails.
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { getTestEnvironment } from '../../lib/config';
import { sqliteTemplateDir } from './migrated-database';
import { TEST_RUN_MARKER } from './processes';
import { dropRunSchemas } from './test-schemas';

interface ProcessInfo {
  pid: number;
  ppid: number;
  command: string;
}

function read(file: string): string | null {
  try {
    return readFileSync(file, 'latin1');
  } catch {
    return null; // Gone meanwhile, or not ours to read.
  }
}

function markedProcesses(marker: string): ProcessInfo[] {
  const needle = `${TEST_RUN_MARKER}=${marker}\0`;
  const found: ProcessInfo[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const environ = read(`/proc/${entry}/environ`);
    if (!environ || !`${environ}\0`.includes(needle)) continue;
    const stat = read(`/proc/${entry}/stat`) ?? '';
    // The state and ppid follow the command name in parentheses, which may itself hold spaces.
    const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (state === 'Z') continue; // A zombie holds nothing; its parent reaps it.
    const command = (read(`/proc/${entry}/cmdline`) ?? '').split('\0').join(' ').trim();
    found.push({ pid: Number(entry), ppid: Number(ppid), command });
  }
  return found;
}

/** The processes carrying the marker that are not vitest's own. */
function leaks(marker: string): ProcessInfo[] {
  const marked = markedProcesses(marker);
  const vitest = new Set([process.pid]);
  // Pool workers are the main process's children; esbuild's service belongs to whoever started it
  // and ends with it.
  for (const info of marked) if (info.ppid === process.pid) vitest.add(info.pid);
  return marked.filter(
    (info) =>
      !vitest.has(info.pid) && !(vitest.has(info.ppid) && /esbuild(\.exe)? --service/.test(info.command)),
  );
}

export function setup(project: TestProject): () => Promise<void> {
  const marker = project.config.env[TEST_RUN_MARKER];
  if (!marker) throw new Error(`${TEST_RUN_MARKER} is not set: vitest.config.ts sets it in test.env`);
  return async () => {
    // Test processes keep migrated PostgreSQL schemas for reuse until they end; none outlives the run.
    await dropRunSchemas(getTestEnvironment().databaseUrl, marker);
    // The run's migrated SQLite template (migrated-database.ts), in the temp folder the tests had.
    rmSync(sqliteTemplateDir(marker, project.config.env.TMPDIR), { recursive: true, force: true });
    // A process stopped in the last afterAll may still be on its way out.
    let left = leaks(marker);
    for (let waited = 0; left.length > 0 && waited < 3_000; waited += 100) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      left = leaks(marker);
    }
    if (left.length === 0) return;
    for (const info of left) {
      try {
        process.kill(info.pid, 'SIGKILL');
      } catch {
        // Gone meanwhile.
      }
    }
    const list = left.map((info) => `  pid ${info.pid} (parent ${info.ppid}): ${info.command}`).join('\n');
    console.error(
      `\nLeak check: ${left.length} process(es) started by this test run were still running after it ended` +
        ` (now killed):\n${list}\nStart processes through tests/support/processes.ts, which stops them.\n`,
    );
    process.exitCode = 1;
  };
}
