// Files of site folders held in memory in the representations clients asked for, with ETags and
// response headers, so a hit costs no system call. A folder such as `sites/<cvr>` is opaque: usually
// a symlink the generator swaps with rename(2). Its real path is checked at most every
// `revalidateMs`, and a change drops every file read through the old one, so a new site is served
// within that time. Symlinks inside a folder are never followed. Memory is bounded by bytes (LRU).
//
// At 10,000 sites the files outgrow any memory budget and most requests of a first pass miss, so a
// miss reads only the representation its client takes: the file's stat and its `.br` copy for a
// brotli client (written at publish by the generator), and nothing else. The ETag is the file's
// modification time and size, as nginx's, so no body is hashed. A text file without copies is
// compressed once, on the libuv pool, and the copies are written beside it (best effort), so every
// serving process and every later miss reads them instead of compressing again.
import { constants, lstatSync, realpathSync, type Stats, statSync } from 'node:fs';
import { lstat, open, rename, unlink, writeFile } from 'node:fs/promises';
import type { OutgoingHttpHeaders } from 'node:http';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlibConstants } from 'node:zlib';
import { COMPRESS_MIN_BYTES } from '../generator/site-model';
import {
  type Encoding,
  type FileKind,
  fileHeaders,
  fileKind,
  flatHeaders,
  notModifiedHeaders,
  TLS_HEADERS,
} from './static-headers';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * zlib's answer is a view of its output chunk (or of Buffer's shared 8 KB pool): a 7.9 KB brotli
 * page held a 16 KB backing store, so the cache, which counts a body's length, held up to twice what
 * it counted (at 10,000 sites each serving process's Buffers stood at 116–124 MB against its 64 MB
 * budget; 74–75 MB with this). What the cache keeps from zlib gets a store of its own size.
 */
function ownStore(body: Buffer): Buffer {
  if (body.byteOffset === 0 && body.buffer.byteLength === body.length) return body;
  const exact = Buffer.allocUnsafeSlow(body.length);
  body.copy(exact);
  return exact;
}

export interface StaticVariant {
  body: Buffer;
  etag: string;
  /** Headers of a full response (200 or 404). */
  headers: OutgoingHttpHeaders;
  /** The same as a flat [name, value, …] list: res.writeHead() takes it with less work per call. */
  head: string[];
  /** Headers of a 304 answer to If-None-Match, flat. */
  notModified: string[];
  /** `head` and `notModified` for a request that came over TLS: an HTML file's carry HSTS. */
  tlsHead: string[];
  tlsNotModified: string[];
}

/** A file, or why there is none: the file is missing, or the whole folder is (no site yet). */
export type FileLookup = StaticVariant | 'no-file' | 'no-folder';

export interface StaticFileCacheOptions {
  /** Total bytes of bodies held, all encodings counted. Default 256 MB. */
  maxBytes?: number;
  /** How stale a folder's real path or a file's stat may be. Default 100 ms. */
  revalidateMs?: number;
  /** Compress text files that have no `.br`/`.gz` sibling, once, when loaded. Default true. */
  compressMissing?: boolean;
  /** Write what compressMissing made beside the file, for other processes and later misses.
   *  Default true; a folder that cannot be written to is simply served from memory. */
  persistCompressed?: boolean;
}

interface Folder {
  path: string;
  real: string | null;
  checkedAt: number;
  files: Map<string, Entry>;
}

/** What is known of one version of a file (its stat): each representation once read. */
interface Representations {
  kind: FileKind;
  /** undefined: not read yet; null: there is none (no fresh copy, or one no smaller than the file). */
  identity: StaticVariant | undefined;
  br: StaticVariant | null | undefined;
  gzip: StaticVariant | null | undefined;
}

interface Entry {
  folder: Folder;
  file: string;
  full: string;
  result: Representations | 'no-file';
  bytes: number;
  checkedAt: number;
  touchedAt: number;
  stat: FileStat | null;
}

type FileStat = Pick<Stats, 'ino' | 'size' | 'mtimeMs'>;

interface PlainFile {
  body: Buffer;
  stat: Stats;
}

