import { execFileSync } from 'node:child_process';
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { diskTempDir } from '../tests/support/memory-tmpdir';
import { LiveBuildChanged, liveBuild, writeSite } from './write-site';

let sites: string;
beforeEach(() => {
  sites = mkdtempSync(path.join(tmpdir(), 'mesterside-write-site-'));
});
afterEach(() => rmSync(sites, { recursive: true, force: true }));

const file = (name: string) => ({ name, body: Buffer.from('<h1>Hansen</h1>') });

it('writes a flat build of regular files and makes it live', async () => {
  await writeSite(sites, '12345678', [file('index.html'), file('om-os.html')]);
  expect(readdirSync(path.join(sites, '12345678')).sort()).toEqual(['index.html', 'om-os.html']);
});

it('refuses a file name that would leave the build, and leaves the live site alone', async () => {
  await writeSite(sites, '12345678', [file('index.html')]);
  for (const name of ['../../escape.html', '.hidden', 'a/b.html', '..']) {
    await expect(writeSite(sites, '12345678', [file(name)])).rejects.toThrow(/refused a site file/);
  }
  expect(existsSync(path.join(sites, 'escape.html'))).toBe(false);
  expect(readdirSync(path.join(sites, '12345678'))).toEqual(['index.html']);
});

/** Each file of the live build of `name`, by file name: its inode and its text. */
function liveFiles(name: string): Record<string, { ino: number; text: string }> {
  const live = path.join(sites, name);
  return Object.fromEntries(
    readdirSync(live).map((file) => [
      file,
      { ino: statSync(path.join(live, file)).ino, text: readFileSync(path.join(live, file), 'latin1') },
    ]),
  );
}

const page = (name: string, text: string) => ({ name, body: Buffer.from(text.repeat(200)) });
/** Hansen's two-page site with `about` as its Om os page. */
const site = (about: string) => [page('index.html', '<h1>Hansen</h1>'), page('om-os.html', about)];

it('links the files an edit left as they were from the live build, and writes the rest (issue 26)', async () => {
  await writeSite(sites, '12345678', site('<p>Om os</p>'));
  const before = liveFiles('12345678');
  await writeSite(sites, '12345678', site('<p>Om os, nu</p>'));
  const after = liveFiles('12345678');
  expect(after['index.html']?.ino).toBe(before['index.html']?.ino);
  expect(after['om-os.html']?.ino).not.toBe(before['om-os.html']?.ino);
  expect(after['om-os.html']?.text).toBe('<p>Om os, nu</p>'.repeat(200));
  // The old build is gone; the linked file lives on in the new one.
  expect(readdirSync(path.join(sites, '.builds', '12345678'))).toHaveLength(1);
  expect(after['index.html']?.text).toBe('<h1>Hansen</h1>'.repeat(200));
});

it('links the precompressed copies with their file, and compresses only what changed', async () => {
  // The default: copies made at publish, for the front server and the engines alike.
  const options = {};
  await writeSite(sites, '12345678', site('<p>Om os</p>'), options);
  const before = liveFiles('12345678');
  expect(Object.keys(before).sort()).toEqual([
    'index.html',
    'index.html.br',
    'index.html.gz',
    'om-os.html',
    'om-os.html.br',
    'om-os.html.gz',
  ]);
  await writeSite(sites, '12345678', site('<p>Nyt</p>'), options);
  const after = liveFiles('12345678');
  for (const name of ['index.html', 'index.html.br', 'index.html.gz'])
    expect(after[name]?.ino).toBe(before[name]?.ino);
  for (const name of ['om-os.html', 'om-os.html.br', 'om-os.html.gz'])
    expect(after[name]?.ino).not.toBe(before[name]?.ino);
});

it('writes a file again when the live one is not a regular file of the same bytes', async () => {
  const outside = path.join(sites, 'outside.html');
  writeFileSync(outside, '<h1>Hansen</h1>'.repeat(200));
  await writeSite(sites, '12345678', [page('index.html', '<h1>Hansen</h1>')]);
  // Something planted a symlink with the very bytes of the page in its place.
  const live = path.join(sites, '12345678', 'index.html');
  unlinkSync(live);
  symlinkSync(outside, live);
  await writeSite(sites, '12345678', [page('index.html', '<h1>Hansen</h1>')]);
  const written = path.join(sites, '12345678', 'index.html');
  expect(lstatSync(written).isFile()).toBe(true);
  expect(lstatSync(written).ino).not.toBe(statSync(outside).ino);
  expect(readFileSync(written, 'utf8')).toBe('<h1>Hansen</h1>'.repeat(200));
});

it('keeps the compressed copies the front server made of a page the publish left as it was', async () => {
  // PRECOMPRESS=0: the publish writes no copies.
  const options = { precompress: false };
  await writeSite(sites, '12345678', site('<p>Om os</p>'), options);
  // The front server compresses a page on its first visit and writes the copies beside it.
  const live = path.join(sites, '12345678');
  writeFileSync(path.join(live, 'index.html.br'), 'brotli');
  writeFileSync(path.join(live, 'om-os.html.br'), 'brotli');
  const before = liveFiles('12345678');
  await writeSite(sites, '12345678', site('<p>Nyt</p>'), options);
  const after = liveFiles('12345678');
  expect(after['index.html.br']?.ino).toBe(before['index.html.br']?.ino);
  // A changed page's old copy is not carried over: it would be of other bytes.
  expect(Object.keys(after).sort()).toEqual(['index.html', 'index.html.br', 'om-os.html']);
});

