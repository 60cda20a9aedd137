// `npm run rebuild` as an operator runs it: the real script in a child process on a real database.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase } from '../db';
import { createSitePublisher, liveBuild, sitesDirOf } from '../generator';
import { loadConfig } from '../lib/config';
import { seedDemoCompanies } from '../scripts/seed/seed-demo';

const ROOT = path.resolve(import.meta.dirname, '..');
const run = promisify(execFile);
let dir: string;

function rebuild(...args: string[]) {
  return run(process.execPath, ['scripts/rebuild/run.mjs', ...args], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      STORAGE_DIR: dir,
      LOG_LEVEL: 'silent',
    },
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'rebuild-'));
  const db = openDatabase(loadConfig({ STORAGE_DIR: dir }).database);
  await migrateToLatest(db);
  await seedDemoCompanies(db);
  await db.destroy();
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('npm run rebuild', () => {
  it('re-renders every company with two writer threads and sums up', async () => {
    const result = await rebuild('--concurrency', '2');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(
      /^Rebuilt 3 of 3 companies, 8 pages, in [\d.]+ s \(2 writer threads\); 0 failed$/m,
    );
    expect(result.stderr).toContain('3/3 (100%)');
    for (const cvr of ['12345678', '87654321', '11223344']) {
      expect(existsSync(path.join(dir, 'sites', cvr, 'index.html'))).toBe(true);
    }
  });

  it('rebuilds one company and exits non-zero when one fails', async () => {
    const one = await rebuild('--cvr', '12345678');
    expect(one.stdout).toMatch(/^Rebuilt 1 of 1 companies, 3 pages/m);

    const failing = await rebuild('--cvr', '12345678', '--cvr', '99999999', '--concurrency', '1');
    expect(failing.code).toBe(1);
    expect(failing.stdout).toMatch(/^Rebuilt 1 of 2 companies.*; 1 failed$/m);
    expect(failing.stdout).toContain('failed 99999999: company not found');
  });

  it('writes the very bytes a publish writes', async () => {
    expect((await rebuild('--cvr', '87654321')).code).toBe(0);
    const config = loadConfig({ STORAGE_DIR: dir, LOG_LEVEL: 'silent' });
    const files = async () => {
      const build = await liveBuild(sitesDirOf(config), '87654321');
      if (!build) throw new Error('no live build');
      return Object.fromEntries(
        readdirSync(build).map((name) => [name, readFileSync(path.join(build, name))]),
      );
    };
    const rebuilt = await files();
    const db = openDatabase(config.database);
    try {
      await (await createSitePublisher({ db, config })).publish('87654321');
    } finally {
      await db.destroy();
    }
    const published = await files();
    expect(Object.keys(rebuilt)).toContain('index.html');
    expect(published).toEqual(rebuilt);
  });

  it('reports a company whose files cannot be written, and still rebuilds the others', async () => {
    // A file where the company's build folders go: the writer thread's mkdir fails.
    const builds = path.join(dir, 'sites', '.builds', '11223344');
    rmSync(builds, { recursive: true, force: true });
    writeFileSync(builds, 'not a folder');
    const sitesDir = path.join(dir, 'sites');
    const before = await liveBuild(sitesDir, '12345678');
    try {
      const result = await rebuild('--concurrency', '2');
      expect(result.code).toBe(1);
      expect(result.stdout).toMatch(/^Rebuilt 2 of 3 companies.*; 1 failed$/m);
      expect(result.stdout).toMatch(/^ {2}failed 11223344: .*(EEXIST|ENOTDIR)/m);
      // The others were written anew.
      const after = await liveBuild(sitesDir, '12345678');
      expect(after).not.toBe(before);
      expect(readFileSync(path.join(after ?? '', 'index.html'), 'utf8')).toContain('<html');
    } finally {
      rmSync(builds, { force: true });
    }
  });

  it('refuses a malformed CVR with one line', async () => {
    const result = await rebuild('--cvr', '123');
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe('--cvr 123 is not an 8-digit CVR number');
  });
});
