// The repositories behind history and undo and the save counter, on both dialects: page_revisions
// (numbered, newest 20 kept, per company), deleted_pages (30-day window), the save count (per minute, in publish_state).
import { expect, it } from 'vitest';
import { describeEachDialect } from '../../tests/support/databases';
import { acceptedValue } from '../outcome';
import { insertCompany } from './companies';
import { insertDeletedPage, listDeletedPages, purgeDeletedPages, takeDeletedPage } from './deleted-pages';
import { findPageRevision, hasPageRevisions, insertPageRevision, listPageRevisions } from './page-revisions';
import { deletePage, insertPage } from './pages';
import { clearSaveRates, markPublishWanted, recordSave } from './publish-state';

const T0 = new Date('2026-03-02T10:00:00.000Z');

describeEachDialect('page history repositories', (use) => {
  async function twoCompanies() {
    const { db } = use();
    acceptedValue(await insertCompany(db, { cvr: '11111111', name: 'Firma A' }));
    acceptedValue(await insertCompany(db, { cvr: '22222222', name: 'Firma B' }));
    return db;
  }

  it('numbers revisions per page, keeps the newest 20, and scopes them to the company', async () => {
    const db = await twoCompanies();
    const page = await insertPage(db, '11111111', { pageName: 'Tag' }, T0);
    expect(await hasPageRevisions(db, page.id)).toBe(false);
    for (let n = 1; n <= 23; n++)
      await insertPageRevision(db, { ...page, content: `Udgave ${n}` }, `Gem ${n}`, T0);
    const revisions = await listPageRevisions(db, '11111111', page.id);
    expect(revisions.map((revision) => revision.version)).toEqual(
      Array.from({ length: 20 }, (_, index) => 23 - index),
    );
    expect(revisions[0]).toMatchObject({
      summary: 'Gem 23',
      snapshot: { content: 'Udgave 23', pageName: 'Tag' },
    });
    expect(await listPageRevisions(db, '22222222', page.id)).toEqual([]);
    expect(await hasPageRevisions(db, page.id)).toBe(true);
    const first = revisions[0]?.id ?? '';
    expect(await findPageRevision(db, '11111111', page.id, first)).toBeDefined();
    expect(await findPageRevision(db, '22222222', page.id, first)).toBeUndefined();
    // Revisions go with their page.
    await deletePage(db, '11111111', page.id);
    expect(await listPageRevisions(db, '11111111', page.id)).toEqual([]);
  });

  it('keeps a deleted page for the window, once, for its own company only', async () => {
    const db = await twoCompanies();
    const page = await insertPage(db, '11111111', { pageName: 'Altaner', content: 'Tekst' }, T0);
    await insertDeletedPage(db, page, T0);
    const old = await insertPage(db, '11111111', { pageName: 'Gammel' }, T0);
    await insertDeletedPage(db, old, new Date(T0.getTime() - 40 * 86_400_000));
    const since = new Date(T0.getTime() - 30 * 86_400_000);

    expect((await listDeletedPages(db, '11111111', since)).map((row) => row.pageName)).toEqual(['Altaner']);
    expect(await listDeletedPages(db, '22222222', since)).toEqual([]);
    expect(await takeDeletedPage(db, '22222222', page.id, since)).toBeUndefined();
    expect(await takeDeletedPage(db, '11111111', old.id, since)).toBeUndefined();
    const taken = await takeDeletedPage(db, '11111111', page.id, since);
    expect(taken?.page).toMatchObject({ pageName: 'Altaner', content: 'Tekst' });
    expect(await takeDeletedPage(db, '11111111', page.id, since)).toBeUndefined();

    await purgeDeletedPages(db, '11111111', since);
    expect(await listDeletedPages(db, '11111111', new Date(0))).toEqual([]);
  });

  it('counts saves per company per minute and starts again in the next minute', async () => {
    const db = await twoCompanies();
    const saves = async (cvr: string, at: Date) => (await recordSave(db, cvr, at)).saves;
    expect(await saves('11111111', T0)).toBe(1);
    expect(await saves('11111111', new Date(T0.getTime() + 59_000))).toBe(2);
    expect(await saves('22222222', T0)).toBe(1);
    expect(await saves('11111111', new Date(T0.getTime() + 60_000))).toBe(1);
    expect(await saves('11111111', new Date(T0.getTime() + 61_000))).toBe(2);
  });

  it('wants a publish with every save counted, and only saves count', async () => {
    const db = await twoCompanies();
    expect(await recordSave(db, '11111111', T0)).toEqual({ saves: 1, wantedVersion: 1 });
    // A publish asked for without a save (a sign-up, the recovery sweep) counts no save.
    expect(await markPublishWanted(db, '11111111', T0)).toBe(2);
    expect(await recordSave(db, '11111111', T0)).toEqual({ saves: 2, wantedVersion: 3 });
    expect(await markPublishWanted(db, '22222222', T0)).toBe(1);
    expect(await recordSave(db, '22222222', T0)).toEqual({ saves: 1, wantedVersion: 2 });
    // A restore forgets the counts, never the versions.
    await clearSaveRates(db);
    expect(await recordSave(db, '11111111', T0)).toEqual({ saves: 1, wantedVersion: 4 });
  });
});