it("never removes the build another process made live after this one's swap", async () => {
  // A rebuild beside the product: the product's render swaps its build in between this render's swap
  // and its pruning of older builds.
  const other = `${(Date.now() + 60_000).toString(36)}-0therb1d`;
  await writeSite(sites, '12345678', [page('index.html', '<p>Før</p>')]);
  await writeSite(sites, '12345678', [page('index.html', '<p>Denne</p>')], {
    stamp: (step) => {
      if (step !== 'swapped') return;
      const dir = path.join(sites, '.builds', '12345678', other);
      mkdirSync(dir);
      writeFileSync(path.join(dir, 'index.html'), '<p>Den anden</p>');
      const temporary = path.join(sites, '.other.link');
      symlinkSync(path.join('.builds', '12345678', other), temporary);
      renameSync(temporary, path.join(sites, '12345678'));
    },
  });
  // The link still leads to a build, the one the other process made live.
  expect(readFileSync(path.join(sites, '12345678', 'index.html'), 'utf8')).toBe('<p>Den anden</p>');
});

/** Whether this machine can make a file immutable (chattr +i: root on ext4, as CI runs; never on
 *  the tmpfs the suite keeps its temporary files on, so the test below works on the disk). */
function canPinFiles(): boolean {
  const probe = mkdtempSync(path.join(diskTempDir(), 'mesterside-chattr-'));
  try {
    writeFileSync(path.join(probe, 'f'), '');
    execFileSync('chattr', ['+i', path.join(probe, 'f')], { stdio: 'ignore' });
    execFileSync('chattr', ['-i', path.join(probe, 'f')], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  } finally {
    rmSync(probe, { recursive: true, force: true });
  }
}

// Skipped where files cannot be made immutable (not root, or a file system without the flag): the
// planted undeletable file is what stands in for a serving process writing into the old build.
it.skipIf(!canPinFiles())(
  'makes the new build live even when an old build cannot be removed, and prunes it later',
  async () => {
    rmSync(sites, { recursive: true, force: true });
    sites = mkdtempSync(path.join(diskTempDir(), 'mesterside-write-site-'));
    await writeSite(sites, '12345678', [page('index.html', '<p>Første</p>')]);
    const first = readlinkSync(path.join(sites, '12345678'));
    const pinned = path.join(sites, first, 'index.html.br.tmp');
    writeFileSync(pinned, 'a copy being written');
    execFileSync('chattr', ['+i', pinned]);
    try {
      await writeSite(sites, '12345678', [page('index.html', '<p>Anden</p>')]);
      expect(readFileSync(path.join(sites, '12345678', 'index.html'), 'utf8')).toBe(
        '<p>Anden</p>'.repeat(200),
      );
      expect(existsSync(path.join(sites, first))).toBe(true);
    } finally {
      execFileSync('chattr', ['-i', pinned]);
    }
    await writeSite(sites, '12345678', [page('index.html', '<p>Tredje</p>')]);
    expect(existsSync(path.join(sites, first))).toBe(false);
  },
);

it('links the documents a render took from the live build unread, with their copies (issue 44)', async () => {
  for (const precompress of [false, true]) {
    const name = precompress ? '87654321' : '12345678';
    await writeSite(sites, name, site('<p>Om os</p>'), { precompress });
    const dir = await liveBuild(sites, name);
    if (!dir) throw new Error('no live build');
    // The front server's copy of a first visit (without PRECOMPRESS) goes along.
    if (!precompress) writeFileSync(path.join(dir, 'om-os.html.br'), 'brotli');
    const before = liveFiles(name);
    await writeSite(sites, name, [page('index.html', '<h1>Hansen og Søn</h1>')], {
      precompress,
      linked: { dir, names: ['om-os.html'] },
    });
    const after = liveFiles(name);
    const kept = precompress
      ? ['om-os.html', 'om-os.html.br', 'om-os.html.gz']
      : ['om-os.html', 'om-os.html.br'];
    for (const file of kept) expect(after[file]?.ino).toBe(before[file]?.ino);
    expect(after['index.html']?.text).toContain('Hansen og S');
  }
});

it('refuses to link from a build that is no longer live, or no longer holds the document', async () => {
  await writeSite(sites, '12345678', site('<p>Om os</p>'));
  const first = await liveBuild(sites, '12345678');
  await writeSite(sites, '12345678', site('<p>Om os, nu</p>'));
  const linked = { dir: first ?? '', names: ['om-os.html'] };
  await expect(writeSite(sites, '12345678', [file('index.html')], { linked })).rejects.toThrow(
    LiveBuildChanged,
  );
  const live = await liveBuild(sites, '12345678');
  unlinkSync(path.join(live ?? '', 'om-os.html'));
  await expect(
    writeSite(sites, '12345678', [file('index.html')], {
      linked: { dir: live ?? '', names: ['om-os.html'] },
    }),
  ).rejects.toThrow(LiveBuildChanged);
  // The live site is as it was, and no build was left behind.
  expect(await liveBuild(sites, '12345678')).toBe(live);
  expect(readdirSync(path.join(sites, '.builds', '12345678'))).toEqual([path.basename(live ?? '')]);
});