const DEFAULT_MAX_BYTES = 256 * 1024 * 1024;
const DEFAULT_REVALIDATE_MS = 100;
const MAX_FOLDERS = 10_000;
const ENTRY_OVERHEAD_BYTES = 512;
// Moving an entry to the LRU's young end on every hit would cost a delete and an insert each time.
const TOUCH_INTERVAL_MS = 1000;
// A swap reloads at once the files of the old build that visitors asked for in the last minute
// (at most this many), so the first of them after a publish finds the new page read and compressed.
const WARM_WINDOW_MS = 60_000;
const WARM_FILES = 8;
/** What a swap reads ahead: the representation nearly every browser takes. */
const WARM_ENCODINGS: readonly Encoding[] = Object.freeze(['br', 'gzip']);
const HOMEPAGE_FILE = 'index.html';
const NOT_A_FILE = new Set(['ENOENT', 'ENOTDIR', 'ELOOP', 'EISDIR', 'EMLINK', 'ENAMETOOLONG']);
// O_NOFOLLOW makes open() fail on a symlink; Windows has no such flag (and no such symlinks).
// O_NONBLOCK keeps a FIFO planted in a folder from holding a pool thread in open(); the fstat after
// it refuses anything but a regular file.
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);
const COPY_SUFFIX: Readonly<Record<Encoding, string>> = { br: '.br', gzip: '.gz' };
// Quality 5 and level 6: on a 20 KB page (measured here) brotli 5 takes 0.5 ms for 5,909 bytes where
// quality 9 takes 17.7 ms for 5,865, and gzip 6 matches gzip 9's size in the same time. A cold file
// is compressed on the request path of whoever asks first, so the slow qualities cost visitors.
export const GZIP_LEVEL = 6;
export const BROTLI_OPTIONS = {
  params: {
    [zlibConstants.BROTLI_PARAM_QUALITY]: 5,
    [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
  },
};

export class StaticFileCache {
  readonly #maxBytes: number;
  readonly #revalidateMs: number;
  readonly #compressMissing: boolean;
  readonly #persistCompressed: boolean;
  readonly #folders = new Map<string, Folder>();
  // Insertion order is recency order: the first entry is the least recently used.
  readonly #lru = new Set<Entry>();
  readonly #pending = new Map<string, Promise<FileLookup>>();
  #bytes = 0;

  constructor(options: StaticFileCacheOptions = {}) {
    this.#maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
    this.#revalidateMs = options.revalidateMs ?? DEFAULT_REVALIDATE_MS;
    this.#compressMissing = options.compressMissing ?? true;
    this.#persistCompressed = options.persistCompressed ?? true;
  }

  /** Bytes held, all encodings counted. */
  get bytes(): number {
    return this.#bytes;
  }

  /**
   * `file` (a relative path with '/' separators and no '.' or '..' segments, as
   * rules/request-target.ts produces) of `folder` in the representation a client that accepts
   * `accepts` (best first, negotiation.ts) takes, if already known; undefined means call load().
   * Synchronous and allocation-free on a hit.
   */
  peek(folder: string, file: string, accepts: readonly Encoding[]): FileLookup | undefined {
    const now = performance.now();
    const state = this.#folder(folder, now);
    if (state.real === null) return 'no-folder';
    const entry = state.files.get(file);
    if (entry === undefined) return undefined;
    if (now - entry.checkedAt > this.#revalidateMs) {
      if (!isUnchanged(entry)) {
        this.#remove(entry);
        return undefined;
      }
      entry.checkedAt = now;
    }
    const result = entry.result === 'no-file' ? 'no-file' : chosen(entry.result, accepts);
    if (result === undefined) return undefined;
    if (now - entry.touchedAt > TOUCH_INTERVAL_MS) {
      this.#lru.delete(entry);
      this.#lru.add(entry);
      entry.touchedAt = now;
    }
    return result;
  }

  /**
   * Reads `file` of `folder` from disk in the representation `accepts` takes (once, however many
   * ask at the same time) and keeps it: only that representation is read, never the others.
   */
  load(folder: string, file: string, accepts: readonly Encoding[]): Promise<FileLookup> {
    const state = this.#folder(folder, performance.now());
    const real = state.real;
    if (real === null) return Promise.resolve('no-folder');
    const key = `${real}\0${file}\0${accepts.join()}`;
    let loading = this.#pending.get(key);
    if (loading === undefined) {
      loading = this.#read(state, real, file, accepts).finally(() => this.#pending.delete(key));
      this.#pending.set(key, loading);
    }
    return loading;
  }

  /** peek(), falling back to load(). */
  get(folder: string, file: string, accepts: readonly Encoding[]): FileLookup | Promise<FileLookup> {
    return this.peek(folder, file, accepts) ?? this.load(folder, file, accepts);
  }

  /**
   * Checks where a folder points now (a site was swapped): a new build drops the old one's files and
   * starts reading the ones visitors asked for in the last minute, before they ask again. A site's
   * first build, asked for while it had none, starts with its homepage: onboarding sends the new
   * owner there at once, and the read is then under way before the browser asks.
   */
  invalidate(folder: string): void {
    const state = this.#folders.get(folder);
    if (state === undefined) return;
    const now = performance.now();
    const real = realFolder(folder);
    state.checkedAt = now;
    if (real === state.real) return;
    const hot =
      state.real === null
        ? [HOMEPAGE_FILE]
        : [...state.files.values()]
            .filter((entry) => entry.result !== 'no-file' && now - entry.touchedAt < WARM_WINDOW_MS)
            .sort((a, b) => b.touchedAt - a.touchedAt)
            .slice(0, WARM_FILES)
            .map((entry) => entry.file);
    this.#dropFiles(state);
    state.real = real;
    if (real === null) return;
    // load() shares its read with whoever asks meanwhile; a file the new build lacks is 'no-file'.
    for (const file of hot) void this.load(folder, file, WARM_ENCODINGS).catch(() => {});
  }

  clear(): void {
    for (const state of this.#folders.values()) this.#dropFiles(state);
    this.#folders.clear();
  }

  #folder(folder: string, now: number): Folder {
    let state = this.#folders.get(folder);
    if (state === undefined) {
      if (this.#folders.size >= MAX_FOLDERS) this.#dropOldestFolder();
      state = { path: folder, real: realFolder(folder), checkedAt: now, files: new Map() };
      this.#folders.set(folder, state);
    } else if (now - state.checkedAt > this.#revalidateMs) {
      // A sync realpath is a few microseconds, and happens at most once per folder per interval.
      const real = realFolder(folder);
      if (real !== state.real) {
        this.#dropFiles(state);
        state.real = real;
      }
      state.checkedAt = now;
    }
    return state;
  }

  async #read(
    state: Folder,
    real: string,
    file: string,
    accepts: readonly Encoding[],
    retried = false,
  ): Promise<FileLookup> {
    const full = path.join(real, file);
    const kind = fileKind(file);
    const known = state.real === real ? state.files.get(file) : undefined;
    const held = known !== undefined && known.result !== 'no-file' ? known : undefined;
    const read = insideFolder(real, full) ? await this.#readRepresentation(full, kind, accepts, held) : null;
    if (read === null && !retried && this.#folders.get(state.path) === state) {
      // The generator keeps only the live build: a miss in a build it has just replaced (within
      // revalidateMs of the swap) is read again from wherever the folder points now.
      const now = realFolder(state.path);
      if (now !== real) {
        if (state.real === real) {
          this.#dropFiles(state);
          state.real = now;
          state.checkedAt = performance.now();
        }
        return now === null ? 'no-folder' : this.#read(state, now, file, accepts, true);
      }
    }
    // The folder may have been swapped while we read: serve what we read, but do not keep it.
    const keep = state.real === real && this.#folders.get(state.path) === state;
    if (read === null) {
      if (keep) this.#remember(state, file, full, 'no-file', null);
      return 'no-file';
    }
    if (keep) {
      const entry = state.files.get(file);
      if (entry !== undefined && entry.result === read.file && this.#lru.has(entry)) {
        // Another representation of the version held: counted with it.
        const bytes = ENTRY_OVERHEAD_BYTES + 2 * full.length + bodyBytes(read.file);
        this.#bytes += bytes - entry.bytes;
        entry.bytes = bytes;
        this.#evictOverBudget();
      } else {
        this.#remember(state, file, full, read.file, read.stat);
      }
    }
    return chosen(read.file, accepts) ?? (read.file.identity as StaticVariant);
  }

  /**
   * The representation of `full` a client accepting `accepts` takes, added to what is `held` of the
   * same version of the file (or to a fresh record): the copy of the first accepted coding that has
   * one (`.br`, `.gz` beside the file, written at publish), else the file itself. A text file
   * without copies is compressed here once (compressMissing). null: no such regular file.
   */
  async #readRepresentation(
    full: string,
    kind: FileKind,
    accepts: readonly Encoding[],
    held: Entry | undefined,
  ): Promise<{ file: Representations; stat: FileStat } | null> {
    let stat: FileStat | null = held?.stat ?? null;
    let file = held?.result !== undefined && held.result !== 'no-file' ? held.result : null;
    for (const encoding of kind.compressible ? accepts : []) {
      if (file !== null && file[encoding] === null) continue;
      if (file !== null && file[encoding] !== undefined) return { file, stat: stat as FileStat };
      // The file's stat (its validator, and whether the copy is fresh) and the copy, side by side.
      const [plain, copy] = await Promise.all([lstatFile(full), readRegular(full + COPY_SUFFIX[encoding])]);
      if (plain === null) return null;
      if (file === null || stat === null || !sameStat(plain, stat)) {
        file = { kind, identity: undefined, br: undefined, gzip: undefined };
        stat = plain;
      }
      // A copy older than the file belongs to an earlier version of it; one no smaller is useless.
      const fresh = copy !== null && copy.stat.mtimeMs >= plain.mtimeMs ? copy : null;
      if (fresh !== null && fresh.body.length < plain.size) {
        file[encoding] = buildVariant(kind, plain, fresh.body, encoding, true);
        return { file, stat };
      }
      if (fresh === null && this.#compressMissing && plain.size >= COMPRESS_MIN_BYTES) {
        return this.#compress(full, kind);
      }
      file[encoding] = null;
    }
    if (file?.identity !== undefined) return { file, stat: stat as FileStat };
    // The file itself: a client that accepts no coding, or a file without a (useful) copy. Whether
    // the answer varies by Accept-Encoding depends on copies not read yet: their stats say.
    const probe = kind.compressible && (file === null || file.br === undefined || file.gzip === undefined);
    const [found, brCopy, gzCopy] = await Promise.all([
      readRegular(full),
      probe ? lstatFile(full + COPY_SUFFIX.br) : null,
      probe ? lstatFile(full + COPY_SUFFIX.gzip) : null,
    ]);
    if (found === null) return null;
    if (file === null || stat === null || !sameStat(found.stat, stat)) {
      file = { kind, identity: undefined, br: undefined, gzip: undefined };
      if (!kind.compressible) {
        file.br = null;
        file.gzip = null;
      }
    }
    const size = found.body.length;
    const varies =
      file.br != null ||
      file.gzip != null ||
      (probe &&
        ((this.#compressMissing && size >= COMPRESS_MIN_BYTES) ||
          [brCopy, gzCopy].some(
            (copy) => copy !== null && copy.mtimeMs >= found.stat.mtimeMs && copy.size < size,
          )));
    file.identity = buildVariant(kind, found.stat, found.body, null, varies);
    return { file, stat: found.stat };
  }

  /** A text file without copies: read, compressed once on the libuv pool, the copies written beside it. */
  async #compress(full: string, kind: FileKind): Promise<{ file: Representations; stat: FileStat } | null> {
    const found = await readRegular(full);
    if (found === null) return null;
    const [br, gz] = await Promise.all([readRegular(`${full}.br`), readRegular(`${full}.gz`)]);
    // A sibling older than the file belongs to an earlier version of it.
    let brBody = br && br.stat.mtimeMs >= found.stat.mtimeMs ? br.body : null;
    let gzBody = gz && gz.stat.mtimeMs >= found.stat.mtimeMs ? gz.body : null;
    const made = { br: brBody === null, gz: gzBody === null };
    [brBody, gzBody] = await Promise.all([
      brBody ?? brotliAsync(found.body, BROTLI_OPTIONS).then(ownStore),
      gzBody ?? gzipAsync(found.body, { level: GZIP_LEVEL }).then(ownStore),
    ]);
    if (this.#persistCompressed) {
      // A write to the page cache costs a fraction of the compression it saves the next time. It
      // goes on after the answer: whoever asked first waits for the compression, not the writes.
      this.#persist([
        made.br && writeBeside(`${full}.br`, brBody),
        made.gz && writeBeside(`${full}.gz`, gzBody),
      ]);
    }
    const size = found.body.length;
    const br5 = brBody.length < size ? buildVariant(kind, found.stat, brBody, 'br', true) : null;
    const gz6 = gzBody.length < size ? buildVariant(kind, found.stat, gzBody, 'gzip', true) : null;
    // Of a compressed file only the compressed bodies are held: the plain one is read again for the
    // rare client that accepts neither coding.
    const identity =
      br5 === null && gz6 === null ? buildVariant(kind, found.stat, found.body, null, false) : undefined;
    return { file: { kind, identity, br: br5, gzip: gz6 }, stat: found.stat };
  }

  /** Writes of compressed copies still under way (writeBeside never rejects). */
  readonly #writes = new Set<Promise<unknown>>();

  #persist(writes: Array<Promise<void> | false>): void {
    const all = Promise.all(writes);
    this.#writes.add(all);
    void all.finally(() => this.#writes.delete(all));
  }

  /** Resolves once every compressed copy this cache has begun to write is on disk (or given up). */
  async written(): Promise<void> {
    while (this.#writes.size > 0) await Promise.all(this.#writes);
  }

  #remember(
    state: Folder,
    file: string,
    full: string,
    result: Representations | 'no-file',
    stat: FileStat | null,
  ): void {
    const previous = state.files.get(file);
    if (previous !== undefined) this.#remove(previous);
    const bytes = ENTRY_OVERHEAD_BYTES + 2 * full.length + (result === 'no-file' ? 0 : bodyBytes(result));
    if (bytes > this.#maxBytes / 4) return;
    const now = performance.now();
    const entry: Entry = {
      folder: state,
      file,
      full,
      result,
      bytes,
      checkedAt: now,
      touchedAt: now,
      stat: stat && { ino: stat.ino, size: stat.size, mtimeMs: stat.mtimeMs },
    };
    state.files.set(file, entry);
    this.#lru.add(entry);
    this.#bytes += bytes;
    this.#evictOverBudget();
  }

  #evictOverBudget(): void {
    while (this.#bytes > this.#maxBytes) {
      const oldest = this.#lru.values().next().value;
      if (oldest === undefined) break;
      this.#remove(oldest);
    }
  }

  #remove(entry: Entry): void {
    if (!this.#lru.delete(entry)) return;
    entry.folder.files.delete(entry.file);
    this.#bytes -= entry.bytes;
  }

  #dropFiles(state: Folder): void {
    for (const entry of state.files.values()) this.#remove(entry);
    state.files.clear();
  }

  #dropOldestFolder(): void {
    const oldest = this.#folders.values().next().value;
    if (oldest === undefined) return;
    this.#dropFiles(oldest);
    this.#folders.delete(oldest.path);
  }
}

