// The real product for the fault suite and the rebuild and backup tests, on a store of the test's own
// (a temp STORAGE_DIR with SQLite, or a fresh PostgreSQL database) with owners seeded in it: in this
// test process (startProduct) where the process is not the subject, or `npm start` as a child process
// (spawnStoreProduct) where it is; saves sent over HTTP like a browser's, and the served HTML read back
// over HTTP. Waiting is bounded polling for a condition, never a sleep that assumes a speed.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createOwnerAccount } from '../../api/auth/accounts';
import { type Db, insertCompany, insertPage, migrateToLatest, openDatabase } from '../../db';
import { getTestEnvironment, loadConfig } from '../../lib/config';
import { HOMEPAGE_DEFAULTS } from '../../rules/pages';
import { QUEUE_DEFAULTS } from '../../worker';
import { freePort } from '../queue/redis-support';
import { openMigratedDatabase } from '../support/migrated-database';
import {
  type Run,
  spawnScript as spawnProcessScript,
  spawnProduct,
  stopAll,
  waitFor,
} from '../support/processes';
import { startTestStack } from '../support/stack';

export type Dialect = 'sqlite' | 'postgres';

async function probePostgres(): Promise<string | null> {
  const client = new pg.Client({
    connectionString: getTestEnvironment().databaseUrl,
    connectionTimeoutMillis: 3000,
  });
  try {
    await client.connect();
    return null;
  } catch (error) {
    return (error as Error).message || String(error);
  } finally {
    await client.end().catch(() => {});
  }
}
const postgresProblem = await probePostgres();
if (postgresProblem && getTestEnvironment().ci) {
  throw new Error(`PostgreSQL is required under CI but unreachable: ${postgresProblem}`);
}
/** '' when the shared PostgreSQL answers, else ` (skipped: …)` for a test name. */
export const postgresSkipReason = postgresProblem
  ? ` (skipped: PostgreSQL unreachable: ${postgresProblem})`
  : '';

export interface Store {
  dialect: Dialect;
  dir: string;
  /** What a child process of this store needs: STORAGE_DIR and, on PostgreSQL, DATABASE_URL. */
  env: Record<string, string>;
  db: Db;
  /** Closes the test's connection, drops the database and removes the folder. */
  drop(): Promise<void>;
}

