// Files of site folders held in memory with their compressed forms, ETags and response headers, so
// a hit costs no system call. A folder such as `sites/<cvr>` is opaque: usually a symlink the
// generator swaps with rename(2). Its real path is checked at most every `revalidateMs`, and a
// change drops every file read through the old one, so a new site is served within that time.
// Symlinks inside a folder are never followed. Memory is bounded by bytes (LRU).
//
// A text file without `.br`/`.gz` siblings is compressed once, on the libuv pool, and the results
// are written beside it (best effort), so every serving process and every later miss after an
// eviction reads them instead of compressing again: at 10,000 sites the files outgrow any memory
// budget, and a miss must cost a read, not a compression. Of a compressed file only the compressed
// bodies are held; the rare client that accepts neither coding gets the gzip body inflated.
import { createHash } from 'node:crypto';
import { constants, lstatSync, realpathSync, type Stats, statSync } from 'node:fs';
import { open, rename, unlink, writeFile } from 'node:fs/promises';
import type { OutgoingHttpHeaders } from 'node:http';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, gunzipSync, gzip, constants as zlibConstants } from 'node:zlib';
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

interface StaticVariant {
  /** null for the identity body of a file held only compressed: StaticFileCache.identity() inflates it. */
  body: Buffer | null;
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

export interface StaticFile {
  identity: StaticVariant;
  br: StaticVariant | null;
  gzip: StaticVariant | null;
}

/** A file, or why there is none: the file is missing, or the whole folder is (no site yet). */
export type FileLookup = StaticFile | 'no-file' | 'no-folder';

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

interface Entry {
  folder: Folder;
  file: string;
  full: string;
  result: StaticFile | 'no-file';
  bytes: number;
  checkedAt: number;
  touchedAt: number;
  stat: Pick<Stats, 'ino' | 'size' | 'mtimeMs'> | null;
}

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
const HOMEPAGE_FILE = 'index.html';
const NOT_A_FILE = new Set(['ENOENT', 'ENOTDIR', 'ELOOP', 'EISDIR', 'EMLINK', 'ENAMETOOLONG']);
// O_NOFOLLOW makes open() fail on a symlink; Windows has no such flag (and no such symlinks).
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0);
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
  readonly #entries = new WeakMap<StaticFile, Entry>();
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
   * rules/request-target.ts produces) of `folder`, if already known; undefined means call load().
   * Synchronous and allocation-free on a hit.
   */
  peek(folder: string, file: string): FileLookup | undefined {
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
    if (now - entry.touchedAt > TOUCH_INTERVAL_MS) {
      this.#lru.delete(entry);
      this.#lru.add(entry);
      entry.touchedAt = now;
    }
    return entry.result;
  }

  /** Reads `file` of `folder` from disk (once, however many ask at the same time) and keeps it. */
  load(folder: string, file: string): Promise<FileLookup> {
    const state = this.#folder(folder, performance.now());
    const real = state.real;
    if (real === null) return Promise.resolve('no-folder');
    const key = `${real}\0${file}`;
    let loading = this.#pending.get(key);
    if (loading === undefined) {
      loading = this.#read(state, real, file).finally(() => this.#pending.delete(key));
      this.#pending.set(key, loading);
    }
    return loading;
  }

  /**
   * The plain body of a loaded file. One held only compressed is inflated at the first request that
   * needs it (a client that accepts no coding) and then held too, counted against the budget.
   */
  identity(file: StaticFile): Buffer {
    if (file.identity.body !== null) return file.identity.body;
    const body = identityBody(file);
    file.identity.body = body;
    const entry = this.#entries.get(file);
    if (entry !== undefined && this.#lru.has(entry)) {
      entry.bytes += body.length;
      this.#bytes += body.length;
      this.#evictOverBudget();
    }
    return body;
  }

  /** peek(), falling back to load(). */
  get(folder: string, file: string): FileLookup | Promise<FileLookup> {
    return this.peek(folder, file) ?? this.load(folder, file);
  }

  /**
   * Checks where a folder points now (a site was swapped): a new build drops the old one's files and
   * starts reading the ones visitors asked for in the last minute, before they ask again. A site's
   * first build, asked for while it had none, starts with its homepage: onboarding sends the new
   * owner there at once, and the read and compression are then under way before the browser asks.
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
    for (const file of hot) void this.load(folder, file).catch(() => {});
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

  async #read(state: Folder, real: string, file: string, retried = false): Promise<FileLookup> {
    const full = path.join(real, file);
    const found = insideFolder(real, full) ? await readPlainFile(full) : null;
    if (found === null && !retried && this.#folders.get(state.path) === state) {
      // The generator keeps only the live build: a miss in a build it has just replaced (within
      // revalidateMs of the swap) is read again from wherever the folder points now.
      const now = realFolder(state.path);
      if (now !== real) {
        if (state.real === real) {
          this.#dropFiles(state);
          state.real = now;
          state.checkedAt = performance.now();
        }
        return now === null ? 'no-folder' : this.#read(state, now, file, true);
      }
    }
    let result: StaticFile | 'no-file' = 'no-file';
    if (found !== null) {
      const kind = fileKind(file);
      const [br, gz] = await Promise.all([readPlainFile(`${full}.br`), readPlainFile(`${full}.gz`)]);
      // A sibling older than the file belongs to an earlier version of it.
      let brBody = br && br.stat.mtimeMs >= found.stat.mtimeMs ? br.body : null;
      let gzBody = gz && gz.stat.mtimeMs >= found.stat.mtimeMs ? gz.body : null;
      if (this.#compressMissing && kind.compressible && found.body.length >= COMPRESS_MIN_BYTES) {
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
      }
      result = buildFile(kind, found.body, smaller(brBody, found.body), smaller(gzBody, found.body));
    }
    // The folder may have been swapped while we read: serve what we read, but do not keep it.
    if (state.real === real && this.#folders.get(state.path) === state) {
      this.#remember(state, file, full, result, found?.stat ?? null);
    }
    return result;
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
    result: StaticFile | 'no-file',
    stat: Stats | null,
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
    if (result !== 'no-file') this.#entries.set(result, entry);
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

/** A regular file's contents; null for anything else, a symlink included. */
async function readPlainFile(full: string): Promise<PlainFile | null> {
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
    return { body: await handle.readFile(), stat };
  } finally {
    await handle.close();
  }
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

