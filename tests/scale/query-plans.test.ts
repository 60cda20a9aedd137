// Every statement the API and the worker run must use an index on the tables that grow with the
// number of companies, on SQLite and PostgreSQL. The test drives a realistic owner session, a
// sign-up, the public endpoints, a publish, the landing page, host lookups and the recovery sweep
// against a database seeded with the scale fixture, records every statement (openDatabase's
// onQuery), and EXPLAINs each one. New queries are checked without anyone listing them here.
// The plans are written to test-artifacts/query-plans-<dialect>.txt for a reviewer.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../api/app';
import { createOwnerAccount } from '../../api/auth/accounts';
import { type Db, listPages } from '../../db';
import { createSitePublisher } from '../../generator';
import { loadConfig } from '../../lib/config';
import { createLogger } from '../../lib/logger';
import { seedScale } from '../../scripts/bench/scale/seed-scale';
import { createCompanyLookup } from '../../server/company-lookup';
import { createPublishQueue } from '../../worker';
import { createTestDatabase, type Dialect, postgresSkipReason } from '../support/databases';

const ARTIFACTS = path.resolve(import.meta.dirname, '..', '..', 'test-artifacts');
const ORIGIN = 'http://localhost:3000';
/** The recovery sweep's publishes the workload waits for (the fixture repeats every 30 companies). */
const SWEEP_PUBLISHES = 30;

/** Tables whose rows grow with companies, owners or visitors: a full scan of one is a defect. */
const GROWING = new Set([
  'companies',
  'pages',
  'images',
  'users',
  'sessions',
  'publish_state',
  'ai_usage',
  'contact_messages',
  'cvr_cache',
  'analytics_daily',
  'analytics_events',
  'counters',
  'page_revisions',
  'deleted_pages',
  'account_tokens',
  'orders',
  'site_page_views',
]);

interface Recorded {
  sql: string;
  parameters: readonly unknown[];
}

for (const dialect of ['sqlite', 'postgres'] as const satisfies readonly Dialect[]) {
  const skip = dialect === 'postgres' ? postgresSkipReason : '';
  describe.skipIf(skip !== '')(`query plans at scale [${dialect}]${skip}`, () => {
    const recorded = new Map<string, Recorded>();
    let recording = false;
    let database: Awaited<ReturnType<typeof createTestDatabase>>;
    let storageDir: string;

    beforeAll(async () => {
      database = await createTestDatabase(dialect, {
        onQuery: (query) => {
          if (recording && !recorded.has(query.sql)) recorded.set(query.sql, query);
        },
      });
      storageDir = mkdtempSync(path.join(tmpdir(), 'query-plans-'));
      const companies = await seedScale(database.db, { companies: 1500 });
      await seedOwners(database.db, companies.length);
      if (dialect === 'postgres') await sql`analyze`.execute(database.db);
      recording = true;
      await runWorkload(database.db, storageDir);
      recording = false;
    }, 120_000);

    afterAll(async () => {
      await database?.drop();
      if (storageDir) rmSync(storageDir, { recursive: true, force: true });
    }, 120_000);

    it('recorded the statements of a whole owner session, a sign-up, a publish and the sweep', () => {
      const statements = [...recorded.keys()].join('\n');
      for (const table of ['companies', 'pages', 'publish_state', 'sessions', 'users', 'images']) {
        expect(statements).toContain(`"${table}"`);
      }
      expect(recorded.size).toBeGreaterThan(25);
    });

    it('runs no statement that scans a growing table without an index', async () => {
      const report: string[] = [];
      const scans: string[] = [];
      for (const query of recorded.values()) {
        if (!/^\s*(select|update|delete|insert)/i.test(query.sql)) continue;
        const plan = await explain(database.db, dialect, query);
        report.push(`${query.sql}\n${plan.map((line) => `    ${line}`).join('\n')}\n`);
        const scanned = fullScans(dialect, plan, /\blimit\b/i.test(query.sql));
        if (scanned.length) scans.push(`${scanned.join(', ')} ← ${query.sql}`);
      }
      mkdirSync(ARTIFACTS, { recursive: true });
      writeFileSync(path.join(ARTIFACTS, `query-plans-${dialect}.txt`), report.join('\n'));
      expect(scans).toEqual([]);
    });
  });
}

