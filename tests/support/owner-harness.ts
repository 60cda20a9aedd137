// Mounts one owner route group (a Hono<OwnerEnv> sub-app) on a real SQLite database (a store of
// support/stack.ts's) with a real company, owner user and session row, and sets them as the tenant
// middleware would. For testing a route group on its own; the real session and tenant middleware are
// tested in tests/api/.
import { Hono } from 'hono';
import type { AppEnv, OwnerEnv } from '../../api/env';
import { handleError, handleNotFound } from '../../api/errors';
import { LimitStore } from '../../api/middleware/rate-limit';
import {
  acceptedValue,
  type Company,
  type Db,
  findCompanyByCvr,
  insertCompany,
  insertSession,
  insertUser,
} from '../../db';
import type { Config } from '../../lib/config';
import { openTestStore } from './stack';

export interface OwnerHarness {
  app: Hono<AppEnv>;
  db: Db;
  config: Config;
  company: Company;
  /** CVRs passed to requestPublish, in order. */
  published: string[];
  /** Moves the injected clock. */
  setNow: (date: Date) => void;
  close: () => Promise<void>;
}

export async function createOwnerHarness(
  mount: (app: Hono<OwnerEnv>) => void,
  options: { env?: Record<string, string>; cvr?: string; now?: Date } = {},
): Promise<OwnerHarness> {
  const store = await openTestStore({ ...(options.env ? { env: options.env } : {}) });
  const { config, db, logger } = store;
  const cvr = options.cvr ?? '12345678';
  const email = `ejer-${cvr}@firma.example`;
  const company = acceptedValue(
    await insertCompany(db, {
      cvr,
      name: `Firma ${cvr} ApS`,
      companyEmail: email,
      city: 'Køge',
    }),
  );
  const user = acceptedValue(await insertUser(db, email, 'not-a-real-hash'));
  const session = await insertSession(db, {
    id: `session-${cvr}`,
    userId: user.id,
    expiresAt: new Date(Date.now() + 86_400_000),
  });
  const published: string[] = [];
  let now = options.now ?? new Date();

  const owner = new Hono<OwnerEnv>();
  owner.use(async (c, next) => {
    c.set('user', user);
    c.set('session', session);
    // Fresh per request, as the real tenant middleware reads it.
    const current = await findCompanyByCvr(db, cvr);
    if (!current) throw new Error('harness company vanished');
    c.set('company', current);
    await next();
  });
  mount(owner);

  const limits = new LimitStore();
  const app = new Hono<AppEnv>();
  app.use(async (c, next) => {
    c.set('db', db);
    c.set('config', config);
    c.set('logger', logger);
    c.set('requestId', 'test');
    c.set('enqueuePublish', async (published_cvr: string) => {
      published.push(published_cvr);
    });
    c.set('now', () => now);
    c.set('limits', limits);
    c.set('user', null);
    c.set('session', null);
    await next();
  });
  app.route('/api', owner as unknown as Hono<AppEnv>);
  app.notFound(handleNotFound);
  app.onError(handleError);

  return {
    app,
    db,
    config,
    company,
    published,
    setNow: (date) => {
      now = date;
    },
    close: store.close,
  };
}
