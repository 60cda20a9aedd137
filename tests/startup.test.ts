// Start-up as a new user meets it: the real `npm start` entry point in a child process.
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../lib/config';
import { apartFromFacts } from './support/health';
import { type Run, spawnProduct, stopAll } from './support/processes';

const dirs: string[] = [];

afterEach(async () => {
  await stopAll(0);
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'mesterside-start-'));
  dirs.push(dir);
  return dir;
}

/** Only what the product needs: no outside DATABASE_URL, REDIS_URL etc. leaks into the child. */
function start(env: Record<string, string>): Run {
  return spawnProduct(env);
}

async function baseUrl(run: Run): Promise<string> {
  // Generous: the primary loads the renderer and forks its serving copies, which takes a while on a
  // loaded two-core machine.
  for (let waited = 0; waited < 90_000; waited += 50) {
    const match = /running on (http:\/\/localhost:\d+)/.exec(run.stdout());
    if (match?.[1]) return match[1];
    if (!run.running()) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`server did not start:\n${run.stdout()}\n${run.stderr()}`);
}

describe('npm start', { timeout: 180_000 }, () => {
  it('migrates, seeds the demo companies once, serves health and stops cleanly', async () => {
    const storage = tempDir();
    const first = start({ STORAGE_DIR: storage });
    const url = await baseUrl(first);
    expect(first.stdout()).toContain('seeded 3 fictional demo companies');
    expect(first.stdout()).toContain('/12345678');
    const response = await fetch(`${url}/api/health`);
    expect(response.status).toBe(200);
    expect(apartFromFacts(await response.json())).toMatchObject({
      status: 'ok',
      database: { status: 'ok' },
    });
    // The whole product answers: the landing page, onboarding and the admin SPA.
    expect(first.stdout()).toContain(`${url}/admin`);
    for (const [pathname, text] of [
      ['/', 'Din nye hjemmeside er klar på 5 minutter'],
      ['/onboarding', 'CVR'],
      ['/admin', '<div id="root">'],
    ] as const) {
      const page = await fetch(`${url}${pathname}`);
      expect(page.status, pathname).toBe(200);
      expect(await page.text(), pathname).toContain(text);
    }
    expect(await first.stop(30_000)).toBe(0);

    // The second start only shows the seeding is not repeated: one process (the serving copies a
    // default start forks are the first start's and the WEB_PROCESSES test's), 1.8 s less CPU.
    const again = start({ STORAGE_DIR: storage, WEB_PROCESSES: '1' });
    await baseUrl(again);
    expect(again.stdout()).not.toContain('seeded');
    const companies = new SQLite(path.join(storage, 'app.db'), { readonly: true });
    expect(companies.prepare('select count(*) as n from companies').get()).toEqual({ n: 3 });
    companies.close();
    expect(await again.stop(30_000)).toBe(0);
  });

  // The one line each bad setting gives is the configuration's own message (checked in-process for
  // every setting below); one real start shows that line is all `npm start` prints before it exits 1.
  it('stops on a bad setting with one line naming it', async () => {
    const run = start({ STORAGE_DIR: tempDir(), PORT: 'abc' });
    expect(await run.exit).toBe(1);
    expect(run.stderr().trim().split('\n')).toEqual([
      expect.stringMatching(/^Configuration error: PORT: \S/),
    ]);
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PUBLIC_HOST', 'http://mesterside.dk'],
    ['REDIS_URL', 'http://127.0.0.1:6379'],
    ['DATABASE_URL', 'mysql://root@localhost/app'],
    ['CVR_API_URL', 'ftp://cvr.example'],
    ['SMTP_URL', 'mail.example'],
    ['GOOGLE_CSE_KEY', 'only-the-key'],
    ['WEB_PROCESSES', '0'],
    ['RENDER_THREADS', '0'],
  ])('refuses a bad %s with a one-line message naming it', (name, value) => {
    const refusal = (() => {
      try {
        loadConfig({ STORAGE_DIR: '/tmp/unused', [name]: value });
      } catch (error) {
        return error;
      }
    })();
    expect(refusal).toBeInstanceOf(ConfigError);
    const named = name === 'GOOGLE_CSE_KEY' ? 'GOOGLE_CSE_CX' : name;
    expect((refusal as Error).message).toMatch(new RegExp(`^${named}: \\S[^\\n]*$`));
  });

  it('serves from WEB_PROCESSES processes, and what one of them saves is published by the primary', async () => {
    const run = start({ STORAGE_DIR: tempDir(), WEB_PROCESSES: '2' });
    const url = await baseUrl(run);
    expect(run.stdout()).toContain('web processes: 2');
    // The primary forks two serving copies (dist/server/web-process.mjs) in the run's process group.
    const { stdout } = await promisify(execFile)('ps', ['-e', '-o', 'pid=,pgid=,args=']);
    const copies = stdout
      .trim()
      .split('\n')
      .map((line) => /^\s*(\d+)\s+(\d+)\s+(.*)$/.exec(line) ?? [])
      .filter(([, , group, args]) => group === String(run.child.pid) && args?.includes('web-process'));
    expect(copies.length).toBeGreaterThanOrEqual(2);
    // Visitors come first (issue 44): every thread of a serving copy runs at normal priority, and the
    // primary, which serves nothing, lowers every thread of its own but the one that forks the copies.
    const copyPids = copies.map(([, pid]) => Number(pid));
    for (const pid of copyPids)
      expect(new Set(threadNices(pid).values()), `copy ${pid}`).toEqual(new Set([0]));
    const primary = parentOf(copyPids[0] ?? 0);
    const primaryNices = threadNices(primary);
    expect(primaryNices.get(primary)).toBe(0);
    primaryNices.delete(primary);
    expect(primaryNices.size).toBeGreaterThan(0);
    expect(new Set(primaryNices.values())).toEqual(new Set([19]));

    // A sign-up is answered by one of the copies; the primary's queue renders it (no Redis here).
    const password = 'tagrende-42';
    const created = await fetch(`${url}/api/onboarding/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: url },
      body: JSON.stringify({
        cvr: '99000101',
        email: 'ejer@eksempel.dk',
        password,
        passwordRepeat: password,
        acceptPrivacy: true,
      }),
    });
    expect(created.status).toBe(201);
    let served = 0;
    for (let waited = 0; waited < 15_000 && served !== 200; waited += 100) {
      served = (await fetch(`${url}/99000101/`, { redirect: 'manual' })).status;
      if (served !== 200) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(served).toBe(200);
    expect(await run.stop(30_000)).toBe(0);
  });

  it('stops with a clear message when the database cannot be reached', async () => {
    const run = start({
      STORAGE_DIR: tempDir(),
      DATABASE_URL: 'postgres://postgres:geheim@127.0.0.1:1/test',
    });
    expect(await run.exit).toBe(1);
    expect(run.stderr().trim()).toMatch(
      /^Database unreachable \(PostgreSQL at postgres:\/\/postgres:\*\*\*@127\.0\.0\.1:1\/test\): /,
    );
    expect(run.stderr()).not.toContain('geheim');
  });

  it('stops on a failed migration and leaves the database as it was', async () => {
    const storage = tempDir();
    const file = path.join(storage, 'app.db');
    const before = new SQLite(file);
    // A table in the way of the first migration, holding data that must survive.
    before.exec("create table pages (note text); insert into pages values ('keep me')");
    before.close();

    const run = start({ STORAGE_DIR: storage });
    expect(await run.exit).toBe(1);
    expect(run.stderr().trim()).toMatch(
      /^Database migration failed, nothing was changed: migration 0001-initial failed: /,
    );

    const after = new SQLite(file, { readonly: true });
    const tables = after
      .prepare(
        "select name from sqlite_master where type = 'table' and name not like 'kysely_%' order by name",
      )
      .all();
    expect(tables).toEqual([{ name: 'pages' }]);
    expect(after.prepare('select note from pages').all()).toEqual([{ note: 'keep me' }]);
    after.close();
  });
});

/** The fields of /proc/<pid>/task/<tid>/stat after the command (state, ppid, …). */
function statFields(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return text.slice(text.lastIndexOf(')') + 2).split(' ');
}

/** Each thread's nice value (Linux keeps one per thread), by thread id. */
function threadNices(pid: number): Map<number, number> {
  return new Map(
    readdirSync(`/proc/${pid}/task`).map((tid) => [
      Number(tid),
      Number(statFields(`/proc/${pid}/task/${tid}/stat`)[16]),
    ]),
  );
}

function parentOf(pid: number): number {
  return Number(statFields(`/proc/${pid}/stat`)[1]);
}
