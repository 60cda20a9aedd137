// Issue 14's repository functions on both dialects: orders, batched page-view counts per company and
// page, and the operator view's queries — and, on SQLite, that those queries read through an index
// rather than scanning the companies table (there will be 100,000 companies).
import { type Compilable, CompiledQuery } from 'kysely';
import { expect, it } from 'vitest';
import { describeEachDialect } from '../../tests/support/databases';
import { addSitePageViews, listSitePageViews } from './analytics';
import { countSignupsByDay, insertCompany, listTrialsEnding } from './companies';
import { findLatestOrder, insertOrder, listRecentOrders } from './orders';
import { listFailedPublishes, markPublishWanted, recordPublishFailure } from './publish-state';

describeEachDialect('orders, page views and operator queries', (use) => {
  it('keeps orders, newest first, with the company name', async () => {
    const { db } = use();
    await insertCompany(db, { cvr: '12345678', name: 'Hansens Tømrer' }, new Date('2026-01-01T00:00:00Z'));
    const first = await insertOrder(
      db,
      '12345678',
      { plan: 'monthly', billingEmail: 'a@hansen.dk', ean: null, invoiceCvr: '12345678' },
      new Date('2026-04-01T10:00:00Z'),
    );
    const second = await insertOrder(
      db,
      '12345678',
      { plan: 'monthly', billingEmail: 'b@hansen.dk', ean: '5790000123456', invoiceCvr: null },
      new Date('2026-04-02T10:00:00Z'),
    );
    expect(await findLatestOrder(db, '12345678')).toEqual(second);
    expect(await findLatestOrder(db, '87654321')).toBeUndefined();
    expect(await listRecentOrders(db)).toEqual([
      { ...second, companyName: 'Hansens Tømrer' },
      { ...first, companyName: 'Hansens Tømrer' },
    ]);
  });

  it('adds batches of page views to the same rows, per company', async () => {
    const { db } = use();
    await addSitePageViews(db, [
      { companyCvr: '12345678', day: '2026-03-01', path: '/', count: 3 },
      { companyCvr: '12345678', day: '2026-03-01', path: '/om-os', count: 1 },
      { companyCvr: '87654321', day: '2026-03-01', path: '/', count: 50 },
    ]);
    await Promise.all([
      addSitePageViews(db, [{ companyCvr: '12345678', day: '2026-03-01', path: '/', count: 2 }]),
      addSitePageViews(db, [{ companyCvr: '12345678', day: '2026-03-01', path: '/', count: 5 }]),
    ]);
    await addSitePageViews(db, []);
    expect(await listSitePageViews(db, '12345678', '2026-03-01', '2026-03-01')).toEqual([
      { companyCvr: '12345678', day: '2026-03-01', path: '/', count: 10 },
      { companyCvr: '12345678', day: '2026-03-01', path: '/om-os', count: 1 },
    ]);
    expect(await listSitePageViews(db, '12345678', '2026-03-02', '2026-03-31')).toEqual([]);
  });

  it('answers sign-ups per day, trials ending (not ordered) and failed publishes', async () => {
    const { db } = use();
    await insertCompany(db, { cvr: '11111111', name: 'A', subdomain: 'a' }, new Date('2026-03-01T08:00:00Z'));
    await insertCompany(db, { cvr: '22222222', name: 'B', subdomain: 'b' }, new Date('2026-03-01T09:00:00Z'));
    await insertCompany(db, { cvr: '33333333', name: 'C', subdomain: 'c' }, new Date('2026-03-03T09:00:00Z'));
    await db.updateTable('companies').set({ planStatus: 'ordered' }).where('cvr', '=', '22222222').execute();
    expect(await countSignupsByDay(db, '2026-02-01T00:00:00.000Z')).toEqual([
      { day: '2026-03-01', count: 2 },
      { day: '2026-03-03', count: 1 },
    ]);
    expect(await countSignupsByDay(db, '2026-03-02T00:00:00.000Z')).toEqual([
      { day: '2026-03-03', count: 1 },
    ]);
    // Trials end 90 days after creation: 30 May for A and B, 1 June for C.
    const ending = await listTrialsEnding(db, '2026-05-29T00:00:00.000Z', '2026-06-01T00:00:00.000Z');
    expect(ending.map((trial) => trial.cvr)).toEqual(['11111111']);

    await markPublishWanted(db, '11111111');
    await markPublishWanted(db, '33333333');
    await recordPublishFailure(db, '33333333', 'boom', new Date('2026-03-05T00:00:00Z'));
    expect(await listFailedPublishes(db)).toEqual([
      { companyCvr: '33333333', lastError: 'boom', lastAttemptAt: '2026-03-05T00:00:00.000Z' },
    ]);
  });

  it('reads the operator queries through indexes (SQLite query plan)', async () => {
    const { db, dialect } = use();
    if (dialect !== 'sqlite') return;
    const plan = async (query: Compilable) => {
      const compiled = query.compile();
      const explain = CompiledQuery.raw(`explain query plan ${compiled.sql}`, [...compiled.parameters]);
      const { rows } = await db.executeQuery<{ detail: string }>(explain);
      return rows.map((row) => row.detail).join(' | ');
    };
    const trials = db
      .selectFrom('companies')
      .select('cvr')
      .where('trialEndDate', '>=', 'x')
      .where('trialEndDate', '<', 'y');
    expect(await plan(trials)).toContain('companies_trial_end_idx');
    const signups = db.selectFrom('companies').select('cvr').where('createdAt', '>=', 'x');
    expect(await plan(signups)).toContain('companies_created_idx');
    const failed = db
      .selectFrom('publishState')
      .select('companyCvr')
      .where('lastError', 'is not', null)
      .orderBy('lastAttemptAt', 'desc');
    expect(await plan(failed)).toContain('publish_state_failed_idx');
    const views = db
      .selectFrom('sitePageViews')
      .selectAll()
      .where('companyCvr', '=', 'x')
      .where('day', '>=', 'a');
    expect(await plan(views)).toMatch(/sqlite_autoindex_site_page_views|PRIMARY KEY|site_page_views_pkey/);
  });
});
