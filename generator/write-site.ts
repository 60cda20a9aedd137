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
// Beside each build (`<stamp>.keys.json`, outside what any engine serves) lies what it was rendered
// from (site-files.ts BuildInputs: the input key of each document, the stamp and hash of each page):
// the next publish links a document whose input is unchanged from the build, without reading or
// rendering it, whichever thread or process renders it.
import { randomBytes } from 'node:crypto';
import {
  type Dirent,
  linkSync,
  readdirSync,
  readFileSync,
  rmdirSync,
  rmSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
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
import type { BuildInputs, LiveDocuments, SiteFile } from './site-files';
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
  /** Documents the live build `dir` holds as they are (site-files.ts renderSite): linked from it,
   *  with their copies, never read. When `dir` is no longer the live build, nothing is written and
   *  LiveBuildChanged is thrown (the caller renders again). */
  linked?: { dir: string; names: readonly string[] };
  /** What the build was rendered from, written beside it for the next publish (liveDocuments). */
  inputs?: BuildInputs;
}

/** The live build a render took documents from is no longer live, or no longer holds one of them as
 *  a regular file: render again without it. */
export class LiveBuildChanged extends Error {
  override name = 'LiveBuildChanged';
}

/** The entries of a build folder that are regular files, read in one pass (no stat per file). */
function regularFiles(dir: string | undefined): ReadonlySet<string> {
  if (!dir) return new Set();
  try {
    return new Set(
      readdirSync(dir, { withFileTypes: true })
        .filter((entry: Dirent) => entry.isFile())
        .map((entry) => entry.name),
    );
  } catch {
    return new Set();
  }
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
  const linked = options.linked?.names ?? [];
  if (linked.length > 0 && options.linked?.dir !== live) {
    throw new LiveBuildChanged(`the live build of ${name} changed while it was rendered`);
  }
  const precompress = options.precompress ?? true;
  await mkdir(partialDir, { recursive: true });
  try {
    // Synchronous on purpose: a site is a few dozen small files, and one thread-pool hop per
    // open/write/close cost more than the writes (a rebuild thread sat idle a third of its time).
    // Renders run on worker threads (render-pool.ts), never on the event loop that serves visitors.
    const regular = regularFiles(live);
    for (const file of linked) {
      if (!FILE_NAME.test(file)) throw new Error(`refused a site file named ${JSON.stringify(file)}`);
      if (!live || !regular.has(file)) {
        throw new LiveBuildChanged(`the live build of ${name} no longer holds ${file}`);
      }
      linkKept(live, partialDir, file, regular, precompress);
    }
    for (const file of files) {
      if (!FILE_NAME.test(file.name))
        throw new Error(`refused a site file named ${JSON.stringify(file.name)}`);
      if (live && linkUnchanged(live, partialDir, file, regular, precompress)) continue;
      for (const written of precompress ? withPrecompressed(file) : [file]) {
        writeFileSync(path.join(partialDir, written.name), written.body);
      }
    }
    // Only regular files go live: Caddy's file_server follows a symlink wherever it leads, so a
    // build never holds one (nginx and the Node server refuse them anyway).
    const strays = await strayEntries(partialDir);
    if (strays.length > 0) throw new Error(`refused a build of ${name} holding ${strays.join(', ')}`);
    await rename(partialDir, buildDir);
    if (options.inputs) writeFileSync(`${buildDir}${KEYS_SUFFIX}`, JSON.stringify(options.inputs));
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
function linkUnchanged(
  live: string,
  partialDir: string,
  file: SiteFile,
  regular: ReadonlySet<string>,
  precompress: boolean,
): boolean {
  const source = path.join(live, file.name);
  const names = copiesOf(file.name, file.body.length, precompress);
  try {
    if (!names.every((candidate) => regular.has(candidate))) return false;
    // Its size first, then its bytes.
    if (statSync(source).size !== file.body.length) return false;
    if (!readFileSync(source).equals(file.body)) return false;
    return linkAll(live, partialDir, file.name, names, regular, precompress);
  } catch {
    return false;
  }
}

/** The file itself and, with PRECOMPRESS=1 and from COMPRESS_MIN_BYTES, its `.br` and `.gz` copies. */
function copiesOf(name: string, size: number, precompress: boolean): string[] {
  return precompress && size >= COMPRESS_MIN_BYTES ? [name, `${name}.br`, `${name}.gz`] : [name];
}

/** Links `names` (a file and its copies) from the live build, and the server's copies without
 *  PRECOMPRESS; false (and nothing of them left in the new build) when the file system refuses. */
function linkAll(
  live: string,
  partialDir: string,
  name: string,
  names: readonly string[],
  regular: ReadonlySet<string>,
  precompress: boolean,
): boolean {
  try {
    for (const candidate of names) linkSync(path.join(live, candidate), path.join(partialDir, candidate));
    if (!precompress) linkServerCopies(live, partialDir, name, regular);
    return true;
  } catch {
    // Pruned meanwhile, or linking refused: remove what was linked.
    for (const candidate of names) rmSync(path.join(partialDir, candidate), { force: true });
    return false;
  }
}

/**
 * Links a document the live build holds unchanged (its input key is the same, site-files.ts) with
 * its copies, without reading it. With PRECOMPRESS=1 and a copy missing (the live build was written
 * without), the file is read and its copies made; a file that cannot be linked is written from its
 * bytes. One that cannot be read is gone from the build: LiveBuildChanged.
 */
function linkKept(
  live: string,
  partialDir: string,
  name: string,
  regular: ReadonlySet<string>,
  precompress: boolean,
): void {
  if (!precompress && linkAll(live, partialDir, name, [name], regular, false)) return;
  if (precompress) {
    const names = [name, `${name}.br`, `${name}.gz`];
    if (names.every((candidate) => regular.has(candidate))) {
      if (linkAll(live, partialDir, name, names, regular, true)) return;
    }
  }
  let body: Buffer;
  try {
    body = readFileSync(path.join(live, name));
  } catch {
    throw new LiveBuildChanged(`the live build no longer holds ${name}`);
  }
  // A small file has no copies: linked as it is when it can be.
  const names = copiesOf(name, body.length, precompress);
  if (names.length === 1 && linkAll(live, partialDir, name, names, regular, true)) return;
  for (const written of precompress ? withPrecompressed({ name, body }) : [{ name, body }]) {
    writeFileSync(path.join(partialDir, written.name), written.body);
  }
}

/**
 * The compressed copies the front server wrote beside a live file when it first served it
 * (server/static-file-cache.ts), linked along with the unchanged file: after a publish only the
 * changed pages are compressed again on their first visit. Best effort: a copy that is not a regular
 * file, or cannot be linked, is left for the server to make again.
 */
function linkServerCopies(
  live: string,
  partialDir: string,
  name: string,
  regular: ReadonlySet<string>,
): void {
  for (const copy of [`${name}.br`, `${name}.gz`]) {
    if (!regular.has(copy)) continue;
    try {
      linkSync(path.join(live, copy), path.join(partialDir, copy));
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
      removeFlatBuild(path.join(dir, entry));
    } catch {
      try {
        rmSync(path.join(dir, entry), { recursive: true, force: true, maxRetries: 3, retryDelay: 20 });
      } catch {
        // Left for the next prune.
      }
    }
  }
}

/**
 * Removes a build folder of regular files (or a keys file): one readdir and an unlink per file, where
 * a recursive rm stats every entry first (a 300-page build is 300 to 900 entries, pruned on every
 * publish). Anything else in it (a folder planted there) throws, and the recursive rm takes over.
 */
function removeFlatBuild(entry: string): void {
  let names: string[];
  try {
    names = readdirSync(entry);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOTDIR') throw error;
    unlinkSync(entry);
    return;
  }
  for (const name of names) unlinkSync(path.join(entry, name));
  rmdirSync(entry);
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
 * The live build of `name` with what it was rendered from, or undefined when there is no live build
 * or nothing readable beside it (a build written before, or by a rebuild that keeps none): then every
 * page is read and every document rendered.
 */
export async function liveDocuments(sitesDir: string, name: string): Promise<LiveDocuments | undefined> {
  const dir = await liveBuild(sitesDir, name);
  if (!dir) return undefined;
  try {
    const kept = JSON.parse(await readFile(`${dir}${KEYS_SUFFIX}`, 'utf8')) as Partial<BuildInputs> | null;
    if (
      typeof kept?.templates !== 'string' ||
      typeof kept.documents !== 'object' ||
      kept.documents === null ||
      typeof kept.pages !== 'object' ||
      kept.pages === null
    ) {
      return undefined;
    }
    return { dir, inputs: { templates: kept.templates, documents: kept.documents, pages: kept.pages } };
  } catch {
    return undefined;
  }
}

/** The build folder `sites/<name>` points at, or undefined when there is no site. */
export async function liveBuild(sitesDir: string, name: string): Promise<string | undefined> {
  const target = await readlink(path.join(sitesDir, name)).catch(() => undefined);
  return target && path.resolve(sitesDir, target);
}
