// Writes a rendered site beside the live one and swaps it in atomically. `sites/<cvr>` is a
// symlink to a build folder `sites/.builds/<cvr>/<stamp>`; replacing the symlink with rename(2) is
// atomic, so a visitor gets the old site or the new one, never a mix. Only the live build (and one
// still being written) stays on disk: a 300-page site is tens of megabytes a build. The front server
// reads a file whole and, on a miss, checks where the link points now (server/static-file-cache.ts),
// so removing the build it was reading from costs it nothing.
// Each text file of COMPRESS_MIN_BYTES or more gets `.br`/`.gz` copies beside it, made here once
// when its bytes change: the front server's miss then reads only the copy a client takes
// (server/static-file-cache.ts), and nginx or Caddy serve the same copies. PRECOMPRESS=0 writes each
// file once (the front server then compresses a file when it first loads it). A file whose bytes the
// live build already holds is hard-linked from it instead (with its copies): a one-page edit writes
// and compresses one page, not the site.
// Beside each build (`<stamp>.keys.json`, outside what any engine serves) lies the input key of each of
// its documents (render-memo.ts): the next publish reads a document whose input is unchanged from the
// build instead of rendering it, whichever thread or process renders it (site-files.ts).
import { randomBytes } from 'node:crypto';
import { linkSync, lstatSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import {
  lstat,
  mkdir,
  readdir,
  readFile,
  readlink,
  rename,
  rm,
  stat,
  symlink,
  unlink,
} from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { LiveDocuments, SiteFile } from './site-files';
import { COMPRESS_MIN_BYTES } from './site-model';

export const BUILDS_DIR = '.builds';
const PARTIAL_SUFFIX = '.partial';
/** The input keys of a build's documents, in a file beside the build. */
const KEYS_SUFFIX = '.keys.json';
/** A build still being written after this long belongs to a render that crashed. */
const PARTIAL_MAX_AGE_MS = 3_600_000;
/** A build is flat: a file name has no slash and no leading dot (so never `..`). */
const FILE_NAME = /^[A-Za-z0-9_][A-Za-z0-9._-]{0,200}$/;

// Measured on an 18 KB company page: quality 6 gives 5,457 bytes in 0.4 ms, quality 9 5,432 bytes in
// 9 ms, quality 11 5,028 bytes in 18 ms. Publishing speed wins over the last 8 %.
const BROTLI_QUALITY = 6;

/**
 * The files to write for one rendered file: itself plus its `.br` and `.gz` copies.
 * Synchronous on purpose: it runs on a render thread, never on the event loop that serves
 * visitors, and for pages of this size the thread-pool round trip costs more than the compression
 * (measured 11 ms async against 4 ms sync for a site of seven pages).
 */
function withPrecompressed(file: SiteFile): SiteFile[] {
  if (file.body.length < COMPRESS_MIN_BYTES) return [file];
  const params = {
    [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    [constants.BROTLI_PARAM_SIZE_HINT]: file.body.length,
    // A window no bigger than the file: the default 4 MB window is allocated (and faulted in) per call,
    // which cost more system time than the compression itself across a rebuild.
    [constants.BROTLI_PARAM_LGWIN]: Math.min(24, Math.max(16, Math.ceil(Math.log2(file.body.length)))),
  };
  const br = brotliCompressSync(file.body, { params });
  const gz = gzipSync(file.body, { level: 9 });
  return [file, { name: `${file.name}.br`, body: br }, { name: `${file.name}.gz`, body: gz }];
}

export interface WriteSiteOptions {
  /** Also write `.br` and `.gz` copies of files of COMPRESS_MIN_BYTES or more. Default true. */
  precompress?: boolean;
  /** Stamps 'written' and 'swapped' (generator/publish-trace.ts). */
  stamp?: (step: 'written' | 'swapped') => void;
}

/** Writes `files` as the new live site of `name` (a CVR, or `_main` for the main site's pages). */
export async function writeSite(
  sitesDir: string,
  name: string,
  files: readonly SiteFile[],
  options: WriteSiteOptions = {},
): Promise<string> {
  const buildName = `${Date.now().toString(36)}-${randomBytes(4).toString('hex')}`;
  const buildDir = path.join(sitesDir, BUILDS_DIR, name, buildName);
  // Written under a name that pruning (by a concurrent render of the same site) leaves alone.
  const partialDir = `${buildDir}${PARTIAL_SUFFIX}`;
  const live = await liveBuild(sitesDir, name);
  const precompress = options.precompress ?? true;
  await mkdir(partialDir, { recursive: true });
  try {
    // Synchronous on purpose: a site is a few dozen small files, and one thread-pool hop per
    // open/write/close cost more than the writes (a rebuild thread sat idle a third of its time).
    // Renders run on worker threads (render-pool.ts), never on the event loop that serves visitors.
    for (const file of files) {
      if (!FILE_NAME.test(file.name))
        throw new Error(`refused a site file named ${JSON.stringify(file.name)}`);
      if (live && linkUnchanged(live, partialDir, file, precompress)) continue;
      for (const written of precompress ? withPrecompressed(file) : [file]) {
        writeFileSync(path.join(partialDir, written.name), written.body);
      }
    }
    // Only regular files go live: Caddy's file_server follows a symlink wherever it leads, so a
    // build never holds one (nginx and the Node server refuse them anyway).
    const strays = await strayEntries(partialDir);
    if (strays.length > 0) throw new Error(`refused a build of ${name} holding ${strays.join(', ')}`);
    await rename(partialDir, buildDir);
    const keys = files.flatMap(({ name: file, key }) => (key === undefined ? [] : [[file, key] as const]));
    if (keys.length > 0) writeFileSync(`${buildDir}${KEYS_SUFFIX}`, JSON.stringify(Object.fromEntries(keys)));
    options.stamp?.('written');
    await swapLink(sitesDir, name, path.join(BUILDS_DIR, name, buildName));
    options.stamp?.('swapped');
  } catch (error) {
    await rm(partialDir, { recursive: true, force: true });
    await rm(buildDir, { recursive: true, force: true });
    await rm(`${buildDir}${KEYS_SUFFIX}`, { force: true });
    throw error;
  }
  // Two renders of one company at once happen only when a worker lost its queue lock; the other's
  // prune may then have removed this build between its rename and its swap. Failing makes the job
  // retry.
  if (!(await stat(buildDir).catch(() => undefined))) {
    throw new Error(`build ${buildName} of ${name} was removed while it was made live`);
  }
  await pruneBuilds(sitesDir, name, buildName);
  return buildDir;
}

/**
 * Links `file` (and its precompressed copies) from the live build when the live build holds a
 * regular file of exactly these bytes: most publishes change one page, and a link writes no data
 * (nor compresses it again). Anything else (no such file, other bytes, a symlink planted there, a
 * link the file system refuses) answers false, and the file is written.
 */
function linkUnchanged(live: string, partialDir: string, file: SiteFile, precompress: boolean): boolean {
  const source = path.join(live, file.name);
  const names =
    precompress && file.body.length >= COMPRESS_MIN_BYTES
      ? [file.name, `${file.name}.br`, `${file.name}.gz`]
      : [file.name];
  try {
    const found = names.map((candidate) => lstatSync(path.join(live, candidate), { throwIfNoEntry: false }));
    if (!found.every((stats) => stats?.isFile())) return false;
    // The first of `names` is the file itself: its size first, then its bytes (unless the body was
    // read from this very file: a document the live build's keys said is unchanged, site-files.ts).
    if (found[0]?.size !== file.body.length) return false;
    if (file.from !== live && !readFileSync(source).equals(file.body)) return false;
    for (const candidate of names) linkSync(path.join(live, candidate), path.join(partialDir, candidate));
    if (!precompress) linkServerCopies(live, partialDir, file.name);
    return true;
  } catch {
    // Pruned meanwhile, or linking refused: remove what was linked, and write the file instead.
    for (const candidate of names) rmSync(path.join(partialDir, candidate), { force: true });
    return false;
  }
}

/**
 * The compressed copies the front server wrote beside a live file when it first served it
 * (server/static-file-cache.ts), linked along with the unchanged file: after a publish only the
 * changed pages are compressed again on their first visit. Best effort: a copy that is not a regular
 * file, or cannot be linked, is left for the server to make again.
 */
function linkServerCopies(live: string, partialDir: string, name: string): void {
  for (const copy of [`${name}.br`, `${name}.gz`]) {
    const source = path.join(live, copy);
    if (!lstatSync(source, { throwIfNoEntry: false })?.isFile()) continue;
    try {
      linkSync(source, path.join(partialDir, copy));
    } catch {
      rmSync(path.join(partialDir, copy), { force: true });
    }
  }
}

/** The entries of a (flat) build folder that are not regular files: a symlink, a folder, a pipe. */
async function strayEntries(buildDir: string): Promise<string[]> {
  const entries = await readdir(buildDir, { withFileTypes: true });
  return entries.filter((entry) => !entry.isFile()).map((entry) => entry.name);
}

/**
 * Removes from the live build of `name` every entry that is a symlink (none is ever written there:
 * one found was planted by something else). Engines that follow symlinks (Caddy) then cannot be led
 * out of the site. Answers the names removed; none when the site has no live build.
 */
export async function removePlantedLinks(sitesDir: string, name: string): Promise<string[]> {
  const live = path.join(sitesDir, name);
  const entries = await readdir(live, { withFileTypes: true }).catch(() => []);
  const planted = entries.filter((entry) => entry.isSymbolicLink()).map((entry) => entry.name);
  for (const entry of planted) await unlink(path.join(live, entry)).catch(() => {});
  return planted;
}

/** Points `sites/<name>` at `target` (relative to sitesDir) in one rename. */
async function swapLink(sitesDir: string, name: string, target: string): Promise<void> {
  const live = path.join(sitesDir, name);
  const temporary = path.join(sitesDir, `.${name}.${randomBytes(4).toString('hex')}.link`);
  await symlink(target, temporary);
  try {
    // A real folder in the way (an older layout, or a hand copy) cannot be renamed over.
    const existing = await lstat(live).catch(() => undefined);
    if (existing?.isDirectory()) await rm(live, { recursive: true, force: true });
    await rename(temporary, live);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

/**
 * Removes the builds of `name` older than `madeLive`, the one this render just made live, except the
 * one live now: a render of the same company in another process (a rebuild beside the product) may
 * have swapped its own build in since, and removing that would leave the link pointing nowhere.
 */
async function pruneBuilds(sitesDir: string, name: string, madeLive: string): Promise<void> {
  const dir = path.join(sitesDir, BUILDS_DIR, name);
  const abandoned = Date.now() - PARTIAL_MAX_AGE_MS;
  const own = buildTime(madeLive);
  const liveNow = path.basename((await liveBuild(sitesDir, name)) ?? '');
  const others = (await readdir(dir)).filter((entry) => {
    if (entry.endsWith(PARTIAL_SUFFIX)) return buildTime(entry) < abandoned;
    // A build's keys go with it.
    const build = entry.endsWith(KEYS_SUFFIX) ? entry.slice(0, -KEYS_SUFFIX.length) : entry;
    return build !== madeLive && build !== liveNow && buildTime(build) <= own;
  });
  // Synchronous like the writes: on a render thread this work runs at the thread's low priority,
  // where the thread pool would run it at full priority beside the serving thread. A serving process
  // may be writing a compressed copy into an old build as it goes (server/static-file-cache.ts):
  // the removal is tried again, and a build still left is the next publish's to prune, never a
  // failure of this one, whose site is live already.
  for (const entry of others) {
    try {
      rmSync(path.join(dir, entry), { recursive: true, force: true, maxRetries: 3, retryDelay: 20 });
    } catch {
      // Left for the next prune.
    }
  }
}

/** When a build was started (its name begins with a base-36 time stamp), in ms since the epoch. */
function buildTime(buildName: string): number {
  return Number.parseInt(buildName.split('-')[0] ?? '0', 36);
}

/** Takes a site offline: the link and every build of it. */
export async function removeSite(sitesDir: string, name: string): Promise<void> {
  await rm(path.join(sitesDir, name), { recursive: true, force: true });
  await rm(path.join(sitesDir, BUILDS_DIR, name), { recursive: true, force: true });
}

/** When the live build of `name` was written, or undefined when there is no live site. */
export async function liveBuildTime(sitesDir: string, name: string): Promise<Date | undefined> {
  const build = await liveBuild(sitesDir, name);
  if (!build || !(await stat(build).catch(() => undefined))?.isDirectory()) return undefined;
  const time = buildTime(path.basename(build));
  return Number.isFinite(time) ? new Date(time) : undefined;
}

/**
 * The live build of `name` with the input key of each document in it, or undefined when there is no
 * live build or no keys beside it (a build written before keys were kept): then every document is
 * rendered.
 */
export async function liveDocuments(sitesDir: string, name: string): Promise<LiveDocuments | undefined> {
  const dir = await liveBuild(sitesDir, name);
  if (!dir) return undefined;
  try {
    const kept: unknown = JSON.parse(await readFile(`${dir}${KEYS_SUFFIX}`, 'utf8'));
    if (typeof kept !== 'object' || kept === null) return undefined;
    const keys = new Map<string, string>();
    for (const [file, key] of Object.entries(kept)) if (typeof key === 'string') keys.set(file, key);
    return { dir, keys };
  } catch {
    return undefined;
  }
}

/** The build folder `sites/<name>` points at, or undefined when there is no site. */
export async function liveBuild(sitesDir: string, name: string): Promise<string | undefined> {
  const target = await readlink(path.join(sitesDir, name)).catch(() => undefined);
  return target && path.resolve(sitesDir, target);
}
