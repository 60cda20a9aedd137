// The server as it runs: every server and operator entry point bundled once by esbuild into
// dist/server/ (ESM, its packages inside but for EXTERNAL_PACKAGES, shared code in chunks), run on
// plain Node by scripts/run.mjs.
// `npm run build:server` builds it (part of `npm run build`); scripts/run.mjs and ensure-build.ts
// rebuild it when it is missing or stale. Plain JavaScript: the launcher runs it before anything is
// compiled.
//
// Stale means: an input of the build now holds other bytes than the build read, or is gone. The
// inputs are exactly the files esbuild's metafile lists (every source file the bundles contain), plus
// this file, tsconfig.json and package.json, which steer the build without being bundled; a test, a
// README or a file no entry point imports never makes the bundle stale. The build records each
// input's modification time and a hash of the very bytes esbuild compiled (it reads the sources
// itself, in an esbuild plugin): a check stats the inputs, and hashes only one whose time moved, so a
// file touched but not changed (a checkout back and forth) costs no build, and one changed while the
// build ran is caught.
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';

/** The repository: the nearest folder with a package.json (this module also runs bundled, from dist/server/). */
const ROOT = (() => {
  let dir = import.meta.dirname;
  while (!exists(path.join(dir, 'package.json')) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  return dir;
})();
/** Where the server bundle is. */
export const SERVER_DIR = path.join(ROOT, 'dist', 'server');

/** The commands scripts/run.mjs runs: bundle name (dist/server/<name>.mjs) → source. */
export const SERVER_COMMANDS = {
  start: 'scripts/start.ts',
  worker: 'scripts/worker.ts',
  rebuild: 'scripts/rebuild.ts',
  migrate: 'scripts/migrate.ts',
  seed: 'scripts/seed.ts',
  backup: 'scripts/backup.ts',
  restore: 'scripts/restore.ts',
  'proxy-config': 'scripts/proxy-config.ts',
};

/** Every bundle. The serving copies are forked by name (scripts/start.ts); the render thread, the
 *  rebuild's writer thread and SQLite's checkpointer thread are found beside the code that starts
 *  them, which is in dist/server/ too (generator/render-pool.ts, scripts/rebuild/rebuild-sites.ts,
 *  db/wal-checkpoint.ts). */
export const SERVER_ENTRIES = {
  ...SERVER_COMMANDS,
  'web-process': 'scripts/web-process.ts',
  'render-thread': 'generator/render-thread.ts',
  'rebuild-writer': 'scripts/rebuild/rebuild-writer.ts',
  'wal-checkpointer': 'db/wal-checkpointer.ts',
};

/**
 * Packages that load from node_modules at run time; every other package is bundled. Resolving and
 * compiling a package's files one by one was about a third of a server's start (measured: 2.0 → 1.4
 * s of CPU from spawn to the first health answer, 95 starts in a test run). These cannot be bundled:
 * native addons (better-sqlite3, @node-rs/argon2, sharp, esbuild), pg (asks for the optional
 * pg-native by name), pino (its transports run on threads loaded by file), bullmq (reads its Lua
 * scripts beside its files) and ioredis, which bullmq and our code must share.
 */
const EXTERNAL_PACKAGES = [
  'better-sqlite3',
  '@node-rs/argon2',
  'sharp',
  'esbuild',
  'pg',
  'pg-native',
  'pino',
  'bullmq',
  'ioredis',
];

/** esbuild's options for a bundle that runs on plain Node: also tests/support/bundle-entries.ts's. */
export const NODE_BUNDLE = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  outExtension: { '.js': '.mjs' },
  external: EXTERNAL_PACKAGES,
  // Bundled CommonJS packages call require() for Node's own modules, which an ES module lacks.
  banner: {
    js: "import { createRequire as __bundleRequire } from 'node:module';\nconst require = __bundleRequire(import.meta.url);",
  },
  logLevel: 'warning',
};

/** Read by the build without being bundled: a change to them changes the output too. */
const BUILD_SETTINGS = ['scripts/server-bundle.mjs', 'tsconfig.json', 'package.json'];
/** What the build records beside the bundles: its inputs (with their times and hashes) and outputs. */
const META_FILE = 'build-meta.json';
/** A file modified this shortly before the build read it may be modified again with the same time
 *  stamp (file systems stamp with a coarse clock): such a racy input is checked by its bytes every
 *  time, as git does with its index. */
const RACY_MS = 1000;
/** The sources the recording plugin reads for esbuild, by how esbuild compiles them. */
const LOADERS = { '.ts': 'ts', '.mts': 'ts', '.tsx': 'tsx', '.js': 'js', '.mjs': 'js', '.json': 'json' };

/**
 * Bundles `entries` (name → source, relative to `root`) into `outdir` and records the build's inputs.
 * Each file is written beside its place and renamed over it, and the record last, so a process that
 * starts meanwhile loads either the old bundle or the new one. Files of the build before this one are
 * kept (a process started from it may still load a chunk lazily); older ones are removed.
 */
