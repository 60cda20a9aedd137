import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { writeSite } from './write-site';

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
