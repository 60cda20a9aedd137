// Global setup (vitest.config.ts): makes sure every script the tests run as a process runs bundled on
// plain `node`, so no test pays for tsx compiling the sources again in each of its processes (and in
// each render thread).
// - The built templates and admin (dist/site, dist/admin) are brought up to date here, before any test
//   runs: a test that starts `npm start` or the worker would otherwise rebuild them in the middle of
//   the run, under the other files reading them (stale after an edit, when `npm test`'s build did
//   not run first).
// - The product's commands (start, worker, backup, restore) run as npm runs them, through
//   scripts/run.mjs on the server bundle (dist/server/, which `npm run build` builds before the suite).
//   It is brought up to date here once, and run.mjs checks it again at every start (the inputs of
//   esbuild's metafile against what the build read), so a test never runs a stale bundle.
// - The test-only scripts (BUNDLED_SCRIPTS) are bundled per run into dist/test-bin/<run id>/ (one folder
//   per run, so runs side by side never share files), removed at the end.
// tests/support/processes.ts picks the right one by the script's name.
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import type { TestProject } from 'vitest/node';
import { ensureBuild } from '../../scripts/ensure-build';
import { NODE_BUNDLE } from '../../scripts/server-bundle.mjs';
import { BUNDLED_SCRIPTS, bundleDir, ROOT, TEST_RUN_MARKER } from './processes';

/** Bundles of runs that were killed before their teardown, left a while ago (a run alive beside this
 *  one keeps its own). */
function removeAbandoned(parent: string): void {
  const before = Date.now() - 6 * 3_600_000;
  for (const entry of existsSync(parent) ? readdirSync(parent) : []) {
    const dir = path.join(parent, entry);
    if (statSync(dir).mtimeMs < before) rmSync(dir, { recursive: true, force: true });
  }
}

export async function setup(project: TestProject): Promise<() => void> {
  const marker = project.config.env[TEST_RUN_MARKER];
  if (!marker) throw new Error(`${TEST_RUN_MARKER} is not set: vitest.config.ts sets it in test.env`);
  const outdir = bundleDir(marker);
  removeAbandoned(path.dirname(outdir));
  await ensureBuild((line) => process.stderr.write(`${line}\n`));
  await build({
    // Bundled as the server is, packages inside but for the few that must load from node_modules.
    ...NODE_BUNDLE,
    absWorkingDir: ROOT,
    entryPoints: Object.fromEntries(
      Object.entries(BUNDLED_SCRIPTS).map(([script, name]) => [name, path.join(ROOT, script)]),
    ),
    outdir,
  });
  return () => rmSync(outdir, { recursive: true, force: true });
}
