// npm run bench -- --compare REF --only SECTIONS [--rounds N] [--quick]
// Runs the chosen bench sections on another commit and on the working tree, alternating A, B, A, B
// on this machine, and prints each figure side by side with the ratio (working tree / REF). A change
// on the save, publish, render or serving path quotes this against the commit before it.
//
// REF is checked out as a detached git worktree in the system's temp folder. It shares this tree's
// node_modules when the lockfiles are equal; otherwise it gets its own `npm install` (minutes, once
// per REF: the worktree is kept for the next comparison). Each side runs its own `npm run bench`
// in a process group of its own, killed when this run ends; the figures are read from the table
// every version of the bench prints, so any commit with a bench can be the reference.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface CompareOptions {
  root: string;
  ref: string;
  only: string;
  rounds: number;
  quick: boolean;
}

type Figures = Map<string, number>;

const running = new Set<ChildProcess>();
function killAll(): void {
  for (const child of running) {
    try {
      if (child.pid) process.kill(-child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
}
function killOnExit(): void {
  process.on('exit', killAll);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      killAll();
      process.exit(130);
    });
  }
}

function git(root: string, args: string[]): string {
  return execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();
}

/** A worktree of `ref` with node_modules, reused across comparisons of the same commit. */
async function refTree(root: string, ref: string): Promise<{ dir: string; sha: string }> {
  const sha = git(root, ['rev-parse', '--verify', `${ref}^{commit}`]);
  const dir = path.join(os.tmpdir(), `mesterside-bench-${sha.slice(0, 12)}`);
  if (!existsSync(path.join(dir, 'package.json'))) {
    rmSync(dir, { recursive: true, force: true });
    git(root, ['worktree', 'prune']);
    git(root, ['worktree', 'add', '--detach', dir, sha]);
  }
  const modules = path.join(dir, 'node_modules');
  const installed = path.join(dir, '.bench-installed');
  // The lockfile names every installed version (its "" entry repeats package.json's dependencies).
  const lock = (tree: string) => readFileSync(path.join(tree, 'package-lock.json'), 'utf8');
  if (lock(root) === lock(dir)) {
    if (!existsSync(modules)) symlinkSync(path.join(root, 'node_modules'), modules, 'dir');
  } else if (!existsSync(installed)) {
    // Never install through a link into this tree's node_modules; an install cut short starts over.
    rmSync(modules, { recursive: true, force: true });
    console.log(`compare: ${sha.slice(0, 12)} has other dependencies; npm install in ${dir} …`);
    const code = await runGrouped('npm', ['install', '--no-audit', '--no-fund'], dir, 'inherit');
    if (code !== 0) throw new Error(`npm install in ${dir} failed (${code})`);
    writeFileSync(installed, sha);
  }
  // Benches older than the build on demand (6333118, the reliability work's parent, among them) stop
  // at "The site templates are not built"; a newer one builds what is missing or stale itself.
  if (!existsSync(path.join(dir, 'dist', 'site', 'server', 'entry.mjs'))) {
    console.log(`compare: building ${sha.slice(0, 12)} in ${dir} …`);
    const code = await runGrouped('npm', ['run', 'build'], dir, 'inherit');
    if (code !== 0) throw new Error(`npm run build in ${dir} failed (${code})`);
  }
  return { dir, sha };
}

/** Runs a command in a process group of its own, killed with this run; answers its exit code. */
function runGrouped(command: string, args: string[], cwd: string, stdio: 'inherit'): Promise<number | null> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, detached: true, stdio });
    running.add(child);
    child.on('error', reject);
    child.on('exit', (code) => {
      running.delete(child);
      resolve(code);
    });
  });
}

/** The `figure  value  target` table a bench run prints last. */
export function parseFigures(output: string): Figures {
  const figures: Figures = new Map();
  const lines = output.split('\n');
  const header = lines.findLastIndex((line) => /^figure\s+value\s+target/.test(line));
  for (const line of lines.slice(header + 1)) {
    const match = /^(\w+)\s+(-?[\d.]+)(\s|$)/.exec(line);
    if (match) figures.set(match[1] as string, Number(match[2]));
  }
  return figures;
}

function runBench(dir: string, options: CompareOptions, resultsFile: string): Promise<Figures> {
  const args = ['scripts/bench/index.ts', '--only', options.only];
  if (options.quick) args.push('--quick');
  return new Promise((resolve, reject) => {
    const child = spawn(path.join(dir, 'node_modules', '.bin', 'tsx'), args, {
      cwd: dir,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      // The working tree's bench writes here, not over the committed bench/results.json.
      env: { ...process.env, BENCH_RESULTS_FILE: resultsFile },
    });
    running.add(child);
    let output = '';
    child.stdout?.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr?.on('data', (chunk) => {
      output += chunk;
    });
    child.on('exit', (code) => {
      running.delete(child);
      const figures = parseFigures(output);
      if (code === 0 && figures.size > 0) resolve(figures);
      else reject(new Error(`bench in ${dir} exited with ${code}:\n${output.slice(-4000)}`));
    });
  });
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

export async function compareBench(options: CompareOptions): Promise<void> {
  killOnExit();
  const ref = await refTree(options.root, options.ref);
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'bench-compare-'));
  const sides = [
    { name: ref.sha.slice(0, 7), dir: ref.dir, rounds: [] as Figures[] },
    { name: 'working tree', dir: options.root, rounds: [] as Figures[] },
  ];
  try {
    for (let round = 1; round <= options.rounds; round++) {
      for (const side of sides) {
        console.log(`compare: round ${round} of ${options.rounds}, ${side.name} (--only ${options.only})`);
        side.rounds.push(await runBench(side.dir, options, path.join(scratch, `results-${round}.json`)));
      }
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  const [before, after] = sides as [(typeof sides)[0], (typeof sides)[0]];
  // Every figure either side printed: one the reference does not have yet (a figure the change adds)
  // shows as '-' there, with no ratio.
  const names = [...new Set([...before.rounds, ...after.rounds].flatMap((figures) => [...figures.keys()]))];
  const cell = (side: (typeof sides)[0], name: string) => {
    const values = side.rounds.map((figures) => figures.get(name)).filter((v) => v !== undefined);
    if (values.length === 0) return { median: Number.NaN, text: '-' };
    // The median of an even count is a mean: shown to the figures' own precision, not 23.884999999999998.
    const value = Number(median(values).toFixed(3));
    return { median: value, text: `${value} (${values.join(' / ')})` };
  };
  const table: string[][] = [['figure', before.name, after.name, 'ratio']];
  for (const name of names) {
    const a = cell(before, name);
    const b = cell(after, name);
    const ratio = a.median === 0 || Number.isNaN(a.median + b.median) ? '' : (b.median / a.median).toFixed(2);
    table.push([name, a.text, b.text, ratio]);
  }
  const widths = (table[0] as string[]).map((_, column) =>
    Math.max(...table.map((line) => (line[column] ?? '').length)),
  );
  console.log('');
  for (const line of table)
    console.log(line.map((text, column) => text.padEnd(widths[column] ?? 0)).join('  '));
  console.log(
    `\nmedians of ${options.rounds} alternating rounds on ${os.cpus().length} cores; ratio = working tree / ${before.name} (for *_ms below 1 is faster, for *_rps above 1 is faster)`,
  );
}
