// The publish-state queries of the self-healing sweep and the health check, on both dialects.
import { expect, it } from 'vitest';
import { describeEachDialect } from '../../tests/support/databases';
import { insertCompany } from './companies';
import {
  listCompanySiteStates,
  listFailingPublishes,
  markPublished,
  markPublishWanted,
  recordPublishFailure,
} from './publish-state';

describeEachDialect('publish state sweeps', (use) => {
  it('pages through every company in CVR order, with or without a publish state', async () => {
    const { db } = use();
    for (const cvr of ['33333333', '11111111', '22222222'])
      await insertCompany(db, { cvr, name: `Firma ${cvr}` });
    await markPublishWanted(db, '22222222');
    await markPublished(db, '22222222', 1, new Date('2026-05-01T10:00:00Z'));

    const first = await listCompanySiteStates(db, '', 2);
    expect(first).toEqual([
      { cvr: '11111111', wantedVersion: null, publishedVersion: null, publishedAt: null },
      { cvr: '22222222', wantedVersion: 1, publishedVersion: 1, publishedAt: '2026-05-01T10:00:00.000Z' },
    ]);
    const second = await listCompanySiteStates(db, '22222222', 2);
    expect(second.map((row) => row.cvr)).toEqual(['33333333']);
    expect(await listCompanySiteStates(db, '33333333', 2)).toEqual([]);
  });

  it('lists the companies whose latest publish failed until one succeeds', async () => {
    const { db } = use();
    await insertCompany(db, { cvr: '11111111', name: 'Firma A' });
    await insertCompany(db, { cvr: '22222222', name: 'Firma B' });
    await markPublishWanted(db, '11111111');
    await markPublishWanted(db, '22222222');
    await recordPublishFailure(db, '11111111', 'template exploded', new Date('2026-05-01T10:00:00Z'));
    await recordPublishFailure(db, '22222222', 'disk full', new Date('2026-05-01T11:00:00Z'));

    expect((await listFailingPublishes(db, 10)).map((state) => state.companyCvr)).toEqual([
      '22222222',
      '11111111',
    ]);
    expect(await listFailingPublishes(db, 1)).toHaveLength(1);
    await markPublished(db, '22222222', 1);
    expect((await listFailingPublishes(db, 10)).map((state) => state.companyCvr)).toEqual(['11111111']);
  });
});