/** Postgres URL of `base` with another database name. */
function withDatabase(base: string, name: string): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Where a restore may go: an empty STORAGE_DIR and, on PostgreSQL, an empty new database. */
export async function emptyTarget(
  dialect: Dialect,
  pgUrl = getTestEnvironment().databaseUrl,
): Promise<{ dir: string; env: Record<string, string>; drop(): Promise<void> }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'fault-target-'));
  if (dialect === 'sqlite') {
    return {
      dir,
      env: { STORAGE_DIR: dir },
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const name = `fault_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  await adminQuery(pgUrl, `create database ${name}`);
  return {
    dir,
    env: { STORAGE_DIR: dir, DATABASE_URL: withDatabase(pgUrl, name) },
    drop: async () => {
      await adminQuery(pgUrl, `drop database if exists ${name} with (force)`).catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A fresh, migrated store. PostgreSQL: a new database on `pgUrl` (default TEST_DATABASE_URL). */
export async function createStore(
  dialect: Dialect,
  pgUrl = getTestEnvironment().databaseUrl,
): Promise<Store> {
  const dir = mkdtempSync(path.join(tmpdir(), 'fault-store-'));
  if (dialect === 'sqlite') {
    const env = { STORAGE_DIR: dir };
    // A copy of the run's migrated template (migrating a fresh file took ~0.5 s of fsyncs under load).
    const db = await openMigratedDatabase(loadConfig(env).database);
    return {
      dialect,
      dir,
      env,
      db,
      drop: async () => {
        await db.destroy().catch(() => {});
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const name = `fault_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  await adminQuery(pgUrl, `create database ${name}`);
  const url = withDatabase(pgUrl, name);
  const db = openDatabase({ dialect: 'postgres', url });
  await migrateToLatest(db);
  return {
    dialect,
    dir,
    env: { STORAGE_DIR: dir, DATABASE_URL: url },
    db,
    drop: async () => {
      await db.destroy().catch(() => {});
      await adminQuery(pgUrl, `drop database if exists ${name} with (force)`).catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end().catch(() => {});
  }
}

export interface SeededOwner {
  cvr: string;
  email: string;
  password: string;
  homepageId: string;
}

/** A company with its owner account and homepage, written straight into the store. */
export async function seedOwner(db: Db, cvr: string, name = `Firma ${cvr} ApS`): Promise<SeededOwner> {
  const email = `ejer@${cvr}.dk`;
  const password = 'Tømrer-kode-2024!';
  const now = new Date();
  await createOwnerAccount(db, { email, password }, now);
  await insertCompany(db, { cvr, name, companyEmail: email, city: 'Køge' }, now);
  const homepage = await insertPage(db, cvr, { ...HOMEPAGE_DEFAULTS, title: `Velkommen til ${name}` }, now);
  return { cvr, email, password, homepageId: homepage.id };
}

export { waitFor } from '../support/processes';

/** A script of the repository, in a process group of its own, with only `env` (LOG_LEVEL warn unless
 *  given). Stopped after the test file at the latest (support/processes.ts). */
export function spawnScript(script: string, env: Record<string, string>, args: string[] = []): Run {
  return spawnProcessScript(script, { LOG_LEVEL: 'warn', ...env }, args);
}

/** SIGKILLs every process group the test file started that is still running (for afterEach). */
export function killAll(): Promise<void> {
  return stopAll(0);
}

/** The product over a store, spoken to over HTTP as an owner's browser and a visitor would. */
export interface Product {
  url: string;
  login(email: string, password: string): Promise<string>;
  /** PUT /api/pages/:id as the owner's browser sends it. */
  savePage(cookie: string, pageId: string, patch: Record<string, unknown>): Promise<Response>;
  /** Any request as the owner's browser sends it (same Origin; JSON bodies encoded). */
  request(method: string, pathname: string, cookie: string, body?: unknown): Promise<Response>;
  /** The company's served homepage HTML. */
  served(cvr: string): Promise<string>;
  /** Stops serving and publishing (a process: SIGTERM, then waits for the exit). */
  stop(): Promise<void>;
}

/** `npm start` over the store, for the tests whose subject is the process (a SIGKILL mid-render). */
export interface ProductProcess extends Product {
  run: Run;
}

/**
 * The product in this test process over the store (support/stack.ts's 'product': what `npm start`
 * runs, the front server, the API, the in-process queue or BullMQ with REDIS_URL, publishing, the
 * mail outbox) on its own database connection, rendering on this thread. For the tests whose subject is the store,
 * a publish, Redis or PostgreSQL going away, not the process: it costs about a quarter of an
 * `npm start`'s CPU (no process, no bundle to load, no render thread to start).
 */
export async function startProduct(store: Store, env: Record<string, string> = {}): Promise<Product> {
  const port = await freePort();
  const test = await startTestStack({
    serve: 'product',
    env: { ...store.env, PORT: String(port), PUBLIC_HOST: `localhost:${port}`, ...env },
    product: {
      // As npm start: the queue's recovery sweep at its usual period (a failed publish whose retries
      // are spent is enqueued again by it).
      recoverEveryMs: QUEUE_DEFAULTS.recoverEveryMs,
    },
  });
  // As npm start does once it serves: what was left wanted is published.
  await test.product.queue.recover();
  let stopped = false;
  return {
    ...speakTo(test.origin),
    async stop() {
      if (stopped) return;
      stopped = true;
      await test.close();
    },
  };
}

/** `npm start` (support/processes.ts spawnProduct) on a free port over the store; resolves once it
 *  answers. */
export async function spawnStoreProduct(
  store: Store,
  env: Record<string, string> = {},
): Promise<ProductProcess> {
  const port = await freePort();
  const host = `localhost:${port}`;
  const run = spawnProduct({ ...store.env, PORT: String(port), PUBLIC_HOST: host, ...env });
  await waitFor('the product to start', () => run.output().includes('Mesterside is running on'), 60_000, 50, [
    run,
  ]);
  return {
    ...speakTo(`http://${host}`),
    run,
    async stop() {
      await run.stop(20_000);
    },
  };
}

/** The HTTP half of a Product: an owner's browser and a visitor at `url`. */
function speakTo(url: string): Omit<Product, 'stop'> {
  const json = (body: unknown) => ({
    'Content-Type': 'application/json',
    Origin: url,
    body: JSON.stringify(body),
  });
  return {
    url,
    async login(email, password) {
      const { body, ...headers } = json({ email, password });
      const response = await fetch(`${url}/api/auth/login`, { method: 'POST', headers, body });
      if (response.status !== 200)
        throw new Error(`login failed: ${response.status} ${await response.text()}`);
      const cookie = /(mesterside_session=[^;]*)/.exec(response.headers.get('set-cookie') ?? '')?.[1];
      if (!cookie) throw new Error('login answered no session cookie');
      return cookie;
    },
    savePage(cookie, pageId, patch) {
      const { body, ...headers } = json(patch);
      return fetch(`${url}/api/pages/${pageId}`, {
        method: 'PUT',
        headers: { ...headers, Cookie: cookie },
        body,
      });
    },
    request(method, pathname, cookie, body) {
      const headers: Record<string, string> = { Origin: url, Cookie: cookie };
      let payload: string | FormData | undefined;
      if (body instanceof FormData) payload = body;
      else if (body !== undefined) {
        payload = JSON.stringify(body);
        headers['Content-Type'] = 'application/json';
      }
      return fetch(`${url}${pathname}`, { method, headers, body: payload });
    },
    async served(cvr) {
      const response = await fetch(`${url}/${cvr}/`);
      return response.status === 200 ? response.text() : `(status ${response.status})`;
    },
  };
}

/** Whether every company's wanted version is live (publish_state), with no error recorded. */
export async function allPublished(db: Db, cvrs: readonly string[]): Promise<boolean> {
  const rows = await db
    .selectFrom('publishState')
    .select(['companyCvr', 'wantedVersion', 'publishedVersion'])
    .where('companyCvr', 'in', [...cvrs])
    .execute();
  return rows.length === cvrs.length && rows.every((row) => row.publishedVersion >= row.wantedVersion);
}

/** An owner logged in to a running product, with the title of their last acknowledged save. */
export interface Editor extends SeededOwner {
  cookie: string;
  lastSaved: string | null;
}

export async function editorsOf(product: Product, owners: readonly SeededOwner[]): Promise<Editor[]> {
  const editors: Editor[] = [];
  for (const owner of owners) {
    editors.push({ ...owner, cookie: await product.login(owner.email, owner.password), lastSaved: null });
  }
  return editors;
}

/**
 * Each editor saves its homepage title `count` times (`<label> <n>`), round-robin; an acknowledged save
 * (200) becomes its `lastSaved`. Returns the statuses answered.
 */
export async function saveRound(
  product: Product,
  editors: readonly Editor[],
  label: string,
  count = 3,
): Promise<number[]> {
  const statuses: number[] = [];
  for (let n = 0; n < count; n++) {
    for (const editor of editors) {
      const title = `${label} ${editor.cvr} ${n}`;
      const status = await product
        .savePage(editor.cookie, editor.homepageId, { title })
        .then((response) => response.status)
        .catch(() => 0);
      statuses.push(status);
      if (status === 200) editor.lastSaved = title;
    }
  }
  return statuses;
}

/** Waits until publish_state says every editor's company is published and its site serves its last save. */
export async function expectEverySaveServed(
  product: Product,
  db: Db,
  editors: readonly Editor[],
  timeoutMs = 60_000,
): Promise<void> {
  const cvrs = editors.map((editor) => editor.cvr);
  await waitFor('every saved change published', () => allPublished(db, cvrs).catch(() => false), timeoutMs);
  for (const editor of editors) {
    if (!editor.lastSaved) throw new Error(`${editor.cvr} has no acknowledged save`);
    const html = await product.served(editor.cvr);
    if (!html.includes(editor.lastSaved)) {
      throw new Error(`${editor.cvr} serves an older render, not "${editor.lastSaved}"`);
    }
  }
}