export async function buildBundle({
  root = ROOT,
  outdir = SERVER_DIR,
  entries = SERVER_ENTRIES,
  settings = BUILD_SETTINGS,
} = {}) {
  /** Absolute path → what the build read of it. */
  const read = new Map();
  // The settings first: esbuild reads them as it starts.
  for (const file of settings) {
    const full = path.join(root, file);
    if (exists(full)) read.set(full, await fingerprint(full));
  }
  /** @type {import('esbuild').Plugin} */
  const recordInputs = {
    name: 'record-inputs',
    setup(build) {
      build.onLoad({ filter: /.*/, namespace: 'file' }, async (args) => {
        const loader = LOADERS[path.extname(args.path)];
        // A package's file esbuild loads itself (it knows the package's module type); recorded after.
        if (!loader || args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
        // The time before the bytes: a write in between leaves an older time beside the newer
        // bytes, which a check then hashes and finds equal.
        const { mtimeMs } = await stat(args.path);
        const contents = await readFile(args.path);
        read.set(args.path, seen(mtimeMs, contents));
        return { contents, loader };
      });
    },
  };
  // Loaded only to build: a process that finds the bundle current never loads esbuild.
  const esbuild = await import('esbuild');
  const result = await esbuild
    .build({
      ...NODE_BUNDLE,
      absWorkingDir: root,
      entryPoints: entries,
      outdir,
      splitting: true,
      metafile: true,
      write: false,
      plugins: [recordInputs],
    })
    // esbuild's service process would otherwise live as long as this one (the server, when it built).
    .finally(() => esbuild.stop());
  const previous = readMeta(outdir);
  const outputs = result.outputFiles.map((file) => path.relative(outdir, file.path));
  for (const file of result.outputFiles) {
    mkdirSync(path.dirname(file.path), { recursive: true });
    const temporary = `${file.path}.${process.pid}.tmp`;
    writeFileSync(temporary, file.contents);
    renameSync(temporary, file.path);
  }
  const inputs = {};
  for (const input of Object.keys(result.metafile.inputs)) {
    const full = path.join(root, input);
    // Any kind of file esbuild loaded itself: as it is now.
    if (!read.has(full)) read.set(full, await fingerprint(full));
  }
  for (const [full, was] of read) inputs[path.relative(root, full)] = was;
  const meta = { inputs, outputs };
  const temporary = path.join(outdir, `${META_FILE}.${process.pid}.tmp`);
  writeFileSync(temporary, `${JSON.stringify(meta, null, 1)}\n`);
  renameSync(temporary, path.join(outdir, META_FILE));
  removeOlder(outdir, new Set([...outputs, ...(previous?.outputs ?? [])]));
  return meta;
}

/**
 * Why the bundle in `outdir` must be built again, or null when it is current: missing, or the first
 * input (relative to `root`) that changed since the build or is gone.
 */
export function staleReason({ root = ROOT, outdir = SERVER_DIR, entries = SERVER_ENTRIES } = {}) {
  const meta = readMeta(outdir);
  if (!meta) return 'missing';
  for (const name of Object.keys(entries)) {
    if (!meta.outputs.includes(`${name}.mjs`)) return 'missing';
  }
  for (const output of meta.outputs) {
    if (!exists(path.join(outdir, output))) return 'missing';
  }
  for (const [input, was] of Object.entries(meta.inputs)) {
    const full = path.join(root, input);
    try {
      const { mtimeMs } = statSync(full);
      const unsure = was.racy || mtimeMs !== was.mtimeMs;
      if (unsure && hashOf(readFileSync(full)) !== was.hash) return `${input} changed`;
    } catch {
      return `${input} is gone`;
    }
  }
  return null;
}

async function fingerprint(file) {
  const { mtimeMs } = await stat(file);
  return seen(mtimeMs, await readFile(file));
}

/** What the build records of an input whose time was `mtimeMs` before its bytes were read. */
function seen(mtimeMs, bytes) {
  return { mtimeMs, hash: hashOf(bytes), ...(Date.now() - mtimeMs < RACY_MS ? { racy: true } : {}) };
}

function hashOf(bytes) {
  return createHash('sha256').update(bytes).digest('base64url');
}

/** Set in a process once its server bundle was found current or built (scripts/run.mjs does it
 *  before it loads the bundle, whose own copy of this module then finds it set). */
const ENSURED = Symbol.for('mesterside.server-bundle-ensured');

/**
 * Builds the server bundle when it is missing or stale; returns true when it built. Once per process:
 * a server started from the bundle never rebuilds it under itself, so the serving copies it forks
 * run the very code it runs.
 */
export async function ensureServerBundle(log = (line) => process.stderr.write(`${line}\n`)) {
  if (globalThis[ENSURED]) return false;
  const reason = staleReason();
  globalThis[ENSURED] = reason === null;
  if (reason === null) return false;
  log(
    reason === 'missing'
      ? 'Building the server once (npm run build:server)…'
      : `Sources changed (${reason}): rebuilding the server (npm run build:server)…`,
  );
  await buildBundle();
  globalThis[ENSURED] = true;
  return true;
}

function readMeta(outdir) {
  try {
    const meta = JSON.parse(readFileSync(path.join(outdir, META_FILE), 'utf8'));
    // A record of another shape (an older version of this file) is no record.
    return typeof meta.inputs === 'object' && !Array.isArray(meta.inputs) && Array.isArray(meta.outputs)
      ? meta
      : undefined;
  } catch {
    return undefined;
  }
}

function exists(file) {
  try {
    statSync(file);
    return true;
  } catch {
    return false;
  }
}

/** Removes the bundles and chunks in `outdir` that are not in `keep` (paths relative to it). */
function removeOlder(outdir, keep) {
  for (const entry of readdirSync(outdir, { recursive: true, withFileTypes: true })) {
    // Only bundles: a temporary file of a build running beside this one is not ours to remove.
    if (!entry.isFile() || !entry.name.endsWith('.mjs')) continue;
    const full = path.join(entry.parentPath, entry.name);
    if (!keep.has(path.relative(outdir, full))) rmSync(full, { force: true });
  }
}

// `npm run build:server`: always builds.
if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) await buildBundle();
