import { expect, it } from 'vitest';
import { describeEachDialect } from '../../tests/support/databases';
import { getCachedCvr, putCachedCvr } from './cvr-cache';

const company = { cvr: '29876543', name: 'Testfirmaet ApS', city: 'Roskilde', employees: 5 };
const DAY = 86_400_000;

describeEachDialect('CVR cache repository', (use) => {
  it('reads an answer younger than the maximum age and misses an older one', async () => {
    const { db } = use();
    const fetched = new Date('2026-03-01T10:00:00Z');
    expect(await getCachedCvr(db, company.cvr, fetched, DAY)).toBeUndefined();
    await putCachedCvr(db, company, fetched);
    expect(await getCachedCvr(db, company.cvr, fetched, DAY)).toEqual(company);
    expect(await getCachedCvr(db, company.cvr, new Date(fetched.getTime() + DAY - 1), DAY)).toEqual(company);
    expect(await getCachedCvr(db, company.cvr, new Date(fetched.getTime() + DAY), DAY)).toBeUndefined();
    expect(await getCachedCvr(db, '11111111', fetched, DAY)).toBeUndefined();
  });

  it('replaces an older answer (upsert) and keeps CVRs apart', async () => {
    const { db } = use();
    const first = new Date('2026-03-01T10:00:00Z');
    const later = new Date('2026-03-03T10:00:00Z');
    await putCachedCvr(db, company, first);
    await putCachedCvr(db, { ...company, cvr: '11111111', name: 'Andet firma' }, first);
    await putCachedCvr(db, { ...company, name: 'Nyt navn ApS' }, later);
    expect((await getCachedCvr(db, company.cvr, later, DAY))?.name).toBe('Nyt navn ApS');
    expect(await getCachedCvr(db, '11111111', later, DAY)).toBeUndefined();
    expect((await getCachedCvr(db, '11111111', first, DAY))?.name).toBe('Andet firma');
    const rows = await db.selectFrom('cvrCache').select('cvr').orderBy('cvr').execute();
    expect(rows.map((row) => row.cvr)).toEqual(['11111111', '29876543']);
  });

  it('reads a damaged row as a miss', async () => {
    const { db } = use();
    await db
      .insertInto('cvrCache')
      .values({ cvr: company.cvr, data: '{not json', fetchedAt: '2026-03-01T10:00:00.000Z' })
      .execute();
    expect(await getCachedCvr(db, company.cvr, new Date('2026-03-01T11:00:00Z'), DAY)).toBeUndefined();
  });
});
