import { expect, it } from 'vitest';
import { describeEachDialect } from '../../tests/support/databases';
import { getAiUsage, returnAiUse, takeAiUse } from './ai-usage';
import { insertCompany } from './companies';

describeEachDialect('AI usage repository', (use) => {
  it('counts five uses a day, refuses the sixth, and starts over the next day', async () => {
    const { db } = use();
    await insertCompany(db, { cvr: '11111111', name: 'Firma A' });
    const counts = [];
    for (let n = 0; n < 6; n++) counts.push(await takeAiUse(db, '11111111', '2026-03-01', 5));
    expect(counts).toEqual([1, 2, 3, 4, 5, null]);
    expect(await getAiUsage(db, '11111111', '2026-03-01')).toBe(5);
    expect(await takeAiUse(db, '11111111', '2026-03-02', 5)).toBe(1);
  });

  it('never passes the limit under parallel requests', async () => {
    const { db } = use();
    await insertCompany(db, { cvr: '11111111', name: 'Firma A' });
    const results = await Promise.all(
      Array.from({ length: 12 }, () => takeAiUse(db, '11111111', '2026-03-01', 5)),
    );
    expect(results.filter((count) => count !== null).sort()).toEqual([1, 2, 3, 4, 5]);
    expect(await getAiUsage(db, '11111111', '2026-03-01')).toBe(5);
  });

  it('gives a use back and keeps companies apart', async () => {
    const { db } = use();
    await insertCompany(db, { cvr: '11111111', name: 'Firma A' });
    await insertCompany(db, { cvr: '22222222', name: 'Firma B' });
    await takeAiUse(db, '11111111', '2026-03-01', 5);
    await takeAiUse(db, '11111111', '2026-03-01', 5);
    await returnAiUse(db, '11111111', '2026-03-01');
    expect(await getAiUsage(db, '11111111', '2026-03-01')).toBe(1);
    expect(await getAiUsage(db, '22222222', '2026-03-01')).toBe(0);
    await returnAiUse(db, '22222222', '2026-03-01');
    expect(await getAiUsage(db, '22222222', '2026-03-01')).toBe(0);
  });
});
