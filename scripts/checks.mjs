// `npm test`'s steps before vitest, side by side: the route table first (contracts/api-paths.ts,
// which the type check and the admin's build both read), then three lanes: the type check, lint and
// knip; the site's build (the longest step, 9 s alone); the admin's build and the server bundle. Each
// lane's output is printed whole when it ends, so lanes never interleave; the exit code is 1 when any
// step failed. On this two-core machine: 27-28 s one after another; 20-23 s in two lanes (the checks
// beside the whole build); 18.9-20.0 s in three against 19.3-20.9 s in two, alternating three rounds
// (about 35 s of CPU: the two cores are busy 92% of the time). Plain JavaScript, like run.mjs.
import { spawn } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const bin = (name) => path.join(ROOT, 'node_modules', '.bin', name);

/** @type {Set<import('node:child_process').ChildProcess>} */
const running = new Set();
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
  process.on(signal, () => {
    for (const child of running) child.kill(signal);
    process.exit(1);
  });
}

/**
 * Runs one command with its output kept; resolves with whether it succeeded and what it printed.
 * @param {string} title
 * @param {string} command
 * @param {string[]} args
 * @returns {Promise<{ ok: boolean; output: string }>}
 */
function step(title, command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    running.add(child);
    let output = `> ${title}\n`;
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('error', (error) => {
      running.delete(child);
      resolve({ ok: false, output: `${output}${error.message}\n` });
    });
    child.on('close', (code) => {
      running.delete(child);
      resolve({ ok: code === 0, output });
    });
  });
}

/**
 * Runs steps one after another until one fails, then prints what they printed.
 * @param {Array<[string, string, string[]]>} steps
 * @returns {Promise<boolean>}
 */
async function lane(steps) {
  let output = '';
  let ok = true;
  for (const [title, command, args] of steps) {
    const result = await step(title, command, args);
    output += result.output;
    ok = result.ok;
    if (!ok) break;
  }
  process.stdout.write(output);
  return ok;
}

const first = await lane([['route table (scripts/api-paths.ts)', bin('tsx'), ['scripts/api-paths.ts']]]);
const lanes = first
  ? await Promise.all([
      lane([
        ['type check (tsc)', bin('tsc'), ['-p', 'tsconfig.json']],
        ['lint (biome)', bin('biome'), ['check', '.']],
        ['knip', bin('knip'), []],
      ]),
      lane([['build: site', 'npm', ['run', 'build:site']]]),
      lane([
        ['build: admin', 'npm', ['run', 'build:admin']],
        ['build: server', 'npm', ['run', 'build:server']],
      ]),
    ])
  : [false];
process.exit(lanes.every(Boolean) ? 0 : 1);
