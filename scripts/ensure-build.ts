// Builds what `npm start` serves when it is missing or older than its sources: the Astro templates
// (dist/site), the admin SPA (dist/admin) and the server bundle (dist/server, scripts/server-bundle.mjs:
// what the serving copies and render threads run). So `npm start` works right after `npm install` and
// after a change, without a build on every start. Every entry point that needs the built site or admin
// calls it through cli.ts's buildOrExit (start, worker, rebuild, lighthouse, make:examples, bench).
// The server bundle is checked once per process: a command run bundled finds it done (scripts/run.mjs
// built it before loading it); `npm run dev` and the bench run the sources through tsx and fork the
// serving copies from it all the same.
import { execFile } from 'node:child_process';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { projectRoot } from '../lib/project-root';
import { ensureServerBundle, SERVER_DIR } from './server-bundle.mjs';

const ROOT = projectRoot(import.meta.dirname);
const BUNDLE_ENTRY = path.join(ROOT, 'dist', 'site', 'server', 'entry.mjs');
const ADMIN_ENTRY = path.join(ROOT, 'dist', 'admin', 'index.html');
/** What each serving copy of `npm start` runs (scripts/web-process.ts, bundled). */
export const WEB_PROCESS_ENTRY = path.join(SERVER_DIR, 'web-process.mjs');

interface BuildPart {
  name: string;
  /** npm script that builds it. */
  script: string;
  output: string;
  /** Files and folders whose changes make the output stale (in folders: the files isBuildInput keeps). */
  sources: string[];
}

const PARTS: BuildPart[] = [
  {
    name: 'the templates',
    script: 'build:site',
    output: BUNDLE_ENTRY,
    // The onboarding island and the contact form import the contracts and the shared rules.
    sources: ['astro.config.mjs', 'templates', 'contracts', 'rules'],
  },
  // The admin imports the contracts (the API's schemas) and the shared rules into its bundle.
  {
    name: 'the admin',
    script: 'build:admin',
    output: ADMIN_ENTRY,
    sources: ['admin', 'contracts', 'rules'],
  },
];

/** What the builds read: code, styles, markup, content and images. Anything else in a source folder
 *  (tests, their snapshots, READMEs) changes nothing in the output, so it never makes a build stale. */
const BUILD_INPUT =
  /\.(ts|tsx|mts|js|mjs|astro|css|html|json|md|svg|png|jpe?g|webp|avif|gif|ico|woff2?|txt)$/;
const NOT_BUILD_INPUT = /(\.test\.[cm]?tsx?|^README\.md)$/;
const SKIPPED_FOLDERS = new Set(['__snapshots__', 'node_modules']);

/** Whether a file in a source folder is read by the build (exported for its test). */
export function isBuildInput(fileName: string): boolean {
  return BUILD_INPUT.test(fileName) && !NOT_BUILD_INPUT.test(fileName);
}

async function newestSource(sources: readonly string[]): Promise<number> {
  let newest = 0;
  const visit = async (full: string, named: boolean): Promise<void> => {
    const info = await stat(full);
    if (!info.isDirectory()) {
      // A file named in PARTS counts whatever it is; in a folder, only what the build reads.
      if (named || isBuildInput(path.basename(full))) newest = Math.max(newest, info.mtimeMs);
      return;
    }
    for (const entry of await readdir(full)) {
      if (!SKIPPED_FOLDERS.has(entry)) await visit(path.join(full, entry), false);
    }
  };
  for (const source of sources) await visit(path.join(ROOT, source), true);
  return newest;
}

/** Returns true when it had to build anything. */
export async function ensureBuild(log: (line: string) => void = console.log): Promise<boolean> {
  let built = false;
  for (const part of PARTS) {
    const builtAt = await stat(part.output).then(
      (info) => info.mtimeMs,
      () => 0,
    );
    if (builtAt > (await newestSource(part.sources))) continue;
    log(
      builtAt
        ? `Sources changed: rebuilding ${part.name} (npm run ${part.script})…`
        : `Building ${part.name} once (npm run ${part.script})…`,
    );
    await promisify(execFile)('npm', ['run', part.script, '--silent'], {
      cwd: ROOT,
      maxBuffer: 16 * 1024 * 1024,
    });
    built = true;
  }
  // Stale by the inputs esbuild's metafile lists, not by folders (scripts/server-bundle.mjs).
  return (await ensureServerBundle(log)) || built;
}
