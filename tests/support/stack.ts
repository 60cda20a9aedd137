// The one in-process harness: the product's own parts on a store of the test's own (a temp
// STORAGE_DIR with its sites folder, and a migrated database), in this test process. What runs is an
// option, from the cheapest up:
//   'app'      createApp alone, for `app.request()` (no port, no server): the API tests.
//   'front'    the same app behind the front server on a port: marketing pages, sites, /media, proxies.
//   'product'  what `npm start` runs (server/product-stack.ts): the front server, the API wired to the
//              publish queue, publishing (on this thread unless told otherwise), the mail outbox, and
//              previews on the server bundle's render thread.
// tests/api/api-harness.ts (clock, owners, same-origin requests), support/admin-stack.ts (a seeded
// owner and Chromium) and support/owner-harness.ts (one owner route group with its tenant set) are
// layers on it. The product as a process is support/processes.ts's
// spawnProduct.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { Hono } from 'hono';
import { type CreateAppDeps, createApp } from '../../api/app';
import type { AppEnv } from '../../api/env';
import type { Db } from '../../db';
import { type Config, loadConfig } from '../../lib/config';
import { createLogger, type Logger } from '../../lib/logger';
import type { FrontServerOptions, RunningFrontServer } from '../../server/front-server';
import type { ProductStack, ProductStackOptions } from '../../server/product-stack';
import { createTestDatabase, type Dialect, type TestDatabase } from './databases';
import { openMigratedDatabase } from './migrated-database';
import { BUNDLED_RENDER_THREAD } from './render-thread';

type Fixed = 'db' | 'config' | 'logger';

export interface StackOptions {
  /**
   * Added to (or overriding) the configuration: STORAGE_DIR a fresh temp folder, LOG_LEVEL silent,
   * PORT 0. With `port: 'free'` PORT and PUBLIC_HOST carry a free port found first (for the addresses
   * a page links to, e.g. subdomains under localhost, to open).
   */
  env?: Record<string, string>;
  /** A database the test already has open (describeEachDialect's, or the one a restart goes on
   *  with): close() leaves it open. */
  database?: TestDatabase;
  /** Without `database`: 'postgres' for a fresh migrated PostgreSQL test schema; by default the
   *  configuration's database (SQLite in STORAGE_DIR, a copy of the run's migrated template). */
  dialect?: Dialect;
  /** Runs on the store before anything serves it (seeding). */
  prepare?: (store: { db: Db; config: Config; logger: Logger }) => Promise<void>;
  /** 'free': listen on a port found first, and name it in PUBLIC_HOST (see `env`). */
  port?: 'free';
}

/** createApp's dependencies beyond the store's (a clock, a recording enqueue, onboarding services…),
 *  or a function of the store that gives them. */
type AppDeps =
  | Partial<Omit<CreateAppDeps, Fixed>>
  | ((store: { db: Db; config: Config; logger: Logger }) => Partial<Omit<CreateAppDeps, Fixed>>);

export interface AppStackOptions extends StackOptions {
  serve?: 'app';
  app?: AppDeps;
}

export interface FrontStackOptions extends StackOptions {
  serve: 'front';
  app?: AppDeps;
  /** The front server's options beyond the store's and the app (marketingDir, host…). */
  front?: Partial<Omit<FrontServerOptions, Fixed | 'apiApp'>>;
}

export interface ProductOptions extends StackOptions {
  serve: 'product';
  /**
   * startProductStack's options beyond the store's. Defaults for a test: no Redis unless REDIS_URL is
   * in `env`, no periodic recovery sweep, renders on this thread (a render thread costs about 0.4 s of
   * CPU to start), and the server bundle's render thread for previews (and for `renderThreads` > 0).
   */
  product?: Partial<Omit<ProductStackOptions, Fixed>>;
}

export interface TestStore {
  config: Config;
  db: Db;
  /** The store's STORAGE_DIR (removed by close() unless `env` named it). */
  storageDir: string;
  logger: Logger;
  /** Every log line, parsed (LOG_LEVEL, default silent, decides which are written). */
  logs: Record<string, unknown>[];
  /** Stops whatever serves, closes the database (unless describeEachDialect's) and removes the folder. */
  close(): Promise<void>;
}

export interface AppStack extends TestStore {
  app: Hono<AppEnv>;
}

