// Builds the Astro templates when the bundle is missing or older than any template, so `npm start`
// works right after `npm install` and after a template change, without a build on every start.
import { execFile } from 'node:child_process';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

const ROOT = path.resolve(import.meta.dirname, '..');
export const BUNDLE_ENTRY = path.join(ROOT, 'dist', 'site', 'server', 'entry.mjs');

async function newestSource(): Promise<number> {
  let newest = (await stat(path.join(ROOT, 'astro.config.mjs'))).mtimeMs;
  const walk = async (dir: string): Promise<void> => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      else newest = Math.max(newest, (await stat(full)).mtimeMs);
    }
  };
  await walk(path.join(ROOT, 'templates'));
  return newest;
}

/** Returns true when it had to build. */
export async function ensureBuild(log: (line: string) => void = console.log): Promise<boolean> {
  const built = await stat(BUNDLE_ENTRY).then(
    (info) => info.mtimeMs,
    () => 0,
  );
  if (built > (await newestSource())) return false;
  log(
    built
      ? 'Templates changed: rebuilding them (npm run build)…'
      : 'Building the templates once (npm run build)…',
  );
  await promisify(execFile)('npm', ['run', 'build', '--silent'], { cwd: ROOT, maxBuffer: 16 * 1024 * 1024 });
  return true;
}
