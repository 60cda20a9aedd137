// Menu order and visibility of pages (migration 0007, setMenuOrder) on both dialects.

import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { describeEachDialect } from '../../tests/support/databases';
import { MIGRATIONS, migrateToLatest } from '../migrate';
import { acceptedValue } from '../outcome';
import { insertCompany } from './companies';
import { insertPage, listPages, setMenuOrder, updatePage } from './pages';

const CVR = '11111111';

describeEachDialect('page menu order', (use) => {
  async function site() {
    const { db } = use();
    acceptedValue(await insertCompany(db, { cvr: CVR, name: 'Firma A' }));
    acceptedValue(await insertCompany(db, { cvr: '22222222', name: 'Firma B' }));
    const home = await insertPage(
      db,
      CVR,
      { pageName: 'Forside', type: 'homepage' },
      new Date('2026-01-01T00:00:00Z'),
    );
    const about = await insertPage(db, CVR, { pageName: 'Om os' }, new Date('2026-01-01T00:01:00Z'));
    const services = await insertPage(db, CVR, { pageName: 'Ydelser' }, new Date('2026-01-01T00:02:00Z'));
    return { db, home, about, services };
  }

  it('puts a new page last and in the menu', async () => {
    const { db, home, about, services } = await site();
    expect([home.sortOrder, about.sortOrder, services.sortOrder]).toEqual([0, 1, 2]);
    expect(services.showInMenu).toBe(true);
    // Another company's pages count from 0 on their own.
    expect((await insertPage(db, '22222222')).sortOrder).toBe(0);
  });

  it('stores a new order and visibility, keeps the homepage first and leaves the content alone', async () => {
    const { db, home, about, services } = await site();
    const reordered = acceptedValue(
      await setMenuOrder(db, CVR, [
        { id: services.id, showInMenu: true },
        { id: home.id, showInMenu: false },
        { id: about.id, showInMenu: false },
      ]),
    );
    expect(reordered.map((page) => [page.pageName, page.showInMenu])).toEqual([
      ['Forside', true],
      ['Ydelser', true],
      ['Om os', false],
    ]);
    expect(reordered.find((page) => page.id === about.id)?.updatedAt).toBe(about.updatedAt);
    expect((await listPages(db, CVR)).map((page) => page.pageName)).toEqual(['Forside', 'Ydelser', 'Om os']);
    // A later save of the page keeps its place and visibility.
    acceptedValue(await updatePage(db, CVR, about.id, { title: 'Hvem vi er' }));
    expect((await listPages(db, CVR)).map((page) => [page.pageName, page.showInMenu])).toEqual([
      ['Forside', true],
      ['Ydelser', true],
      ['Om os', false],
    ]);
  });

  it('refuses an order that does not name each page once, and changes nothing', async () => {
    const { db, home, about, services } = await site();
    const other = await insertPage(db, '22222222');
    const stale = [
      { id: home.id, showInMenu: true },
      { id: services.id, showInMenu: false },
    ];
    expect(await setMenuOrder(db, CVR, stale)).toEqual({ ok: false, reason: 'stale-order' });
    const foreign = [...stale, { id: other.id, showInMenu: true }];
    expect(await setMenuOrder(db, CVR, foreign)).toEqual({ ok: false, reason: 'stale-order' });
    expect((await listPages(db, CVR)).map((page) => [page.id, page.showInMenu])).toEqual([
      [home.id, true],
      [about.id, true],
      [services.id, true],
    ]);
  });
});

describeEachDialect(
  'migration 0007 (page menu)',
  (use) => {
    it('orders existing pages by createdAt, then id, per company, all in the menu', async () => {
      const { db } = use();
      const before = Object.fromEntries(Object.entries(MIGRATIONS).filter(([name]) => name < '0007'));
      await migrateToLatest(db, before);
      // Rows as the schema before 0007 has them (today's insertCompany writes later columns).
      const company = (cvr: string) =>
        sql`insert into companies (cvr, name, hours, subdomain, social_media, trial_start_date, trial_end_date, created_at, updated_at)
            values (${cvr}, ${cvr}, '{}', ${`firma${cvr}`}, '{}', '', '', '', '')`.execute(db);
      await company('11111111');
      await company('22222222');
      const page = (id: string, cvr: string, created: string) =>
        sql`insert into pages (id, company_cvr, page_name, slug, type, layout, created_at, updated_at)
            values (${id}, ${cvr}, ${id}, ${id}, 'page', 'text', ${created}, ${created})`.execute(db);
      await page('c', '11111111', '2026-01-01T00:02:00.000Z');
      await page('b', '11111111', '2026-01-01T00:01:00.000Z');
      await page('a', '11111111', '2026-01-01T00:01:00.000Z');
      await page('h', '11111111', '2026-01-01T00:00:00.000Z');
      await page('x', '22222222', '2026-01-01T00:05:00.000Z');
      await migrateToLatest(db);
      const rows = await db
        .selectFrom('pages')
        .select(['id', 'sortOrder', 'showInMenu'])
        .orderBy('id')
        .execute();
      expect(rows.map((row) => [row.id, Number(row.sortOrder), Number(row.showInMenu)])).toEqual([
        ['a', 1, 1],
        ['b', 2, 1],
        ['c', 3, 1],
        ['h', 0, 1],
        ['x', 0, 1],
      ]);
    });
  },
  { migrate: false },
);

describe('migration list', () => {
  it('has 0007-page-menu', () => {
    expect(Object.keys(MIGRATIONS)).toContain('0007-page-menu');
  });
});
