// Upload temp files (`.upload-<uuid><suffix>`, written by writeMediaFiles before linking) that a
// crashed request left behind are removed once older than an hour: at start and periodically. Real
// files, real mtimes; uploads and recent temp files are never touched.
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startUploadSweep, sweepUploadTemps } from '../../api/images/upload-sweep';
import { loadConfig } from '../../lib/config';
import { createLogger } from '../../lib/logger';
import { filesUnder } from '../fixtures/images/make-images';

let dir: string;
const HOUR = 60 * 60 * 1000;

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'upload-sweep-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** Writes `relative` under the storage dir, last modified `ageMs` ago. */
function file(relative: string, ageMs: number): void {
  const target = path.join(dir, relative);
  mkdirSync(path.dirname(target), { recursive: true });
  writeFileSync(target, 'x');
  const when = new Date(Date.now() - ageMs);
  utimesSync(target, when, when);
}

const silent = createLogger(
  loadConfig({ LOG_LEVEL: 'silent' }),
  new Writable({ write: (_chunk, _encoding, done) => done() }),
);

describe('sweepUploadTemps', () => {
  it('removes temp files older than an hour and nothing else', async () => {
    file('images/12345678/.upload-aaa-480.webp', 2 * HOUR);
    file('images/12345678/.upload-aaa.jpg', HOUR + 1000);
    file('logos/87654321/.upload-bbb.png', 3 * HOUR);
    file('images/12345678/.upload-ccc.jpg', 5 * 60 * 1000);
    file('images/12345678/1700000000000-tag.jpg', 48 * HOUR);
    file('logos/87654321/1700000000000-logo.png', 48 * HOUR);
    file('sites/12345678/.upload-not-ours', 48 * HOUR);

    const removed = await sweepUploadTemps(dir);
    expect(removed.map((name) => path.relative(dir, name)).sort()).toEqual([
      'images/12345678/.upload-aaa-480.webp',
      'images/12345678/.upload-aaa.jpg',
      'logos/87654321/.upload-bbb.png',
    ]);
    expect(filesUnder(dir).sort()).toEqual([
      'images/12345678/.upload-ccc.jpg',
      'images/12345678/1700000000000-tag.jpg',
      'logos/87654321/1700000000000-logo.png',
      'sites/12345678/.upload-not-ours',
    ]);
  });

  it('is content with a storage folder that has no uploads yet', async () => {
    expect(await sweepUploadTemps(path.join(dir, 'missing'))).toEqual([]);
  });
});

describe('startUploadSweep', () => {
  it('sweeps at start and then periodically', async () => {
    file('images/12345678/.upload-old.jpg', 2 * HOUR);
    const sweep = startUploadSweep(dir, silent, 20);
    try {
      await sweep.first;
      expect(filesUnder(dir)).toEqual([]);
      // A request that crashed later: its leftover goes at a later round.
      file('logos/12345678/.upload-later.png', 2 * HOUR);
      await expect.poll(() => filesUnder(dir), { timeout: 5000 }).toEqual([]);
    } finally {
      sweep.stop();
    }
  });
});
