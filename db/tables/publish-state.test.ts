import { expect, it } from 'vitest';
import { describeEachDialect } from '../../tests/support/databases';
import { insertCompany } from './companies';
import { insertContactMessage, listContactMessages } from './contact-messages';
import {
  claimNextFreeShown,
  getPublishState,
  listUnpublished,
  markPublished,
  markPublishWanted,
  recordNextFreeShown,
  recordPublishFailure,
  unpublishedInBatches,
} from './publish-state';

describeEachDialect('publish state repository', (use) => {
  it('tracks wanted and published versions and lists what still needs publishing', async () => {
    const { db } = use();
    await insertCompany(db, { cvr: '11111111', name: 'Firma A' });
    await insertCompany(db, { cvr: '22222222', name: 'Firma B' });
    expect(await markPublishWanted(db, '11111111')).toBe(1);
    expect(await markPublishWanted(db, '11111111')).toBe(2);
    expect(await markPublishWanted(db, '22222222')).toBe(1);
    expect((await listUnpublished(db)).map((state) => state.companyCvr).sort()).toEqual([
      '11111111',
      '22222222',
    ]);

    await markPublished(db, '11111111', 2);
    await markPublished(db, '22222222', 1);
    expect(await listUnpublished(db)).toEqual([]);
    expect(await getPublishState(db, '11111111')).toMatchObject({ wantedVersion: 2, publishedVersion: 2 });
  });

  it('lists unpublished companies a page at a time, oldest first, each once', async () => {
    const { db } = use();
    const cvrs = ['11111111', '22222222', '33333333', '44444444', '55555555'];
    for (const [index, cvr] of cvrs.entries()) {
      await insertCompany(db, { cvr, name: `Firma ${index}` });
      // Two share a stamp, so the CVR must break the tie between pages.
      await markPublishWanted(db, cvr, new Date(Date.UTC(2026, 0, 1, 0, 0, Math.min(index, 3))));
    }
    await markPublished(db, '22222222', 1);
    const first = await listUnpublished(db, { limit: 2 });
    expect(first.map((state) => state.companyCvr)).toEqual(['11111111', '33333333']);
    const pages: string[][] = [];
    for await (const batch of unpublishedInBatches(db, 2)) pages.push(batch.map((state) => state.companyCvr));
    expect(pages).toEqual([
      ['11111111', '33333333'],
      ['44444444', '55555555'],
    ]);
  });

  it('never moves the published version backwards and clears an error on success', async () => {
    const { db } = use();
    await insertCompany(db, { cvr: '11111111', name: 'Firma A' });
    await markPublishWanted(db, '11111111');
    await markPublishWanted(db, '11111111');
    await recordPublishFailure(db, '11111111', 'render failed: disk full');
    expect((await getPublishState(db, '11111111'))?.lastError).toBe('render failed: disk full');

    await markPublished(db, '11111111', 2);
    await markPublished(db, '11111111', 1);
    expect(await getPublishState(db, '11111111')).toMatchObject({ publishedVersion: 2, lastError: null });
  });

  it('claims a new next free time once among racing requests, and none that is already shown (issue 52)', async () => {
    const { db } = use();
    await insertCompany(db, { cvr: '33333333', name: 'Frisør C' });
    // No publish state yet: nothing to claim.
    expect(await claimNextFreeShown(db, '33333333', '2026-03-02T12:00:00.000Z')).toBe(false);
    await markPublishWanted(db, '33333333');
    expect((await getPublishState(db, '33333333'))?.nextFreeShown).toBeNull();
    const claims = await Promise.all(
      Array.from({ length: 10 }, () => claimNextFreeShown(db, '33333333', '2026-03-02T12:00:00.000Z')),
    );
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await claimNextFreeShown(db, '33333333', '2026-03-02T12:00:00.000Z')).toBe(false);
    // A publish records what it rendered; '' is a homepage with no line.
    await recordNextFreeShown(db, '33333333', '');
    expect(await claimNextFreeShown(db, '33333333', '')).toBe(false);
    expect(await claimNextFreeShown(db, '33333333', '2026-03-02T12:30:00.000Z')).toBe(true);
    expect((await getPublishState(db, '33333333'))?.nextFreeShown).toBe('2026-03-02T12:30:00.000Z');
  });
});

describeEachDialect('contact messages repository', (use) => {
  it('keeps messages, newest first', async () => {
    const { db } = use();
    const input = { name: 'Karen', email: 'karen@example.dk', message: 'Ring venligst' };
    await insertContactMessage(db, input, new Date('2026-01-01T00:00:00Z'));
    await insertContactMessage(db, { ...input, name: 'Ole' }, new Date('2026-01-02T00:00:00Z'));
    expect((await listContactMessages(db)).map((message) => message.name)).toEqual(['Ole', 'Karen']);
  });
});