export interface FrontStack extends AppStack {
  server: RunningFrontServer;
  /** `http://localhost:<port>`. */
  origin: string;
}

export interface ProductTestStack extends TestStore {
  product: ProductStack;
  server: RunningFrontServer;
  /** `http://localhost:<port>`. */
  origin: string;
}

export function startTestStack(options?: AppStackOptions): Promise<AppStack>;
export function startTestStack(options: FrontStackOptions): Promise<FrontStack>;
export function startTestStack(options: ProductOptions): Promise<ProductTestStack>;
export async function startTestStack(
  options: AppStackOptions | FrontStackOptions | ProductOptions = {},
): Promise<AppStack | FrontStack | ProductTestStack> {
  const store = await openTestStore(options);
  try {
    if (options.serve === 'product') {
      const { config, db, logger } = store;
      // Loaded on demand: an API test ('app') never loads the server, the publisher or the queue.
      const { startProductStack } = await import('../../server/product-stack');
      const product = await startProductStack({
        config,
        db,
        logger,
        port: config.port,
        redisUrl: config.redisUrl,
        recoverEveryMs: 0,
        renderThreadEntry: BUNDLED_RENDER_THREAD,
        ...options.product,
        publishing: { renderThreads: 0, ...options.product?.publishing },
      });
      return {
        ...store,
        product,
        server: product.server,
        origin: `http://localhost:${product.server.port}`,
        close: async () => {
          await product.close();
          await store.close();
        },
      };
    }
    const deps = typeof options.app === 'function' ? options.app(store) : options.app;
    const app = createApp({ db: store.db, config: store.config, logger: store.logger, ...deps });
    if (options.serve !== 'front') return { ...store, app };
    const { startFrontServer } = await import('../../server/front-server');
    const server = await startFrontServer({
      config: store.config,
      db: store.db,
      logger: store.logger,
      apiApp: app,
      port: store.config.port,
      ...options.front,
    });
    return {
      ...store,
      app,
      server,
      origin: `http://localhost:${server.port}`,
      close: async () => {
        await server.close();
        await store.close();
      },
    };
  } catch (error) {
    await store.close();
    throw error;
  }
}

/** The store alone (folder, configuration, migrated database, captured log): for a harness that mounts
 *  part of the API itself (support/owner-harness.ts). */
export async function openTestStore(options: StackOptions = {}): Promise<TestStore> {
  // A folder of the test's own unless `env` names one (a restart over the same store): that one the
  // test owns and removes.
  const ownFolder = options.env?.STORAGE_DIR === undefined;
  const storageDir = options.env?.STORAGE_DIR ?? mkdtempSync(path.join(tmpdir(), 'test-stack-'));
  const port = options.port === 'free' ? await freePort() : undefined;
  const config = loadConfig({
    STORAGE_DIR: storageDir,
    LOG_LEVEL: 'silent',
    PORT: '0',
    ...(port === undefined ? {} : { PORT: String(port), PUBLIC_HOST: `localhost:${port}` }),
    ...options.env,
  });
  const removeFolder = () => {
    if (ownFolder) rmSync(storageDir, { recursive: true, force: true });
  };
  const database = await openDatabaseOf(options, config).catch((error: unknown) => {
    removeFolder();
    throw error;
  });
  const logs: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n')) if (line) logs.push(JSON.parse(line));
      done();
    },
  });
  const store = {
    config,
    db: database.db,
    storageDir,
    logger: createLogger(config, sink),
    logs,
    async close() {
      await database.drop();
      removeFolder();
    },
  };
  try {
    await options.prepare?.(store);
  } catch (error) {
    await store.close();
    throw error;
  }
  return store;
}

/**
 * The store's database: describeEachDialect's, or a fresh PostgreSQL test schema, or else the one the
 * configuration names, migrated (a SQLite file in STORAGE_DIR starts as a copy of the run's migrated
 * template): render and preview threads open the configuration's database themselves.
 */
async function openDatabaseOf(
  options: StackOptions,
  config: Config,
): Promise<{ db: Db; drop(): Promise<void> }> {
  if (options.database) return { db: options.database.db, drop: async () => {} };
  if (options.dialect === 'postgres') return createTestDatabase('postgres');
  const db = await openMigratedDatabase(config.database);
  return { db, drop: () => db.destroy() };
}

/** A port nothing listens on now, for a configuration that must name its port before it listens. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}
