// A PostgreSQL cluster of the test's own, in a temp folder on a free port, that it may restart at will
// (the shared one at 5432 is never touched). initdb and pg_ctl run as the postgres user, as PostgreSQL
// refuses to run as root.
import { spawnSync } from 'node:child_process';
import { chmodSync, chownSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../queue/redis-support';

const BIN = '/usr/lib/postgresql/15/bin';

export interface PrivatePostgres {
  /** `postgres://postgres@127.0.0.1:<port>/postgres`. */
  url: string;
  /** Stops the server (fast: open connections are cut), then starts it again. */
  restart(): void;
  stop(): void;
  start(): void;
  /** Stops it and removes its folder. */
  remove(): void;
}

/** Why a private cluster cannot run here, or null. */
export function privatePostgresProblem(): string | null {
  const probe = spawnSync('runuser', ['-u', 'postgres', '--', `${BIN}/pg_ctl`, '--version']);
  if (probe.status !== 0)
    return `runuser/pg_ctl unavailable: ${probe.stderr?.toString().trim() || probe.error}`;
  return null;
}

function asPostgres(args: string[]): void {
  const result = spawnSync('runuser', ['-u', 'postgres', '--', ...args], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${args.join(' ')} failed: ${result.stderr || result.stdout}`);
}

export async function privatePostgres(): Promise<PrivatePostgres> {
  const dir = mkdtempSync(path.join(tmpdir(), 'private-pg-'));
  chmodSync(dir, 0o700);
  const { uid, gid } = userIds('postgres');
  chownSync(dir, uid, gid);
  const data = path.join(dir, 'data');
  const port = await freePort();
  asPostgres([`${BIN}/initdb`, '-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=50`;
  const ctl = (...args: string[]) =>
    asPostgres([
      `${BIN}/pg_ctl`,
      '-D',
      data,
      '-l',
      path.join(dir, 'log'),
      '-o',
      options,
      '-w',
      '-t',
      '30',
      ...args,
    ]);
  ctl('start');
  let running = true;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    restart() {
      ctl('-m', 'fast', 'restart');
      running = true;
    },
    stop() {
      ctl('-m', 'fast', 'stop');
      running = false;
    },
    start() {
      ctl('start');
      running = true;
    },
    remove() {
      if (running) {
        try {
          ctl('-m', 'immediate', 'stop');
        } catch {
          // Already down.
        }
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function userIds(name: string): { uid: number; gid: number } {
  const uid = Number(spawnSync('id', ['-u', name], { encoding: 'utf8' }).stdout.trim());
  const gid = Number(spawnSync('id', ['-g', name], { encoding: 'utf8' }).stdout.trim());
  if (!Number.isInteger(uid) || !Number.isInteger(gid)) throw new Error(`no user ${name}`);
  return { uid, gid };
}