/**
 * The representation of `file` a client accepting `accepts` takes, if it is known: the first
 * accepted coding that has a copy, else the plain body. undefined: something must be read first.
 */
function chosen(file: Representations, accepts: readonly Encoding[]): StaticVariant | undefined {
  for (const encoding of accepts) {
    const variant = file[encoding];
    if (variant === undefined) return undefined;
    if (variant !== null) return variant;
  }
  return file.identity;
}

/** The real path of a folder (following the generator's symlink), or null when there is none. */
function realFolder(folder: string): string | null {
  try {
    const real = realpathSync.native(folder);
    return statSync(real).isDirectory() ? real : null;
  } catch {
    return null;
  }
}

// `file` comes from rules/request-target.ts and cannot climb out; this is the second lock. For a
// file in a subfolder (marketing assets), the subfolder must not be reached through a symlink.
function insideFolder(real: string, full: string): boolean {
  if (!full.startsWith(real + path.sep)) return false;
  const parent = path.dirname(full);
  if (parent === real) return true;
  try {
    return realpathSync.native(parent) === parent;
  } catch {
    return false;
  }
}

/**
 * A regular file's contents, read into a store of its own size; null for anything else, a symlink
 * included. open, fstat and one read: the close goes on after the answer.
 */
async function readRegular(full: string): Promise<PlainFile | null> {
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(full, OPEN_FLAGS);
  } catch (error) {
    if (NOT_A_FILE.has((error as NodeJS.ErrnoException).code ?? '')) return null;
    throw error;
  }
  try {
    const stat = await handle.stat();
    if (!stat.isFile()) return null;
    const body = Buffer.allocUnsafeSlow(stat.size);
    let filled = 0;
    while (filled < body.length) {
      const { bytesRead } = await handle.read(body, filled, body.length - filled, filled);
      if (bytesRead === 0) break;
      filled += bytesRead;
    }
    return { body: filled === body.length ? body : ownStore(body.subarray(0, filled)), stat };
  } finally {
    handle.close().catch(() => {});
  }
}

