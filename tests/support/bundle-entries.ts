// Global setup (vitest.config.ts): bundles every script the tests run as a process, once per run, so a
// test spawns plain `node` instead of tsx compiling the sources again in each of its processes (and in
// each render thread). Fresh from the sources every run, so a test never runs a stale build; the
// bundles go to dist/test-bin/<run id>/ (one folder per run, so runs side by side never share files)
// and are removed at the end. tests/support/processes.ts picks them up by the script's name.
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import type { TestProject } from 'vitest/node';
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
  await build({
    absWorkingDir: ROOT,
    entryPoints: Object.fromEntries(
      Object.entries(BUNDLED_SCRIPTS).map(([script, name]) => [name, path.join(ROOT, script)]),
    ),
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Packages load from node_modules as usual (native better-sqlite3, pg, pino's transports).
    packages: 'external',
    logLevel: 'warning',
  });
  return () => rmSync(outdir, { recursive: true, force: true });
}