async function runWorkload(db: Db, storageDir: string): Promise<void> {
  const config = loadConfig({ LOG_LEVEL: 'silent', STORAGE_DIR: storageDir, PUBLIC_HOST: 'localhost:3000' });
  const logger = createLogger(config, new Writable({ write: (_chunk, _encoding, done) => done() }));
  const publisher = await createSitePublisher({ db, config, logger });
  // The sweep finds every seeded company unpublished and walks all of them, page by page (the keyset
  // cursor's statement too); their publishes run the same statements company after company, so the
  // queue stops once SWEEP_PUBLISHES of them are live (every variant of the fixture: logo, custom
  // domain, hidden menu page, 3–8 pages) instead of rendering 1,500 sites (40 s of CPU a run).
  let sweeping = false;
  let sweepPublished = 0;
  let enough: () => void = () => {};
  const enoughPublished = new Promise<void>((resolve) => {
    enough = resolve;
  });
  const queue = createPublishQueue({
    db,
    logger,
    redisUrl: null,
    render: async (cvr) => {
      const result = await publisher.publish(cvr);
      if (sweeping && ++sweepPublished >= SWEEP_PUBLISHES) enough();
      return result;
    },
    recoverEveryMs: 0,
  });
  const app = createApp({ db, config, logger, enqueuePublish: (cvr) => queue.enqueue(cvr) });
  let cookie = '';
  const send = async (method: string, route: string, body?: unknown) => {
    const headers: Record<string, string> = { Host: 'localhost:3000', Origin: ORIGIN };
    if (cookie) headers.Cookie = cookie;
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const response = await app.request(`${ORIGIN}${route}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const setCookie = response.headers.get('set-cookie');
    const session = setCookie ? /mesterside_session=[^;]*/.exec(setCookie)?.[0] : undefined;
    if (session) cookie = session;
    return response;
  };
  const expectOk = async (response: Response) => {
    if (response.status >= 400) throw new Error(`${response.status}: ${await response.text()}`);
  };

  // An owner of one of the seeded companies: a whole admin session.
  const cvr = '40000777';
  const email = 'ejer777@scale.example';
  const password = 'Tagrende-kode-2024!';
  await createOwnerAccount(db, { email, password }, new Date());
  await expectOk(await send('POST', '/api/auth/login', { email, password }));
  await expectOk(await send('GET', '/api/auth/session'));
  await expectOk(await send('GET', '/api/company'));
  await expectOk(await send('GET', '/api/pages'));
  const [homepage] = await listPages(db, cvr);
  if (!homepage) throw new Error('the seeded company has no pages');
  await expectOk(await send('PUT', `/api/pages/${homepage.id}`, { content: 'Ny tekst på forsiden.' }));
  const created = await send('POST', '/api/pages', { pageName: 'Tilbud' });
  await expectOk(created);
  const newPage = (await created.json()) as { id: string };
  await expectOk(await send('DELETE', `/api/pages/${newPage.id}`));
  await expectOk(await send('PUT', '/api/company/settings', { phone: '12 34 56 78', theme: 'blue' }));
  await expectOk(await send('GET', '/api/images'));
  await expectOk(await send('GET', '/api/subscription'));
  await expectOk(await send('GET', '/api/ai/usage'));
  await expectOk(await send('GET', '/api/company/domain'));
  await expectOk(await send('POST', '/api/auth/logout'));

  // A visitor signs up (the built-in demo registry and writer; nothing leaves the machine).
  await expectOk(await send('POST', '/api/onboarding/lookup', { cvr: '99000101' }));
  await expectOk(
    await send('POST', '/api/onboarding/create', {
      cvr: '99000101',
      email: 'ny-ejer@scale.example',
      password,
      passwordRepeat: password,
      acceptPrivacy: true,
    }),
  );
  // Public endpoints of the marketing site.
  await expectOk(await send('POST', '/api/analytics', { type: 'page_view', path: '/' }));
  await expectOk(
    await send('POST', '/api/sendContactEmail', { name: 'Jens', email: 'jens@eksempel.dk', message: 'Hej' }),
  );

  // The worker: every publish wanted above, the landing page, and a recovery sweep.
  await queue.idle();
  await publisher.landing?.refresh();
  sweeping = true;
  const recovered = await queue.recover();
  if (recovered < 1000)
    throw new Error(`the sweep found ${recovered} unpublished companies, not every seeded one`);
  await enoughPublished;
  await queue.close();

  // The front server's host lookups.
  const lookup = createCompanyLookup(db);
  await lookup.resolve('subdomain', 'jensentoemrer0');
  await lookup.resolve('custom-domain', 'www.jensentoemrer1.dk');
}

async function explain(db: Db, dialect: Dialect, query: Recorded): Promise<string[]> {
  if (dialect === 'sqlite') {
    const result = await db.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]),
    );
    return result.rows.map((row) => row.detail);
  }
  // With sequential scans priced out, a Seq Scan left in the plan means no index can serve it (the
  // planner would pick a Seq Scan on a small test table even where an index exists).
  return db.connection().execute(async (connection) => {
    await sql`set enable_seqscan = off`.execute(connection);
    try {
      const result = await connection.executeQuery<{ 'QUERY PLAN': string }>(
        CompiledQuery.raw(`explain ${query.sql}`, [...query.parameters]),
      );
      return result.rows.map((row) => row['QUERY PLAN']);
    } finally {
      await sql`reset enable_seqscan`.execute(connection);
    }
  });
}

/**
 * The growing tables the plan reads whole: a table scan, or a walk over a whole index (COUNT(*),
 * LIKE) unless a LIMIT stops the walk early (the newest companies, in index order).
 */
function fullScans(dialect: Dialect, plan: string[], limited: boolean): string[] {
  const tables: string[] = [];
  plan.forEach((line, index) => {
    let table: string | undefined;
    if (dialect === 'sqlite') {
      const scan = /^SCAN (\w+)( USING (?:COVERING )?INDEX)?/.exec(line.trim());
      if (scan && (!scan[2] || !limited)) table = scan[1];
    } else {
      const seq = /Seq Scan on (\w+)/.exec(line);
      // An index scan seeks only with an Index Cond, printed on the node's next line.
      const walk = /Index (?:Only )?Scan(?: Backward)? using \w+ on (\w+)/.exec(line);
      if (seq) table = seq[1];
      else if (walk && !limited && !/Index Cond/.test(plan[index + 1] ?? '')) table = walk[1];
    }
    if (table && GROWING.has(table)) tables.push(table);
  });
  return tables;
}

/**
 * An owner and two sessions per seeded company, so the owners' tables are as large as the rest of
 * the fixture when PostgreSQL gathers its statistics: with the handful of rows the workload makes
 * there, the planner rightly scans them whole, and whether it did depended on when autovacuum had
 * last looked at them.
 */
async function seedOwners(db: Db, count: number): Promise<void> {
  const now = new Date().toISOString();
  const expires = new Date(Date.now() + 86_400_000).toISOString();
  for (let start = 0; start < count; start += 250) {
    const indexes = Array.from({ length: Math.min(250, count - start) }, (_, at) => start + at);
    await db
      .insertInto('users')
      .values(
        indexes.map((index) => ({
          id: `scale-owner-${index}`,
          email: `ejer-${index}@skala.example`,
          passwordHash: 'not-a-hash',
          emailVerifiedAt: null,
          createdAt: now,
          updatedAt: now,
        })),
      )
      .execute();
    await db
      .insertInto('sessions')
      .values(
        indexes.flatMap((index) =>
          [0, 1].map((copy) => ({
            id: `scale-session-${index}-${copy}`,
            userId: `scale-owner-${index}`,
            expiresAt: expires,
            createdAt: now,
            parentId: null,
          })),
        ),
      )
      .execute();
  }
}
