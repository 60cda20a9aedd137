// The test command, in two lanes of work side by side, each lane's output printed whole when it ends
// (lanes never interleave); the exit code is 1 when any step failed.
//
//   node scripts/checks.mjs           `npm test`: the type check, lint and knip beside the build (the
//                                     site's templates; the admin and the server bundle), then the
//                                     whole Vitest suite on both databases.
//   node scripts/checks.mjs --quick   `npm run test:quick`: the type check, lint and knip beside the
//                                     in-process tests (vitest projects `unit` and `quick`) on SQLite
//                                     alone, with no build, no browser and no product process.
//
// Nothing here writes a tracked file: a stale contracts/api-paths.ts fails its contract test
// (`npm run api-paths` writes it again). At the end the run prints the CPU time it took, its own and
// every process it waited for (vitest, its forks, the browsers and products the tests started and
// stopped), from /proc/self/stat. Plain JavaScript, like run.mjs.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const bin = (name) => path.join(ROOT, 'node_modules', '.bin', name);
const quick = process.argv.includes('--quick');
const started = Date.now();

/** @type {Set<import('node:child_process').ChildProcess>} */
const running = new Set();
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
  process.on(signal, () => {
    for (const child of running) child.kill(signal);
    process.exit(1);
  });
}

/**
 * Runs one command; resolves with whether it succeeded and what it printed (or prints as it goes).
 * @param {string} title
 * @param {string} command
 * @param {string[]} args
 * @param {{ live?: boolean }} [options]
 * @returns {Promise<{ ok: boolean; output: string }>}
 */
function step(title, command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: ROOT,
      stdio: ['ignore', options.live ? 'inherit' : 'pipe', options.live ? 'inherit' : 'pipe'],
    });
    running.add(child);
    let output = `> ${title}\n`;
    if (options.live) process.stdout.write(output);
    child.stdout?.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr?.on('data', (chunk) => {
      output += chunk;
    });
    child.on('error', (error) => {
      running.delete(child);
      resolve({ ok: false, output: `${output}${error.message}\n` });
    });
    child.on('close', (code) => {
      running.delete(child);
      resolve({ ok: code === 0, output: options.live ? '' : output });
    });
  });
}

/**
 * Runs steps one after another until one fails, then prints what they printed.
 * @param {Array<[string, string, string[], ({ live?: boolean })?]>} steps
 * @returns {Promise<boolean>}
 */
async function lane(steps) {
  let output = '';
  let ok = true;
  for (const [title, command, args, options] of steps) {
    const result = await step(title, command, args, options);
    output += result.output;
    ok = result.ok;
    if (!ok) break;
  }
  process.stdout.write(output);
  return ok;
}

/** CPU seconds of this process and of every child it (and they, recursively) waited for. */
function cpuSeconds() {
  // Fields after the command's closing parenthesis: utime, stime, cutime, cstime are 14-17 (1-based).
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
  const ticks = fields.slice(11, 15).reduce((sum, value) => sum + Number(value), 0);
  return ticks / 100; // USER_HZ is 100 on Linux.
}

// The type check keeps what it learned between runs (tsc --incremental): a run after a small change
// re-checks what the change touches, 4.5 s of CPU instead of 22 s. In node_modules/.cache, which every
// tool's ignore list already has; a clean clone checks everything once.
const TSC_STATE = path.join(ROOT, 'node_modules', '.cache', 'mesterside', 'tsc.tsbuildinfo');
const checks = lane([
  ['type check (tsc)', bin('tsc'), ['-p', 'tsconfig.json', '--incremental', '--tsBuildInfoFile', TSC_STATE]],
  ['lint (biome)', bin('biome'), ['check', '.']],
  ['knip', bin('knip'), []],
]);
let ok;
if (quick) {
  const tests = lane([
    [
      'vitest: unit and quick (SQLite)',
      bin('vitest'),
      // --mode quick: vitest.config.ts sets MESTERSIDE_TEST_LANE=quick for the tests (SQLite alone).
      ['run', '--mode', 'quick', '--project', 'unit', '--project', 'quick', '--reporter', 'dot'],
    ],
  ]);
  ok = (await Promise.all([checks, tests])).every(Boolean);
} else {
  const built = await Promise.all([
    checks,
    lane([['build: site', 'npm', ['run', 'build:site']]]),
    lane([
      ['build: admin', 'npm', ['run', 'build:admin']],
      ['build: server', 'npm', ['run', 'build:server']],
    ]),
  ]);
  ok = built.every(Boolean) && (await lane([['vitest', bin('vitest'), ['run'], { live: true }]]));
}
const wall = (Date.now() - started) / 1000;
process.stdout.write(
  `\n${quick ? 'npm run test:quick' : 'npm test'}: ${ok ? 'passed' : 'FAILED'} in ${wall.toFixed(1)} s, ` +
    `${cpuSeconds().toFixed(1)} s of CPU (this run and every process it started)\n`,
);
process.exit(ok ? 0 : 1);