/** The stat of a regular file (not following a symlink), or null. */
async function lstatFile(full: string): Promise<Stats | null> {
  try {
    const found = await lstat(full);
    return found.isFile() ? found : null;
  } catch (error) {
    if (NOT_A_FILE.has((error as NodeJS.ErrnoException).code ?? '')) return null;
    throw error;
  }
}

function sameStat(a: FileStat, b: FileStat): boolean {
  return a.ino === b.ino && a.size === b.size && a.mtimeMs === b.mtimeMs;
}

function isUnchanged(entry: Entry): boolean {
  const now = lstatOrUndefined(entry.full);
  if (entry.stat === null) return now === undefined;
  return (
    now?.isFile() === true &&
    now.ino === entry.stat.ino &&
    now.size === entry.stat.size &&
    now.mtimeMs === entry.stat.mtimeMs
  );
}

// ENOTDIR (a file where a folder was expected) and ELOOP mean "no such file" here as much as ENOENT.
function lstatOrUndefined(full: string): Stats | undefined {
  try {
    return lstatSync(full, { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
}

/** Writes `body` to `target` through a temporary name; failures (a read-only folder, a build
 *  removed meanwhile) leave the file to be compressed again next time. */
async function writeBeside(target: string, body: Buffer): Promise<void> {
  const temporary = `${target}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  try {
    await writeFile(temporary, body, { flag: 'wx' });
    await rename(temporary, target);
  } catch {
    await unlink(temporary).catch(() => {});
  }
}

function bodyBytes(file: Representations): number {
  return (file.identity?.body.length ?? 0) + (file.br?.body.length ?? 0) + (file.gzip?.body.length ?? 0);
}

/**
 * One representation of a file with its headers. The ETag is the plain file's modification time
 * and size, as nginx makes it (no hash of the body, which a miss for a compressed copy never
 * reads), tagged by encoding: the generator writes every version of a file, and its copies, anew
 * (an unchanged file is linked, and keeps its ETag from one publish to the next).
 */
function buildVariant(
  kind: FileKind,
  stat: FileStat,
  body: Buffer,
  encoding: Encoding | null,
  varies: boolean,
): StaticVariant {
  const validator = `${Math.round(stat.mtimeMs * 1000).toString(36)}-${stat.size.toString(36)}`;
  const etag = `"${validator}${encoding === null ? '' : `-${encoding}`}"`;
  const headers = fileHeaders(kind, body.length, etag, encoding, varies);
  const head = flatHeaders(headers);
  const notModified = flatHeaders(notModifiedHeaders(kind, etag, varies));
  const tls = kind.html ? flatHeaders(TLS_HEADERS) : [];
  return {
    body,
    etag,
    headers,
    head,
    notModified,
    tlsHead: tls.length > 0 ? [...head, ...tls] : head,
    tlsNotModified: tls.length > 0 ? [...notModified, ...tls] : notModified,
  };
}
