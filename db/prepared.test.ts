import { expect, it } from 'vitest';
import { describeEachDialect } from '../tests/support/databases';
import { prepared } from './prepared';
import { insertCompany } from './tables/companies';

describeEachDialect('prepared statements', (use) => {
  it('build once per database, transactions included, and answer for the arguments of each call', async () => {
    const { db } = use();
    await insertCompany(db, { cvr: '11111111', name: 'Firma A' });
    await insertCompany(db, { cvr: '22222222', name: 'Firma B' });
    let builds = 0;
    const nameOf = prepared((built: typeof db, cvr: string) => {
      builds++;
      return built.selectFrom('companies').select('name').where('cvr', '=', cvr);
    });
    expect((await nameOf(db, '11111111')).rows).toEqual([{ name: 'Firma A' }]);
    expect((await nameOf(db, '22222222')).rows).toEqual([{ name: 'Firma B' }]);
    await db.transaction().execute(async (trx) => {
      expect((await nameOf(trx, '22222222')).rows).toEqual([{ name: 'Firma B' }]);
    });
    expect((await nameOf(db, '99999999')).rows).toEqual([]);
    expect(builds).toBe(1);
  });

  it('puts an argument used twice in both places, keeps constants, and refuses undefined', async () => {
    const { db } = use();
    await insertCompany(db, { cvr: '11111111', name: 'Firma A' });
    const rename = prepared((built: typeof db, cvr: string, name: string) =>
      built
        .updateTable('companies')
        .set({ name, city: 'Roskilde' })
        .where('cvr', '=', cvr)
        .where('name', '!=', name)
        .returning(['name', 'city']),
    );
    expect((await rename(db, '11111111', 'Firma B')).rows).toEqual([{ name: 'Firma B', city: 'Roskilde' }]);
    // The second `name` is the where clause's: renaming to the same name changes no row.
    expect((await rename(db, '11111111', 'Firma B')).rows).toEqual([]);
    await expect(rename(db, '11111111', undefined as unknown as string)).rejects.toThrow(/undefined/);
  });
});