/** The plain body of a file: held, or inflated from its gzip body (held only compressed). */
function identityBody(file: StaticFile): Buffer {
  if (file.identity.body !== null) return file.identity.body;
  if (file.gzip?.body) return ownStore(gunzipSync(file.gzip.body));
  throw new Error('a file held only compressed has no gzip body');
}

function smaller(candidate: Buffer | null, body: Buffer): Buffer | null {
  return candidate !== null && candidate.length < body.length ? candidate : null;
}

function bodyBytes(file: StaticFile): number {
  return (file.identity.body?.length ?? 0) + (file.br?.body?.length ?? 0) + (file.gzip?.body?.length ?? 0);
}

function buildFile(kind: FileKind, body: Buffer, br: Buffer | null, gz: Buffer | null): StaticFile {
  // A strong validator per representation: the hash of the plain body, tagged by encoding.
  const hash = createHash('sha256').update(body).digest('base64url').slice(0, 27);
  const varies = br !== null || gz !== null;
  const variant = (data: Buffer, encoding: Encoding | null, hold = true): StaticVariant => {
    const etag = `"${hash}${encoding === null ? '' : `-${encoding}`}"`;
    const headers = fileHeaders(kind, data.length, etag, encoding, varies);
    const head = flatHeaders(headers);
    const notModified = flatHeaders(notModifiedHeaders(kind, etag, varies));
    const tls = kind.html ? flatHeaders(TLS_HEADERS) : [];
    return {
      body: hold ? data : null,
      etag,
      headers,
      head,
      notModified,
      tlsHead: tls.length > 0 ? [...head, ...tls] : head,
      tlsNotModified: tls.length > 0 ? [...notModified, ...tls] : notModified,
    };
  };
  return {
    // Nearly every client accepts gzip or br: the plain body is inflated for the rest.
    identity: variant(body, null, gz === null),
    br: br === null ? null : variant(br, 'br'),
    gzip: gz === null ? null : variant(gz, 'gzip'),
  };
}
