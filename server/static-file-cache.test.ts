import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type FileLookup, StaticFileCache, type StaticVariant } from './static-file-cache';
import type { Encoding } from './static-headers';

const NONE: readonly Encoding[] = [];
const BR: readonly Encoding[] = ['br'];
const GZIP: readonly Encoding[] = ['gzip'];
const BOTH: readonly Encoding[] = ['br', 'gzip'];

/** The plain text of a representation, whatever its coding. */
function identityBody(variant: StaticVariant): Buffer {
  const coding = variant.headers['Content-Encoding'];
  if (coding === 'br') return brotliDecompressSync(variant.body);
  if (coding === 'gzip') return gunzipSync(variant.body);
  return variant.body;
}

import { writeFakeSite } from '../tests/support/site-folders';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'mesterside-cache-'));
});
afterEach(() => {
  // A cache may still be writing a compressed copy beside a file it served (after its answer).
  rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 20 });
});

function text(found: FileLookup): string {
  expect(typeof found).toBe('object');
  return identityBody(found as StaticVariant).toString();
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits (up to 10 s) until the cache holds `file` of `folder` without anyone asking for it. */
async function held(cache: StaticFileCache, folder: string, file: string): Promise<void> {
  for (let waited = 0; cache.peek(folder, file, BOTH) === undefined && waited < 10_000; waited += 10) {
    await sleep(10);
  }
}

describe('StaticFileCache', () => {
  it('reads only the representation a client takes, once, and then answers from memory', async () => {
    const hello = 'hello '.repeat(100);
    writeFakeSite(dir, 'site', { 'index.html': hello });
    const cache = new StaticFileCache();
    const folder = path.join(dir, 'site');
    expect(cache.peek(folder, 'index.html', BOTH)).toBeUndefined();
    const br = (await cache.load(folder, 'index.html', BOTH)) as StaticVariant;
    expect(br.headers['Content-Encoding']).toBe('br');
    expect(identityBody(br).toString()).toBe(hello);
    expect(cache.peek(folder, 'index.html', BOTH)).toBe(br);
    expect(cache.peek(folder, 'index.html', BR)).toBe(br);
    // Neither the gzip copy nor the file itself was read: only the brotli body is held.
    expect(cache.bytes).toBeLessThan(br.body.length + 1024);
    expect(cache.peek(folder, 'index.html', GZIP)).toBeUndefined();
    expect(cache.peek(folder, 'index.html', NONE)).toBeUndefined();
    const gzip = (await cache.load(folder, 'index.html', GZIP)) as StaticVariant;
    expect(gzip.headers['Content-Encoding']).toBe('gzip');
    const plain = (await cache.load(folder, 'index.html', NONE)) as StaticVariant;
    expect(plain.body.toString()).toBe(hello);
    expect(plain.headers.Vary).toBe('Accept-Encoding');
    // Added to the same version of the file: every representation stays held.
    expect(cache.peek(folder, 'index.html', BR)).toBe(br);
    expect(cache.peek(folder, 'index.html', GZIP)).toBe(gzip);
    expect(cache.peek(folder, 'index.html', NONE)).toBe(plain);
  });

  it("makes ETags of the file's modification time and size, without reading or hashing it", async () => {
    const page = 'side '.repeat(400);
    const build = writeFakeSite(dir, 'site', { 'index.html': page });
    const folder = path.join(dir, 'site');
    const file = path.join(build, 'index.html');
    // A whole second: utimes keeps it exactly.
    const mtime = new Date(Math.floor(Date.now() / 1000) * 1000 - 10_000);
    utimesSync(file, mtime, mtime);
    utimesSync(`${file}.br`, mtime, mtime);
    const br = (await new StaticFileCache().load(folder, 'index.html', BR)) as StaticVariant;
    const plain = (await new StaticFileCache().load(folder, 'index.html', NONE)) as StaticVariant;
    expect(br.etag).toMatch(/^"[0-9a-z]+-[0-9a-z]+-br"$/);
    expect(plain.etag).toBe(br.etag.replace('-br"', '"'));
    // Other bytes of the same size and time: the same validator (as nginx's), so nothing hashed them.
    writeFileSync(file, 'SIDE '.repeat(400));
    utimesSync(file, mtime, mtime);
    utimesSync(`${file}.br`, mtime, mtime);
    const again = (await new StaticFileCache().load(folder, 'index.html', BR)) as StaticVariant;
    expect(again.etag).toBe(br.etag);
    // A new version (another time) gets another validator.
    const later = new Date(mtime.getTime() + 5000);
    utimesSync(file, later, later);
    utimesSync(`${file}.br`, later, later);
    const changed = (await new StaticFileCache().load(folder, 'index.html', BR)) as StaticVariant;
    expect(changed.etag).not.toBe(br.etag);
  });

  it('reads a miss again from the new build when the old one was removed right after a swap', async () => {
    writeFakeSite(dir, 'site', { 'index.html': 'old home', 'about.html': 'old about' }, 1);
    // A long recheck interval: the cache still believes the folder points at build 1.
    const cache = new StaticFileCache({ revalidateMs: 60_000 });
    const folder = path.join(dir, 'site');
    expect(text(await cache.load(folder, 'index.html', NONE))).toBe('old home');
    writeFakeSite(dir, 'site', { 'index.html': 'new home', 'about.html': 'new about' }, 2);
    rmSync(path.join(dir, '.builds', 'site-1'), { recursive: true });
    expect(text(await cache.load(folder, 'about.html', NONE))).toBe('new about');
    expect(text(cache.peek(folder, 'about.html', NONE) as FileLookup)).toBe('new about');
    rmSync(path.join(dir, 'site'));
    expect(await cache.load(folder, 'contact.html', NONE)).toBe('no-folder');
  });

  it('reads the files visitors asked for again as soon as a swap is reported, before they ask', async () => {
    writeFakeSite(dir, 'site', { 'index.html': 'old home', 'about.html': 'old about' }, 1);
    const cache = new StaticFileCache({ revalidateMs: 60_000 });
    const folder = path.join(dir, 'site');
    expect(text(await cache.load(folder, 'index.html', NONE))).toBe('old home');
    writeFakeSite(dir, 'site', { 'index.html': 'new home', 'about.html': 'new about' }, 2);
    cache.invalidate(folder);
    // No request in between: the new home page arrives in the cache by itself.
    await held(cache, folder, 'index.html');
    expect(text(cache.peek(folder, 'index.html', BOTH) as FileLookup)).toBe('new home');
    // What nobody asked for stays on disk until someone does.
    expect(cache.peek(folder, 'about.html', BOTH)).toBeUndefined();
    expect(text(await cache.get(folder, 'about.html', NONE))).toBe('new about');
  });

  it("reads a site's first homepage as soon as its first build is reported", async () => {
    const cache = new StaticFileCache({ revalidateMs: 60_000 });
    const folder = path.join(dir, 'site');
    // A visitor (the new owner's browser) asked before the site was there.
    expect(await cache.load(folder, 'index.html', NONE)).toBe('no-folder');
    writeFakeSite(dir, 'site', { 'index.html': 'first home', 'about.html': 'first about' }, 1);
    cache.invalidate(folder);
    await held(cache, folder, 'index.html');
    expect(text(cache.peek(folder, 'index.html', BOTH) as FileLookup)).toBe('first home');
    expect(cache.peek(folder, 'about.html', BOTH)).toBeUndefined();
  });

  it('tells a missing file from a missing folder', async () => {
    writeFakeSite(dir, 'site', { 'index.html': 'hello' });
    const cache = new StaticFileCache();
    expect(await cache.load(path.join(dir, 'site'), 'nope.html', BOTH)).toBe('no-file');
    expect(cache.peek(path.join(dir, 'site'), 'nope.html', BOTH)).toBe('no-file');
    expect(await cache.load(path.join(dir, 'other'), 'index.html', BOTH)).toBe('no-folder');
  });

  it('never follows a symlink inside the folder', async () => {
    const build = writeFakeSite(dir, 'site', { 'index.html': 'hello' });
    const outside = path.join(dir, 'outside');
    mkdirSync(outside);
    writeFileSync(path.join(outside, 'secret.html'), 'secret');
    symlinkSync(path.join(outside, 'secret.html'), path.join(build, 'evil.html'));
    symlinkSync('index.html', path.join(build, 'alias.html'));
    symlinkSync(outside, path.join(build, 'sub'));
    const cache = new StaticFileCache();
    const folder = path.join(dir, 'site');
    expect(await cache.load(folder, 'evil.html', NONE)).toBe('no-file');
    expect(await cache.load(folder, 'alias.html', NONE)).toBe('no-file');
    expect(await cache.load(folder, 'sub/secret.html', NONE)).toBe('no-file');
    expect(await cache.load(folder, '../outside/secret.html', NONE)).toBe('no-file');
  });

  it('notices a swapped folder and an edited file within the revalidation interval', async () => {
    writeFakeSite(dir, 'site', { 'index.html': 'one' }, 1);
    const plain = path.join(dir, 'plain');
    mkdirSync(plain);
    writeFileSync(path.join(plain, 'a.txt'), 'first');
    // Wide enough that a loaded machine does not pass it between the reads that expect the old files.
    const cache = new StaticFileCache({ revalidateMs: 300 });
    const folder = path.join(dir, 'site');
    expect(text(await cache.get(folder, 'index.html', NONE))).toBe('one');
    expect(text(await cache.get(plain, 'a.txt', NONE))).toBe('first');
    writeFakeSite(dir, 'site', { 'index.html': 'two' }, 2);
    writeFileSync(path.join(plain, 'a.txt'), 'second!');
    expect(text(await cache.get(folder, 'index.html', NONE))).toBe('one');
    await sleep(350);
    expect(text(await cache.get(folder, 'index.html', NONE))).toBe('two');
    expect(text(await cache.get(plain, 'a.txt', NONE))).toBe('second!');
  });

  it('revalidates a missing file below a file without throwing', async () => {
    mkdirSync(path.join(dir, 'dist'));
    writeFileSync(path.join(dir, 'dist', 'passwd'), 'not a folder');
    const cache = new StaticFileCache({ revalidateMs: 5 });
    const folder = path.join(dir, 'dist');
    expect(await cache.load(folder, 'passwd/index.html', NONE)).toBe('no-file');
    await sleep(10);
    expect(cache.peek(folder, 'passwd/index.html', NONE)).toBe('no-file');
  });

  it('keeps its bytes under the limit, dropping the least recently used', async () => {
    const files: Record<string, string> = {};
    const folder = path.join(dir, 'site');
    mkdirSync(folder);
    for (let index = 0; index < 20; index++) {
      files[`p${index}.html`] = 'x'.repeat(10_000);
      writeFileSync(path.join(folder, `p${index}.html`), 'x'.repeat(10_000));
    }
    const cache = new StaticFileCache({ maxBytes: 60_000, compressMissing: false });
    for (const name of Object.keys(files)) await cache.load(folder, name, NONE);
    expect(cache.bytes).toBeLessThanOrEqual(60_000);
    expect(cache.peek(folder, 'p19.html', NONE)).toBeTypeOf('object');
    expect(cache.peek(folder, 'p0.html', NONE)).toBeUndefined();
  });

  it('compresses text files without siblings and keeps only smaller bodies', async () => {
    mkdirSync(path.join(dir, 'dist'));
    const css = 'body { color: red; }\n'.repeat(200);
    writeFileSync(path.join(dir, 'dist', 'big.css'), css);
    writeFileSync(path.join(dir, 'dist', 'small.css'), 'a{}');
    writeFileSync(path.join(dir, 'dist', 'image.png'), Buffer.alloc(5000));
    const cache = new StaticFileCache();
    const folder = path.join(dir, 'dist');
    const br = (await cache.load(folder, 'big.css', BR)) as StaticVariant;
    expect(br.headers['Content-Encoding']).toBe('br');
    expect(br.body.length).toBeLessThan(css.length);
    // Both codings were made at once; the plain body is not held: a client that accepts no coding
    // gets it read again, then held and counted.
    expect((cache.peek(folder, 'big.css', GZIP) as StaticVariant).headers['Content-Encoding']).toBe('gzip');
    expect(cache.peek(folder, 'big.css', NONE)).toBeUndefined();
    const before = cache.bytes;
    const plain = (await cache.load(folder, 'big.css', NONE)) as StaticVariant;
    expect(plain.body.toString()).toBe(css);
    expect(cache.bytes).toBe(before + css.length);
    expect(Number(plain.headers['Content-Length'])).toBe(css.length);
    expect(plain.headers.Vary).toBe('Accept-Encoding');
    const small = (await cache.load(folder, 'small.css', BOTH)) as StaticVariant;
    expect(small.headers['Content-Encoding']).toBeUndefined();
    expect(small.headers.Vary).toBeUndefined();
    const image = (await cache.load(folder, 'image.png', BOTH)) as StaticVariant;
    expect(image.headers['Content-Encoding']).toBeUndefined();
    expect(image.headers['Content-Type']).toBe('image/png');
  });

  it("holds what it compressed in memory of the size it counts, not in zlib's larger chunk", async () => {
    // Words that compress to a few KB, as a page does: zlib answers with a view of a 16 KB chunk
    // (or of Buffer's shared pool), which the cache must not keep alive behind a smaller count.
    const page = Array.from({ length: 3000 }, (_, index) => `ord${(index * 7919) % 1000}`).join(' ');
    mkdirSync(path.join(dir, 'site'));
    writeFileSync(path.join(dir, 'site', 'index.html'), page);
    const cache = new StaticFileCache({ persistCompressed: false });
    const folder = path.join(dir, 'site');
    const bodies = [];
    for (const accepts of [BR, GZIP, NONE]) {
      bodies.push(((await cache.load(folder, 'index.html', accepts)) as StaticVariant).body);
    }
    for (const body of bodies) {
      expect(body).toBeInstanceOf(Buffer);
      expect(body.buffer.byteLength).toBe(body.length);
    }
    expect(bodies[2]?.toString()).toBe(page);
  });

  it('reads a file once for concurrent requests', async () => {
    writeFakeSite(dir, 'site', { 'index.html': 'hello' });
    const cache = new StaticFileCache();
    const folder = path.join(dir, 'site');
    const [a, b] = await Promise.all([
      cache.load(folder, 'index.html', BOTH),
      cache.load(folder, 'index.html', BOTH),
    ]);
    expect(a).toBe(b);
  });

  it('writes what it compressed beside the file, and a fresh cache (another process) reads it', async () => {
    const page = '<p>Tømrerarbejde i Aarhus</p>\n'.repeat(100);
    const folder = path.join(dir, 'site');
    mkdirSync(folder);
    const real = path.join(folder, 'index.html');
    writeFileSync(real, page);
    const first = new StaticFileCache();
    await first.load(folder, 'index.html', BR);
    await first.written();
    expect(gunzipSync(readFileSync(`${real}.gz`)).toString()).toBe(page);
    expect(brotliDecompressSync(readFileSync(`${real}.br`)).toString()).toBe(page);
    // A copy that is not the file's compressed form proves the second cache read it rather than
    // compressing again.
    const marker = Buffer.from('marker');
    writeFileSync(`${real}.br`, marker);
    const again = (await new StaticFileCache().load(folder, 'index.html', BR)) as StaticVariant;
    expect(again.body).toEqual(marker);
  });

  it('ignores a compressed copy older than its file', async () => {
    const page = 'new text '.repeat(200);
    mkdirSync(path.join(dir, 'site'));
    const real = path.join(dir, 'site', 'index.html');
    writeFileSync(real, page);
    writeFileSync(`${real}.br`, Buffer.from('stale'));
    const past = new Date(Date.now() - 60_000);
    utimesSync(`${real}.br`, past, past);
    const loaded = (await new StaticFileCache().load(
      path.join(dir, 'site'),
      'index.html',
      BR,
    )) as StaticVariant;
    expect(brotliDecompressSync(loaded.body).toString()).toBe(page);
  });

  it('serves from memory when the folder cannot be written to', async () => {
    const page = 'read only '.repeat(200);
    mkdirSync(path.join(dir, 'site'));
    writeFileSync(path.join(dir, 'site', 'index.html'), page);
    const cache = new StaticFileCache({ persistCompressed: false });
    const loaded = (await cache.load(path.join(dir, 'site'), 'index.html', BR)) as StaticVariant;
    await cache.written();
    expect(brotliDecompressSync(loaded.body).toString()).toBe(page);
    expect(existsSync(path.join(dir, 'site', 'index.html.br'))).toBe(false);
  });
});
